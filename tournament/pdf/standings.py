"""The standings as a PDF: place, player, rank, club, the chosen criteria
(in the active language)."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.pairing.categories import Category
from tournament.ranks import format_rank
from tournament.standings.model import Standings
from tournament.standings.team_table import TeamTable
from tournament.standings_words import category_name, column_header, heading, rounds_line

from .grid import GridColumn, Section, render
from .team_standings import team_standings_section

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
        # TRANSLATORS: short column header: place
        GridColumn(pgettext("column", "Pl"), "right"),
        GridColumn(_("Name"), shrink=True),
        GridColumn(_("Rank"), "right"),
        GridColumn(_("Club"), shrink=True),
        # TRANSLATORS: short column header: country
        GridColumn(pgettext("column", "Co"), "center"),
    ]


def player_cells(row) -> list[str]:
    e = row.entrant
    return [row.place_display, e.name, rank_text(e.rank), e.club, e.country]


def section(standings: Standings, tournament: str = "", category: Category | None = None) -> Section:
    """The table; with ``category`` that category's rows alone (the categories ranked apart)."""
    columns = player_columns()
    if standings.categories:
        # TRANSLATORS: short column header: the rank category (A, B, ...)
        columns.insert(3, GridColumn(pgettext("column", "Cat"), "center"))
    columns += [GridColumn(column_header(c), "right") for c in standings.shown_columns()]
    chosen = [r for r in standings.rows if category is None or r.category == category.number]
    rows = [_cells(standings, r) + list(standings.shown_values(r)) for r in chosen]
    what = _("Standings") if category is None else f"{_('Standings')} {category_name(category)}"
    title, subtitle = heading(standings, tournament, what)
    return Section(title=title, subtitle=subtitle, columns=columns, rows=rows, note=rounds_line(standings))


def _cells(standings: Standings, row) -> list[str]:
    """The place (within the category when they are ranked apart), the player, the category column."""
    cells = player_cells(row)
    cells[0] = standings.place_text(row)
    if standings.categories:
        cells.insert(3, standings.category_text(row))
    return cells


def not_playing_section(standings: Standings) -> Section | None:
    """Registered players without a game or a bye: listed apart, as OpenGotha leaves them out."""
    if not standings.not_playing:
        return None
    columns = player_columns()[1:]
    rows = [[e.name, rank_text(e.rank), e.club, e.country] for e in standings.not_playing]
    return Section(title=_("Registered, without a game yet"), columns=columns, rows=rows)


def standings_pdf(
    standings: Standings, tournament: str = "", teams: TeamTable | None = None, players: bool = True
) -> bytes:
    """The standings; a team tournament's team table (``teams``) first; without the players' (``players``
    False: Pair Go, Rengo) the team table alone."""
    if not players:
        sections = [team_standings_section(teams, tournament)] if teams is not None else []
        return render(
            sections or [section(replace(standings, rows=(), not_playing=()), tournament)],
            title=_("%(tournament)s – Standings") % {"tournament": tournament},
            footer=f"{tournament} · Vielseitig",
        )
    if standings.ranked_by_category:
        sections = [section(standings, tournament, c) for c, rows in standings.by_category() if rows]
        sections = sections or [section(standings, tournament)]
    else:
        sections = [section(standings, tournament)]
    apart = not_playing_section(standings)
    if apart is not None:
        sections.append(apart)
    if teams is not None:
        sections.insert(0, team_standings_section(teams, tournament))
    return render(
        sections,
        title=_("%(tournament)s – Standings") % {"tournament": tournament},
        footer=f"{tournament} · Vielseitig",
    )
