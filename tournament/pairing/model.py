"""Plain data for the pairing engine: players, games, byes, parameters.

Rounds are numbered from 1 everywhere in this package.  Ranks are ints in
OpenGotha's convention (see :mod:`tournament.ranks`).  Every class is a
frozen dataclass; build new values with :func:`dataclasses.replace`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol, TypedDict

from games.schema import HANDICAP_POLICIES
from tournament import result_codes as codes
from tournament.ranks import rating_from_rank


class Result(str, Enum):
    """A game's result, as OpenGotha records it (without the by-default flag): OpenGotha's letters of
    the site's codes (:data:`tournament.result_codes.OPENGOTHA`)."""

    UNKNOWN = codes.OPENGOTHA[codes.UNKNOWN]
    WHITE_WINS = codes.OPENGOTHA[codes.WHITE]
    BLACK_WINS = codes.OPENGOTHA[codes.BLACK]
    DRAW = codes.OPENGOTHA[codes.DRAW]
    BOTH_LOSE = codes.OPENGOTHA[codes.BOTH_LOSE]
    BOTH_WIN = codes.OPENGOTHA[codes.BOTH_WIN]

    def points_x2(self, white: bool) -> int:
        """Twice the points this result gives to White (or Black): :data:`tournament.result_codes.POINTS_X2`."""
        return _POINTS_X2[self][white]


#: The site's result codes (``Game.result``, the standings' cells) -> the pairing's results: OpenGotha's
#: letters (:data:`tournament.result_codes.OPENGOTHA`; the site writes a draw ``D`` where OpenGotha writes ``=``).
RESULT_OF_CODE = {code: Result(letter) for code, letter in codes.OPENGOTHA.items()}
#: The pairing's results -> the site's codes (a file's results as the site keeps them).
CODE_OF_RESULT = {result: code for code, result in RESULT_OF_CODE.items()}
#: Twice the points of each result to (Black, White).
_POINTS_X2 = {result: codes.POINTS_X2[code] for result, code in CODE_OF_RESULT.items()}


@dataclass(frozen=True)
class Discipline:
    """The game a round plays and how its games get handicap.

    ``kind`` is a name of ``games.variants()``; any other name (and the
    default, none) is played as Go.  ``handicap`` is one of
    :data:`HANDICAP_POLICIES` (``games.schema``'s), or ``None`` for the
    game's usual one (OpenGotha's Go handicap, the game's table by rank
    difference, none in Ninuki-Renju);
    :func:`tournament.pairing.handicap.rule_for` reads both.
    """

    kind: str = ""
    handicap: str | None = None

    def __post_init__(self) -> None:
        if self.handicap is not None and self.handicap not in HANDICAP_POLICIES:
            raise ValueError(f"handicap policy must be one of {HANDICAP_POLICIES} or None: {self.handicap!r}")


@dataclass(frozen=True)
class Player:
    key: str
    name: str
    first_name: str = ""
    rank: int = -20
    club: str = ""
    country: str = ""
    rating: int = 0
    mms_correction: int = 0
    # participation[r-1] is False when the player is absent in round r;
    # rounds beyond the tuple count as present.
    participation: tuple[bool, ...] = ()
    final: bool = True  # OpenGotha's registeringStatus FIN
    withdrawn: bool = False  # the site's: left the tournament (absent from every round; warnings say so)

    def present(self, round_number: int) -> bool:
        i = round_number - 1
        return self.final and (i >= len(self.participation) or self.participation[i])


class Person(Protocol):
    """Whom the site registers (a registration, the standings' entrant), as :func:`player_from` reads them."""

    @property
    def surname(self) -> str: ...
    @property
    def given_name(self) -> str: ...
    @property
    def rank(self) -> int: ...
    @property
    def club(self) -> str: ...
    @property
    def country(self) -> str: ...
    @property
    def rating(self) -> int | None: ...
    @property
    def mms_correction(self) -> int: ...


def player_from(
    person: Person, key: str, participation: tuple[bool, ...], final: bool = True, withdrawn: bool = False
) -> Player:
    """The engine's player for a person the site registered: surname and given name are OpenGotha's
    name and first name; without a rating, the rating OpenGotha gives the rank (:func:`tournament.ranks.rating_from_rank`:
    a team's mean rating, the rating criterion and the order of the tables read it as OpenGotha would)."""
    return Player(
        key=key,
        name=person.surname,
        first_name=person.given_name,
        rank=person.rank,
        club=person.club,
        country=person.country,
        rating=person.rating if person.rating is not None else rating_from_rank(person.rank),
        mms_correction=person.mms_correction,
        participation=participation,
        final=final,
        withdrawn=withdrawn,
    )


def player_key(name: str, first_name: str) -> str:
    """OpenGotha's key: name and first name, upper-cased, spaces removed."""
    return (name + first_name).upper().replace(" ", "")


@dataclass(frozen=True)
class Game:
    round: int
    white: str
    black: str
    handicap: int = 0
    result: Result = Result.UNKNOWN
    by_default: bool = False
    known_color: bool = True
    table: int = 0  # 1-based; 0 when not yet numbered
    komi: float | None = None
    reverse_komi: bool = False

    def opponent(self, key: str) -> str:
        return self.black if key == self.white else self.white


@dataclass(frozen=True)
class Bye:
    round: int
    player: str


class SeedSystem(str, Enum):
    SPLIT_AND_RANDOM = "SPLITANDRANDOM"
    SPLIT_AND_FOLD = "SPLITANDFOLD"
    SPLIT_AND_SLIP = "SPLITANDSLIP"


