"""Rules engines for Go and its variants: pure Python, no Django, no I/O.

``coords`` (Go coordinates), ``sgf`` (a small SGF reader/writer) and ``svg``
(board diagrams) are shared; each game has its own subpackage (``ninuki``,
``go``, ...).  :func:`variants` and :func:`variant` (``registry.py``) put
them behind one interface; ``README.md`` describes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when called: ``import games`` stays cheap
    from collections.abc import Mapping

    from games.registry import Variant


def variants() -> Mapping[str, Variant]:
    """Every game by name: ``go``, ``ninuki``, ``keima``, ``volt``, ``rundgo``
    (a read-only mapping of :class:`games.registry.Variant`)."""
    from games.registry import variants as _variants

    return _variants()


def variant(kind: str) -> Variant:
    """The :class:`games.registry.Variant` called ``kind`` (``KeyError`` if unknown)."""
    from games.registry import variant as _variant

    return _variant(kind)
