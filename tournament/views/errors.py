"""Error pages in the site's layout and language: what went wrong and what to do now.

Django's own answers to a request too big, a form sent with a stale
security token, a missing page or a refused one are bare English lines;
people at the tournament get a page that says what happened and how to go
on, in their language.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import DisallowedHost, RequestDataTooBig
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import requires_csrf_token


@requires_csrf_token
def bad_request(request, exception=None):
    if isinstance(exception, RequestDataTooBig):
        limit_kb = min(settings.REQUEST_MAX_BYTES, settings.DATA_UPLOAD_MAX_MEMORY_SIZE) // 1024
        return render(request, "errors/too_big.html", {"limit_kb": limit_kb, "back": _back(request)}, status=413)
    return render(request, "400.html", {"back": _back(request)}, status=400)


@requires_csrf_token
def page_not_found(request, exception=None):
    """The site's 404 page; for an address under ``/api/`` the API's JSON error."""
    if request.path.startswith("/api/"):
        from django.utils.translation import gettext as _

        from tournament.api.http import error_response

        return error_response(404, _("Not found."))
    from django.views.defaults import page_not_found as default

    return default(request, exception)


@requires_csrf_token
def csrf_failure(request, reason=""):
    """A form sent with an old or missing security token (an open tab from yesterday, a log-in since)."""
    return render(request, "errors/csrf.html", {"back": _back(request)}, status=403)


def _back(request) -> str:
    """Where "back" goes: the page the form was on, if it is one of ours."""
    referer = request.META.get("HTTP_REFERER", "")
    try:
        host = request.get_host()
    except DisallowedHost:  # the bad request may be the host itself
        return ""
    if referer and url_has_allowed_host_and_scheme(referer, allowed_hosts={host}, require_https=request.is_secure()):
        return referer
    return ""
