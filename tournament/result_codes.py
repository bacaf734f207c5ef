"""A game's result: the site's letters, and every other spelling of them, in one place.

The site keeps one letter per game (``Game.result``; its choices,
:class:`tournament.models.game.Result`, are these letters with their words, and code names them
``Result.UNKNOWN``, ``Result.BLACK`` ...). The pure layers (pairing, standings) use the constants
here. Every other spelling of a result is a table here, and nowhere else:

========== =============== ============ ============= =========== =========== ======
the site   meaning         pages, PDFs  the JSON API  OpenGotha   MacMahon    SGF RE
                           Black first  White first   (pairing)   Black first
========== =============== ============ ============= =========== =========== ======
``?``      no result yet   ``?``        ``?``         ``?``       ``?-?``     --
``B``      Black won       ``1-0``      ``0-1``       ``B``       ``1-0``     ``B+``
``W``      White won       ``0-1``      ``1-0``       ``W``       ``0-1``     ``W+``
``D``      draw (jigo)     ``½-½``      ``=``         ``=``       ``½-½``     ``0``
``0``      both lose       ``0-0``      ``0-0``       ``0``       ``0-0``     --
``1``      both win        ``1-1``      ``1-1``       ``1``       ``1-1``     --
========== =============== ============ ============= =========== =========== ======

A result by default (the game not played) adds ``!`` to the short forms (``0-1!``). The results grid's
keyboard field takes a table and a key (``37b``; :data:`TYPED`, :func:`read_entry`). The pages and
PDFs list Black first and write the result in that order; the API writes it White first as
OpenGotha and pairgoth do (a stable contract: README, "JSON API"). The rules engines say who won a
record as an *outcome* (``"black"``, ``"white"``, ``"draw"``): :func:`of_outcome`; a player's win
is :func:`winner` of their colour. A crosstable's cell marks a game ``+``, ``-``, ``=`` or, with no
result yet, ``?`` (:data:`Outcome`). The pairing's results (OpenGotha's letters) and the site's codes
meet in :mod:`tournament.pairing.model` (``RESULT_OF_CODE``, ``CODE_OF_RESULT``); an OpenGotha file's
own names of them (``RESULT_WHITEWINS``) are its reader's, :mod:`tournament.files.opengotha`.

Pure: no Django (``tests/reliability/test_vocabulary.py`` finds a bare ``"?"`` or a map of winners
anywhere else).

Where each concept lives (the map of them all is ``docs/architecture.md``):

- a game's result: its codes and every other spelling of them: `tournament/result_codes.py` (pure): the letters
  (`UNKNOWN` `?`, `BLACK`, `WHITE`, `DRAW`, `BOTH_LOSE`, `BOTH_WIN`), a winner's code (`winner(colour)`,
  `winner_colour`, `of_outcome` of a rules engine's outcome), the points, the short forms Black first (pages,
  PDFs: `Game.result_short`) and White first (the API), OpenGotha's letters (`pairing.model.Result`,
  `RESULT_OF_CODE` and back `CODE_OF_RESULT`, its points `POINTS_X2`), MacMahon's and SGF's; the stored choices
  with their words are `Result` in `tournament/models/game.py` (its values are these codes: code writes
  `Result.UNKNOWN`, never `"?"`). `tests/reliability/test_vocabulary.py` finds a bare `"?"` or a map of colours
  to results anywhere else
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

UNKNOWN: Final = "?"
BLACK: Final = "B"
WHITE: Final = "W"
DRAW: Final = "D"
BOTH_LOSE: Final = "0"
BOTH_WIN: Final = "1"
#: Every code, in the order of the stored choices.
CODES: Final = (UNKNOWN, BLACK, WHITE, DRAW, BOTH_LOSE, BOTH_WIN)

#: The code of a game each colour won.
_WINNER: Final = {"black": BLACK, "white": WHITE}
_COLOUR_OF: Final = {code: colour for colour, code in _WINNER.items()}
#: The rules engines' outcome of a record (``Replay.outcome``) -> the code.
OUTCOMES: Final = {**_WINNER, "draw": DRAW}


def winner(colour: str) -> str:
    """The code of a game that ``colour`` (``"black"`` or ``"white"``) won."""
    return _WINNER[colour]


def winner_colour(code: str | None) -> str | None:
    """``"black"`` or ``"white"`` for a game one of them won; ``None`` for any other result (or none)."""
    return _COLOUR_OF.get(code or "")


def of_outcome(outcome: str | None) -> str | None:
    """The code of a record's outcome (``"black"``, ``"white"``, ``"draw"``); ``None`` for none."""
    return OUTCOMES.get(outcome or "")


#: Twice the points a result gives to (Black, White): half points stay integers, as OpenGotha keeps them.
POINTS_X2: Final = {
    BLACK: (2, 0),
    WHITE: (0, 2),
    DRAW: (1, 1),
    BOTH_LOSE: (0, 0),
    BOTH_WIN: (2, 2),
    UNKNOWN: (0, 0),
}

