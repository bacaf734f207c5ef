"""Counting at the end of a game: area scoring and Keima-Go scoring.

Both count every stone on the board as alive: in Keima-Go and 1000-Volt-Go
dead stones must be captured during play (``RULES.md``), and for plain Go
the validator does not judge life and death.

- :func:`area_score` (Go, 1000-Volt-Go; Chinese counting): a colour's stones
  plus every empty region (connected set of empty points) that touches
  stones of that colour only.
- :func:`keima_score` (Keima-Go): a colour's stones plus every empty *point*
  whose orthogonal neighbours hold stones of that colour only; an empty
  point with neighbours of both colours, or of none, is neutral.

Both return ``(black, white)`` without komi.
"""

from __future__ import annotations

from games.go.position import BLACK, EMPTY, WHITE, Position

__all__ = ["area_score", "keima_score", "territory_owner"]


def territory_owner(position: Position) -> list[int]:
    """For each point, the colour it counts for under area scoring (``EMPTY`` if neutral)."""
    stones, nbrs = position.stones, position.graph.neighbours
    owner = list(stones)
    seen = bytearray(len(stones))
    for start, c in enumerate(stones):
        if c != EMPTY or seen[start]:
            continue
        region = [start]
        seen[start] = 1
        touches = 0  # bit 1: black, bit 2: white
        i = 0
        while i < len(region):
            q = region[i]
            i += 1
            for r in nbrs[q]:
                cr = stones[r]
                if cr == EMPTY:
                    if not seen[r]:
                        seen[r] = 1
                        region.append(r)
                else:
                    touches |= cr
        if touches in (BLACK, WHITE):
            for q in region:
                owner[q] = touches
    return owner


def area_score(position: Position) -> tuple[int, int]:
    """``(black, white)``: stones plus empty regions bordered by one colour only."""
    owner = territory_owner(position)
    return owner.count(BLACK), owner.count(WHITE)


def keima_score(position: Position) -> tuple[int, int]:
    """``(black, white)``: stones plus empty points whose neighbours are of one colour only."""
    stones, nbrs = position.stones, position.graph.neighbours
    score = [0, 0, 0]
    for p, c in enumerate(stones):
        if c != EMPTY:
            score[c] += 1
            continue
        touches = 0
        for q in nbrs[p]:
            touches |= stones[q]
        if touches in (BLACK, WHITE):
            score[touches] += 1
    return score[BLACK], score[WHITE]