class DUDDMode(str, Enum):
    TOP = "TOP"
    MID = "MID"
    BOT = "BOT"


@dataclass(frozen=True)
class GeneralParams:
    number_of_rounds: int = 5
    mm_floor: int = -20  # 20k
    mm_bar: int = 0  # 1d
    mm_zero: int = -30  # 30k
    mms2_absent: int = 1  # twice the MMS points of an absent round
    mms2_bye: int = 2
    nbw2_absent: int = 0
    nbw2_bye: int = 2
    round_down_nbw_mms: bool = True
    # OpenGotha's genCountNotPlayedGamesAsHalfPoint: the SOS family reads
    # opponents' scores with half a point for each round without a played game
    count_not_played_as_half: bool = False
    number_of_categories: int = 1
    lower_category_limits: tuple[int, ...] = ()
    komi: float = 7.5
    size: int = 19


@dataclass(frozen=True)
class HandicapParams:
    based_on_mms: bool = True
    no_handicap_threshold: int = 0  # 1d
    correction: int = 1
    ceiling: int = 9


@dataclass(frozen=True)
class PairingParams:
    avoid_duplicate: int = 500_000_000_000_000
    random: int = 0
    deterministic: bool = True
    balance_wb: int = 1_000_000
    avoid_mixing_categories: int = 20_000_000_000_000
    minimize_score_difference: int = 100_000_000_000
    dudd_weight: int = 100_000_000
    compensate_dudd: bool = True
    dudd_upper_mode: DUDDMode = DUDDMode.MID
    dudd_lower_mode: DUDDMode = DUDDMode.MID
    maximize_seeding: int = 5_000_000
    # system 1 in rounds 1..this (numbered from 1); OpenGotha writes 2 for its
    # new tournaments and reads 2 when a file says nothing
    last_round_for_seed_system1: int = 1
    seed_system1: SeedSystem = SeedSystem.SPLIT_AND_RANDOM
    seed_system2: SeedSystem = SeedSystem.SPLIT_AND_FOLD
    additional_criterion1: str = "RATING"
    additional_criterion2: str = "NULL"
    minimize_handicap: int = 0
    avoid_same_geo: int = 100_000_000_000
    prefer_mms_diff_rather_than_same_country: int = 1
    prefer_mms_diff_rather_than_same_club: int = 3
    prefer_mms_diff_rather_than_same_clubs_group: int = 2
    bar_threshold_active: bool = True
    nbw_threshold_active: bool = True
    rank_threshold: int = 0  # 1d
    nx1_factor: float = 0.5
    def_sec_crit: int = 100_000_000_000


@dataclass(frozen=True)
class Parameters:
    general: GeneralParams = field(default_factory=GeneralParams)
    handicap: HandicapParams = field(default_factory=HandicapParams)
    pairing: PairingParams = field(default_factory=PairingParams)
    # placement criteria, OpenGotha names: MMS, SOSM, SOSOSM, NBW, SOSW, ...
    placement: tuple[str, ...] = ("MMS", "SOSM", "SOSOSM")
    # "tournament": no rematch across the whole event; "discipline": only
    # games of the same discipline count as rematches.
    rematch_scope: str = "tournament"

    @property
    def main_criterion(self) -> str:
        """OpenGotha's ``mainCriterion``: the first of NBW, MMS and CPS among the
        placement criteria; NBW when there is none."""
        for c in self.placement:
            if c in ("MMS", "NBW", "CPS"):
                return c
        return "NBW"

    @property
    def mcmahon(self) -> bool:
        return self.main_criterion == "MMS"


class FileExtra(TypedDict, total=False):
    """What an OpenGotha file holds beyond the engine's data, kept for writing it back
    (:mod:`tournament.files.opengotha`): the root's attributes, each player's attributes by key, the
    parameter set and the other elements, as XML text. Attributes are ``[name, value]`` pairs in the
    file's order: a list keeps it in every database (PostgreSQL's JSON column sorts an object's keys its
    own way), so the file written back has them where the file had them."""

    root_attrib: list[list[str]]
    players: dict[str, list[list[str]]]
    parameter_set: str
    others: list[str]
    #: Read only, for the import's notes (not stored): the games' and byes' keys that are not their
    #: players' own, ``[key in the file, player's key, how it was found]``.
    found_keys: list[list[str]]
    #: Read only: the games and the byes OpenGotha 3.51.02 leaves out, not finding a player by such a key.
    dropped_by_opengotha: list[int]


@dataclass(frozen=True)
class Tournament:
    """Everything the engine needs; the site builds one from its models."""

    players: tuple[Player, ...]
    games: tuple[Game, ...] = ()
    byes: tuple[Bye, ...] = ()
    params: Parameters = field(default_factory=Parameters)
    name: str = ""
    short_name: str = ""
    # discipline of each round, round -> Discipline; missing rounds are Go
    disciplines: dict[int, Discipline] = field(default_factory=dict)
    clubs_groups: tuple[tuple[str, ...], ...] = ()
    extra: FileExtra = field(default_factory=lambda: FileExtra())  # unparsed file data kept for a round trip

    def discipline(self, round_number: int) -> Discipline:
        return self.disciplines.get(round_number, Discipline())

    def player(self, key: str) -> Player:
        for p in self.players:
            if p.key == key:
                return p
        raise KeyError(key)

    def before(self, round_number: int) -> Tournament:
        """The tournament with every game and bye of round_number and later forgotten."""
        from dataclasses import replace

        return replace(
            self,
            games=tuple(g for g in self.games if g.round < round_number),
            byes=tuple(b for b in self.byes if b.round < round_number),
        )
