"""Reading the FFG's rating list, the *échelle* (``ech_ffg_V3.txt``), as plain data (:mod:`.rating_list`).

The French federation publishes it as text in fixed columns, one player a
line, after a header line that carries the list's date (``#Echelle au
1/03/2024``). The columns, counted from 0 as OpenGotha's ``RatingList``
reads them (``TYPE_FFG``), and as pairgoth's ``FFGRatingsHandler`` reads
the same line by its words::

    0         1         2         3         4         5         6
    0123456789012345678901234567890123456789012345678901234567890
    DUPONT Jean                            -1550 L 0412345 38GJ FR
    ^name: surname, a space, given names  ^rating (5)
                                                 ^status ^club (4)
                                                   ^licence (7)  ^country (2)

- name and given names: columns 0-37, the surname up to the first space
  (a compound surname is written with ``_`` for its spaces, read back with
  spaces); rating: 38-42, the FFG's own number (0 is 1 dan, -100 a grade
  lower, as OpenGotha: FFG + 2050 is the EGD's scale); licence status: 44
  (``-``, ``e``, ``C``, ``L``, ``X``, not kept); licence: 46-52, seven
  digits or capitals (``-------``: none); club: 54-57 (``xxxx``: none);
  country: 59-60.
- A line whose columns do not fit is read once more by its words, as
  pairgoth does.
- The rank is the EGD scale's (:func:`tournament.ranks.rank_from_rating`
  of FFG + 2050), as OpenGotha gives it to a player taken from the list.

Reading is tolerant, as for the EGD's list: an odd line (starting with a
letter, not readable as a player) or a licence seen before is reported with
its number and skipped; only a file without any player is refused. The text
is UTF-8, or ISO-8859-15 (the FFG writes Latin-1).
"""

from __future__ import annotations

import datetime as dt
import re

from django.utils.translation import gettext as _

from tournament.ranks import format_rank, rank_from_rating

from .rating_list import RatedEntry, RatingListData, ffg_rating, finished, is_number, list_text

__all__ = ["read_ffg_list"]

#: Columns (see the module docstring).
NAME, RATING, LICENCE, CLUB, COUNTRY = (0, 38), (38, 43), (46, 53), (54, 58), (59, 61)
NO_LICENCE = "-------"
NO_CLUB = {"xxxx", "XXXX"}

_ATOM = r"[-._`'a-zA-ZÀ-ÿ]"
_WORDS = re.compile(
    rf"^(?P<name>{_ATOM}+(?:\((?:{_ATOM}|[0-9])+\))?)\s(?P<given>{_ATOM}+(?:\((?:{_ATOM}|[0-9])+\))?)\s+"
    r"(?P<rating>-?[0-9]+)\s(?P<status>[-eCLX])\s(?P<licence>(?:\d|[A-Z]){7}|-------)\s"
    r"(?P<club>xxxx|XXXX|\d{2}[a-zA-Z0-9]{2})\s(?P<country>[A-Z]{2})\s*$"
)
_DATE = re.compile(r"Echelle au\s+(\d{1,2})/(\d{1,2})/(\d{4})", re.IGNORECASE)


def _columns(line: str):
    def cut(span):
        return line[span[0] : span[1]].strip()

    name, rating, licence, club, country = cut(NAME), cut(RATING), cut(LICENCE), cut(CLUB), cut(COUNTRY)
    if (
        " " not in name
        or not re.fullmatch(r"-?\d{1,4}", rating)
        or not (is_number("ffg", licence) or licence == "-" * 7)
        or not re.fullmatch(r"[A-Z]{2}", country)
        or line[43:44].strip()
        or line[45:46].strip()
        or line[61:].strip()
    ):
        return None
    surname, given = name.split(" ", 1)
    return surname, given.strip(), int(rating), licence, club, country


def _words(line: str):
    m = _WORDS.match(line.strip())
    if m is None:
        return None
    return m["name"], m["given"], int(m["rating"]), m["licence"], m["club"], m["country"]


def _date(line: str) -> dt.date | None:
    m = _DATE.search(line)
    if m is None:
        return None
    try:
        return dt.date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
    except ValueError:
        return None


def read_ffg_list(data: bytes | str) -> RatingListData:
    """Read the échelle (see the module docstring); raise :class:`RatingListError` if no player is in it."""
    text = list_text(data)
    out = RatingListData(date=None)
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        if not line[:1].isalpha():  # the header ("#Echelle au ..."), or anything but a player
            if out.date is None and not out.entries:
                out.date = _date(line)
            continue
        fields = _columns(line) or _words(line)
        if fields is None:
            out.problems.append(_("Line %(n)s: the columns cannot be read; skipped.") % {"n": number})
            continue
        surname, given, listed, licence, club, country = fields
        licence = "" if licence == NO_LICENCE else licence
        if licence in seen:
            out.problems.append(
                _("Line %(n)s: the licence %(licence)s was on line %(first)s already; the first one is kept.")
                % {"n": number, "licence": licence, "first": seen[licence]}
            )
            continue
        if licence:
            seen[licence] = number
        rating = ffg_rating(listed)
        rank = rank_from_rating(rating)
        out.entries.append(
            RatedEntry(
                number=licence,
                surname=surname.replace("_", " "),
                given_name=given.replace("_", " "),
                country=country,
                club="" if club in NO_CLUB else club,
                grade=format_rank(rank),
                rank=rank,
                rating=rating,
                line=number,
                listed_rating=str(listed),
            )
        )
    return finished(out, _("No player could be read: this is not the FFG's rating list (échelle)."))
