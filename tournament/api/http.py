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
- The answers made only of what the page version covers
  (:mod:`tournament.selectors.page_version`: a tournament's players, rounds,
  standings, teams) are kept in the cache as their bytes, per tournament,
  version and parameter (:func:`kept_answer`): a congress's 2,000 rows are
  read, checked against the schema and written as JSON once per change, not
  on every request of a results service or a hall display.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps

from django.http import Http404, HttpResponse
from django.utils.cache import get_conditional_response, patch_vary_headers, set_response_etag
from django.utils.translation import gettext as _

from tournament.kept import KEPT_SECONDS, get_or_make
from tournament.selectors.page_version import page_version_of

JSON = "application/json"
#: The longest number a kept answer's parameter is kept for (longer ones are answered, not kept).
NUMBER_DIGITS = 12


def error_response(status: int, message: str) -> HttpResponse:
    body = json.dumps({"success": False, "error": str(message)}, ensure_ascii=False)
    return HttpResponse(body, status=status, content_type=f"{JSON}; charset=utf-8")


def _shared_headers(response: HttpResponse) -> HttpResponse:
    response["Access-Control-Allow-Origin"] = "*"
    response.setdefault("Cache-Control", "no-cache")
    patch_vary_headers(response, ["Accept-Language"])
    return response


def _kept_key(request, kwargs: dict, params: tuple[str, ...]) -> str | None:
    """The cache key of an answer kept per page version: the view, the tournament and its version, the
    round's number and each of ``params`` (the query's numbers the answer reads); None when the answer
    is not kept: no such tournament (the view answers 404), a parameter twice or not a number written as
    Python writes it (``?discipline=03``: each spelling would be kept again; the view answers it)."""
    found = page_version_of(kwargs["slug"])
    if found is None:
        return None
    values = []
    for name in params:
        given = request.GET.getlist(name)
        if len(given) > 1:
            return None
        if given:
            value = given[0]
            if not (value.isascii() and value.isdigit() and len(value) <= NUMBER_DIGITS) or str(int(value)) != value:
                return None
            values.append(f"{name}={value}")
    parts = [request.resolver_match.view_name, *map(str, found), str(kwargs.get("number", "")), *values]
    return "api:" + ":".join(parts)


def kept_answer(view, params: tuple[str, ...]) -> Callable:
    """``view``'s answer kept in the cache as its bytes per page version (see the module's docstring):
    only a 200 answer is kept, anything else is made on every request. ``params``: the query
    parameters the answer reads (every one a number); the others make no difference to it."""

    @wraps(view)
    def kept(request, *args, **kwargs):
        key = _kept_key(request, kwargs, params)
        if key is None:
            return view(request, *args, **kwargs)
        made = []

        def make():
            response = view(request, *args, **kwargs)
            made.append(response)
            if response.status_code != 200 or response.streaming:
                return None
            return response["Content-Type"], response.content

        answer = get_or_make(key, make, KEPT_SECONDS, keep=lambda value: value is not None)
        if made:
            return made[0]
        content_type, body = answer
        return HttpResponse(body, content_type=content_type)

    return kept


def api_view(view, *, kept: tuple[str, ...] | None = None):
    """Wrap one of the API's views: GET only, JSON errors, ETag and 304, CORS; ``kept``: its answer is
    kept per page version (:func:`kept_answer`), with these query parameters."""
    if kept is not None:
        view = kept_answer(view, kept)

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
