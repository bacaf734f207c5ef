"""The placement criteria as the standings use them, from the one table of
:mod:`tournament.pairing.criteria`.

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

from dataclasses import dataclass

from tournament.pairing import criteria as og

from .scores import Scores


@dataclass(frozen=True)
class Criterion:
    code: str
    header: str
    label: str
    scale: og.Scale
    #: Its name in the list a tournament chooses its criteria from (the settings page).
    choice_label: str

    def value(self, scores: Scores) -> int:
        """The criterion's value for a player (OpenGotha's, scaled)."""
        return scores.value(self.header)

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


#: Every criterion of OpenGotha 3.51.02 the site offers, by the site's code, from
#: :data:`tournament.pairing.criteria.TABLE`: the header is OpenGotha's name, the scale its coefficient.
CRITERIA: dict[str, Criterion] = {
    d.code: Criterion(d.code, d.name, d.label, d.scale, d.choice) for d in og.TABLE if d.code
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
    name = og.canonical(opengotha_name)
    try:
        return BY_OPENGOTHA_NAME[name]
    except KeyError:
        raise ValueError(f"unknown placement criterion {opengotha_name!r}") from None
