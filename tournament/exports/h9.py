"""The EGD results file ("h9"), written from plain standings data.

Format (EGF rating system, as OpenGotha writes it)::

    ; CL[A]
    ; EV[Hannover Vielseitigkeitsturnier]
    ; PC[DE, Hannover]
    ; DT[2026-05-01,2026-05-02]
    ; HA[h9]
    ; KM[6.5]
    ; TM[60]
    ;
    1 Surname Firstname  3d DE Hann  35  163  12+/w0  3-/b2  0+  |12345678

One line per player with a unique place (the row number: places shared in
the standings are broken by rank and name), names in ASCII (the player's
name in Latin letters where one is given, ``Player.surname_latin`` and
``given_name_latin``; otherwise the name transliterated, umlauts as ae, oe, ue), the club cut to
four characters, the criteria columns, one entry per round -- opponent's
place, ``+``/``-``/``=``, ``/`` colour and handicap -- and the EGD PIN after
``|``.  Rounds without a game are ``0+``, ``0=`` or ``0-`` by the points the
player got; a game decided by default was not played, so it is written the
same way (``0+`` for the winner, ``0-`` for the loser) and not rated.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from tournament.ranks import format_rank
from tournament.standings.model import Cell, Standings

_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
                         "ß": "ss", "æ": "ae", "Æ": "Ae", "ø": "o", "Ø": "O", "ł": "l",
                         "Ł": "L", "đ": "d", "Đ": "D", "þ": "th"})


def ascii_text(text: str) -> str:
    """German-style transliteration, accents dropped, anything else removed."""
    text = text.translate(_GERMAN)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if ord(ch) < 128 and not unicodedata.combining(ch))
    return re.sub(r"\s+", " ", text).strip()


def name_token(text: str) -> str:
    """A name part as one token: ASCII, inner spaces as underscores."""
    return ascii_text(text).replace(" ", "_")


@dataclass(frozen=True)
class H9Header:
    event: str
    place: str = ""
    country: str = ""
    start: str = ""  # YYYY-MM-DD
    end: str = ""
    tournament_class: str = "B"
    handicap: str = "h9"
    komi: str = ""
    time: str = ""
    comment: str = ""


def entry(cell: Cell) -> str:
    if cell.kind != "game" or cell.by_default or cell.opponent_place is None:
        return f"0{cell.outcome if cell.outcome in '+-=' else '-'}"
    outcome = cell.outcome if cell.outcome in "+-=" else "-"
    return f"{cell.opponent_place}{outcome}/{cell.colour}{cell.handicap}"


def write_h9(standings: Standings, header: H9Header) -> str:
    lines = [f"; CL[{header.tournament_class}]", f"; EV[{ascii_text(header.event)}]"]
    place = ", ".join(x for x in (header.country, ascii_text(header.place)) if x)
    if place:
        lines.append(f"; PC[{place}]")
    if header.start:
        lines.append(f"; DT[{header.start},{header.end or header.start}]")
    lines.append(f"; HA[{header.handicap}]")
    if header.komi:
        lines.append(f"; KM[{header.komi}]")
    if header.time:
        lines.append(f"; TM[{header.time}]")
    if header.comment:
        lines.append(f"; CM[{ascii_text(header.comment)}]")
    lines.append(";")
    rows = []
    for row in standings.rows:
        e = row.entrant
        surname = name_token(getattr(e, "surname_latin", "") or e.surname)
        given = name_token(getattr(e, "given_name_latin", "") or e.given_name)
        name = f"{surname} {given}".strip() or f"Player{e.id}"
        try:
            rank = format_rank(e.rank)
        except ValueError:
            rank = str(e.rank)
        club = name_token(e.club)[:4] or "-"
        rows.append([str(row.number), name, rank, e.country or "--", club, *row.values,
                     *(entry(c) for c in row.cells)])
    headers = ["Pl", "Name", "Rk", "Co", "Club", *(c.header for c in standings.columns),
               *(f"R{n}" for n in standings.rounds)]
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    right = {0} | set(range(5, 5 + len(standings.columns)))

    def fmt(cells: list[str]) -> str:
        return " ".join(c.rjust(w) if i in right else c.ljust(w)
                        for i, (c, w) in enumerate(zip(cells, widths)))

    lines.append("; " + fmt(headers).rstrip())
    for row, cells in zip(standings.rows, rows):
        pin = row.entrant.egd_pin
        text = fmt(cells)
        lines.append(f"{text}  |{pin}" if pin else text.rstrip())
    return "\n".join(lines) + "\n"
