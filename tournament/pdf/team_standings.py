"""A team tournament's team standings and team crosstable as PDF sections (in the active language).

The standings: place, team, the team criteria (OpenGotha's short names, e.g. ``TP``, ``BDW``), as
OpenGotha's "Teams standings" print. The crosstable: a round each, as ``3+ 2½:½`` (against the team of
row 3, the match won, the board points of either side; ``=`` drawn, ``-`` lost; ``0+ 3:0`` a bye,
``–`` no match), then the criteria. The team table comes before the players' in either document.
Pair Go's and Rengo's sides are ranked by the players' criteria and their rounds written as a player's
(``2+``); the words speak of pairs (or sides of three): :func:`tournament.standings_words.team_words`.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.standings.team_table import TeamTable
from tournament.standings_words import frozen_note, team_words

from .grid import GridColumn, Section


def _subtitle(table: TeamTable) -> str:
    last = table.rounds[-1] if table.rounds else 0
    text = _("after round %(last)s (%(n)s rounds)") % {"last": last, "n": len(table.rounds)}
    frozen = frozen_note(table)
    return f"{text} · {frozen}" if frozen else text


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


def _title(what: str, tournament: str) -> str:
    return _("%(tournament)s – %(what)s") % {"tournament": tournament, "what": what} if tournament else what


def team_standings_section(table: TeamTable, tournament: str = "") -> Section:
    words = team_words(table.side_size)
    columns = [
        GridColumn(pgettext("column", "Pl"), "right"),
        GridColumn(words["name"], shrink=True),
        *_criteria_columns(table),
    ]
    rows = [[row.place, row.name, *row.values] for row in table.rows]
    title = _title(words["standings"], tournament)
    return Section(title=title, subtitle=_subtitle(table), columns=columns, rows=rows, note=_key(table))


def team_crosstable_section(table: TeamTable, tournament: str = "") -> Section:
    words = team_words(table.side_size)
    columns = [
        GridColumn("#", "right"),
        GridColumn(pgettext("column", "Pl"), "right"),
        GridColumn(words["name"], shrink=True),
        *[GridColumn(pgettext("column", "R%(n)s") % {"n": n}, "center") for n in table.rounds],
        *_criteria_columns(table),
    ]
    rows = [[str(row.number), row.place, row.name, *[c.code for c in row.cells], *row.values] for row in table.rows]
    return Section(
        title=_title(words["crosstable"], tournament),
        subtitle=_subtitle(table),
        columns=columns,
        rows=rows,
        orientation="landscape",
        note=words["key"],
    )
