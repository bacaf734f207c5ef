"""Go coordinates for square boards up to 25x25.

Columns are letters ``A``..``Z`` skipping ``I`` (so ``J`` follows ``H``),
counted from the left; rows are numbers counted from the bottom, starting
at 1.  ``K10`` is the centre of 19x19, ``H8`` the centre of 15x15.

A :class:`Point` holds zero-based ``x`` (column, from the left) and ``y``
(row, from the bottom).  A point need not lie on the board: ``K20`` parses
fine and :meth:`Point.on_board` says whether it fits a given size, so that
callers can tell an off-board move (a rules matter) from junk (a reading
matter, :class:`CoordinateError`).

SGF points (``"jj"``) count rows from the top; :meth:`Point.from_sgf` and
:meth:`Point.to_sgf` convert, given the board size.

>>> Point.parse("k10")
Point(x=9, y=9)
>>> str(Point(9, 9)), Point(9, 9).to_sgf(19)
('K10', 'jj')
>>> Point.from_sgf("aa", 19)
Point(x=0, y=18)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

__all__ = [
    "COLUMN_LETTERS",
    "MAX_SIZE",
    "CoordinateError",
    "Point",
    "centre",
    "chebyshev",
    "column_letter",
    "column_index",
    "points",
]

#: Column letters in order; ``I`` is skipped as on Go boards.
COLUMN_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
#: The largest board side these coordinates can name.
MAX_SIZE = len(COLUMN_LETTERS)

_COLUMN_OF = {letter: i for i, letter in enumerate(COLUMN_LETTERS)}
_POINT_RE = re.compile(r"([A-HJ-Za-hj-z])([0-9]{1,3})\Z")
_SGF_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_SGF_INDEX = {c: i for i, c in enumerate(_SGF_LETTERS)}


class CoordinateError(ValueError):
    """A text that is not shaped like a coordinate at all (``"Z99x"``, ``"I5"``)."""


def column_letter(x: int) -> str:
    """Letter of zero-based column ``x`` (0 -> ``A``, 8 -> ``J``)."""
    if not 0 <= x < MAX_SIZE:
        raise CoordinateError(f"column {x} has no letter")
    return COLUMN_LETTERS[x]


def column_index(letter: str) -> int:
    """Zero-based column of ``letter`` (case-insensitive); ``I`` is not a column."""
    try:
        return _COLUMN_OF[letter.upper()]
    except (KeyError, AttributeError):
        raise CoordinateError(f"{letter!r} is not a column letter") from None


class Point(NamedTuple):
    """A board point: zero-based column ``x`` from the left, row ``y`` from the bottom."""

    x: int
    y: int

    @classmethod
    def parse(cls, text: str) -> Point:
        """Read ``"K10"`` (case-insensitive, surrounding blanks ignored).

        Accepts any coordinate-shaped text, on the board or not (``"Z99"``,
        ``"K0"``); raises :class:`CoordinateError` for anything else.
        """
        m = _POINT_RE.match(text.strip())
        if m is None:
            raise CoordinateError(f"{text!r} is not a coordinate")
        return cls(_COLUMN_OF[m.group(1).upper()], int(m.group(2)) - 1)

    @classmethod
    def from_sgf(cls, text: str, size: int) -> Point | None:
        """Read an SGF point (``"jj"``, rows from the top) for a board of ``size``.

        Returns ``None`` for a pass (``""``, and ``"tt"`` on boards up to
        19x19).  Letters ``a``-``z`` then ``A``-``Z`` are columns/rows 0-51 as
        in SGF; a point beyond the board is returned as is (check it with
        :meth:`on_board`).  Raises :class:`CoordinateError` for other text.
        """
        if text == "" or (text == "tt" and size <= 19):
            return None
        if len(text) != 2 or text[0] not in _SGF_INDEX or text[1] not in _SGF_INDEX:
            raise CoordinateError(f"{text!r} is not an SGF point")
        return cls(_SGF_INDEX[text[0]], size - 1 - _SGF_INDEX[text[1]])

    def on_board(self, size: int) -> bool:
        """True if the point lies on a ``size`` x ``size`` board."""
        return 0 <= self.x < size and 0 <= self.y < size

    def to_sgf(self, size: int) -> str:
        """The SGF form of this point on a board of ``size`` (rows from the top)."""
        row = size - 1 - self.y
        if not (0 <= self.x < 52 and 0 <= row < 52):
            raise CoordinateError(f"{self!r} has no SGF form on {size}x{size}")
        return _SGF_LETTERS[self.x] + _SGF_LETTERS[row]

    def name(self) -> str:
        """Go name of the point, ``"K10"``; see also ``str(point)``."""
        if 0 <= self.x < MAX_SIZE and self.y >= 0:
            return f"{COLUMN_LETTERS[self.x]}{self.y + 1}"
        return f"({self.x},{self.y})"

    def __str__(self) -> str:
        return self.name()


def centre(size: int) -> Point:
    """The centre point of an odd-sized board (``K10`` on 19x19)."""
    return Point(size // 2, size // 2)


def chebyshev(a: Point, b: Point) -> int:
    """King-move distance between two points."""
    return max(abs(a.x - b.x), abs(a.y - b.y))


def points(size: int) -> Iterator[Point]:
    """All points of the board, row by row from the bottom left."""
    for y in range(size):
        for x in range(size):
            yield Point(x, y)