#: Short forms, Black first (the pages and PDFs).
BLACK_FIRST: Final = {BLACK: "1-0", WHITE: "0-1", DRAW: "½-½", BOTH_LOSE: "0-0", BOTH_WIN: "1-1", UNKNOWN: "?"}
#: Short forms, White first as OpenGotha writes them (the JSON API).
WHITE_FIRST: Final = {WHITE: "1-0", BLACK: "0-1", DRAW: "=", BOTH_LOSE: "0-0", BOTH_WIN: "1-1", UNKNOWN: "?"}


def short(code: str, by_default: bool = False, *, white_first: bool = False) -> str:
    """``1-0``, ``0-1!``...: the result in its short form, Black first (or White first), ``!`` for a
    game not played."""
    text = (WHITE_FIRST if white_first else BLACK_FIRST)[code]
    return f"{text}!" if by_default and code != UNKNOWN else text


#: OpenGotha's letters (the pairing's :class:`tournament.pairing.model.Result`); OpenGotha writes a draw ``=``.
OPENGOTHA: Final = {UNKNOWN: "?", BLACK: "B", WHITE: "W", DRAW: "=", BOTH_LOSE: "0", BOTH_WIN: "1"}

#: MacMahon's results, Black first (its file's ``<Result>``, without the ``!`` of a game by default).
OF_MACMAHON: Final = {
    "1-0": BLACK,
    "0-1": WHITE,
    "½-½": DRAW,
    "1/2-1/2": DRAW,
    "=": DRAW,
    "0-0": BOTH_LOSE,
    "1-1": BOTH_WIN,
    "?-?": UNKNOWN,
    "?": UNKNOWN,
    "": UNKNOWN,
}

#: SGF's ``RE`` of a result (without the way it was won), for the results SGF can write.
SGF: Final = {BLACK: "B+", WHITE: "W+", DRAW: "0"}

#: A crosstable cell's mark of a game: won, lost, jigo, or no result yet.
Outcome = Literal["+", "-", "=", "?"]
NO_OUTCOME: Final = "?"


#: The keys typed after a table number in the results grid's keyboard field (``37b``), lower case: Black
#: (``s`` for *Schwarz*), White (*Weiß*), jigo, both lose, both win, no result yet. ``!`` after the key:
#: the game was not played (a win, a loss or both by default: ``37w!``). A digit key needs a space or a
#: dash after the table (``37 0``, ``37-1``): ``370`` is table 370. The table is ASCII digits only (``１b`` or
#: ``٣٧b`` is no entry: :func:`foreign_digits` tells them apart for the form's error).
TYPED: Final = {
    "b": BLACK,
    "s": BLACK,
    "w": WHITE,
    "=": DRAW,
    "j": DRAW,
    "0": BOTH_LOSE,
    "1": BOTH_WIN,
    "?": UNKNOWN,
}
#: What the keyboard field shows as its examples, one per result, in :data:`CODES`'s order.
TYPED_EXAMPLE: Final = {UNKNOWN: "?", BLACK: "b", WHITE: "w", DRAW: "=", BOTH_LOSE: " 0", BOTH_WIN: " 1"}

_ENTRY: Final = re.compile(
    r"\s*(?P<table>[0-9]{1,6})\s*(?:(?P<key>[a-z=?])|[\s\-/:.]+(?P<digit>[01]))\s*(?P<default>!?)\s*",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Typed:
    """One entry typed in the results grid: a table and its result (``by_default``: not played)."""

    table: int
    result: str
    by_default: bool = False


def read_entry(text: str) -> Typed | None:
    """``37b`` -> table 37, Black won; ``37w!`` White won by default; ``12 0`` both lose; ``37?`` no result;
    ``None`` for text that is not a table and a key of :data:`TYPED` (``370``, ``37x``, ``b37``). Whether
    the result may stand (jigo with a half-point komi, a jigo by default) the result service says."""
    match = _ENTRY.fullmatch(text or "")
    if match is None:
        return None
    key = (match["key"] or match["digit"]).lower()
    if key not in TYPED:
        return None
    return Typed(table=int(match["table"]), result=TYPED[key], by_default=bool(match["default"]))


def foreign_digits(text: str) -> bool:
    """Whether ``text`` has a digit of another script than ASCII's (fullwidth ``１``, Arabic-Indic ``٣``):
    a table is typed with 0 to 9 only."""
    return any(c.isdigit() and not c.isascii() for c in text or "")


def typed(code: str, by_default: bool = False) -> str:
    """The key that :func:`read_entry` reads as ``code`` (``b``, `` 0``), with ``!`` for a game not played."""
    return TYPED_EXAMPLE[code] + ("!" if by_default else "")
