"""What every answer of the JSON API shares.

- Only GET: anything else is refused with 405 and ``Allow: GET`` (the API
  never writes).
- Errors are JSON, as pairgoth's API writes them: ``{"success": false,
  "error": "<message>"}``, the message in the request's language (German or
  English, like the site).
- Every 200 answer carries a strong ``ETag`` (a hash of its body) and
  ``Cache-Control: no-cache``: a client that sends the ETag back in
  ``If-None-Match`` gets ``304 Not Modified`` with no body while nothing
  changed -- cheap polling for hall displays and results services.
- ``Access-Control-Allow-Origin: *``: the data is public, so a club's web
  page may read it from the browser (no cookies are needed or used).
"""

from __future__ import annotations

import json
from functools import wraps

from django.http import Http404, HttpResponse
from django.utils.cache import get_conditional_response, patch_vary_headers, set_response_etag
from django.utils.translation import gettext as _

JSON = "application/json"


def error_response(status: int, message: str) -> HttpResponse:
    body = json.dumps({"success": False, "error": str(message)}, ensure_ascii=False)
    return HttpResponse(body, status=status, content_type=f"{JSON}; charset=utf-8")


def _shared_headers(response: HttpResponse) -> HttpResponse:
    response["Access-Control-Allow-Origin"] = "*"
    response.setdefault("Cache-Control", "no-cache")
    patch_vary_headers(response, ["Accept-Language"])
    return response


def api_view(view):
    """Wrap one of the API's views: GET only, JSON errors, ETag and 304, CORS."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method != "GET":
            response = error_response(405, _("The API only reads: use GET."))
            response["Allow"] = "GET"
            return _shared_headers(response)
        try:
            response = view(request, *args, **kwargs)
        except Http404:
            response = error_response(404, _("Not found."))
        if response.status_code >= 400 and not response.get("Content-Type", "").startswith(JSON):
            response = error_response(response.status_code, response.reason_phrase)
        if response.status_code == 200 and not response.streaming:
            set_response_etag(response)
            response = get_conditional_response(request, etag=response["ETag"], response=response)
        return _shared_headers(response)

    return wrapper
