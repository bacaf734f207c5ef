"""The crosstable as a PDF: each round as ``12+/w0`` (opponent's number,
outcome, colour, handicap; ``!`` instead of ``/`` for a game decided by
default; ``0+``, ``0=``, ``0-`` without a game), then the criteria.

Opponents are referred to by their row number (the first column), which is
unique even where places are shared.
"""

from __future__ import annotations

from tournament.standings.model import Standings

from .grid import GridColumn, Section, render
from .standings import heading, rank_text


def section(standings: Standings, tournament: str = "") -> Section:
    columns = [
        GridColumn("#", "right"),
        GridColumn("Pl", "right"),
        GridColumn("Name", shrink=True),
        GridColumn("Rank", "right"),
        GridColumn("Club", shrink=True),
    ]
    columns += [GridColumn(f"R{n}", "center") for n in standings.rounds]
    columns += [GridColumn(c.header, "right") for c in standings.columns]
    rows = []
    for r in standings.rows:
        e = r.entrant
        rows.append(
            [str(r.number), r.place_display, e.name, rank_text(e.rank), e.club]
            + [c.code for c in r.cells]
            + list(r.values)
        )
    title, subtitle = heading(standings, tournament, "Crosstable")
    return Section(title=title, subtitle=subtitle, columns=columns, rows=rows,
                   orientation="landscape")


def crosstable_pdf(standings: Standings, tournament: str = "") -> bytes:
    return render([section(standings, tournament)], title=f"{tournament} crosstable",
                  footer=f"{tournament} · Vielseitig · 12+/w0: opponent #12, won, White, "
                         "handicap 0 · ! by default")
