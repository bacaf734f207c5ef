"""Keima-Go (rules of the Hannover Go club, fixed by ``RULES.md``).

- A turn is two single Go moves of one colour whose points form a knight's
  move (offsets (1, 2) or (2, 1)); each is legal on its own (point empty, no
  suicide), and the first may capture and so make room for the second.  A
  pass is a whole turn; a turn cannot stop after its first stone: a pass as
  its second stone is illegal (``incomplete-turn``), while a record that
  ends after a first stone is unfinished.
- No ko rule, except: a turn may not retake two kos that the opponent both
  took in their previous turn.  A *ko take* captures exactly one stone with a
  stone that then forms a one-stone group with one liberty; a stone *retakes*
  a ko when it is a ko take that captures the stone the opponent's ko take
  placed.
  On a square board the two-ko rule can never apply: if the opponent's two
  ko takes (at ``L1``, ``L2``, capturing ``R1``, ``R2``) form a keima, the
  retakes at ``R1``, ``R2`` cannot.  ``L1``-``L2`` a keima forces
  ``L1``-``R2`` or ``R1``-``L2`` to be two steps apart, and a point next to
  both would have to be Black (so that the take at ``L1`` is a one-stone
  group) and White (so that ``R2`` is captured alone) at the same time, or
  the other way round.  The rule is implemented all the same (it is cheap,
  and holds on other board graphs); ``tests/games/test_keima_rules.py``
  exercises it with the shape check switched off and checks this claim.
- Two passes in a row end the game; all stones on the board are alive.
  Score: stones plus empty points whose neighbours are of one colour only.
- Handicap: Black places the given number of keimas (two stones each) before
  White's first turn; komi and handicap by rank difference come from
  :func:`handicap_for_rank_difference`.
"""

from __future__ import annotations

from typing import ClassVar

from games.go.game import Game
from games.go.graph import Graph
from games.go.position import BLACK, WHITE, Position, opponent
from games.go.scoring import keima_owner
from games.schema import DeadStones

__all__ = ["KeimaGame", "handicap_for_rank_difference", "is_keima"]


def handicap_for_rank_difference(difference: int) -> tuple[int, float]:
    """``(handicap keimas, komi)`` for a difference of Go ranks (9 kyu vs 3 kyu = 6).

    The table of the Hannover rules: 0-3: no handicap, komi 4; 4-7: komi 2;
    8-11: komi 0; 12-15: 2 keimas, komi 4; 16-19: 2 keimas, komi 2; 20 and
    more: 2 keimas, komi 0.  The weaker player takes Black.

    >>> handicap_for_rank_difference(6)
    (0, 2)
    >>> handicap_for_rank_difference(25)
    (2, 0)
    """
    if difference < 0:
        raise ValueError("the rank difference is not negative (the weaker player takes Black)")
    for upto, keimas, komi in _TABLE:
        if difference <= upto:
            return keimas, komi
    return 2, 0


# (largest difference, handicap keimas, komi), from keima-go-hannover.txt rule 7.
_TABLE = ((3, 0, 4), (7, 0, 2), (11, 0, 0), (15, 2, 4), (19, 2, 2))


def is_keima(graph: Graph, a: int, b: int) -> bool:
    """True if points ``a`` and ``b`` of a square board are a knight's move apart."""
    ax, ay = graph.point(a)
    bx, by = graph.point(b)
    return {abs(ax - bx), abs(ay - by)} == {1, 2}


class KeimaGame(Game):
    """Keima-Go on a square board (default 9x9, komi 4).

    Moves are single stones, as in the record: a turn is two moves of one
    colour (or one pass).  :attr:`half_turn` is the first stone of the turn
    under way, ``None`` at the start of a turn.
    """

    name = "keima"
    title = "Keima-Go"
    rule_names = {"hannover": "Keima-Go"}
    territory_rules = frozenset()
    komi_by_rules = {}
    #: All stones on the board live when the players agree on the end (rule 3).
    removes_dead_stones = False
    dead_stones: ClassVar[DeadStones] = "alive"  # all stones on the board live
    default_size = 9
    default_komi = 4
    stones_per_handicap = 2
    square_only = True

    def __init__(
        self,
        size: int | None = None,
        komi: float | None = None,
        handicap: int = 0,
        graph: Graph | None = None,
        rules: str | None = None,
    ):
        super().__init__(size=size, komi=komi, handicap=handicap, graph=graph, rules=rules)
        #: The first stone of the turn under way, or ``None``.
        self.half_turn: int | None = None
        # Ko takes of the turn under way, and of the previous (opponent's) turn,
        # each as (placed stone, captured point).
        self._kos_now: tuple[tuple[int, int], ...] = ()
        self._kos_before: tuple[tuple[int, int], ...] = ()

    def _owners(self, position: Position) -> list[int]:
        return keima_owner(position)

    @classmethod
    def turn_colours(cls, stones: list[bool], handicap: int = 0) -> list[int]:
        out = []
        left = handicap * cls.stones_per_handicap
        colour = WHITE if left else BLACK
        half = False
        for is_stone in stones:
            if left:
                out.append(BLACK)
                left -= 1
                continue
            out.append(colour)
            if is_stone and not half:
                half = True
            else:
                half = False
                colour = opponent(colour)
        return out

    def _before_stone(self, p: int, colour: int) -> str | None:
        if self.half_turn is not None and not is_keima(self.graph, self.half_turn, p):
            return "not-keima"
        return None

    def _stone_error(self, p: int, colour: int, captured: list[int]) -> str | None:
        if self.half_turn is None or self.in_handicap or len(self._kos_before) < 2:
            return None
        retaken = {placed for placed, _ in self._kos_before}
        if (
            self._is_ko_take(p, captured)
            and captured[0] in retaken
            and any(taken in retaken for _, taken in self._kos_now)
        ):
            return "two-ko"
        return None

    def _is_ko_take(self, p: int, captured: list[int] | tuple[int, ...]) -> bool:
        if len(captured) != 1:
            return False
        stones, libs = self.position.group(p)
        return len(stones) == 1 and len(libs) == 1

    def _after_stone(self) -> None:
        move = self.moves[-1]
        p = move.point
        assert p is not None  # a stone, not a pass
        second = self.half_turn is not None
        self.half_turn = None if second else p
        if move.handicap:
            super()._after_stone()  # counts the handicap stone; White moves after the last
            return
        if self._is_ko_take(p, move.captured):
            self._kos_now += ((p, move.captured[0]),)
        if second:
            self._end_turn()

    def _end_turn(self) -> None:
        self._kos_before, self._kos_now = self._kos_now, ()
        self._to_move = opponent(self._to_move)

    def _pass_error(self) -> str | None:
        if self.in_handicap:
            return "handicap"
        if self.half_turn is not None:
            return "incomplete-turn"  # RULES.md: a pass is a whole turn, never its second stone
        return None

    def _after_pass(self) -> None:
        self._end_turn()
