"""OpenGotha's placement criteria: the one table of the project.

Each :class:`Definition` gives a criterion's OpenGotha name (as its files
write it, ``SOSW-1``), its short name (OpenGotha's ``criterionShortName``,
the EGD file's column line), the site's code (``Tournament.standings_criteria``,
``sosm1``), its English label (marked for translation, put into words by
:mod:`tournament.standings_words`), its scale (what OpenGotha multiplies it
by: 2 for half points, 4 for SODOS, -1 for the category, stored negated) and
the :class:`~tournament.pairing.scores.PlayerScores` array holding it.

Everything else is derived from :data:`TABLE`: the pairing's scores
(:mod:`.scores`), the standings' criteria (:mod:`tournament.standings.criteria`),
the EGD file's column names (:mod:`tournament.exports.h9`) and the MacMahon
reader's codes (:mod:`tournament.formats.macmahon`).
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
    code: str  # the site's code; "" for NULL, which the site does not offer
    label: str
    scale: Scale
    array: str | None = None  # the PlayerScores attribute; None where scores.crit_value computes it
    short: str = ""  # OpenGotha's short name where it differs from the name

    @property
    def short_name(self) -> str:
        return self.short or self.name


#: Every criterion of OpenGotha 3.51.02, in the order the site lists them.
TABLE: tuple[Definition, ...] = (
    Definition("NBW", "nbw", gettext_noop("wins"), 2, "nbw2"),
    Definition("MMS", "mms", gettext_noop("McMahon score"), 2, "mms2"),
    Definition("SOSW", "sos", gettext_noop("sum of opponents' wins"), 2, "sosw2", "SOS"),
    Definition("SOSW-1", "sosm1", gettext_noop("SOS without the worst opponent"), 2, "soswm1_2", "SOS-1"),
    Definition("SOSW-2", "sosm2", gettext_noop("SOS without the two worst opponents"), 2, "soswm2_2", "SOS-2"),
    Definition("SOSOSW", "sosos", gettext_noop("sum of opponents' SOS"), 2, "sososw2", "SOSOS"),
    Definition("SODOSW", "sodos", gettext_noop("sum of defeated opponents' wins"), 4, "sodosw4", "SODOS"),
    Definition("CUSSW", "cuss", gettext_noop("cumulated wins"), 2, "cusw2", "CUSS"),
    Definition("DC", "dc", gettext_noop("direct confrontation"), 1),
    Definition("SDC", "sdc", gettext_noop("simplified direct confrontation"), 1),
    Definition("SOSM", "sosmms", gettext_noop("sum of opponents' McMahon scores"), 2, "sosm2", "SOS"),
    Definition("SOSM-1", "sosm1mms", gettext_noop("SOSM without the worst opponent"), 2, "sosmm1_2", "SOS-1"),
    Definition("SOSM-2", "sosm2mms", gettext_noop("SOSM without the two worst opponents"), 2, "sosmm2_2", "SOS-2"),
    Definition("SOSOSM", "sososmms", gettext_noop("sum of opponents' SOSM"), 2, "sososm2", "SOSOS"),
    Definition("SODOSM", "sodosmms", gettext_noop("sum of defeated opponents' McMahon scores"), 4, "sodosm4", "SODOS"),
    Definition("CUSSM", "cussmms", gettext_noop("cumulated McMahon scores"), 2, "cusm2", "CUSS"),
    Definition("STS", "sts", gettext_noop("Strasbourg score"), 2, "sts2"),
    Definition("SOSTS", "sosts", gettext_noop("sum of opponents' Strasbourg scores"), 2, "sosts2"),
    Definition("CPS", "cps", gettext_noop("cup score"), 2, "cps2"),
    Definition("EXT", "ext", gettext_noop("exploits attempted"), 2, "ext2"),
    Definition("EXR", "exr", gettext_noop("exploits achieved"), 2, "exr2"),
    Definition("CAT", "cat", gettext_noop("category"), -1),
    Definition("Rank", "rank", gettext_noop("rank"), 1),
    Definition("Rating", "rating", gettext_noop("rating"), 1),
    Definition("NULL", "", "", 1),
)
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
