"""A round robin's crosstable, square: a row and a column for each player (by number), in each cell the
games of the row's player against the column's as OpenGotha's round-robin frame writes them (``+/w0``:
won, with White, handicap 0; ``!`` instead of ``/`` by default; two in a double round robin), with their
rounds; the diagonal holds the rounds the player rested (the bye). The page (:mod:`tournament.templatetags.standings_tags`)
and the PDF (:mod:`tournament.pdf.crosstable`) both read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .model import Row, Standings


@dataclass(frozen=True)
class SquareCell:
    kind: Literal["self", "game", "empty"]
    #: the games' codes (``+/w0``; separated by a space), made of digits and ``+-=?/!bw`` only
    codes: tuple[str, ...] = ()
    #: the rounds of the games, or on the diagonal the rounds of the player's byes
    rounds: tuple[int, ...] = ()


def square_cells(standings: Standings, row: Row) -> list[SquareCell]:
    """The row's cells, one for each player of the table (numbers 1..n)."""
    met: dict[int, list[tuple[int, str]]] = {}
    for c in row.cells:
        if c.kind == "game" and c.opponent_place is not None:
            sep = "!" if c.by_default else "/"
            met.setdefault(c.opponent_place, []).append((c.round, f"{c.outcome}{sep}{c.colour}{c.handicap}"))
    byes = tuple(c.round for c in row.cells if c.kind == "bye")
    cells = []
    for number in range(1, len(standings.rows) + 1):
        games = met.get(number, [])
        if number == row.number:
            cells.append(SquareCell("self", rounds=byes))
        elif games:
            cells.append(SquareCell("game", tuple(code for _r, code in games), tuple(r for r, _code in games)))
        else:
            cells.append(SquareCell("empty"))
    return cells
