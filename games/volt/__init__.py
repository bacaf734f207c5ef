"""1000-Volt-Go: stones slide when a stone is placed (see :mod:`games.volt.rules`).

>>> replay("E5 E7 pass pass").as_dict()
{'legal': True, 'error': None, 'moves': 4, 'score': {'black': 1, 'white': 1}, 'result': 'W+5', 'dead': {'black': 0, 'white': 0}, 'prisoners': {'black': 0, 'white': 0}}
"""

from __future__ import annotations

from games.go import family
from games.go.family import *  # noqa: F403 - the family's types, listed in family.__all__
from games.go.verdict import bind
from games.volt.rules import VoltGame, handicap_for_rank_difference, slide

__all__ = ["VoltGame", *family.__all__, "replay", "check_claim", "handicap_for_rank_difference", "slide"]


replay, check_claim = bind(VoltGame)
