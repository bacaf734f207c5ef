"""Python's cycle collector paused while a large table of plain values is made.

A congress's standings are some hundred thousand small objects (every player's scores round by round,
the crosstable's cells, the rows) made in one go, none of them in a reference cycle. While they are
made, the collector keeps passing over them and, every few passes, over the whole worker's memory: at
2,000 players that was about as much CPU as the standings' arithmetic. Paused, nothing is lost: the
cycles made meanwhile (there are none to speak of) are collected at the collector's next pass.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """The block runs without the cycle collector; it runs again afterwards (unless it was off before)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
