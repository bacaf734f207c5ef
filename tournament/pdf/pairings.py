"""The pairing sheet of a round: by table, then by player name."""

from __future__ import annotations

from tournament.pdf.data import PairingSheet

from .grid import GridColumn, Section, render


def _komi(value: float) -> str:
    return f"{value:g}"


def sections(sheet: PairingSheet) -> list[Section]:
    title = f"{sheet.tournament} – Round {sheet.round}: {sheet.discipline}"
    subtitle = " · ".join(x for x in (
        sheet.discipline_kind, f"{sheet.board_size}×{sheet.board_size}", sheet.date,
        f"{len(sheet.tables)} tables",
    ) if x)
    by_table = [
        [str(t.table), t.black.name, t.black.rank, t.black.club,
         t.white.name, t.white.rank, t.white.club,
         str(t.handicap) if t.handicap else "", _komi(t.komi), sheet.discipline, t.result or ""]
        for t in sorted(sheet.tables, key=lambda t: t.table)
    ]
    table_columns = [
        GridColumn("Table", "right"),
        GridColumn("Black", shrink=True), GridColumn("Rank", "right"), GridColumn("Club", shrink=True),
        GridColumn("White", shrink=True), GridColumn("Rank", "right"), GridColumn("Club", shrink=True),
        GridColumn("Hc", "right"), GridColumn("Komi", "right"),
        GridColumn("Discipline", shrink=True),
        GridColumn("Result            "),
    ]
    entries = []
    for t in sheet.tables:
        entries.append((t.black, str(t.table), "Black", t.white))
        entries.append((t.white, str(t.table), "White", t.black))
    for p in sheet.byes:
        entries.append((p, "–", "bye", None))
    entries.sort(key=lambda e: (e[0].surname.casefold(), e[0].given_name.casefold()))
    by_name = [
        [p.name, p.rank, p.club, table, colour, opp.name if opp else "", opp.rank if opp else ""]
        for p, table, colour, opp in entries
    ]
    name_columns = [
        GridColumn("Name", shrink=True), GridColumn("Rank", "right"), GridColumn("Club", shrink=True),
        GridColumn("Table", "right"), GridColumn("Colour"),
        GridColumn("Opponent", shrink=True), GridColumn("Rank", "right"),
    ]
    return [
        Section(title=title, subtitle=subtitle + " · by table", columns=table_columns,
                rows=by_table),
        Section(title=title, subtitle=subtitle + " · by name", columns=name_columns,
                rows=by_name, orientation="portrait"),
    ]


def pairings_pdf(sheet: PairingSheet) -> bytes:
    return render(sections(sheet), title=f"{sheet.tournament} round {sheet.round}",
                  footer=f"{sheet.tournament} · Vielseitig")
