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
    #: Where the table is, by the hall plan ("Hall B, row 4"); empty when there is none.
    place: str = ""
    #: what the slip's QR code opens (the game's result entry for an organizer's phone); "" for no code
    entry_url: str = ""
    #: whether the game can end in jigo (:attr:`tournament.models.Game.jigo_possible`: not at a half point of komi)
    jigo_possible: bool = True


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
    #: The pairing's version (:attr:`Round.shown_pairing`), printed on the sheet and every slip; None: not paired.
    pairing_version: int | None = None


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


@dataclass(frozen=True)
class BracketSide:
    """One line of a bracket's match: the seed (None: nobody yet, or nobody at all: a bye), where the
    seed qualified ("3": third in the standings, "A1": first of group A) and the player."""

    seed: int | None = None
    origin: str = ""
    player: SheetPlayer | None = None
    won: bool = False


@dataclass(frozen=True)
class BracketGame:
    round: int
    table: int
    black: str  # the players' names
    white: str
    result: str = ""  # ``1-0``, ``½-½``... Black first; empty while none


@dataclass(frozen=True)
class BracketMatch:
    code: str
    third: bool
    top: BracketSide
    bottom: BracketSide
    games: tuple[BracketGame, ...] = ()
    #: in words: "bye", "waiting", "to play", "playing", "replay", "won", "higher seed on" (the active language)
    state: str = ""


@dataclass(frozen=True)
class BracketStage:
    number: int
    name: str  # Final, Semi-finals... in the active language
    rounds: tuple[int, ...]  # the tournament's rounds it was played in
    matches: tuple[BracketMatch, ...]


@dataclass(frozen=True)
class BracketPlace:
    label: str  # "1st", "3rd–4th" / "1.", "3.–4."
    player: SheetPlayer
    seed: int
    origin: str
    how: str  # in words: "Champion", "Lost the final"...
    first: int = 0
    shared: bool = False


@dataclass(frozen=True)
class BracketSheet:
    tournament: str
    size: int
    seeds: int
    stages: tuple[BracketStage, ...]
    places: tuple[BracketPlace, ...]
    rule: str  # the rule for a game without a winner, in words
    colours: str
    after_round: int
    seeded: str  # where the seeds come from, in words (the page's and the PDF's footnote)
    from_groups: bool = False
    complete: bool = False
    strays: tuple[BracketGame, ...] = ()


@dataclass(frozen=True)
class GroupLine:
    place: int  # within the group
    tied: bool
    player: SheetPlayer
    values: tuple[str, ...]  # the standings' columns
    qualified: bool = False  # seeded into the knockout stage


@dataclass(frozen=True)
class GroupTable:
    """One group of a group stage, its players in the standings' order."""

    name: str
    headers: tuple[str, ...]
    lines: tuple[GroupLine, ...]
