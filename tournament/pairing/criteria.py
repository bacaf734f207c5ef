"""OpenGotha's placement criteria: the one table of the project.

Each :class:`Definition` (a row of :data:`TABLE`, every column filled) gives a
criterion's OpenGotha name (as its files write it, ``SOSW-1``), its short name
(OpenGotha's ``criterionShortName``, the EGD file's column line), the site's
code (``Tournament.standings_criteria``, ``sosm1``), its scale (what OpenGotha
multiplies it by: 2 for half points, 4 for SODOS, -1 for the category, stored
negated), the :class:`~tournament.pairing.scores.PlayerScores` array holding it
and its English label (marked for translation, put into words by
:mod:`tournament.standings_words`).

The team criteria of OpenGotha's team placement (``TeamPlacementParameterSet``: team points,
board wins, board wins of the first boards, mean rating) are rows of the same kind in
:data:`TEAM_TABLE` (their ``array`` is ``None``: :mod:`tournament.standings.teams` computes
them); a team tournament ranks its teams by six of them and its players by :data:`TABLE`.

Everything else is derived from :data:`TABLE`: the pairing's scores
(:mod:`.scores`), the standings' criteria (:mod:`tournament.standings.criteria`),
the EGD file's column names (:mod:`tournament.files.h9`) and the MacMahon
reader's codes (:mod:`tournament.files.macmahon`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: What a criterion's value is multiplied by: 1, 2 (half points), 4 (SODOS), -1 (CAT, negated).
Scale = Literal[-1, 1, 2, 4]


def gettext_noop(text: str) -> str:
    """Marks a label for translation (``makemessages`` finds it) without importing Django;
    :mod:`tournament.standings_words` translates it for pages and PDFs."""
    return text


@dataclass(frozen=True)
class Definition:
    name: str  # OpenGotha's name, as its files write it
    short_name: str  # OpenGotha's short name (criterionShortName)
    code: str  # the site's code; "" for NULL, which the site does not offer
    scale: Scale
    array: str | None  # the PlayerScores attribute; None where scores.crit_value computes the value
    label: str
    choice: str  # its name in the list a tournament chooses its criteria from (the settings page)


#: Every criterion of OpenGotha 3.51.02, in the order the site lists them.
# fmt: off
TABLE: tuple[Definition, ...] = (
    Definition("NBW", "NBW", "nbw", 2, "nbw2", gettext_noop("wins"), gettext_noop("Wins")),
    Definition("MMS", "MMS", "mms", 2, "mms2", gettext_noop("McMahon score"), gettext_noop("McMahon score")),
    Definition("SOSW", "SOS", "sos", 2, "sosw2", gettext_noop("sum of opponents' wins"), gettext_noop("SOS")),
    Definition("SOSW-1", "SOS-1", "sosm1", 2, "soswm1_2", gettext_noop("SOS without the worst opponent"), gettext_noop("SOS-1")),
    Definition("SOSW-2", "SOS-2", "sosm2", 2, "soswm2_2", gettext_noop("SOS without the two worst opponents"), gettext_noop("SOS-2")),
    Definition("SOSOSW", "SOSOS", "sosos", 2, "sososw2", gettext_noop("sum of opponents' SOS"), gettext_noop("SOSOS")),
    Definition("SODOSW", "SODOS", "sodos", 4, "sodosw4", gettext_noop("sum of defeated opponents' wins"), gettext_noop("SODOS")),
    Definition("CUSSW", "CUSS", "cuss", 2, "cusw2", gettext_noop("cumulated wins"), gettext_noop("CUSS")),
    Definition("DC", "DC", "dc", 1, None, gettext_noop("direct confrontation"), gettext_noop("Direct confrontation")),
    Definition("SOSM", "SOS", "sosmms", 2, "sosm2", gettext_noop("sum of opponents' McMahon scores"), gettext_noop("SOS (McMahon)")),
    Definition("SOSM-1", "SOS-1", "sosm1mms", 2, "sosmm1_2", gettext_noop("SOSM without the worst opponent"), gettext_noop("SOS-1 (McMahon)")),
    Definition("SOSM-2", "SOS-2", "sosm2mms", 2, "sosmm2_2", gettext_noop("SOSM without the two worst opponents"), gettext_noop("SOS-2 (McMahon)")),
    Definition("SOSOSM", "SOSOS", "sososmms", 2, "sososm2", gettext_noop("sum of opponents' SOSM"), gettext_noop("SOSOS (McMahon)")),
    Definition("SODOSM", "SODOS", "sodosmms", 4, "sodosm4", gettext_noop("sum of defeated opponents' McMahon scores"), gettext_noop("SODOS (McMahon)")),
    Definition("CUSSM", "CUSS", "cussmms", 2, "cusm2", gettext_noop("cumulated McMahon scores"), gettext_noop("CUSS (McMahon)")),
    Definition("SDC", "SDC", "sdc", 1, None, gettext_noop("simplified direct confrontation"), gettext_noop("Simplified direct confrontation")),
    Definition("STS", "STS", "sts", 2, "sts2", gettext_noop("Strasbourg score"), gettext_noop("Strasbourg score (STS)")),
    Definition("SOSTS", "SOSTS", "sosts", 2, "sosts2", gettext_noop("sum of opponents' Strasbourg scores"), gettext_noop("SOS (Strasbourg)")),
    Definition("CPS", "CPS", "cps", 2, "cps2", gettext_noop("cup score"), gettext_noop("Cup score (CPS)")),
    Definition("EXT", "EXT", "ext", 2, "ext2", gettext_noop("exploits attempted"), gettext_noop("Exploits attempted (EXT)")),
    Definition("EXR", "EXR", "exr", 2, "exr2", gettext_noop("exploits achieved"), gettext_noop("Exploits achieved (EXR)")),
    Definition("CAT", "CAT", "cat", -1, None, gettext_noop("category"), gettext_noop("Category")),
    Definition("Rank", "Rank", "rank", 1, None, gettext_noop("rank"), gettext_noop("Rank")),
    Definition("Rating", "Rating", "rating", 1, None, gettext_noop("rating"), gettext_noop("Rating")),
    Definition("NULL", "NULL", "", 1, None, "", ""),
)
# fmt: on
#: The team criteria of OpenGotha 3.51.02 (``TeamPlacementParameterSet.allPlacementCriteria``), in its order.
# fmt: off
TEAM_TABLE: tuple[Definition, ...] = (
    Definition("TEAMP", "TP", "teamp", 1, None, gettext_noop("team points"), gettext_noop("Team points")),
    Definition("SOST", "SOST", "sost", 1, None, gettext_noop("sum of opponent teams' points"), gettext_noop("SOS (team points)")),
    Definition("BDW", "BDW", "bdw", 2, None, gettext_noop("board wins"), gettext_noop("Board wins")),
    *(
        Definition(f"BDW{n}U", f"B{n}U", f"bdw{n}u", 2, None, label, choice)
        for n, label, choice in (
            (9, gettext_noop("board wins of the first 9 boards"), gettext_noop("Board wins, first 9 boards")),
            (8, gettext_noop("board wins of the first 8 boards"), gettext_noop("Board wins, first 8 boards")),
            (7, gettext_noop("board wins of the first 7 boards"), gettext_noop("Board wins, first 7 boards")),
            (6, gettext_noop("board wins of the first 6 boards"), gettext_noop("Board wins, first 6 boards")),
            (5, gettext_noop("board wins of the first 5 boards"), gettext_noop("Board wins, first 5 boards")),
            (4, gettext_noop("board wins of the first 4 boards"), gettext_noop("Board wins, first 4 boards")),
            (3, gettext_noop("board wins of the first 3 boards"), gettext_noop("Board wins, first 3 boards")),
            (2, gettext_noop("board wins of the first 2 boards"), gettext_noop("Board wins, first 2 boards")),
            (1, gettext_noop("board wins of board 1"), gettext_noop("Board wins, board 1")),
        )
    ),
    Definition("MNR", "MNR", "mnr", 1, None, gettext_noop("mean rating of the first round's line-up"), gettext_noop("Mean rating")),
    Definition("NULL", "NULL", "", 1, None, "", ""),
)
# fmt: on
#: OpenGotha's team criterion name -> its definition.
TEAM_BY_NAME = {d.name: d for d in TEAM_TABLE}
#: OpenGotha's team placement by default (``TeamPlacementParameterSet.init``).
TEAM_DEFAULT = ("TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR")
#: The most criteria a tournament ranks by (OpenGotha's placement parameters hold six, its team placement too).
MAX_CRITERIA = 6
#: OpenGotha's name -> its definition.
BY_NAME = {d.name: d for d in TABLE}
#: Other spellings seen in files and older code.
ALIASES = {
    "SOSWM1": "SOSW-1",
    "SOSWM2": "SOSW-2",
    "SOSMM1": "SOSM-1",
    "SOSMM2": "SOSM-2",
    "RATING": "Rating",
    "RANK": "Rank",
    "CUSS": "CUSSW",
    # pairgoth's names (its export writes files as "3.52.03"): no criterion, the category
    "NONE": "NULL",
    "CATEGORY": "CAT",
}

_CANONICAL: dict[str, str] = {}


def canonical(crit: str | None) -> str:
    """A criterion's name as OpenGotha writes it (``Rating``, ``SOSW-1``, ...)."""
    if not crit:
        return "NULL"
    try:
        return _CANONICAL[crit]
    except KeyError:
        pass
    name = ALIASES.get(crit.upper(), crit)
    for known in BY_NAME:
        if known.upper() == name.upper():
            _CANONICAL[crit] = known
            return known
    raise ValueError(f"unknown placement criterion {crit!r}")


def short_name(header: str) -> str:
    """OpenGotha's short name of a criterion (``SOSM-1`` -> ``SOS-1``); any other header as it is."""
    d = BY_NAME.get(header)
    return d.short_name if d is not None else header
