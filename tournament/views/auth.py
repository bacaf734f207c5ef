"""Log-in with throttling: after a few failed attempts from one address or for one name, wait."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.utils.translation import gettext as _

MAX_FAILURES = 5
WINDOW_SECONDS = 15 * 60


def _client_ip(request) -> str:
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _keys(request) -> list[str]:
    username = (request.POST.get("username") or "").strip().lower()
    keys = [f"login-fail:ip:{_client_ip(request)}"]
    if username:
        keys.append(f"login-fail:user:{username}")
    return keys


def is_throttled(request) -> bool:
    return any((cache.get(key) or 0) >= MAX_FAILURES for key in _keys(request))


def record_failure(request) -> None:
    for key in _keys(request):
        if cache.add(key, 1, WINDOW_SECONDS):
            continue
        try:
            cache.incr(key)
        except ValueError:
            cache.set(key, 1, WINDOW_SECONDS)


def clear_failures(request) -> None:
    cache.delete_many(_keys(request))


class ThrottledLoginView(auth_views.LoginView):
    def post(self, request, *args, **kwargs):
        if is_throttled(request):
            form = self.get_form_class()(request, initial={"username": request.POST.get("username", "")})
            form.cleaned_data = {}
            form.add_error(
                None,
                _("Too many failed log-in attempts. Please wait %(minutes)s minutes and try again.")
                % {"minutes": WINDOW_SECONDS // 60},
            )
            response = self.render_to_response(self.get_context_data(form=form))
            response.status_code = 429
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        record_failure(self.request)
        return super().form_invalid(form)

    def form_valid(self, form):
        clear_failures(self.request)
        return super().form_valid(form)
