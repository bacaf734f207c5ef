"""The double-three test (``RULES.md``, "Double-three").

An *open three* of C through the placed stone p: C stones on one line
through p such that one more C stone on an empty point q of that line makes
a *straight four* containing p (an unbroken run of exactly four, both ends
empty, and filling either end gives exactly five, not six), without making a
five.  Only the stones of that one line count: whether q would be legal and
what captures could follow are not examined.

A move makes a double-three when the placed stone belongs to open threes in
two or more lines, on the board after its captures.

Whether a line holds an open three through p depends only on the eleven
points p-5d .. p+5d (a four through p lies within p-3d .. p+3d, its ends
within p-4d .. p+4d, and the points beyond the ends decide between five and
overline).  The board takes that window with one slice, maps it to
"own / empty / blocked" with ``bytes.translate`` and looks it up in a cache,
so the test costs four slices and four dictionary look-ups.

The functions take the board as plain data, as :class:`~.board.Board` keeps
it: ``cells``, the points as a list with a border (0 empty, 1 Black, 2 White,
3 off the board), and ``lines``, the four directions as offsets in that list.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["makes_double_three", "open_three_lines", "window_has_open_three"]

# window values after translation: 0 empty, 1 own stone, 2 blocked
_AS_BLACK = bytes([0, 1, 2, 2]) + bytes(252)
_AS_WHITE = bytes([0, 2, 1, 2]) + bytes(252)
_TABLES = (None, _AS_BLACK, _AS_WHITE)


class _Windows(dict[bytes, bool]):
    """Window -> open three through its centre?  Worked out the first time a window is looked up."""

    def __missing__(self, key: bytes) -> bool:
        hit = self[key] = window_has_open_three(key)
        return hit


_CACHE = _Windows()


def window_has_open_three(w: bytes) -> bool:
    """Is there an open three through the centre of the 11-point window ``w``
    (values 0 empty, 1 own, 2 blocked; ``w[5]`` is the placed stone)?"""
    v = [2, 2, *w, 2, 2]  # padded: the centre is v[7]
    for q in range(4, 11):  # a four through the centre lies within w[2..8]
        if v[q] != 0:
            continue
        v[q] = 1
        a = 7
        while v[a - 1] == 1:
            a -= 1
        z = 7
        while v[z + 1] == 1:
            z += 1
        v[q] = 0
        if z - a != 3 or not a <= q <= z:
            continue
        if v[a - 1] != 0 or v[z + 1] != 0:
            continue
        if v[a - 2] == 1 or v[z + 2] == 1:
            continue  # filling an end would make six
        return True
    return False


def open_three_lines(cells: Sequence[int], lines: Sequence[int], p: int, c: int) -> list[int]:
    """The line directions (offsets of ``lines``) in which the stone of ``c`` at
    index ``p`` of ``cells`` belongs to an open three."""
    table = _TABLES[c]
    return [d for d in lines if _CACHE[bytes(cells[p - 5 * d : p + 5 * d + 1 : d]).translate(table)]]


def makes_double_three(cells: Sequence[int], lines: Sequence[int], p: int, c: int) -> bool:
    """True if the stone of ``c`` at index ``p`` of ``cells`` (already placed,
    its captures made) belongs to open threes in two or more of ``lines``."""
    table = _TABLES[c]
    cache = _CACHE
    found = False
    for d in lines:
        if cache[bytes(cells[p - 5 * d : p + 5 * d + 1 : d]).translate(table)]:
            if found:
                return True
            found = True
    return False
