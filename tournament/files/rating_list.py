"""A rating list read as plain data: the one shape the EGD, FFG and AGA readers return.

Every reader (:mod:`~tournament.files.egd_ratings`, :mod:`~tournament.files.ffg_ratings`,
:mod:`~tournament.files.aga_ratings`; the reader of a kind: :func:`tournament.files.ratings.read_list`)
gives a :class:`RatingListData`: the
list's date, its players as :class:`RatedEntry`, the odd lines in words. An
entry holds what a registration takes from it:

- ``number``: the player's number in the list's federation, by the list's
  kind (:data:`KINDS`): the EGD PIN (eight digits), the FFG licence (seven
  digits or capitals) or the AGA ID (digits); empty when the list names
  none. A registration keeps each in its own field (``egd_pin``,
  ``ffg_licence``, ``aga_id``, :data:`ID_FIELDS`), as OpenGotha's player
  does, so nothing is lost when a player is in two lists.
- ``surname``, ``given_name``, ``club``, ``country`` as the list writes them.
- ``rank`` (the site's integer, :mod:`tournament.ranks`) and ``grade`` (the
  rank as text).
- ``rating`` on the EGD's scale (GoR), which the site keeps and the pairing
  uses; a list on another scale is converted as OpenGotha converts it
  (:func:`ffg_rating`, :func:`aga_rating`), and ``listed_rating`` keeps the
  list's own number as it was written (``-1550`` in the FFG's échelle,
  ``-3.52016`` in the AGA's list).
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

__all__ = [
    "ID_FIELDS",
    "ID_PATTERNS",
    "is_number",
    "KINDS",
    "list_text",
    "MAX_TEXT",
    "RatedEntry",
    "RatingListData",
    "RatingListError",
    "aga_rating",
    "ffg_rating",
    "text_of",
]

#: The kinds of list the site reads: the EGD's all-world list, the FFG's échelle, the AGA's TD list.
KINDS = ("egd", "ffg", "aga")
#: The registration's field that holds the player's number in a list of each kind.
ID_FIELDS = {"egd": "egd_pin", "ffg": "ffg_licence", "aga": "aga_id"}
#: What that number is (the registration's validators and the readers read it here): the EGD PIN eight
#: digits, the FFG licence seven digits or capitals, the AGA ID up to eight digits.
ID_PATTERNS = {"egd": r"\d{8}", "ffg": r"[0-9A-Z]{7}", "aga": r"\d{1,8}"}

#: Largest text taken out of a zip file (the EGD's whole list is about 10 MB).
MAX_TEXT = 64 * 1024 * 1024

#: OpenGotha's bounds of a rating (``Player.MIN_RATING``, ``MAX_RATING``).
MIN_RATING, MAX_RATING = -900, 2949


class RatingListError(ValueError):
    """The file is no rating list at all (nothing could be read)."""


@dataclass(frozen=True)
class RatedEntry:
    number: str
    surname: str
    given_name: str
    country: str
    club: str
    grade: str
    rank: int
    rating: int | None
    line: int
    listed_rating: str = ""


@dataclass
class RatingListData:
    date: dt.date | None
    entries: list[RatedEntry] = field(default_factory=list)
    #: Odd lines, in words (line number, what was wrong), skipped.
    problems: list[str] = field(default_factory=list)
    #: Players listed anonymously, skipped.
    anonymous: int = 0


def finished(out: RatingListData, nothing_read: str, *, dated: bool = True) -> RatingListData:
    """A list read to its end: refused with ``nothing_read`` (which says what the file is not) when no
    player could be read; a list of a kind that carries a date (``dated``) without its date line is kept,
    and the first of its problems says so."""
    if not out.entries:
        raise RatingListError(nothing_read)
    if dated and out.date is None:
        out.problems.insert(0, _("The list has no date line; it is kept without a date."))
    return out


def _clamp(rating: int) -> int:
    return max(MIN_RATING, min(MAX_RATING, rating))


def ffg_rating(listed: int) -> int:
    """The FFG's rating on the EGD's scale, as OpenGotha converts it (``RatedPlayer.getStdRating``): + 2050."""
    return _clamp(listed + 2050)


def aga_rating(hundredths: int) -> int:
    """The AGA's rating (in hundredths: 5.43 is 543, -12.5 is -1250) on the EGD's scale, as OpenGotha converts it:
    1.00 and above + 1950, -1.00 and below + 2150 (the AGA has no rating between -1 and 1)."""
    if hundredths >= 100:
        return _clamp(hundredths + 1950)
    if hundredths <= -100:
        return _clamp(hundredths + 2150)
    return 2050


def is_number(kind: str, text: str) -> bool:
    """Whether ``text`` is a player's number in a list of ``kind`` (:data:`ID_PATTERNS`)."""
    return re.fullmatch(ID_PATTERNS[kind], text) is not None


def text_of(data: bytes) -> str:
    """The text of a list sent as it is published: plain, or the only (or first HTML or text) file of a zip;
    UTF-8, else ISO-8859-15 as OpenGotha reads its lists."""
    if data[:4] == b"PK\x03\x04":
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                members = [m for m in archive.infolist() if not m.is_dir()]
                listed = [m for m in members if m.filename.lower().endswith((".html", ".htm", ".txt"))] or members
                if not listed:
                    raise RatingListError(_("The zip file is empty."))
                member = listed[0]
                if member.file_size > MAX_TEXT:
                    raise RatingListError(
                        _("The list in the zip file is too large (%(mb)s MB).") % {"mb": member.file_size // 2**20}
                    )
                with archive.open(member) as f:
                    data = f.read(MAX_TEXT + 1)
        except zipfile.BadZipFile as e:
            raise RatingListError(_("The zip file cannot be read: %(error)s") % {"error": e}) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("iso-8859-15")


def list_text(data: bytes | str) -> str:
    """The text of a list as every reader takes it (bytes as :func:`text_of` reads them); a list with a NUL
    byte is refused in words (no list has one, and PostgreSQL cannot store it)."""
    text = data if isinstance(data, str) else text_of(data)
    at = text.find("\x00")
    if at >= 0:
        raise RatingListError(
            _("The file is not a text file: line %(n)s holds a NUL byte.") % {"n": len((text[:at] + "x").splitlines())}
        )
    return text
