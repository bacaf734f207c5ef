"""1000-Volt-Go (rules of the Hannover Go club, fixed by ``RULES.md``).

After a stone is placed, and before anything is captured, in each of the
four directions the nearest stone on that line (at any distance) moves: an
own stone is pushed away until it meets another stone or the edge; an
opponent stone is pulled towards the placed stone until it is next to it.
Then opponent groups without liberties are removed (anywhere on the board),
then the mover's own groups without liberties: suicide is not illegal, it
removes the mover's stones.  Ko: a move may not recreate the position (after
the slides and captures) as it stood just before the opponent's last move.
Area scoring, komi 5, every stone on the board counts as alive.

Handicap stones (:func:`handicap_for_rank_difference`) are placed as in Go,
one per move, without sliding any stone.

>>> from games.go.diagram import parse, ascii_board
>>> pos = parse('''
...     . . . . .
...     . . . . O
...     . . . . .
...     . X . . .
...     . . . . .
... ''')
>>> game = VoltGame.from_position(pos)
>>> _ = game.play("B4")  # E4 is pulled to C4, B2 pushed to B1
>>> print(ascii_board(game.position))
. . . . .
. X O . .
. . . . .
. . . . .
. X . . .
"""

from __future__ import annotations

from typing import ClassVar

from games.go.game import Game
from games.go.position import EMPTY, Position, opponent
from games.schema import DeadStones

__all__ = ["VoltGame", "handicap_for_rank_difference", "slide"]

_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def handicap_for_rank_difference(difference: int) -> tuple[int, float]:
    """``(handicap stones, komi)`` for a difference of Go ranks; reverse komi is negative.

    The Hannover table: 0-1: komi 5; 2-3: 4; 4-5: 3; 6-7: 2; 8-9: 1;
    10-11: 0; 12-13: 1 reverse komi (-1); 14-15: -2; 16-17: two handicap
    stones and komi 5; then 4, 3, 2, 1, 0 for 18-19 ... 26-27.  The table
    ends at 27; larger differences get its last entry (two stones, komi 0).

    >>> handicap_for_rank_difference(0), handicap_for_rank_difference(13), handicap_for_rank_difference(17)
    ((0, 5), (0, -1), (2, 5))
    """
    if difference < 0:
        raise ValueError("the rank difference is not negative (the weaker player takes Black)")
    step = min(difference, 27) // 2  # 0..13
    if step < 8:
        return 0, 5 - step
    return 2, 5 - (step - 8)


def slide(position: Position, p: int, colour: int) -> list[tuple[int, int]]:
    """Move the nearest stone in each direction from the stone just placed at ``p``; return the ``(from, to)`` moves.

    An own stone is pushed away as far as the next stone or the edge; an
    opponent stone is pulled next to ``p``.  Needs a square board.
    """
    n = position.graph.size
    if n is None:
        raise ValueError("1000-Volt-Go needs a square board")
    stones = position.stones
    x0, y0 = p % n, p // n
    moved = []
    for dx, dy in _DIRECTIONS:
        x, y = x0 + dx, y0 + dy
        while 0 <= x < n and 0 <= y < n and stones[y * n + x] == EMPTY:
            x, y = x + dx, y + dy
        if not (0 <= x < n and 0 <= y < n):
            continue  # no stone on this line
        q = y * n + x
        if stones[q] == colour:  # push away: on to the next stone or the edge
            while 0 <= x + dx < n and 0 <= y + dy < n and stones[(y + dy) * n + x + dx] == EMPTY:
                x, y = x + dx, y + dy
        else:  # pull in: nothing lies between, so it lands next to p
            x, y = x0 + dx, y0 + dy
        r = y * n + x
        if r != q:
            stones[r] = stones[q]
            stones[q] = EMPTY
            moved.append((q, r))
    return moved


class VoltGame(Game):
    """1000-Volt-Go on a square board (default 9x9, komi 5)."""

    name = "volt"
    title = "1000-Volt-Go"
    rule_names = {"hannover": "1000-Volt-Go"}
    territory_rules = frozenset()
    komi_by_rules = {}
    #: All dead stones must be captured during play: the board is counted as it stands.
    removes_dead_stones = False
    dead_stones: ClassVar[DeadStones] = "captured"  # dead stones must be captured during play
    default_size = 9
    default_komi = 5
    square_only = True

    def _place(self, p: int, colour: int) -> tuple[list[int], list[int]]:
        position = self.position
        position.stones[p] = colour
        moved = slide(position, p, colour)
        # Only groups on or next to a newly filled point can have lost their last liberty.
        nbrs = position.graph.neighbours
        near = {p, *nbrs[p]}
        for _, to in moved:
            near.add(to)
            near.update(nbrs[to])
        captured = position.remove_dead(near, opponent(colour))
        lost = position.remove_dead(near, colour)
        return captured, lost
