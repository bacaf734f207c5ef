"""Reading the AGA's list of members for tournament directors (``TDListA.txt``), as plain data (:mod:`.rating_list`).

The American Go Association publishes it as text, one member a line, the
fields separated by tabs, as OpenGotha's ``RatingList`` reads it
(``TYPE_AGA``)::

    Name<TAB>AGA ID<TAB>membership type<TAB>rating<TAB>expiry<TAB>club<TAB>state ...
    Smith, John	12345	Full	-3.52016	11/30/2026	NYGC	NY

- name: ``Surname, Given names`` (without a comma: the surname up to the
  first space); AGA ID: digits; membership type: ``Full``, ``Youth``,
  ``Forgn`` (a foreign member: no country; every other member is ``US``,
  as OpenGotha has it); rating: the AGA's number, dan positive and kyu
  negative (``5.43`` is 5 dan, ``-3.52`` is 3 kyu), converted to the EGD's
  scale and a rank as OpenGotha converts it (hundredths: 1.00 and above +
  1950, -1.00 and below + 2150; :func:`.rating_list.aga_rating`); expiry
  (``m/d/yyyy``) and state are not kept; club: the AGA's chapter code.
- The list carries no date: it is kept without one.
- A member without a rating (new members) has no rank to take over and is
  skipped; how many is said once. A line whose ID is not a number is
  reported (the first line may be the column names: it is passed over).

Reading is tolerant, as for the EGD's list; only a file without any rated
member is refused. The text is UTF-8, or ISO-8859-15.
"""

from __future__ import annotations

import math
import re

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.ranks import format_rank, rank_from_rating

from .rating_list import RatedEntry, RatingListData, aga_rating, finished, is_number, list_text

__all__ = ["read_aga_list"]

#: The fields of a line, by their place (OpenGotha's AGA_NAFI, AGA_ID, AGA_MTYPE, AGA_RATING, AGA_EXPIRATION, AGA_CLUB).
NAME, ID, MTYPE, RATING, EXPIRY, CLUB = range(6)
FOREIGN = "Forgn"
_RATING = re.compile(r"-?\d{1,2}(?:\.\d{1,12})?")


def _name(text: str) -> tuple[str, str]:
    text = " ".join(text.split())
    if "," in text:
        surname, given = text.split(",", 1)
    elif " " in text:
        surname, given = text.split(" ", 1)
    else:
        surname, given = text, ""
    return surname.strip(), given.strip()


def read_aga_list(data: bytes | str) -> RatingListData:
    """Read the TD list (see the module docstring); raise :class:`RatingListError` if no rated member is in it."""
    text = list_text(data)
    out = RatingListData(date=None)
    seen: dict[str, int] = {}
    unrated = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        fields = [f.strip() for f in line.split("\t")]
        member = fields[ID] if len(fields) > ID else ""
        if not is_number("aga", member):
            if number > 1 or len(fields) <= ID:
                out.problems.append(_("Line %(n)s: no AGA ID (a number) in the second field; skipped.") % {"n": number})
            continue
        surname, given = _name(fields[NAME])
        if not surname:
            out.problems.append(_("Line %(n)s (AGA ID %(id)s): no name; skipped.") % {"n": number, "id": member})
            continue
        listed = fields[RATING] if len(fields) > RATING else ""
        if not _RATING.fullmatch(listed):
            if listed:
                out.problems.append(
                    _("Line %(n)s (AGA ID %(id)s): “%(rating)s” is no rating; skipped.")
                    % {"n": number, "id": member, "rating": listed[:20]}
                )
            else:
                unrated += 1
            continue
        if member in seen:
            out.problems.append(
                _("Line %(n)s: the AGA ID %(id)s was on line %(first)s already; the first one is kept.")
                % {"n": number, "id": member, "first": seen[member]}
            )
            continue
        seen[member] = number
        rating = aga_rating(math.floor(float(listed) * 100 + 0.5))  # Java's Math.round, as OpenGotha
        rank = rank_from_rating(rating)
        mtype = fields[MTYPE] if len(fields) > MTYPE else ""
        out.entries.append(
            RatedEntry(
                number=member,
                surname=surname,
                given_name=given,
                country="" if mtype == FOREIGN else "US",
                club=fields[CLUB] if len(fields) > CLUB else "",
                grade=format_rank(rank),
                rank=rank,
                rating=rating,
                line=number,
                listed_rating=listed,
            )
        )
    if unrated:
        out.problems.append(
            ngettext(
                "%(n)s member without a rating was skipped (no rank to take over).",
                "%(n)s members without a rating were skipped (no rank to take over).",
                unrated,
            )
            % {"n": unrated}
        )
    return finished(out, _("No player could be read: this is not the AGA's TD list (TDListA.txt)."), dated=False)
