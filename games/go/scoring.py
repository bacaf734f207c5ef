"""Counting at the end of a game: area, territory and Keima-Go scoring.

The functions here count the board they are given: every stone on it is
alive.  In Keima-Go and 1000-Volt-Go that is the rule (dead stones must be
captured during play, ``RULES.md``); in Go the dead stones the players
agreed on are removed first (:mod:`games.go.marks`,
:meth:`games.go.game.Game.owners`), and the points they marked neutral
count for nobody.

- :func:`territory_owner` (Go, 1000-Volt-Go): for each point, the colour it
  counts for: its stone's, or for an empty point the one colour that
  borders its empty region (connected set of empty points); ``EMPTY`` for
  a region that touches both colours or none.
- :func:`keima_owner` (Keima-Go): an empty *point* counts for the colour of
  its orthogonal neighbours if they hold stones of that colour only.
- :func:`count_points`: the count from such a map: area (``chinese``, and
  the Hannover games: stones plus the points counted for a colour) or
  territory (``japanese``: the empty points counted for a colour, plus the
  stones the colour captured during play and the opponent's dead stones).
- :func:`area_score` and :func:`keima_score`: the area and Keima counts
  of a board as it stands.

All return ``(black, white)`` without komi.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.go.position import BLACK, EMPTY, WHITE, Position

__all__ = ["area_score", "keima_score", "territory_owner", "keima_owner", "count_points"]


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


def keima_owner(position: Position) -> list[int]:
    """For each point, the colour it counts for under Keima-Go scoring (``EMPTY`` if neutral)."""
    stones, nbrs = position.stones, position.graph.neighbours
    owner = list(stones)
    for p, c in enumerate(stones):
        if c != EMPTY:
            continue
        touches = 0
        for q in nbrs[p]:
            touches |= stones[q]
        if touches in (BLACK, WHITE):
            owner[p] = touches
    return owner


def keima_score(position: Position) -> tuple[int, int]:
    """``(black, white)``: stones plus empty points whose neighbours are of one colour only."""
    owner = keima_owner(position)
    return owner.count(BLACK), owner.count(WHITE)


def count_points(
    owner: Sequence[int],
    position: Position,
    *,
    territory: bool = False,
    prisoners: tuple[int, int] = (0, 0),
    dead: tuple[int, int] = (0, 0),
) -> tuple[int, int]:
    """``(black, white)`` from ``owner`` (what each point of ``position`` counts for).

    Area (``territory`` false): every point counted for a colour, its
    stones included.  Territory: the *empty* points counted for a colour,
    plus the opponent's stones it captured during play (``prisoners``,
    black's then white's) and the opponent's stones removed as ``dead``
    (black stones, white stones).
    """
    if not territory:
        return owner.count(BLACK), owner.count(WHITE)
    stones = position.stones
    points = [0, 0, 0]
    for q, c in enumerate(owner):
        if not stones[q]:
            points[c] += 1
    return points[BLACK] + prisoners[0] + dead[1], points[WHITE] + prisoners[1] + dead[0]
