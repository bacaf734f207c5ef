"""The standings as a PDF: place, player, rank, club, the chosen criteria."""

from __future__ import annotations

from tournament.ranks import format_rank
from tournament.standings.model import Standings

from .grid import GridColumn, Section, render

_RANKS: dict[int, str] = {}


def rank_text(rank: int) -> str:
    try:
        return _RANKS[rank]
    except KeyError:
        try:
            text = format_rank(rank)
        except ValueError:
            text = str(rank)
        _RANKS[rank] = text
        return text


def player_columns() -> list[GridColumn]:
    return [
        GridColumn("Pl", "right"),
        GridColumn("Name", shrink=True),
        GridColumn("Rank", "right"),
        GridColumn("Club", shrink=True),
        GridColumn("Co", "center"),
    ]


def player_cells(row) -> list[str]:
    e = row.entrant
    return [row.place_display, e.name, rank_text(e.rank), e.club, e.country]


def heading(standings: Standings, tournament: str, what: str) -> tuple[str, str]:
    scope = standings.title or "overall"
    title = f"{tournament} – {what} ({scope})" if tournament else f"{what} ({scope})"
    rounds = standings.rounds
    subtitle = f"after round {rounds[-1]} ({len(rounds)} rounds)" if rounds else "no round played yet"
    if standings.mode != "total" and not standings.title:
        subtitle += f" · overall ranking: {standings.mode}"
    return title, subtitle


def section(standings: Standings, tournament: str = "") -> Section:
    columns = player_columns() + [GridColumn(c.header, "right") for c in standings.columns]
    rows = [player_cells(r) + list(r.values) for r in standings.rows]
    title, subtitle = heading(standings, tournament, "Standings")
    return Section(title=title, subtitle=subtitle, columns=columns, rows=rows)


def standings_pdf(standings: Standings, tournament: str = "") -> bytes:
    return render([section(standings, tournament)], title=f"{tournament} standings",
                  footer=f"{tournament} · Vielseitig")
