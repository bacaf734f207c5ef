"""The placement criteria, each defined in one place.

Codes are those of ``Tournament.standings_criteria``; headers are
OpenGotha's names.  A criterion's ``value`` reads an int from a player's
:class:`~tournament.standings.scores.Scores` (OpenGotha's value, from the one
scoring in :mod:`tournament.pairing.scores`); ``scale`` says what it was
multiplied by (2 for half points, 4 for SODOS, -1 for OpenGotha's category,
stored negated).  Higher is better for all.  Direct confrontation (``dc``,
``sdc``) is not a base score: :mod:`.ranking` computes it among the players
tied on the criteria before it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .scores import Scores


@dataclass(frozen=True)
class Criterion:
    code: str
    header: str
    label: str
    scale: int
    value: Callable[[Scores], int]
    #: Its name in the list a tournament chooses its criteria from (the settings page).
    choice_label: str

    def display(self, value: int) -> str:
        return format_scaled(value, self.scale)


def format_scaled(value: int, scale: int) -> str:
    if scale == -1:  # OpenGotha's CAT: the category, 1 the strongest
        return str(-value + 1)
    whole, rest = divmod(value, scale)
    if rest == 0:
        return str(whole)
    text = f"{value / scale:.2f}".rstrip("0")
    return text


def gettext_noop(text: str) -> str:
    """Marks a label for translation (``makemessages`` finds it) without importing Django;
    :mod:`tournament.standings_words` translates it for pages and PDFs."""
    return text


def _c(code: str, header: str, label: str, scale: int, choice_label: str) -> Criterion:
    return Criterion(code, header, label, scale, lambda s, name=header: s.value(name), choice_label)


#: Every criterion of OpenGotha 3.51.02, by the site's code, in the order the settings page offers them;
#: the header is OpenGotha's name (as its files write it), the scale its coefficient.
CRITERIA: dict[str, Criterion] = {
    c.code: c
    for c in (
        _c("nbw", "NBW", gettext_noop("wins"), 2, gettext_noop("Wins")),
        _c("mms", "MMS", gettext_noop("McMahon score"), 2, gettext_noop("McMahon score")),
        _c("sos", "SOSW", gettext_noop("sum of opponents' wins"), 2, gettext_noop("SOS")),
        _c("sosm1", "SOSW-1", gettext_noop("SOS without the worst opponent"), 2, gettext_noop("SOS-1")),
        _c("sosm2", "SOSW-2", gettext_noop("SOS without the two worst opponents"), 2, gettext_noop("SOS-2")),
        _c("sosos", "SOSOSW", gettext_noop("sum of opponents' SOS"), 2, gettext_noop("SOSOS")),
        _c("sodos", "SODOSW", gettext_noop("sum of defeated opponents' wins"), 4, gettext_noop("SODOS")),
        _c("cuss", "CUSSW", gettext_noop("cumulated wins"), 2, gettext_noop("CUSS")),
        _c("dc", "DC", gettext_noop("direct confrontation"), 1, gettext_noop("Direct confrontation")),
        _c("sosmms", "SOSM", gettext_noop("sum of opponents' McMahon scores"), 2, gettext_noop("SOS (McMahon)")),
        _c("sosm1mms", "SOSM-1", gettext_noop("SOSM without the worst opponent"), 2, gettext_noop("SOS-1 (McMahon)")),
        _c(
            "sosm2mms",
            "SOSM-2",
            gettext_noop("SOSM without the two worst opponents"),
            2,
            gettext_noop("SOS-2 (McMahon)"),
        ),
        _c("sososmms", "SOSOSM", gettext_noop("sum of opponents' SOSM"), 2, gettext_noop("SOSOS (McMahon)")),
        _c(
            "sodosmms",
            "SODOSM",
            gettext_noop("sum of defeated opponents' McMahon scores"),
            4,
            gettext_noop("SODOS (McMahon)"),
        ),
        _c("cussmms", "CUSSM", gettext_noop("cumulated McMahon scores"), 2, gettext_noop("CUSS (McMahon)")),
        _c(
            "sdc",
            "SDC",
            gettext_noop("simplified direct confrontation"),
            1,
            gettext_noop("Simplified direct confrontation"),
        ),
        _c("sts", "STS", gettext_noop("Strasbourg score"), 2, gettext_noop("Strasbourg score (STS)")),
        _c("sosts", "SOSTS", gettext_noop("sum of opponents' Strasbourg scores"), 2, gettext_noop("SOS (Strasbourg)")),
        _c("cps", "CPS", gettext_noop("cup score"), 2, gettext_noop("Cup score (CPS)")),
        _c("ext", "EXT", gettext_noop("exploits attempted"), 2, gettext_noop("Exploits attempted (EXT)")),
        _c("exr", "EXR", gettext_noop("exploits achieved"), 2, gettext_noop("Exploits achieved (EXR)")),
        _c("cat", "CAT", gettext_noop("category"), -1, gettext_noop("Category")),
        _c("rank", "Rank", gettext_noop("rank"), 1, gettext_noop("Rank")),
        _c("rating", "Rating", gettext_noop("rating"), 1, gettext_noop("Rating")),
    )
}
#: OpenGotha's name of a criterion -> the site's code.
BY_OPENGOTHA_NAME = {c.header: c.code for c in CRITERIA.values()}


def get(code: str) -> Criterion:
    try:
        return CRITERIA[code]
    except KeyError:
        raise ValueError(f"unknown standings criterion {code!r}; known: {', '.join(CRITERIA)}") from None


def code_for(opengotha_name: str) -> str:
    """The site's code for a criterion named as in an OpenGotha file (``SOSW-1`` -> ``sosm1``)."""
    from tournament.pairing.scores import canonical

    name = canonical(opengotha_name)
    try:
        return BY_OPENGOTHA_NAME[name]
    except KeyError:
        raise ValueError(f"unknown placement criterion {opengotha_name!r}") from None
