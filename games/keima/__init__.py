"""Keima-Go: two stones a turn in knight's-move shape (see :mod:`games.keima.rules`).

>>> v = replay("E5 F7 D4 C2 pass pass")
>>> v.legal, v.moves, v.score, v.result
(True, 6, {'black': 8, 'white': 8}, 'W+4')
>>> replay("E5 F6").error.as_dict()
{'move': 2, 'point': 'F6', 'reason': 'not-keima'}
"""

from __future__ import annotations

from games.go import family
from games.go.family import *  # noqa: F403 - the family's types, listed in family.__all__
from games.go.verdict import bind
from games.keima.rules import KeimaGame, handicap_for_rank_difference, is_keima

__all__ = ["KeimaGame", *family.__all__, "replay", "check_claim", "handicap_for_rank_difference", "is_keima"]


replay, check_claim = bind(KeimaGame)
