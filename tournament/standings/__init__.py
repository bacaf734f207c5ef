"""Standings as pure functions over plain data (no Django).

- :mod:`.model` -- the plain data in (entrants, games, byes, settings) and out
  (rows, cells, columns).
- :mod:`.scores` -- base scores per player, OpenGotha's rules for unplayed
  rounds.
- :mod:`.criteria` -- each placement criterion, defined once.
- :mod:`.ranking` -- sorting, direct confrontation, shared places.
- :mod:`.build` -- per-discipline and overall standings (total, place points,
  best k of n).
- :mod:`.frozen` -- a table frozen for the prize-giving, kept as JSON and read back
  with today's names; whom today's results would move.
"""

from .build import (
    discipline_standings,
    overall_standings,
    place_points,
    round_numbers,
    rounds_standings,
)
from .criteria import CRITERIA
from .model import (
    Bye,
    Cell,
    Column,
    Entrant,
    Game,
    RoundInfo,
    Row,
    Settings,
    Standings,
    TournamentData,
)

__all__ = [
    "CRITERIA",
    "Bye",
    "Cell",
    "Column",
    "Entrant",
    "Game",
    "RoundInfo",
    "Row",
    "Settings",
    "Standings",
    "TournamentData",
    "discipline_standings",
    "overall_standings",
    "place_points",
    "round_numbers",
    "rounds_standings",
]
