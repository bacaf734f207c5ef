"""The team standings and crosstable as plain data (:class:`TeamTable`): what the site's selector
(:func:`tournament.selectors.team_standings.team_table`) fills and the pages, PDFs, CSV and API show."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass


@dataclass(frozen=True)
class TeamCell:
    """A team's round: the opponent's row number (0: a bye or no match), the board points of either
    side (twice the wins), the team points (2, 1, 0); ``played``: a match or a bye."""

    round: int
    opponent: int
    opponent_name: str
    opponent_number: int
    own_x2: int
    other_x2: int
    team_points: int
    bye: bool = False
    played: bool = True
    #: Written with the board points (a team's match); a pair's (Pair Go, Rengo: one game) as a player's.
    boards: bool = True

    @property
    def sign(self) -> str:
        return {2: "+", 1: "="}.get(self.team_points, "-")

    @property
    def code(self) -> str:
        """As the crosstable writes it: ``3+ 2½:½`` (row 3 met, won, the board points); ``0+ 3:0``
        for a bye; ``–`` without a match."""
        return self._written(self.opponent)

    @property
    def team_code(self) -> str:
        """The same naming the opponent by its team number, as the CSV and the API do (``4+ 2½:½``: team 4
        met); a bye ``0+ 3:0``."""
        return self._written(self.opponent_number)

    def _written(self, opponent: int) -> str:
        if not self.played:
            return "–"
        if not self.boards:  # one game: "2+", "0+" a bye, as the players' crosstable writes it
            return f"{opponent}{self.sign}"
        return f"{opponent}{self.sign} {halves(self.own_x2)}:{halves(self.other_x2)}"


@dataclass(frozen=True)
class TeamLine:
    """A team's row: its row number (the order of the table), its place as OpenGotha prints it ("" when
    tied with the row above), its shared place, OpenGotha's team number, its name, the criteria's values
    as written (board points in halves), the raw values, a cell a round."""

    number: int
    place: str
    shared_place: int
    team_number: int
    name: str
    values: tuple[str, ...]
    raw: tuple[int, ...]
    cells: tuple[TeamCell, ...]
    #: The values as numbers (board wins in halves), for machines (the JSON API).
    numbers: tuple[int | float | None, ...] = ()


@dataclass(frozen=True)
class TeamTable:
    """The criteria (OpenGotha's names), their columns (short name, words), the rounds counted (1..after),
    the rows best first; ``side_size``: the players of a side of Pair Go or Rengo (2, 3), whose table
    ranks the sides by the players' criteria, or 1 for a team tournament's teams."""

    criteria: tuple[str, ...]
    columns: tuple[tuple[str, str], ...]
    rounds: tuple[int, ...]
    rows: tuple[TeamLine, ...]
    boards: int
    side_size: int = 1
    #: When the director froze the table (:mod:`tournament.standings.frozen`); None: as the results are.
    frozen_at: dt.datetime | None = None


def halves(x2: int) -> str:
    """Twice a number of points as the standings write it: ``2½``, ``½``, ``3``."""
    whole, half = divmod(x2, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"
