"""Page fragments that are a pure function of a few values: rendered once per process, or (big
tables with forms in them) once per version and kept in the cache.

The key is everything the fragment shows (with the language and the URL
prefix where it holds text or links), so a fragment is never stale: when
anything it shows changes, the key changes. For :func:`memo_html` only the
rendering is saved, not a lookup: the values come from the request's own
queries.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from django.middleware.csrf import get_token
from django.utils.safestring import SafeString, mark_safe

from tournament.kept import KEPT_SECONDS, get_or_make

_MEMO: dict[Hashable, str] = {}
#: Enough for every language x tournament x role set x rounds-missed choice of a weekend.
LIMIT = 2048


def memo_html(key: Hashable, render: Callable[[], str]) -> str:
    html = _MEMO.get(key)
    if html is None:
        if len(_MEMO) >= LIMIT:
            _MEMO.clear()
        html = _MEMO[key] = render()
    return html


#: Stands for the request's CSRF token in a kept fragment: every request puts its own in.
CSRF_PLACEHOLDER = "csrf-token-of-this-request"


def kept_html(key: str, render: Callable[[], str]) -> SafeString:
    """A fragment rendered once per ``key`` and kept in the cache, which every worker (and every
    machine, on Redis) shares: a list of a congress's 2,000 players or its thousand games. The key
    holds the versions of everything the fragment shows (see :mod:`tournament.selectors.standings`,
    ``page_version``), and the language."""
    return mark_safe(get_or_make(key, render, KEPT_SECONDS))  # noqa: S308 - our templates, escaped there


def kept_with_forms(request, key: str, render: Callable[[dict], str]) -> SafeString:
    """:func:`kept_html` for a fragment with forms in it (a thousand games, each with its buttons):
    ``render(context)`` draws it with ``context`` (a placeholder as its CSRF token); each request gets
    its own token in it."""
    html = kept_html(key, lambda: render({"csrf_token": CSRF_PLACEHOLDER}))
    return mark_safe(html.replace(CSRF_PLACEHOLDER, get_token(request)))  # noqa: S308 - see kept_html
