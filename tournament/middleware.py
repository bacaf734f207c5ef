"""Requests the site refuses before any view (or Django's form parsing) looks at them.

- A body larger than ``REQUEST_MAX_BYTES`` (by its ``Content-Length``) is
  answered with the 413 page before anything is read: a 50 MB upload costs
  nothing, whoever sends it, logged in or not.
- A NUL character in a query parameter or a form field (name or value) gets
  the 400 page: PostgreSQL cannot store it in text, and no form of the site
  has a use for it. Uploaded files are checked where they are read.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation


class NulCharacter(SuspiciousOperation):
    """A NUL byte in the request's parameters (answered with the 400 page)."""


def _has_nul(querydict) -> bool:
    return any("\x00" in key or any("\x00" in v for v in values) for key, values in querydict.lists())


class RequestGuardMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > settings.REQUEST_MAX_BYTES:
            raise RequestDataTooBig("the request body is larger than REQUEST_MAX_BYTES")
        if "\x00" in request.META.get("QUERY_STRING", "") or "%00" in request.META.get("QUERY_STRING", ""):
            raise NulCharacter("NUL in the query string")
        if _has_nul(request.GET):
            raise NulCharacter("NUL in a query parameter")
        if (
            request.method == "POST"
            and request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data")
            and _has_nul(request.POST)
        ):
            raise NulCharacter("NUL in a form field")
        return self.get_response(request)
