"""A round robin's whole schedule on paper: every round with its tables and its bye, then one line a
player with the opponent of each round (``5w``: against number 5 with White, ``5b`` with Black, ``–``:
the bye) for the notice board and the players' pockets.

Every word goes through Django's gettext, in the language active when it is drawn.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from tournament.pdf.data import RobinSchedule

from .grid import GridColumn, Section, render
from .pairings import SHEET_MAX_SIZE


def title(schedule: RobinSchedule) -> str:
    return _("%(tournament)s – Round-robin schedule") % {"tournament": schedule.tournament}


def _subtitle(schedule: RobinSchedule) -> str:
    players = len(schedule.players)
    rounds = len(schedule.rounds)
    return " · ".join(
        (
            ngettext("%(n)s player", "%(n)s players", players) % {"n": players},
            ngettext("%(n)s round", "%(n)s rounds", rounds) % {"n": rounds},
        )
    )


def by_round(schedule: RobinSchedule) -> Section:
    """Round by round: the round (its start, its discipline) on its first line, each table's players
    (Black first, as every list of the site), the handicap, the result where there is one; the bye last."""
    names = [f"{n}. {p.name} ({p.rank})" for n, p in enumerate(schedule.players, 1)]
    rows = []
    for r in schedule.rounds:
        head = [str(r.number), r.date, r.discipline]
        lines = [
            [str(g.table), names[g.black - 1], names[g.white - 1], str(g.handicap) if g.handicap else "", g.result]
            for g in r.games
        ]
        lines += [["–", names[n - 1], f"({_('bye')})", "", ""] for n in r.byes]
        for i, line in enumerate(lines):
            rows.append((head if i == 0 else ["", "", ""]) + line)
    columns = [
        GridColumn(_("Round"), "right"),
        GridColumn(_("Start"), shrink=True),
        GridColumn(_("Discipline"), shrink=True),
        GridColumn(_("Table"), "right"),
        GridColumn(_("Black"), shrink=True),
        GridColumn(_("White"), shrink=True),
        GridColumn(pgettext("column", "Hc"), "right"),
        GridColumn(_("Result")),
    ]
    return Section(
        title=title(schedule),
        subtitle=_subtitle(schedule) + " · " + _("by round"),
        columns=columns,
        rows=rows,
        orientation="portrait",
        max_size=SHEET_MAX_SIZE,
    )


def by_player(schedule: RobinSchedule) -> Section:
    """One line a player (by number, as the first section numbers them): each round's opponent and colour."""
    rounds = [r.number for r in schedule.rounds]
    white, black = pgettext("colour, one letter", "w"), pgettext("colour, one letter", "b")
    cells: dict[int, dict[int, str]] = {n: {} for n in range(1, len(schedule.players) + 1)}
    for r in schedule.rounds:
        for g in r.games:
            cells[g.black][r.number] = f"{g.white}{black}"
            cells[g.white][r.number] = f"{g.black}{white}"
        for n in r.byes:
            cells[n][r.number] = "–"
    rows = [
        [str(n), p.name, p.rank] + [cells[n].get(number, "") for number in rounds]
        for n, p in enumerate(schedule.players, 1)
    ]
    columns = [GridColumn("#", "right"), GridColumn(_("Name"), shrink=True), GridColumn(_("Rank"), "right")]
    columns += [GridColumn(pgettext("column", "R%(n)s") % {"n": n}, "center") for n in rounds]
    return Section(
        title=title(schedule),
        subtitle=_subtitle(schedule) + " · " + _("by player"),
        columns=columns,
        rows=rows,
        max_size=SHEET_MAX_SIZE,
        note=_("5w: against number 5 with White; 5b: with Black; –: the bye."),
    )


def schedule_pdf(schedule: RobinSchedule) -> bytes:
    return render(
        [by_round(schedule), by_player(schedule)], title=title(schedule), footer=f"{schedule.tournament} · Vielseitig"
    )
