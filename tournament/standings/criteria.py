"""The placement criteria, each defined in one place.

Codes are those of ``Tournament.standings_criteria``; headers are
OpenGotha's names.  A criterion's ``value`` reads an int from a player's
:class:`~tournament.standings.scores.Scores`; ``scale`` says what it was
multiplied by (2 for half points, 4 for SODOS).  Higher is better for all.
Direct confrontation (``dc``) is not a base score: :mod:`.ranking` computes
it among the players tied on the criteria before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .scores import Scores


@dataclass(frozen=True)
class Criterion:
    code: str
    header: str
    label: str
    scale: int
    value: Callable[[Scores], int]

    def display(self, value: int) -> str:
        return format_scaled(value, self.scale)


def format_scaled(value: int, scale: int) -> str:
    whole, rest = divmod(value, scale)
    if rest == 0:
        return str(whole)
    text = f"{value / scale:.2f}".rstrip("0")
    return text


def gettext_noop(text: str) -> str:
    """Marks a label for translation (``makemessages`` finds it) without importing Django;
    :mod:`tournament.standings_words` translates it for pages and PDFs."""
    return text


def _c(code, header, label, scale, value):
    return Criterion(code, header, label, scale, value)


CRITERIA: dict[str, Criterion] = {
    c.code: c
    for c in (
        _c("nbw", "NBW", gettext_noop("wins"), 2, lambda s: s.nbw),
        _c("mms", "MMS", gettext_noop("McMahon score"), 2, lambda s: s.mms),
        _c("sos", "SOSW", gettext_noop("sum of opponents' wins"), 2, lambda s: s.sosw_x2),
        _c("sosm1", "SOSW-1", gettext_noop("SOS without the worst opponent"), 2, lambda s: s.soswm1_x2),
        _c("sosm2", "SOSW-2", gettext_noop("SOS without the two worst opponents"), 2, lambda s: s.soswm2_x2),
        _c("sosos", "SOSOSW", gettext_noop("sum of opponents' SOS"), 2, lambda s: s.sososw_x2),
        _c("sodos", "SODOSW", gettext_noop("sum of defeated opponents' wins"), 4, lambda s: s.sodosw_x4),
        _c("cuss", "CUSSW", gettext_noop("cumulated wins"), 2, lambda s: s.cussw_x2),
        _c("dc", "DC", gettext_noop("direct confrontation"), 1, lambda s: s.dc),
        _c("sosmms", "SOSM", gettext_noop("sum of opponents' McMahon scores"), 2, lambda s: s.sosm_x2),
        _c("sosm1mms", "SOSM-1", gettext_noop("SOSM without the worst opponent"), 2, lambda s: s.sosmm1_x2),
        _c("sosm2mms", "SOSM-2", gettext_noop("SOSM without the two worst opponents"), 2, lambda s: s.sosmm2_x2),
        _c("sososmms", "SOSOSM", gettext_noop("sum of opponents' SOSM"), 2, lambda s: s.sososm_x2),
        _c("sodosmms", "SODOSM", gettext_noop("sum of defeated opponents' McMahon scores"), 4, lambda s: s.sodosm_x4),
        _c("cussmms", "CUSSM", gettext_noop("cumulated McMahon scores"), 2, lambda s: s.cussm_x2),
    )
}


def get(code: str) -> Criterion:
    try:
        return CRITERIA[code]
    except KeyError:
        raise ValueError(f"unknown standings criterion {code!r}; known: {', '.join(CRITERIA)}") from None
