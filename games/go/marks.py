"""The end of a game of Go: the dead stones and neutral points agreed after two passes.

After two passes the players agree which chains are dead (they are removed
before counting) and which empty points count for nobody (dame, the eyes of
a seki under ``japanese``); when they cannot agree, the referee decides
(``RULES-DECISIONS.md``, "The end of a Go game").  This module is the
engine's side of that phase:

- :class:`Marks`: the marks themselves, a value (``==`` compares two
  phones' marks), serialised by :meth:`Marks.as_dict` as
  ``{"dead": ["C3", "C4"], "neutral": ["E5"]}`` and read back by
  :meth:`Marks.from_dict`;
- :class:`Marking`: one finished game and the marks agreed so far:
  :meth:`Marking.toggle` marks a chain dead (or alive again) or an empty
  point neutral (or not) and says what changed (:class:`Change`),
  :meth:`Marking.count` counts under the marks by the game's rule set,
  :meth:`Marking.territory` says which empty point counts for whom;
- :func:`read_point` and :func:`split_points`: points as players and tools
  write them (``D4``, or SGF letters ``dd``), for the command line's
  ``--dead``/``--neutral`` and a form's field.

A dead mark names a stone and means its whole chain (the stones of one
colour connected along the lines): :meth:`Marks.normalised` completes the
chains.  A neutral mark names an empty point.  Keima-Go and 1000-Volt-Go
count every stone on the board as alive, so they take no marks
(:class:`MarkError` ``no-removal``).

>>> from games.go import Game
>>> g = Game(size=5)
>>> for m in "C3 B3 pass pass".split(): _ = g.play(None if m == "pass" else m)
>>> marking = Marking(g)
>>> marking.count().result()
'W+7.5'
>>> change = marking.toggle("B3")
>>> change.mark, [p.name() for p in change.points], change.marking.count().result()
('dead', ['B3'], 'B+17.5')
>>> change.marking.marks.as_dict()
{'dead': ['B3'], 'neutral': []}
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from games.common import COLOURS, Colour
from games.coords import MAX_SIZE, CoordinateError, Point
from games.go.position import EMPTY, Position

if TYPE_CHECKING:
    from games.go.game import Game, Outcome

__all__ = [
    "MARK_CODES",
    "MarkError",
    "Marks",
    "Marking",
    "Change",
    "ChangeKind",
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

#: What a toggle made of the points it changed.
ChangeKind = Literal["dead", "alive", "neutral", "unmarked"]

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


def _board_order(points: Iterable[Point]) -> list[Point]:
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
            "dead": [p.name() for p in _board_order(self.dead)],
            "neutral": [p.name() for p in _board_order(self.neutral)],
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


def _index(position: Position, point: Point) -> int:
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
    for point in _board_order(marks.dead):
        p = _index(position, point)
        if stones[p] == EMPTY:
            raise MarkError(f"there is no stone on {point.name()} to mark dead", "no-stone", point.name())
        if p not in dead:
            dead |= position.group(p)[0]
    neutral = set()
    for point in _board_order(marks.neutral):
        p = _index(position, point)
        if stones[p] != EMPTY:
            raise MarkError(
                f"{point.name()} holds a stone: only an empty point can be neutral", "not-empty", point.name()
            )
        neutral.add(p)
    return frozenset(dead), frozenset(neutral)


@dataclass(frozen=True)
class Change:
    """What :meth:`Marking.toggle` did: the marking after it, the points whose
    mark changed (a whole chain, or one empty point; board order) and what
    they are now: ``dead``, ``alive`` (again), ``neutral`` or ``unmarked``
    (an empty point that counts again)."""

    marking: Marking
    points: tuple[Point, ...]
    mark: ChangeKind


class Marking:
    """A game ended by two passes and the marks agreed on so far (see the module docstring).

    ``game`` is a :class:`games.go.Game` that is over (a replayed record's
    ``verdict.game``, a live game's engine); it is read, never changed.
    Raises :class:`MarkError` ``not-over`` for a game still going on,
    ``no-removal`` for Keima-Go and 1000-Volt-Go, and the codes of
    :func:`resolve` for marks that do not fit the board.
    """

    def __init__(self, game: Game, marks: Marks | None = None):
        if not game.removes_dead_stones:
            raise MarkError(f"in {game.title} every stone on the board is alive: nothing is marked", "no-removal")
        if not game.is_over():
            raise MarkError("the game has not ended with two passes: there is nothing to mark yet", "not-over")
        self.game = game
        #: The marks, each dead chain whole.
        self.marks = (marks or Marks()).normalised(game.position)

    @classmethod
    def from_dict(cls, game: Game, data: object) -> Marking:
        """The marking of ``game`` kept as :meth:`as_dict` wrote it."""
        return cls(game, Marks.from_dict(data))

    def as_dict(self) -> dict[str, list[str]]:
        """The marks, JSON-ready (:meth:`Marks.as_dict`)."""
        return self.marks.as_dict()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Marking) and other.game is self.game and other.marks == self.marks

    __hash__ = None  # type: ignore[assignment]  # compared by value, like Position

    def __repr__(self) -> str:
        return f"Marking({self.marks.as_dict()!r})"

    def _point(self, point: Point | str) -> tuple[Point, int]:
        size = self.game.graph.size
        assert size is not None  # Marks.normalised checked the board
        pt = read_point(point, size)
        return pt, _index(self.game.position, pt)

    def chain(self, point: Point | str) -> tuple[Point, ...]:
        """The stones of the chain on ``point`` in board order (``()`` on an empty point)."""
        pt, p = self._point(point)
        position = self.game.position
        if position.stones[p] == EMPTY:
            return ()
        graph = position.graph
        return tuple(_board_order(Point(*graph.point(q)) for q in position.group(p)[0]))

    def toggle(self, point: Point | str) -> Change:
        """Tap ``point`` (a :class:`Point`, ``"D4"`` or SGF letters): a stone's
        whole chain turns dead, or alive again if it was dead; an empty point
        turns neutral, or counts again if it was.  This marking stays as it
        was; the answer holds the new one."""
        pt, p = self._point(point)
        marks = self.marks
        mark: ChangeKind
        if self.game.position.stones[p] == EMPTY:
            points: tuple[Point, ...] = (pt,)
            if pt in marks.neutral:
                new, mark = Marks(marks.dead, marks.neutral - {pt}), "unmarked"
            else:
                new, mark = Marks(marks.dead, marks.neutral | {pt}), "neutral"
        else:
            points = self.chain(pt)
            if pt in marks.dead:
                new, mark = Marks(marks.dead - set(points), marks.neutral), "alive"
            else:
                new, mark = Marks(marks.dead | set(points), marks.neutral), "dead"
        return Change(Marking(self.game, new), points, mark)

    @property
    def by_territory(self) -> bool:
        """True where the game's rule set counts territory and prisoners (``japanese``), False for area."""
        return self.game.rules in self.game.territory_rules

    def count(self) -> Outcome:
        """The count under these marks by the game's rule set (``Outcome``:
        each colour's count without komi, komi, dead stones, prisoners, result)."""
        outcome = self.game.outcome(self.marks)
        assert outcome is not None  # the game is over (checked when made)
        return outcome

    def territory(self) -> dict[Point, Colour]:
        """The empty points (after the dead stones are removed, so their
        points too) that count for a colour; neutral ones are left out."""
        graph = self.game.graph
        owner, after = self.game.owners(self.marks)
        return {Point(*graph.point(q)): COLOURS[c - 1] for q, c in enumerate(owner) if c and not after.stones[q]}
