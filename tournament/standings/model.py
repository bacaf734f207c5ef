"""Plain data for the standings: entrants, games, byes, settings in; rows out.

No Django here.  Ranks are ints in OpenGotha's convention (see
:mod:`tournament.ranks`), rounds are numbered from 1, player ids
(:data:`PlayerId`) are the site's player primary keys, or OpenGotha's player
keys for the standings of a file (:mod:`.opengotha`).  Points are kept
doubled (``*_x2``) so that half points stay integers, as OpenGotha does.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from tournament.names import display_name
from tournament.pairing import categories
from tournament.pairing.categories import Category
from tournament.pairing.model import GeneralParams
from tournament.result_codes import POINTS_X2, UNKNOWN, Outcome

#: A player's id: the site's primary key, or OpenGotha's key (name and first name) in a file's standings.
PlayerId = int | str


#: Overall ranking modes (the values of ``Tournament.overall_ranking``).
TOTAL, PLACE_POINTS, BEST_OF = "total", "place-points", "best-of"


@dataclass(frozen=True)
class Entrant:
    id: PlayerId
    surname: str
    given_name: str
    rank: int
    #: The player's correction of the starting McMahon score (OpenGotha's
    #: smmsCorrection); bar, floor and zero come from ``Settings.general``.
    mms_correction: int = 0
    club: str = ""
    country: str = ""
    egd_pin: str = ""
    rating: int | None = None
    absent_rounds: frozenset[int] = frozenset()
    #: The name in Latin letters, where the player gave one (EGD file).
    surname_latin: str = ""
    given_name_latin: str = ""

    @property
    def name(self) -> str:
        """``Surname Given``, as every list of players names them (:mod:`tournament.names`)."""
        return display_name(self.surname, self.given_name)


@dataclass(frozen=True)
class Game:
    round: int
    table: int
    black: PlayerId
    white: PlayerId
    result: str = UNKNOWN
    handicap: int = 0
    by_default: bool = False

    def points_x2(self, player: PlayerId) -> int:
        black, white = POINTS_X2[self.result]
        return black if player == self.black else white

    def opponent(self, player: PlayerId) -> PlayerId:
        return self.white if player == self.black else self.black


@dataclass(frozen=True)
class Bye:
    round: int
    player: PlayerId


@dataclass(frozen=True)
class RoundInfo:
    number: int
    discipline: str


@dataclass(frozen=True)
class Settings:
    criteria: tuple[str, ...] = ("mms", "sosmms", "sososmms")
    #: OpenGotha's general parameters (McMahon bar, floor and zero, the NBW
    #: and MMS values of byes and absences, rounding, not-played games as
    #: half points): the same the pairing gets, from one conversion of the
    #: tournament's parameters (``selectors.pairing_data.parameters_for``).
    general: GeneralParams = field(default_factory=GeneralParams)
    #: OpenGotha's display option "display not playing players": otherwise
    #: players without any game or bye are listed apart (``Standings.not_playing``).
    show_not_playing: bool = False
    overall: str = TOTAL
    best_of: int | None = None
    #: Points for a discipline's place: the winner gets ``place_points_max``,
    #: the last ``0``, linearly in between (the Pentamind idea).
    place_points_max: int = 100


@dataclass(frozen=True)
class TournamentData:
    """Everything the standings need; the selector builds one from the models."""

    entrants: tuple[Entrant, ...]
    rounds: tuple[RoundInfo, ...]
    games: tuple[Game, ...] = ()
    byes: tuple[Bye, ...] = ()
    settings: Settings = field(default_factory=Settings)
    name: str = ""
    #: OpenGotha's "implied" players, when the data holds fewer rounds than the tournament (the
    #: standings after an earlier round, or only the public rounds): those with a game or a bye in
    #: any round of the tournament. OpenGotha lists them after every round, with their absence
    #: values for the rounds before their first game. ``None``: those of ``games`` and ``byes``.
    taking_part: frozenset[PlayerId] | None = None
    #: Entrants counted but never listed (the site's preliminary registrations, OpenGotha's PRE
    #: players): like OpenGotha's players without a game they count in the direct confrontation
    #: of their group; the site lists them nowhere in the standings, not even among those not playing.
    unlisted: frozenset[PlayerId] = frozenset()

    @property
    def disciplines(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for r in sorted(self.rounds, key=lambda r: r.number):
            seen.setdefault(r.discipline, None)
        return tuple(seen)


# --- output -------------------------------------------------------------------


class Cell(NamedTuple):
    """One round of one player, as the crosstable shows it.

    A named tuple, not a dataclass: a congress's table holds 50,000 of them, made, kept in the cache
    and read back for every table of a new result (a tuple is made and unpickled in a third of the
    time, and pickles to half the size)."""

    round: int
    kind: Literal["game", "bye", "absent", "none"]
    opponent: PlayerId | None = None
    opponent_place: int | None = None
    outcome: Outcome = "-"
    colour: Literal["b", "w", ""] = ""
    handicap: int = 0
    by_default: bool = False

    @property
    def code(self) -> str:
        """``12+/w0`` (``!`` instead of ``/`` by default); ``0+``, ``0-``, ``0=`` without game."""
        if self.kind != "game":
            return f"0{self.outcome}"
        sep = "!" if self.by_default else "/"
        return f"{self.opponent_place}{self.outcome}{sep}{self.colour}{self.handicap}"


@dataclass(frozen=True)
class Column:
    code: str
    header: str
    label: str


@dataclass(frozen=True)
class Row:
    place: int
    tied: bool
    #: Unique order number 1..n (ties broken by rank, then name), for the
    #: crosstable's opponent numbers and the EGD file.
    number: int
    entrant: Entrant
    values: tuple[str, ...]
    cells: tuple[Cell, ...] = ()
    #: The same values as numbers (``None`` where the text is "–"), for machines (the JSON API).
    numbers: tuple[int | float | None, ...] = ()
    #: The player's rank category (0 the strongest: :mod:`tournament.pairing.categories`), None without categories.
    category: int | None = None
    #: The place among the players of the same category (in this table's order), None without categories;
    #: ``category_tied``: shared with another player of the category.
    category_place: int | None = None
    category_tied: bool = False

    @property
    def rank_text(self) -> str:
        from tournament.ranks import format_rank

        try:
            return format_rank(self.entrant.rank)
        except ValueError:
            return str(self.entrant.rank)

    @property
    def place_display(self) -> str:
        return f"{self.place}=" if self.tied else str(self.place)


@dataclass(frozen=True)
class Standings:
    title: str
    columns: tuple[Column, ...]
    rounds: tuple[int, ...]
    rows: tuple[Row, ...]
    disciplines: tuple[str, ...] = ()
    mode: str = TOTAL
    #: Registered players without a game or a bye in these rounds: OpenGotha
    #: leaves them out of its tables; the pages list them apart.
    not_playing: tuple[Entrant, ...] = ()
    #: The discipline of each round in ``rounds``: (number, discipline), in order.
    round_disciplines: tuple[tuple[int, str], ...] = ()
    #: The lower limits of the rank categories (empty: none), as ``Settings.general`` has them.
    category_limits: tuple[int, ...] = ()
    #: When the director froze this table for the prize-giving (:mod:`.frozen`), at the tournament's place;
    #: None: computed from the results as they are.
    frozen_at: dt.datetime | None = None

    @property
    def categories(self) -> tuple[Category, ...]:
        """The rank categories, the strongest first (none without limits)."""
        return categories.categories(self.category_limits) if self.category_limits else ()

    def category_of(self, row: Row) -> Category | None:
        """A row's category (None without categories)."""
        return self.categories[row.category] if row.category is not None and self.category_limits else None

    @property
    def ranked_by_category(self) -> bool:
        """Categories ranked apart: the category (OpenGotha's CAT) is the first criterion of the total."""
        codes = [c.code for c in self.columns if c.code != "points" and not c.code.startswith("d:")]
        return bool(self.category_limits) and self.mode == TOTAL and codes[:1] == ["cat"]

    # --- the one home of what a row says of its category, for the page, the PDF, the CSV and the API ---

    def shows_category_place(self) -> bool:
        """The place column holds the place within the category: the categories ranked apart (the place
        across them would count the players of the stronger categories)."""
        return self.ranked_by_category

    def place_of(self, row: Row) -> int:
        """The place a row shows: within its category when ranked apart, else in the whole table."""
        if self.shows_category_place() and row.category_place is not None:
            return row.category_place
        return row.place

    def place_text(self, row: Row) -> str:
        """:meth:`place_of` as the tables write it: ``3=`` when shared."""
        if self.shows_category_place() and row.category_place is not None:
            return f"{row.category_place}=" if row.category_tied else str(row.category_place)
        return row.place_display

    def category_letter(self, row: Row) -> str:
        """The row's category letter (``""`` without categories): the CSV's ``category``, the API's
        ``category`` and its ``cat`` value."""
        found = self.category_of(row)
        return found.letter if found is not None else ""

    def category_place_text(self, row: Row) -> str:
        """The place within the category as written (``2=`` when shared; ``""`` without categories)."""
        if row.category_place is None or not self.category_limits:
            return ""
        return f"{row.category_place}=" if row.category_tied else str(row.category_place)

    def category_text(self, row: Row) -> str:
        """The one category column of the page and the PDF: the letter; ranked together, with the place
        within the category after it (``B 2``: the best but one of B), for prizes by category."""
        letter = self.category_letter(row)
        if not letter or self.shows_category_place():
            return letter
        return f"{letter} {self.category_place_text(row)}"

    @property
    def value_columns(self) -> tuple[int, ...]:
        """The indices of the columns shown as criteria: all but OpenGotha's CAT, which the category
        column already says (as a letter, where CAT counts 1, 2, ...)."""
        skip = "cat" if self.category_limits else None
        return tuple(i for i, c in enumerate(self.columns) if c.code != skip)

    def display_values(self, row: Row) -> tuple[str, ...]:
        """Every column's value as the crosstables write it: OpenGotha's CAT as the category's letter
        (``row.values`` keep OpenGotha's 1, 2, ... for its h9 file)."""
        letter = self.category_letter(row)
        return tuple(
            letter if c.code == "cat" and letter else v for c, v in zip(self.columns, row.values, strict=False)
        )

    def shown_columns(self) -> tuple[Column, ...]:
        return tuple(self.columns[i] for i in self.value_columns)

    def shown_values(self, row: Row) -> tuple[str, ...]:
        return tuple(row.values[i] for i in self.value_columns if i < len(row.values))

    def by_category(self) -> tuple[tuple[Category, tuple[Row, ...]], ...]:
        """The rows of each category, in their order, the strongest category first."""
        return tuple((c, tuple(r for r in self.rows if r.category == c.number)) for c in self.categories)

    def leaders(self, count: int) -> tuple[Row, ...]:
        """The top of the table for a screen of ``count`` lines: the first rows; ranked apart, the leaders
        of every category in turn (each category's share of the lines, at least its winner), not only
        the strongest category's."""
        if not self.ranked_by_category:
            return tuple(self.rows[:count])
        groups = [rows for _category, rows in self.by_category() if rows]
        if not groups:
            return tuple(self.rows[:count])
        share = max(1, count // len(groups))
        return tuple(r for rows in groups for r in rows[:share])
