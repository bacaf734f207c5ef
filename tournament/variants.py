"""The site's side of a game kind: the :class:`games.registry.Variant` of a discipline kind, and its words.

Everything a kind of game is (rule sets and their options, board sizes,
komi, ways of winning, handicap policies, rules diagrams, whether a
validator replays its records, whether the EGD rates it) is its
``Variant`` in ``games/registry.py``; the site derives every table and
choice from it and keeps no list of its own (``games/README.md``, "Adding a
game"). This module only

- maps the site's kinds (``DisciplineKind``: every name of
  ``games.variants()`` and ``other``) to their variant (:func:`variant_for`),
- lists the kinds with a fact the database is asked by (:func:`egd_kinds`, :func:`opengotha_kinds`),
- adds the site's one policy of its own: no tournament plays on a board
  smaller than :data:`MIN_BOARD` (:func:`board_sizes`),
- words the codes a variant gives (:func:`rule_option_message`, :func:`dead_stones_text`); its ways of
  winning and handicap policies are worded by the stored choices ``WinMethod`` and ``HandicapPolicy``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

import games
from games.registry import OTHER, Variant
from games.schema import RuleOptionError

__all__ = [
    "MIN_BOARD",
    "RuleOptionError",
    "board_sizes",
    "dead_stones_text",
    "egd_kinds",
    "opengotha_kinds",
    "rule_option_message",
    "variant_for",
]

#: Smallest board a tournament plays on (the engines know smaller ones).
MIN_BOARD = 5


def variant_for(kind: str) -> Variant:
    """The game of a discipline kind: ``games.variant(kind)``, or for a kind the registry does
    not name (``other``) :data:`games.registry.OTHER`: results only, any way of winning."""
    return games.variants().get(kind, OTHER)


def board_sizes(kind: str) -> tuple[int, ...]:
    """The board sizes a discipline of ``kind`` may be played on."""
    return tuple(n for n in variant_for(kind).board_sizes if n >= MIN_BOARD)


def egd_kinds() -> tuple[str, ...]:
    """The kinds the EGD rates (``Variant.egd_rated``: Go), for ``kind__in=``: their disciplines have h9 files."""
    return tuple(name for name, v in games.variants().items() if v.egd_rated)


def opengotha_kinds() -> tuple[str, ...]:
    """The kinds whose rounds an OpenGotha file can hold: games counted on a board with komi (the Go
    family, Rund-Go and a tournament's ``other`` game, played as Go), not Ninuki-Renju (no komi, no
    handicap, won by a five or by captures)."""
    return tuple(name for name, v in games.variants().items() if v.has_komi) + ("other",)


#: The words for :class:`games.schema.RuleOptionError`'s codes.
_RULE_OPTION_WORDS = {
    "not-a-dict": _("Give the adjustments as a JSON object."),
    "none": _("This game has no rule adjustments."),
    "unknown": _("Unknown rule option “%(name)s”; the options are: %(known)s."),
    "type": _("The rule option “%(name)s” needs a value of type %(expected)s."),
    "choice": _("The rule option “%(name)s” must be one of: %(choices)s."),
    "refused": _("The rules engine refuses these adjustments: %(message)s"),
}


def rule_option_message(exc: RuleOptionError) -> str:
    """A :class:`~games.schema.RuleOptionError` in the reader's language."""
    words = str(_RULE_OPTION_WORDS[exc.code])
    return words % exc.params if exc.params else words


#: The words for :data:`games.schema.DEAD_STONES`: what becomes of dead stones at the end, as the live
#: board says it before the passes.
_DEAD_STONES_WORDS = {
    "marked": _(
        "After two passes the players mark the dead stones on the board and agree to the count; "
        "dead stones need not be captured."
    ),
    "alive": _("All stones on the board live: after two passes every stone is counted as it stands."),
    "captured": _(
        "Dead stones must be captured on the board: after two passes every stone on the board counts as alive."
    ),
}


def dead_stones_text(code: str | None) -> str:
    """What becomes of dead stones at the end of a game (:attr:`Variant.dead_stones`), in words ("" for none)."""
    return str(_DEAD_STONES_WORDS[code]) if code in _DEAD_STONES_WORDS else ""
