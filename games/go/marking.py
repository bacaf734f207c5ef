"""A finished game of Go being marked: the dead stones and neutral points agreed so far.

:class:`Marking` holds one game that ended by two passes and its
:class:`~games.go.marks.Marks`: :meth:`Marking.toggle` marks a chain dead
(or alive again) or an empty point neutral (or not) and says what changed
(:class:`Change`), :meth:`Marking.count` counts under the marks by the
game's rule set, :meth:`Marking.territory` says which empty point counts
for whom.

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

from dataclasses import dataclass
from typing import Literal

from games.common import COLOURS, Colour
from games.coords import Point
from games.go.game import Game, Outcome
from games.go.marks import MarkError, Marks, board_order, point_index, read_point
from games.go.position import EMPTY

__all__ = ["Marking", "Change", "ChangeKind"]

#: What a toggle made of the points it changed.
ChangeKind = Literal["dead", "alive", "neutral", "unmarked"]


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
        return pt, point_index(self.game.position, pt)

    def chain(self, point: Point | str) -> tuple[Point, ...]:
        """The stones of the chain on ``point`` in board order (``()`` on an empty point)."""
        pt, p = self._point(point)
        position = self.game.position
        if position.stones[p] == EMPTY:
            return ()
        graph = position.graph
        return tuple(board_order(Point(*graph.point(q)) for q in position.group(p)[0]))

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
