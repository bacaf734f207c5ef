"""What is made once and kept in the cache, which every worker shares.

Django's ``cache.get_or_set`` stores a value it made and then reads it back
from the cache (pickled, compressed, written, read, unpickled: for a
congress's standings a third of the page's time when the cache is cold);
:func:`get_or_make` gives the value it made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.cache import cache

#: How long a value kept per version stays (a page's fragment, an API answer): its key holds every
#: version of what it shows, so this only frees the cache of versions no longer asked for.
KEPT_SECONDS = 600

#: Stands for "not in the cache" (a kept value may be None).
_MISSING = object()


def get_or_make(key: str, make: Callable[[], Any], seconds: int, *, keep: Callable[[Any], bool] | None = None) -> Any:
    """The value kept under ``key``; when there is none, ``make()``'s, kept for ``seconds`` (only if
    ``keep(value)``, when given: an answer that is not worth keeping, such as an error, is made again)."""
    value = cache.get(key, _MISSING)
    if value is _MISSING:
        value = make()
        if keep is None or keep(value):
            cache.set(key, value, seconds)
    return value
