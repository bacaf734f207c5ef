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
from tournament.standings.square import square_cells
from tournament.standings.team_table import TeamTable
from tournament.standings_words import bye_rounds, column_header, heading, rounds_line

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
            [str(r.number), standings.place_text(r), e.name, rank_text(e.rank), e.club]
            + [c.code for c in r.cells]
            + list(standings.display_values(r))
        )
    title, subtitle = heading(standings, tournament, _("Crosstable"))
    return Section(
        title=title, subtitle=subtitle, columns=columns, rows=rows, orientation="landscape", note=rounds_line(standings)
    )


def square_section(standings: Standings, tournament: str = "") -> Section:
    """A round robin's crosstable, square as its page (:mod:`tournament.standings.square`): a column for
    each player by number, the games' codes in the cells, the byes' rounds on the diagonal."""
    columns = [
        GridColumn("#", "right"),
        GridColumn(pgettext("column", "Pl"), "right"),
        GridColumn(_("Name"), shrink=True),
        GridColumn(_("Rank"), "right"),
    ]
    columns += [GridColumn(str(r.number), "center") for r in standings.rows]
    columns += [GridColumn(column_header(c), "right") for c in standings.columns]
    rows = []
    for r in standings.rows:
        cells = [bye_rounds(c.rounds) if c.kind == "self" else " ".join(c.codes) for c in square_cells(standings, r)]
        rows.append(
            [str(r.number), standings.place_text(r), r.entrant.name, rank_text(r.entrant.rank), *cells]
            + list(standings.display_values(r))
        )
    title, subtitle = heading(standings, tournament, _("Crosstable"))
    return Section(
        title=title, subtitle=subtitle, columns=columns, rows=rows, orientation="landscape", note=rounds_line(standings)
    )


def crosstable_pdf(
    standings: Standings,
    tournament: str = "",
    teams: TeamTable | None = None,
    players: bool = True,
    square: bool = False,
) -> bytes:
    """The crosstable; a team tournament's team crosstable (``teams``) first; without the players'
    (``players`` False: Pair Go, Rengo) the team crosstable alone; ``square``: a round robin's, one
    column for each player as its page."""
    if square:
        key = _(
            "Each player against each, read along the row: +/w0 won, with White, handicap 0; ! instead of / "
            "when decided by default; the byes on the diagonal."
        )
    else:
        key = _(
            "12+/w0: against number 12, won, with White, handicap 0; ! instead of / when "
            "decided by default; 0+, 0=, 0- without a game."
        )
    draw = square_section if square else section
    sections = [draw(standings, tournament)] if players else []
    if teams is not None:
        sections.insert(0, team_crosstable_section(teams, tournament))
    if not sections:  # no round counts yet
        sections = [draw(replace(standings, rows=()), tournament)]
    return render(
        sections,
        title=_("%(tournament)s – Crosstable") % {"tournament": tournament},
        footer=f"{tournament} · Vielseitig" + (f" · {key}" if players else ""),  # the key reads the players' table
    )
