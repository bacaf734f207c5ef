"""Counting tries across every process of the site: a fixed-window counter in Django's cache.

A :class:`Limit` allows ``limit`` tries per ``window`` seconds for one
subject (a client address, a claim code). Its counts live in Django's cache
(:mod:`tournament.settings`: files shared by all gunicorn workers by
default, Redis with ``DJANGO_REDIS_URL``), under a key made of the limit's
name, the number of the current window and a keyed hash of the subject (the
cache never holds an address or a code in clear). A new window starts a new
key, so a count is forgotten when its window ends.

Why a few lines here and not a library: django-axes, which throttles the
log-ins, counts only log-in attempts (user name and address, in the
database); django-ratelimit implements this same fixed-window counter, but
its system checks refuse the file cache ("does not support atomic
increment") and warn about Django's own Redis backend (it supports
django-redis), so ``check --deploy --fail-level WARNING`` would fail on both
caches this site runs on. ``cache.add`` then ``cache.incr`` is what it does.
Redis increments atomically; the file cache reads and writes, so two tries
at the very same moment in two workers may be counted once: the limit then
holds within a factor of the number of workers, which is enough for a
limit meant to make guessing slow, not to count exactly.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils.crypto import salted_hmac

__all__ = ["Limit", "now"]


def now() -> float:
    """The clock the windows are counted by (a test moves it)."""
    return time.time()


@dataclass(frozen=True)
class Limit:
    """At most ``settings.<limit_setting>`` tries per ``settings.<window_setting>`` seconds for one subject."""

    name: str
    limit_setting: str
    window_setting: str

    @property
    def limit(self) -> int:
        return int(getattr(settings, self.limit_setting))

    @property
    def window(self) -> int:
        return max(1, int(getattr(settings, self.window_setting)))

    def _key(self, subject: str) -> str:
        slot = int(now() // self.window)
        digest = salted_hmac(f"throttle:{self.name}", subject).hexdigest()[:32]
        return f"throttle:{self.name}:{self.window}:{slot}:{digest}"

    def count(self, subject: str) -> int:
        """Count one try; returns the count in this window so far (this one included). Count first, then
        compare with the limit: tries sent at once cannot all pass a check made before any was counted."""
        key = self._key(subject)
        timeout = self.window + 5  # the key outlives its window a little: no count is lost at its end
        cache.add(key, 0, timeout=timeout)
        try:
            return int(cache.incr(key))
        except ValueError:  # evicted between add and incr
            cache.set(key, 1, timeout=timeout)
            return 1

    def uncount(self, subject: str) -> None:
        """Take back one try counted in this window (one that turned out not to count)."""
        try:
            cache.decr(self._key(subject))
        except ValueError:  # the window ended meanwhile: nothing to take back
            pass

    def seconds_left(self) -> int:
        """Seconds until the current window ends (and its counts with it)."""
        return max(1, int(self.window - now() % self.window))
