"""The dead stones and neutral points agreed at the end of a game of Go, as a value.

After two passes the players agree which chains are dead (they are removed
before counting) and which empty points count for nobody (dame, the eyes of
a seki under ``japanese``); when they cannot agree, the referee decides
(``RULES-DECISIONS.md``, "The end of a Go game").  This module holds the
marks themselves; :mod:`games.go.marking` marks a finished game step by step.

- :class:`Marks`: the marks, a value (``==`` compares two phones' marks),
  serialised by :meth:`Marks.as_dict` as
  ``{"dead": ["C3", "C4"], "neutral": ["E5"]}`` and read back by
  :meth:`Marks.from_dict`; :func:`resolve` finds them on a position;
- :func:`read_point` and :func:`split_points`: points as players and tools
  write them (``D4``, or SGF letters ``dd``), for the command line's
  ``--dead``/``--neutral`` and a form's field.

A dead mark names a stone and means its whole chain (the stones of one
colour connected along the lines): :meth:`Marks.normalised` completes the
chains.  A neutral mark names an empty point.  Keima-Go and 1000-Volt-Go
count every stone on the board as alive, so they take no marks
(:class:`MarkError` ``no-removal``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from games.coords import MAX_SIZE, CoordinateError, Point
from games.go.position import EMPTY, Position

__all__ = [
    "MARK_CODES",
    "MarkError",
    "Marks",
    "read_point",
    "split_points",
    "resolve",
]

#: Why marks are refused (:attr:`MarkError.code`).
MARK_CODES = (
    "not-a-point",  # the text names no point (neither "D4" nor SGF letters)
    "off-board",  # the point is not on the board
    "no-stone",  # a dead mark on an empty point
    "not-empty",  # a neutral mark on a stone
    "not-over",  # the game did not end with two passes: there is nothing to count yet
    "no-removal",  # Keima-Go, 1000-Volt-Go: every stone on the board is alive
    "unreadable",  # a serialised marking of the wrong shape
)

_SGF_POINT = re.compile(r"[a-zA-Z]{2}\Z")
_SEPARATORS = re.compile(r"[\s,;]+")


class MarkError(ValueError):
    """Marks that cannot stand: ``code`` (one of :data:`MARK_CODES`) and the ``point`` as written."""

    def __init__(self, message: str, code: str, point: str | None = None):
        super().__init__(message)
        self.code = code
        self.point = point


def split_points(text: str) -> list[str]:
    """``"D4, E5 dd"`` -> ``["D4", "E5", "dd"]`` (commas, semicolons or blanks between points)."""
    return [token for token in _SEPARATORS.split(text) if token]


def read_point(token: str | Point, size: int) -> Point:
    """A point on a ``size`` x ``size`` board: a :class:`Point`, a Go coordinate
    (``"D4"``, any case) or SGF letters (``"dd"``, rows from the top).

    Raises :class:`MarkError` ``not-a-point`` or ``off-board`` (also for
    ``tt``, SGF's pass, on boards up to 19x19).
    """
    if isinstance(token, Point):
        point: Point | None = token
        text = token.name()
    else:
        text = token.strip()
        try:
            if _SGF_POINT.match(text):
                point = Point.from_sgf(text, size)
            else:
                point = Point.parse(text)
        except CoordinateError:
            raise MarkError(
                f"{token!r} is not a point (write D4, or SGF letters such as dd)", "not-a-point", text
            ) from None
    if point is None or not point.on_board(size):
        raise MarkError(f"{text} is not on the {size}x{size} board", "off-board", text)
    return point


def board_order(points: Iterable[Point]) -> list[Point]:
    """Row by row from the bottom left (A1, B1, ..., A2, ...)."""
    return sorted(points, key=lambda p: (p.y, p.x))


@dataclass(frozen=True)
class Marks:
    """The dead stones and the neutral points marked at the end of a game.

    ``dead`` holds stones (a chain is dead as a whole: one of its stones
    names it, :meth:`normalised` adds the rest); ``neutral`` holds empty
    points that count for nobody.  A value: two equal markings compare equal.
    """

    dead: frozenset[Point] = frozenset()
    neutral: frozenset[Point] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.dead or self.neutral)

    @classmethod
    def of(cls, dead: Iterable[str | Point] = (), neutral: Iterable[str | Point] = (), *, size: int) -> Marks:
        """Marks from points as written (``"D4"``, ``"dd"`` or :class:`Point`), read on a board of ``size``."""
        return cls(frozenset(read_point(p, size) for p in dead), frozenset(read_point(p, size) for p in neutral))

    def as_dict(self) -> dict[str, list[str]]:
        """``{"dead": ["C3", "C4"], "neutral": ["E5"]}``: Go coordinates in board order (JSON-ready)."""
        return {
            "dead": [p.name() for p in board_order(self.dead)],
            "neutral": [p.name() for p in board_order(self.neutral)],
        }

    @classmethod
    def from_dict(cls, data: object) -> Marks:
        """The inverse of :meth:`as_dict`.  Raises :class:`MarkError` ``unreadable``
        for anything else: other keys, lists longer than the largest board,
        texts that are no coordinate (the board itself is checked by :meth:`normalised`)."""
        if not isinstance(data, Mapping) or set(data) - {"dead", "neutral"}:
            raise MarkError("marks are an object with the lists 'dead' and 'neutral'", "unreadable")
        lists: dict[str, frozenset[Point]] = {}
        for key in ("dead", "neutral"):
            values = data.get(key, [])
            if not isinstance(values, list) or len(values) > MAX_SIZE * MAX_SIZE:
                raise MarkError(f"'{key}' must be a list of points", "unreadable")
            points = set()
            for value in values:
                if not isinstance(value, str):
                    raise MarkError(f"'{key}' must be a list of points", "unreadable")
                try:
                    points.add(Point.parse(value))
                except CoordinateError:
                    raise MarkError(f"{value!r} is not a point", "unreadable", value) from None
            lists[key] = frozenset(points)
        return cls(lists["dead"], lists["neutral"])

    def normalised(self, position: Position) -> Marks:
        """These marks on ``position``: each dead chain whole.  Raises :class:`MarkError`
        (``off-board``, ``no-stone``, ``not-empty``)."""
        dead, neutral = resolve(position, self)
        graph = position.graph
        return Marks(frozenset(Point(*graph.point(p)) for p in dead), self.neutral)


def point_index(position: Position, point: Point) -> int:
    """The index of ``point`` on ``position``'s square board; :class:`MarkError` ``off-board`` beyond it."""
    graph = position.graph
    size = graph.size
    if size is None:
        raise ValueError("marks need a square board")
    p = graph.index(point.x, point.y)
    if p is None:
        raise MarkError(f"{point.name()} is not on the {size}x{size} board", "off-board", point.name())
    return p


def resolve(position: Position, marks: Marks) -> tuple[frozenset[int], frozenset[int]]:
    """The point indices of ``marks`` on ``position``: every stone of each dead
    chain, and the neutral points.  Raises :class:`MarkError` for a point off
    the board (``off-board``), a dead mark without a stone (``no-stone``) and
    a neutral mark on a stone (``not-empty``), the first in board order."""
    stones = position.stones
    dead: set[int] = set()
    for point in board_order(marks.dead):
        p = point_index(position, point)
        if stones[p] == EMPTY:
            raise MarkError(f"there is no stone on {point.name()} to mark dead", "no-stone", point.name())
        if p not in dead:
            dead |= position.group(p)[0]
    neutral = set()
    for point in board_order(marks.neutral):
        p = point_index(position, point)
        if stones[p] != EMPTY:
            raise MarkError(
                f"{point.name()} holds a stone: only an empty point can be neutral", "not-empty", point.name()
            )
        neutral.add(p)
    return frozenset(dead), frozenset(neutral)
