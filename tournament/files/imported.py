"""A tournament, or a list of players, from another program's file: the one plain shape every reader gives.

The readers put what their format says into :class:`ImportedTournament`:

- OpenGotha's file: :func:`tournament.files.opengotha.imported` (a whole tournament, or only its players);
- MacMahon 3.9's file: :func:`tournament.files.macmahon.read_macmahon`;
- a player list (CSV): :func:`tournament.files.player_csv.read_player_csv` (players only).

:mod:`tournament.services.file_import` writes it into the site, the same way
whatever the file was: every player checked by the model's own rules (names,
rank, rating, EGD PIN, country, e-mail), an EGD PIN at most once, table numbers
given twice or not at all renumbered, komi and the rounds' states set, all in
one short transaction. Plain data, no Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from tournament.pairing.model import Result

__all__ = ["ImportedBye", "ImportedGame", "ImportedPlayer", "ImportedTeam", "ImportedTournament"]


@dataclass(frozen=True)
class ImportedPlayer:
    """A player as the file has them. Text as the file writes it (the writer checks it); numbers bounded
    by the reader (:mod:`tournament.limits`)."""

    #: How the file's games and byes name the player.
    key: str
    surname: str
    given_name: str
    #: The rank (:mod:`tournament.ranks`); None where the file gives none the reader could read
    #: (the reader says why in :attr:`ImportedTournament.problems`).
    rank: int | None
    club: str = ""
    #: As the file writes it; "" where it names none (the player then gets the tournament's country).
    country: str = ""
    rating: int | None = None
    egd_pin: str = ""
    email: str = ""
    #: Registered, not confirmed yet (taken by a whole tournament; a list's players get the status asked for).
    preliminary: bool = False
    absent_rounds: tuple[int, ...] = ()
    mms_correction: int = 0
    #: How a message names the player: by the line of a player list ("Line 4"), else by the number the
    #: file gives them (MacMahon's Id, the place in an OpenGotha file) and the name ("Player 7 (Anna Schmidt)").
    line: int = 0
    number: str = ""


@dataclass(frozen=True)
class ImportedGame:
    """A game of a round, its players by their keys."""

    round: int
    #: 0 where the file gives none; a table given twice in a round or none get the next free ones.
    table: int
    black: str
    white: str
    handicap: int = 0
    result: Result = Result.UNKNOWN
    by_default: bool = False
    #: The result was set by the referee (adjudicated).
    by_referee: bool = False
    #: The pair was made by hand (kept when the round is paired again).
    pinned: bool = False


@dataclass(frozen=True)
class ImportedBye:
    round: int
    player: str


@dataclass(frozen=True)
class ImportedTeam:
    """A team of a team tournament: its number and name, its members (keys), and who played which board
    in which round (``(round, board, key)``, boards 1 to the team size). The writer makes a match of the
    games two teams' players play on the same board of a round."""

    number: int
    name: str
    members: tuple[str, ...] = ()
    line_ups: tuple[tuple[int, int, str], ...] = ()


@dataclass(frozen=True)
class ImportedTournament:
    """A whole tournament (its settings, one Go discipline, players, rounds, games, byes), or a list of
    players (only :attr:`players` and :attr:`problems`)."""

    name: str = ""
    #: Rounds 1 to this; those without games or byes are planned.
    rounds: int = 0
    players: tuple[ImportedPlayer, ...] = ()
    games: tuple[ImportedGame, ...] = ()
    byes: tuple[ImportedBye, ...] = ()
    #: The short name the file suggests (else one is made from :attr:`name`).
    short_name: str = ""
    board_size: int = 19
    komi: Decimal = Decimal("7.5")
    #: Handicap as McMahon's policy gives it (else even games only).
    handicap: bool = True
    #: The tournament's settings the file sets, by the names of the tournament's fields (``start_date``,
    #: ``pairing_system``, ``mcmahon_bar``, ``standings_criteria``, ``pairing_parameters``...).
    settings: Mapping[str, Any] = field(default_factory=dict)
    #: A team tournament's teams (its kind of event, teams of N boards, in :attr:`settings` ``event_kind``).
    teams: tuple[ImportedTeam, ...] = ()
    #: What the reader could not read in a player (their line or number, the field, why): reported with
    #: the writer's own findings, all at once; a file with any is not written.
    problems: tuple[str, ...] = ()
