"""Reading the EGD's all-world rating list (``allworld_lp.html``, or the zip file holding it), as plain data.

The list is text in fixed columns (inside ``<pre>`` in the HTML file),
one player a line, after a header that carries the list's date. The
columns, counted from 0 as OpenGotha's reader counts them (its ``RatingList``
reads the same file), relative to the first digit of the PIN (column 1 in
the published file)::

    0         1         2         3         4         5         6         7
    0123456789012345678901234567890123456789012345678901234567890123456789012345678
     19574643  Abad Jahin                            FR  38GJ   20k   --     15     2  T200202B
     ^PIN(8)   ^name: surname and given name (37)    ^country   ^grade     ^GoR
                                                         ^club (4)      ^promotion  ^tournaments, last one

- PIN: 8 digits; name: columns 11-47, the surname first, then the given
  names (a surname's lowercase-able particles such as ``van der`` go with
  the surname); country: 49-51 (the EGD's code, ``UK`` for Britain); club:
  53-56 (the EGD's club code); grade: 60-62 (``20k``, ``3d``, ``1p``); GoR:
  71-74. What follows (promotion, number of tournaments, the last one) is
  not kept.
- A line whose columns do not fit is read once more by its words (PIN,
  name, country, club, grade, promotion, GoR), as pairgoth does.
- The date: the first date in the header, written ``14 Mar 2024`` (as
  OpenGotha expects it, after a ``(``), ``2024-03-14`` or ``14.03.2024``.
- Players the EGD lists anonymously (``Anonymous``, ``(undefined)``) are
  skipped and counted.

Reading is tolerant: an odd line (a PIN-like start that does not read as a
player, a PIN seen before) is reported with its number and skipped; only a
file without any player is refused. The text is UTF-8, or ISO-8859-15 as
OpenGotha reads it where it is not UTF-8; HTML tags and entities are removed.
"""

from __future__ import annotations

import datetime as dt
import html
import re

from django.utils.translation import gettext as _

from tournament.ranks import parse_rank

from .rating_list import RatedEntry, RatingListData, RatingListError, finished, is_number, list_text

__all__ = ["RatedEntry", "RatingListData", "RatingListError", "read_rating_list", "split_name"]

#: Columns relative to the PIN's first digit (see the module docstring).
NAME, COUNTRY, CLUB, GRADE, GOR = (10, 47), (48, 51), (52, 56), (59, 62), (70, 74)

#: Lowercase-able words that belong to the surname before them ("van der Berg Jan").
PARTICLES = {
    "van",
    "von",
    "de",
    "der",
    "den",
    "del",
    "della",
    "di",
    "da",
    "du",
    "dos",
    "das",
    "le",
    "la",
    "ter",
    "ten",
    "zu",
    "zum",
    "zur",
    "vom",
    "op",
    "het",
    "'t",
    "van't",
}

MONTHS = {
    m: i for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)
}
_PLAYER = re.compile(r"^(\s*)(\d{6,})")  # a PIN-like start (a date like "14 Mar 2024" is no player)
_TAG = re.compile(r"<[^>]*>")
_WORDS = re.compile(
    r"^\s*(?P<pin>\d{8})\s+(?P<name>.+?),?\s+(?P<country>[A-Z]{2})\s+(?P<club>\S{1,6})\s+"
    r"(?P<grade>\d{1,2}[kdpKDP])\s+(?:\d{1,2}[kdpKDP]|--|-)\s+(?P<gor>-?\d{1,4})(?:\s|$)"
)
_DATES = (
    (re.compile(r"\b(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4})\b"), "dmy-name"),
    (re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b"), "ymd"),
    (re.compile(r"\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b"), "dmy"),
)


def split_name(text: str) -> tuple[str, str]:
    """``"van der Berg Jan Willem"`` → ``("van der Berg", "Jan Willem")``; the EGD writes the surname first."""
    words = text.replace(",", " ").split()
    if not words:
        return "", ""
    n = 0
    while n < len(words) - 1 and words[n].lower() in PARTICLES:
        n += 1
    return " ".join(words[: n + 1]), " ".join(words[n + 1 :])


def _date(line: str) -> dt.date | None:
    for pattern, kind in _DATES:
        for m in pattern.finditer(line):
            try:
                if kind == "dmy-name":
                    month = MONTHS.get(m.group(2).lower())
                    if month is None:
                        continue
                    return dt.date(int(m.group(3)), month, int(m.group(1)))
                if kind == "ymd":
                    return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
                return dt.date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
            except ValueError:
                continue
    return None


def _columns(line: str, p: int):
    """The fields by their columns, or None when they do not fit."""

    def cut(span):
        return line[p + span[0] : p + span[1]].strip()

    country, grade, gor = cut(COUNTRY), cut(GRADE), cut(GOR)
    if not re.fullmatch(r"[A-Z]{2,3}", country) or not re.fullmatch(r"-?\d+", gor):
        return None
    if line[p + NAME[1] : p + COUNTRY[0]].strip() or line[p + CLUB[1] : p + GRADE[0]].strip():
        return None  # something runs over a column's end: the columns are not these
    try:
        parse_rank(grade)
    except ValueError:
        return None
    return cut(NAME), country, cut(CLUB), grade, int(gor)


def _words(line: str):
    m = _WORDS.match(line)
    if m is None:
        return None
    return m["name"], m["country"], m["club"], m["grade"], int(m["gor"])


def read_rating_list(data: bytes | str) -> RatingListData:
    """Read the list (see the module docstring); raise :class:`RatingListError` if no player is in it."""
    text = list_text(data)
    out = RatingListData(date=None)
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = html.unescape(_TAG.sub("", raw)) if "<" in raw or "&" in raw else raw
        m = _PLAYER.match(line)
        if m is None:
            if out.date is None and not out.entries:
                out.date = _date(line)
            continue
        pin = m.group(2)
        if "Anonymous" in line or "(undefined)" in line:
            out.anonymous += 1
            continue
        if not is_number("egd", pin):
            out.problems.append(
                _("Line %(n)s: “%(pin)s” is no EGD PIN (eight digits); skipped.") % {"n": number, "pin": pin}
            )
            continue
        fields = _columns(line, len(m.group(1))) or _words(line)
        if fields is None:
            out.problems.append(
                _("Line %(n)s (PIN %(pin)s): the columns cannot be read; skipped.") % {"n": number, "pin": pin}
            )
            continue
        name, country, club, grade, gor = fields
        surname, given = split_name(name)
        if not surname:
            out.problems.append(_("Line %(n)s (PIN %(pin)s): no name; skipped.") % {"n": number, "pin": pin})
            continue
        if pin in seen:
            out.problems.append(
                _("Line %(n)s: the PIN %(pin)s was on line %(first)s already; the first one is kept.")
                % {"n": number, "pin": pin, "first": seen[pin]}
            )
            continue
        seen[pin] = number
        out.entries.append(
            RatedEntry(
                number=pin,
                surname=surname,
                given_name=given,
                country=country,
                club=club,
                grade=grade.lower(),
                rank=parse_rank(grade),
                rating=gor,
                line=number,
                listed_rating=str(gor),
            )
        )
    return finished(out, _("No player could be read: this is not the EGD's rating list (allworld_lp)."))
