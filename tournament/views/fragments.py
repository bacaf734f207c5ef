"""Small page fragments that are a pure function of a few values, rendered once per process.

The key is everything the fragment shows (with the language and the URL
prefix where it holds text or links), so a fragment is never stale: when
anything it shows changes, the key changes. Only the rendering is saved,
not a lookup: the values come from the request's own queries.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

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
