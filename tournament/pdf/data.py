"""Plain data the pairing sheet, the result slips and a round robin's schedule are drawn from."""

from __future__ import annotations

from dataclasses import dataclass

from tournament.names import display_name, side_name


@dataclass(frozen=True)
class SheetPlayer:
    surname: str
    given_name: str
    rank: str = ""
    club: str = ""
    country: str = ""
    #: Pair Go, Rengo: the side's players in their order of play (the first of them is this one)
    members: tuple[SheetPlayer, ...] = ()

    @property
    def name(self) -> str:
        """``Surname Given``, as every list of players names them (:mod:`tournament.names`); a Pair Go or
        Rengo side's players in their order of play (:func:`tournament.names.side_name`)."""
        if self.members:
            return side_name([m.name for m in self.members])
        return display_name(self.surname, self.given_name)


@dataclass(frozen=True)
class SheetTable:
    table: int
    black: SheetPlayer
    white: SheetPlayer
    handicap: int = 0
    komi: float = 0.0
    result: str = ""
    #: what the slip's QR code opens (the game's result entry for an organizer's phone); "" for no code
    entry_url: str = ""


@dataclass(frozen=True)
class SheetMatch:
    """A team match: its number, the two teams (the first with White on board 1) and, board by board,
    the table of the board's game."""

    table: int
    team1: str
    team2: str
    boards: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class PairingSheet:
    tournament: str
    round: int
    discipline: str
    tables: tuple[SheetTable, ...]
    byes: tuple[SheetPlayer, ...] = ()
    absent: tuple[SheetPlayer, ...] = ()  # not playing this round: said they miss it
    withdrawn: tuple[SheetPlayer, ...] = ()
    discipline_kind: str = ""
    board_size: int = 19
    record_required: bool = False
    date: str = ""  # the round's start, in local time and the active language
    komi: bool = True  # False for games without komi (Ninuki-Renju)
    #: The game's ways of winning (``Variant.win_methods``, in its order) as ``(code, words)``: the slip's "won by".
    win_methods: tuple[tuple[str, str], ...] = ()
    #: A team round's matches (the sheet then lists them first, board by board).
    matches: tuple[SheetMatch, ...] = ()
    #: The team left out of a team round with the bye (its name), listed below the matches.
    team_byes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScheduledGame:
    table: int
    black: int  # the player's number: its place in :attr:`RobinSchedule.players`, from 1
    white: int
    handicap: int = 0
    result: str = ""  # ``1-0``, ``0-1!``... (Black first), empty while none


@dataclass(frozen=True)
class ScheduledRound:
    number: int
    date: str  # its start in local time and the active language, or empty
    discipline: str
    games: tuple[ScheduledGame, ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True)
class RobinSchedule:
    tournament: str
    #: every player of the schedule in seat order (the strongest first, as the schedule seats them)
    players: tuple[SheetPlayer, ...]
    rounds: tuple[ScheduledRound, ...]  # the rounds with games or a bye, by number
