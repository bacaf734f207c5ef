"""The tournament's data model, one concept a file.

Where each concept lives (the map of them all is ``docs/architecture.md``):

- a team tournament: its kind of event (individual, teams of 2 to 5 boards), teams, members, each round's
  line-up, matches (a match's boards are ordinary games, `Game.match`, `Game.board`):
  `tournament/models/team.py` (`EventKind`, `Team`, `TeamMember`, `LineUp`, `Match`; the limits in
  `tournament/limits.py`); changes `tournament/services/teams.py` (teams, members, line-ups), a team round's
  pairing stored from plain matches `tournament/services/team_rounds.py` (`team_round_store`, `TeamMatch`,
  `BoardPair`); reads, the default line-up (the previous round's, else by rating), the rule "boards ordered by
  strength" (`weaker_above`, which `line_up_set` asks: a line-up against it is saved only once confirmed), a
  board's teams (`board_teams`: the SGF's `BT`/`WT`) and the matches' board points
  `tournament/selectors/teams.py`; a board and its match in words `Game.match_board`; pages
  `tournament/views/teams.py`; OpenGotha's `<Teams>` read and written `tournament/files/opengotha_teams.py`,
  written into the site `tournament/services/file_import_teams.py`; the API's `/teams/` in
  `tournament/selectors/public_api.py`. The team standings and team crosstable as the site shows them (rounds
  counted as the individual standings', the tournament's `team_criteria`):
  `tournament/selectors/team_standings.py` (`team_table`, the API's `/team-standings/`), their plain data
  `tournament/standings/team_table.py`, PDFs `tournament/pdf/team_standings.py`, CSV
  `tournament/files/team_standings_csv.py`. Not the tournament's staff ("Staff" on the organizer's pages:
  `services/staff.py`, `views/staff.py`)
- a side of more than one person (Pair Go, Rengo): the rotation (who plays next, who made each move of a record:
  `members_of_moves`, `member_next`), a side's strength (the members' mean rating): `tournament/sides.py` (pure;
  the rules' worked orders in `tests/test_sides.py`); the kinds of event `EVENT_SHAPES` in
  `tournament/models/team.py` (a side is a team, its line-up the order of play); paired by the team engine
  (`pairing/teams.side_matches`), its stand-in (`pairing/teams.standins`) also what the round's handicap
  warnings (`selectors/round_day.game_warnings`) and the sides' standings
  (`selectors/team_standings._pair_table`: the standings criteria, as players) read; the default order of play
  `selectors/teams.teams_of` (Pair Go: `woman_first`); a game's sides and the player of each move or to move
  `tournament/selectors/sides.py` (the live board, the SGF); the turn enforced `permissions.side_turn_refusal`,
  asked by `services/live.py`; a side's name `names.side_name`
"""

from .audit import AuditEntry
from .bye_request import ByeRequest
from .discipline import Discipline
from .frozen_standings import FrozenStandings
from .game import Bye, Game
from .knockout import Knockout
from .live import LiveRecord
from .publication import Publication
from .rating import RatedPlayer, RatingList
from .registration import Registration
from .replay import GameReplay
from .role import TournamentInvitation, TournamentRole
from .round import PairingPrint, PairingRecord, Round
from .tables import TablePlan
from .team import EventKind, LineUp, Match, Team, TeamBye, TeamMember
from .tournament import PairConstraint, Tournament

__all__ = [
    "AuditEntry",
    "Bye",
    "ByeRequest",
    "Discipline",
    "EventKind",
    "FrozenStandings",
    "Game",
    "GameReplay",
    "Knockout",
    "LineUp",
    "LiveRecord",
    "Match",
    "PairConstraint",
    "PairingPrint",
    "PairingRecord",
    "Publication",
    "RatedPlayer",
    "RatingList",
    "Registration",
    "Round",
    "TablePlan",
    "Team",
    "TeamBye",
    "TeamMember",
    "Tournament",
    "TournamentInvitation",
    "TournamentRole",
]
