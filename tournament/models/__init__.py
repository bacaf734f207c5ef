"""The tournament's data model, one concept a file."""

from .audit import AuditEntry
from .bye_request import ByeRequest
from .discipline import Discipline
from .game import Bye, Game
from .live import LiveRecord
from .publication import Publication
from .rating import RatedPlayer, RatingList
from .registration import Registration
from .replay import GameReplay
from .role import TournamentInvitation, TournamentRole
from .round import PairingRecord, Round
from .team import EventKind, LineUp, Match, Team, TeamBye, TeamMember
from .tournament import PairConstraint, Tournament

__all__ = [
    "AuditEntry",
    "Bye",
    "ByeRequest",
    "Discipline",
    "EventKind",
    "Game",
    "GameReplay",
    "LineUp",
    "LiveRecord",
    "Match",
    "PairConstraint",
    "PairingRecord",
    "Publication",
    "RatedPlayer",
    "RatingList",
    "Registration",
    "Round",
    "Team",
    "TeamBye",
    "TeamMember",
    "Tournament",
    "TournamentInvitation",
    "TournamentRole",
]
