"""The tournament's data model, one concept a file."""

from .audit import AuditEntry
from .discipline import Discipline
from .game import Bye, Game
from .live import LiveRecord
from .registration import Registration
from .role import TournamentRole
from .round import Round
from .tournament import PairConstraint, Tournament

__all__ = [
    "AuditEntry",
    "Bye",
    "Discipline",
    "Game",
    "LiveRecord",
    "PairConstraint",
    "Registration",
    "Round",
    "Tournament",
    "TournamentRole",
]
