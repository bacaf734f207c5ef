"""A knockout stage's words in the active language, for its page, its PDF and the standings: the
stages' names, the places as a prize-giving reads them (1st, 3rd–4th; German 1., 3.–4.), how a
player got there and each match's state."""

from __future__ import annotations

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _


def stage_name(number: int, count: int) -> str:
    """The name of stage ``number`` (from 1) of ``count``: Final, Semi-finals, Quarter-finals, Round of 16."""
    left = count - number
    if left == 0:
        return _("Final")
    if left == 1:
        return _("Semi-finals")
    if left == 2:
        return _("Quarter-finals")
    return _("Round of %(players)s") % {"players": 2 ** (left + 1)}


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``11th``; in German ``1.``."""
    if (get_language() or "en").startswith("de"):
        return f"{n}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_label(first: int, last: int) -> str:
    """``3rd``, or a shared place ``5th–8th``."""
    return ordinal(first) if last == first else f"{ordinal(first)}–{ordinal(last)}"


def how_words(how: str, stage: int, count: int) -> str:
    """How a player reached the place (:class:`tournament.pairing.knockout.Place`'s ``how``)."""
    if how == "champion":
        return _("Champion")
    if how == "final":
        return _("Lost the final")
    if how == "third":
        return _("Won the game for third place")
    if how == "fourth":
        return _("Lost the game for third place")
    return _("Out: %(stage)s") % {"stage": stage_name(stage, count)}


def state_words(state: str, decided_by: str = "") -> str:
    """A match's state (:class:`tournament.pairing.knockout.Match`) in words."""
    if state == "decided":
        return _("higher seed on") if decided_by == "seed" else _("won")
    return {
        "bye": pgettext("knockout", "bye"),
        "waiting": _("waiting"),
        "ready": _("to play"),
        "playing": _("playing"),
        "replay": _("replay"),
    }[state]


def seeded_words(after_round: int, *, from_groups: bool) -> str:
    """Where a knockout stage's seeds come from: the standings, or each group's, after ``after_round``."""
    if from_groups:
        return _("Seeded from each group’s standings after round %(round)s.") % {"round": after_round}
    return _("Seeded from the standings after round %(round)s.") % {"round": after_round}


def rule_words(rule: str) -> str:
    from tournament.pairing.knockout import DrawRule

    if rule == DrawRule.REPLAY:
        return _("A game without a winner (jigo, both lost by default) is replayed.")
    return _("After a game without a winner (jigo, both lost by default) the higher seed goes on.")
