"""The pairing sheet of a round: by table, then by player name.

Every word goes through Django's gettext: the sheet is in the language that
is active when it is drawn (the request's, or ``manage.py pdf --language``).
"""

from __future__ import annotations

from django.utils.formats import get_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from tournament.collation import person_key
from tournament.pdf.data import PairingSheet

from .grid import GridColumn, Section, render

#: pairing sheets hang on a wall: large type when there is room
SHEET_MAX_SIZE = 12.0


def komi_text(value: float) -> str:
    """A komi as the papers print it: no trailing zero, the language's decimal mark ("6,5", "7")."""
    return f"{value:g}".replace(".", get_format("DECIMAL_SEPARATOR"))


def title(sheet: PairingSheet) -> str:
    return _("%(tournament)s – Round %(round)s: %(discipline)s") % {
        "tournament": sheet.tournament,
        "round": sheet.round,
        "discipline": sheet.discipline,
    }


def pairing_text(sheet: PairingSheet) -> str:
    """The pairing's version as the sheet, the slips and the pages say it ("pairing 2"), or nothing."""
    return _("pairing %(n)s") % {"n": sheet.pairing_version} if sheet.pairing_version else ""


def sections(sheet: PairingSheet) -> list[Section]:
    # the version on every page's heading: the wall and the phones can be compared at a glance
    heading = " · ".join(x for x in (title(sheet), pairing_text(sheet)) if x)
    tables = len(sheet.tables)
    subtitle = " · ".join(
        x
        for x in (
            sheet.discipline_kind,
            f"{sheet.board_size}×{sheet.board_size}",
            sheet.date,
            ngettext("%(n)s table", "%(n)s tables", tables) % {"n": tables},
        )
        if x
    )
    black, white = _("Black"), _("White")
    places = any(t.place for t in sheet.tables)  # the hall plan: where each table is
    where = [GridColumn(_("Where"), shrink=True)] if places else []
    by_table = [
        [str(t.table)]
        + ([t.place] if places else [])
        + [
            t.black.name,
            t.black.rank,
            t.black.club,
            t.white.name,
            t.white.rank,
            t.white.club,
            str(t.handicap) if t.handicap else "",
        ]
        + ([komi_text(t.komi)] if sheet.komi else [])
        + [t.result or ""]
        for t in sorted(sheet.tables, key=lambda t: t.table)
    ]
    rank, club = _("Rank"), _("Club")
    table_columns = (
        [GridColumn(_("Table"), "right"), *where]
        + [
            GridColumn(black, shrink=True),
            GridColumn(rank, "right"),
            GridColumn(club, shrink=True),
            GridColumn(white, shrink=True),
            GridColumn(rank, "right"),
            GridColumn(club, shrink=True),
            # TRANSLATORS: short column header for the handicap
            GridColumn(pgettext("column", "Hc"), "right"),
        ]
        + ([GridColumn(_("Komi"), "right")] if sheet.komi else [])
        + [
            # room to write the result in by hand
            GridColumn(_("Result") + " " * 14),
        ]
    )
    # who does not play, below the games (in a round of byes alone, the only lines): the sheet on the wall
    # answers "where do I play?" for everybody
    not_playing = ((sheet.byes, _("bye")), (sheet.absent, _("absent")), (sheet.withdrawn, _("withdrawn")))
    empty = [""] * (len(table_columns) - 5 - len(where))
    for players, why in not_playing:
        by_table += [["–", *[""] * len(where), p.name, p.rank, p.club, f"({why})", *empty] for p in players]
    entries = []
    for t in sheet.tables:  # each player of a Pair Go or Rengo side finds the side's table
        entries += [(p, t, black, t.white) for p in t.black.members or (t.black,)]
        entries += [(p, t, white, t.black) for p in t.white.members or (t.white,)]
    # not playing this round
    for players, why in not_playing:
        entries += [(p, None, why, None) for p in players]
    entries.sort(key=lambda e: person_key(e[0]))
    by_name = [
        [p.name, p.rank, p.club, str(t.table) if t else "–"]
        + ([t.place if t else ""] if places else [])
        + [colour, opp.name if opp else "", opp.rank if opp else ""]
        for p, t, colour, opp in entries
    ]
    name_columns = [
        GridColumn(_("Name"), shrink=True),
        GridColumn(rank, "right"),
        GridColumn(club, shrink=True),
        GridColumn(_("Table"), "right"),
        *where,
        GridColumn(_("Colour")),
        GridColumn(_("Opponent"), shrink=True),
        GridColumn(rank, "right"),
    ]
    return [
        *_by_match(sheet, heading, subtitle),
        Section(
            title=heading,
            subtitle=subtitle + " · " + _("by table"),
            columns=table_columns,
            rows=by_table,
            max_size=SHEET_MAX_SIZE,
        ),
        Section(
            title=heading,
            subtitle=subtitle + " · " + _("by name"),
            columns=name_columns,
            rows=by_name,
            orientation="portrait",
            max_size=SHEET_MAX_SIZE,
        ),
    ]


def _by_match(sheet: PairingSheet, heading: str, subtitle: str) -> list[Section]:
    """A team round's matches, board by board: the match's number and teams (the first with White on
    board 1), each board's number, table, players with their colours and ranks, handicap (and komi),
    room for the result; the team with the bye below (none for an individual round)."""
    if not sheet.matches and not sheet.team_byes:
        return []
    games = {t.table: t for t in sheet.tables}
    rows = []
    for m in sorted(sheet.matches, key=lambda m: m.table):
        for n, (board, table) in enumerate(m.boards):
            game = games.get(table)
            rows.append(
                [
                    str(m.table) if n == 0 else "",
                    f"{m.team1} – {m.team2}" if n == 0 else "",
                    str(board),
                    str(table),
                    game.black.name if game else "",
                    game.black.rank if game else "",
                    game.white.name if game else "",
                    game.white.rank if game else "",
                    str(game.handicap) if game and game.handicap else "",
                ]
                + ([komi_text(game.komi) if game else ""] if sheet.komi else [])
                + [(game.result or "") if game else ""]
            )
    for name in sheet.team_byes:
        rows.append(["–", f"{name} ({_('bye')})"] + [""] * (8 + bool(sheet.komi)))
    rank = _("Rank")
    columns = [
        GridColumn(_("Match"), "right"),
        GridColumn(_("Teams"), shrink=True),
        GridColumn(_("Board"), "right"),
        GridColumn(_("Table"), "right"),
        GridColumn(_("Black"), shrink=True),
        GridColumn(rank, "right"),
        GridColumn(_("White"), shrink=True),
        GridColumn(rank, "right"),
        GridColumn(pgettext("column", "Hc"), "right"),
        *([GridColumn(_("Komi"), "right")] if sheet.komi else []),
        GridColumn(_("Result") + " " * 14),
    ]
    return [
        Section(
            title=heading,
            subtitle=subtitle + " · " + _("by match"),
            columns=columns,
            rows=rows,
            max_size=SHEET_MAX_SIZE,
        )
    ]


def pairings_pdf(sheet: PairingSheet) -> bytes:
    return render(sections(sheet), title=title(sheet), footer=f"{sheet.tournament} · Vielseitig")
