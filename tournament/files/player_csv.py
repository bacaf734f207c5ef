"""Reading a player list (CSV) as plain data: one player a line, the players of
:class:`~tournament.files.imported.ImportedTournament` (no tournament, rounds or games).

The delimiter is a comma, semicolon or tab; a first line naming the columns
(``surname``, ``Vorname``, ``EGD PIN`` ...) sets their order, otherwise the
order is :data:`CSV_COLUMNS`. The text is UTF-8 (with or without a byte order
mark), else Windows-1252 as spreadsheet programs write it. A file that is no
list at all is refused (:class:`PlayerListError`); a line that cannot be read
(too many columns, a rank that is none) is named in the result's ``problems``
with its number, and the writer (:mod:`tournament.services.file_import`) adds
what the site's rules say of each player, so that every problem of the file is
reported at once.
"""

from __future__ import annotations

import csv
import io

from django.utils.translation import gettext as _

from tournament.limits import FILE_PLAYERS
from tournament.ranks import parse_rank

from .imported import ImportedPlayer, ImportedTournament

__all__ = ["CSV_COLUMNS", "CSV_HEADERS", "PlayerListError", "read_player_csv"]

#: The columns of a player list, in this order when the file has no header.
CSV_COLUMNS = ["surname", "given_name", "club", "country", "rank", "egd_pin", "email"]

#: Header names understood (lower case, without spaces, dots, hyphens and underscores).
CSV_HEADERS = {
    "surname": "surname",
    "lastname": "surname",
    "familyname": "surname",
    "name": "surname",
    "nachname": "surname",
    "familienname": "surname",
    "givenname": "given_name",
    "firstname": "given_name",
    "forename": "given_name",
    "vorname": "given_name",
    "club": "club",
    "verein": "club",
    "city": "club",
    "ort": "club",
    "country": "country",
    "land": "country",
    "rank": "rank",
    "grade": "rank",
    "rang": "rank",
    "spielstärke": "rank",
    "spielstaerke": "rank",
    "egdpin": "egd_pin",
    "pin": "egd_pin",
    "egd": "egd_pin",
    "email": "email",
    "mail": "email",
}


class PlayerListError(ValueError):
    """The file is no player list; ``messages`` says why, one line per problem."""

    def __init__(self, messages: str | list[str]):
        self.messages = [messages] if isinstance(messages, str) else list(messages)
        super().__init__("; ".join(self.messages))


def _text(data: bytes | str) -> str:
    if isinstance(data, str):
        return data
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise PlayerListError(_("The file is not a text file (use UTF-8)."))


def _header_key(cell: str) -> str:
    return "".join(c for c in cell.strip().lower() if c not in " ._-")


def _rows(data: bytes | str) -> list[tuple[int, list[str]]]:
    """The lines with something in them, numbered as in the file, and the columns' names of each cell."""
    text = _text(data)
    if "\x00" in text:
        raise PlayerListError(_("The file is not a text file (use UTF-8)."))
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        raise PlayerListError(_("The file is empty."))
    if len(lines) > FILE_PLAYERS + 1:  # and a line naming the columns
        raise PlayerListError(_("The file has more than %(n)s lines.") % {"n": FILE_PLAYERS + 1})
    first = next(line for line in lines if line.strip())
    delimiter = max([",", ";", "\t"], key=first.count)
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True))
    except csv.Error as exc:
        raise PlayerListError(_("The file is not valid CSV: %(error)s") % {"error": exc}) from exc
    numbered = [(n, row) for n, row in enumerate(rows, start=1) if any(cell.strip() for cell in row)]
    if not numbered:  # only separators
        raise PlayerListError(_("The file has no players."))
    return numbered


def _rank(text: str, where: str) -> tuple[int | None, str | None]:
    """The rank of ``text`` and None, or None and why not."""
    field = _("Go rank")
    if not text:
        error = _("No rank: write 30k to 1k, 1d to 9d or 1p to 9p.")
    else:
        try:
            return parse_rank(text), None
        except ValueError:
            error = _("“%(text)s” is not a rank: write 30k to 1k, 1d to 9d or 1p to 9p.") % {"text": text[:20]}
    return None, _("%(where)s, %(field)s: %(error)s") % {"where": where, "field": field, "error": error}


def read_player_csv(data: bytes | str) -> ImportedTournament:
    """The players of a player list, each with its line (:attr:`~.imported.ImportedPlayer.line`), and the
    lines that cannot be read (``problems``); :class:`PlayerListError` for a file that is no list."""
    numbered = _rows(data)
    columns = CSV_COLUMNS
    header = [_header_key(cell) for cell in numbered[0][1]]
    if any(key in CSV_HEADERS for key in header) and "surname" in {CSV_HEADERS.get(k) for k in header}:
        columns = [CSV_HEADERS.get(key, "") for key in header]
        numbered = numbered[1:]
    if not numbered:
        raise PlayerListError(_("The file has no players."))
    players, problems = [], []
    for n, row in numbered:
        where = _("Line %(line)s") % {"line": n}
        if len(row) > len(columns) and any(cell.strip() for cell in row[len(columns) :]):
            problems.append(
                _("Line %(line)s: %(found)s columns, expected at most %(expected)s.")
                % {"line": n, "found": len(row), "expected": len(columns)}
            )
            continue
        values = {name: "" for name in CSV_COLUMNS}
        for name, cell in zip(columns, row):
            if name:
                values[name] = cell.strip()
        rank, problem = _rank(values["rank"], where)
        if problem:
            problems.append(problem)
        players.append(
            ImportedPlayer(
                key=str(n),
                line=n,
                surname=values["surname"],
                given_name=values["given_name"],
                rank=rank,
                club=values["club"],
                country=values["country"],
                egd_pin=values["egd_pin"],
                email=values["email"],
            )
        )
    return ImportedTournament(players=tuple(players), problems=tuple(problems))
