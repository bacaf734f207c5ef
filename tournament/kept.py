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

#: Stands for "not in the cache" (a kept value may be None).
_MISSING = object()


def get_or_make(key: str, make: Callable[[], Any], seconds: int) -> Any:
    """The value kept under ``key``; when there is none, ``make()``'s, kept for ``seconds``."""
    value = cache.get(key, _MISSING)
    if value is _MISSING:
        value = make()
        cache.set(key, value, seconds)
    return value
