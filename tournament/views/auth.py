"""Accounts: sign-up, the log-in throttle's answer, and the log-in and password-reset pages' settings.

Log-in attempts are counted by django-axes (see the settings): five failures
for one user name from one address lock that pair out; :func:`locked_out` is
the answer then, on the site's log-in page and on the admin's.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView, RedirectURLMixin
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from django.views.generic.edit import FormView

from tournament.auth_backend import BACKEND
from tournament.forms.accounts import SignUpForm
from tournament.services import accounts

from .query import next_address


def repeated_sign_up(request, form, password_field: str):
    """The account of a form refused only because the identical sign-up made it moments ago (a double click);
    the password is checked through the log-in throttle (:func:`~tournament.services.accounts.just_signed_up`)."""
    if not form.errors or set(form.errors) != {"username"} or not form.has_error("username", "taken"):
        return None
    return accounts.just_signed_up(
        request,
        form.data.get("username", ""),
        form.data.get(password_field, ""),
        form.cleaned_data.get("email") or "",
    )


def lockout_message() -> str:
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return _("Too many failed log-in attempts. Please wait %(minutes)s minutes and try again.") % {"minutes": minutes}


def locked_out(request, original_response=None, credentials=None):
    """The answer to a log-in refused by the throttle (``AXES_LOCKOUT_CALLABLE``): the log-in page, 429."""
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    form = AuthenticationForm(request, initial={"username": username})
    form.cleaned_data = {}
    form.add_error(None, lockout_message())
    return render(request, "registration/login.html", {"form": form, "next": next_address(request, "")}, status=429)


class LogInView(LoginView):
    """Django's log-in page; then on to ``next`` if it is a page of this site (:func:`next_address`)."""

    def get_redirect_url(self) -> str:
        return next_address(self.request, "")


@method_decorator([sensitive_post_parameters("password1", "password2"), csrf_protect, never_cache], name="dispatch")
class SignUpView(RedirectURLMixin, FormView):
    """Make an account and log in; then on to ``next`` (if it is on this site) or the start page."""

    form_class = SignUpForm
    template_name = "registration/signup.html"
    next_page = settings.LOGIN_REDIRECT_URL

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            return redirect(self.get_success_url())
        return super().dispatch(request, *args, **kwargs)

    def form_valid(self, form):
        try:
            user = accounts.sign_up(
                request=self.request,
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                email=form.cleaned_data.get("email") or "",
            )
        except ValidationError as exc:
            form.add_error("username", exc)
            return self.form_invalid(form)
        login(self.request, user, backend=BACKEND)
        return redirect(self.get_success_url())

    def form_invalid(self, form):
        user = repeated_sign_up(self.request, form, "password1")
        if user is not None:  # the second of a double click, after the first was through
            login(self.request, user, backend=BACKEND)
            return redirect(self.get_success_url())
        return super().form_invalid(form)

    def get_redirect_url(self) -> str:
        """``next`` if it is a page of this site, else empty (then the start page)."""
        return next_address(self.request, "")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context[self.redirect_field_name] = self.get_redirect_url()
        return context
