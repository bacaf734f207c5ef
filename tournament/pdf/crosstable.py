"""The crosstable as a PDF: each round as ``12+/w0`` (opponent's number,
outcome, colour, handicap; ``!`` instead of ``/`` for a game decided by
default; ``0+``, ``0=``, ``0-`` without a game), then the criteria.

Opponents are referred to by their row number (the first column), which is
unique even where places are shared.
"""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.standings.model import Standings
from tournament.standings.team_table import TeamTable
from tournament.standings_words import column_header, heading, rounds_line

from .grid import GridColumn, Section, render
from .standings import rank_text
from .team_standings import team_crosstable_section


def section(standings: Standings, tournament: str = "") -> Section:
    columns = [
        GridColumn("#", "right"),
        GridColumn(pgettext("column", "Pl"), "right"),
        GridColumn(_("Name"), shrink=True),
        GridColumn(_("Rank"), "right"),
        GridColumn(_("Club"), shrink=True),
    ]
    # TRANSLATORS: column header: round number n
    columns += [GridColumn(pgettext("column", "R%(n)s") % {"n": n}, "center") for n in standings.rounds]
    columns += [GridColumn(column_header(c), "right") for c in standings.columns]
    rows = []
    for r in standings.rows:
        e = r.entrant
        rows.append(
            [str(r.number), r.place_display, e.name, rank_text(e.rank), e.club]
            + [c.code for c in r.cells]
            + list(r.values)
        )
    title, subtitle = heading(standings, tournament, _("Crosstable"))
    return Section(
        title=title, subtitle=subtitle, columns=columns, rows=rows, orientation="landscape", note=rounds_line(standings)
    )


def crosstable_pdf(
    standings: Standings, tournament: str = "", teams: TeamTable | None = None, players: bool = True
) -> bytes:
    """The crosstable; a team tournament's team crosstable (``teams``) first; without the players'
    (``players`` False: Pair Go, Rengo) the team crosstable alone."""
    key = _(
        "12+/w0: against number 12, won, with White, handicap 0; ! instead of / when "
        "decided by default; 0+, 0=, 0- without a game."
    )
    sections = [section(standings, tournament)] if players else []
    if teams is not None:
        sections.insert(0, team_crosstable_section(teams, tournament))
    if not sections:  # no round counts yet
        sections = [section(replace(standings, rows=()), tournament)]
    return render(
        sections,
        title=_("%(tournament)s – Crosstable") % {"tournament": tournament},
        footer=f"{tournament} · Vielseitig" + (f" · {key}" if players else ""),  # the key reads the players' table
    )
