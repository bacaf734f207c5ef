"""Ninuki-Renju: rules engine, record replay and result checks.

A small library in the manner of python-chess::

    >>> from games.ninuki import Board, replay, RuleSet
    >>> board = Board(RuleSet.preset("hannover"))
    >>> board.play("K10"); board.play("K9")
    []
    []
    >>> v = replay("K10 K9 N10", "hannover")
    >>> v.legal, v.outcome, v.moves
    (True, 'unfinished', 3)

The pieces:

- :class:`RuleSet` (``rules.py``): a frozen dataclass of options; presets
  ``hannover`` (default), ``japanese``, ``pbmserv``, ``pente``; adjust with
  ``RuleSet.preset("hannover", double_three="both")``.
- :class:`Board` (``board.py``): ``push(point)``/``play("K10")``/``pop()``,
  ``outcome`` (an :class:`Outcome`), ``captures``, ``pending``; an illegal
  move raises :class:`IllegalMove` (``move_number``, ``point``, ``reason``).
- :func:`replay` (``replay.py``): a whole record to a :class:`Verdict`
  (``legal``, ``outcome``, ``reason``, ``captures``, ``moves``, ``error``).
- ``notation.py``: text notation and SGF, read and written; unreadable input
  raises :class:`NotationError` naming the line and the token.
- :func:`check_claim` (``claims.py``): does a submitted result agree with the
  record?  Stable codes, English messages.
- ``python -m games.ninuki`` (``__main__.py``): the command line.

``RULES.md`` (in the shared reference material) is the contract; decisions
where it is silent are in ``RULES-DECISIONS.md`` beside this file.
"""

from games.coords import Point

from .board import (
    BLACK,
    ILLEGAL_REASONS,
    REASONS,
    WHITE,
    Board,
    IllegalMove,
    Outcome,
)
from .claims import Claim, ClaimCheck, check_claim
from .notation import SGF_GAME, NotationError, TooLong, parse, parse_sgf, parse_text, read_sgf, write_sgf, write_text
from .replay import Verdict, replay
from .rules import PRESETS, RuleSet

__all__ = [
    "BLACK",
    "WHITE",
    "ILLEGAL_REASONS",
    "REASONS",
    "PRESETS",
    "SGF_GAME",
    "Board",
    "Claim",
    "ClaimCheck",
    "IllegalMove",
    "NotationError",
    "Outcome",
    "Point",
    "RuleSet",
    "TooLong",
    "Verdict",
    "check_claim",
    "parse",
    "parse_sgf",
    "parse_text",
    "read_sgf",
    "replay",
    "write_sgf",
    "write_text",
]
