"""A team tournament's team standings and team crosstable as PDF sections (in the active language).

The standings: place, team, the team criteria (OpenGotha's short names, e.g. ``TP``, ``BDW``), as
OpenGotha's "Teams standings" print. The crosstable: a round each, as ``3+ 2½:½`` (against the team of
row 3, the match won, the board points of either side; ``=`` drawn, ``-`` lost; ``0+ 3:0`` a bye,
``–`` no match), then the criteria. The team table comes before the players' in either document.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.standings.team_table import TeamTable

from .grid import GridColumn, Section


def _subtitle(table: TeamTable) -> str:
    last = table.rounds[-1] if table.rounds else 0
    return _("after round %(last)s (%(n)s rounds)") % {"last": last, "n": len(table.rounds)}


def _criteria_columns(table: TeamTable) -> list[GridColumn]:
    return [GridColumn(short, "right") for short, _words in table.columns]


def _key(table: TeamTable) -> str:
    """The columns in words, one line: the first boards' columns (``B3U``, ``B2U``...) said once."""
    parts, first_boards = [], []
    for name, (short, words) in zip(table.criteria, table.columns):
        if re.fullmatch(r"BDW\dU", name):
            if not first_boards:
                parts.append("")  # its place in the line
            first_boards.append(short)
        else:
            parts.append(f"{short}: {words}")
    if first_boards:
        together = _("%(columns)s: board wins of the first n boards") % {"columns": ", ".join(first_boards)}
        parts[parts.index("")] = together
    return " · ".join(parts)


def team_standings_section(table: TeamTable, tournament: str = "") -> Section:
    columns = [
        GridColumn(pgettext("column", "Pl"), "right"),
        GridColumn(_("Team name"), shrink=True),
        *_criteria_columns(table),
    ]
    rows = [[row.place, row.name, *row.values] for row in table.rows]
    title = _("%(tournament)s – Team standings") % {"tournament": tournament} if tournament else _("Team standings")
    return Section(title=title, subtitle=_subtitle(table), columns=columns, rows=rows, note=_key(table))


def team_crosstable_section(table: TeamTable, tournament: str = "") -> Section:
    columns = [
        GridColumn("#", "right"),
        GridColumn(pgettext("column", "Pl"), "right"),
        GridColumn(_("Team name"), shrink=True),
        *[GridColumn(pgettext("column", "R%(n)s") % {"n": n}, "center") for n in table.rounds],
        *_criteria_columns(table),
    ]
    rows = [[str(row.number), row.place, row.name, *[c.code for c in row.cells], *row.values] for row in table.rows]
    title = _("%(tournament)s – Team crosstable") % {"tournament": tournament} if tournament else _("Team crosstable")
    return Section(
        title=title,
        subtitle=_subtitle(table),
        columns=columns,
        rows=rows,
        orientation="landscape",
        note=team_crosstable_key(),
    )


def team_crosstable_key() -> str:
    return _(
        "3+ 2½:½: against the team of row 3, the match won, 2½ boards to ½; = drawn, - lost; 0+ 3:0 a bye; – no match."
    )
