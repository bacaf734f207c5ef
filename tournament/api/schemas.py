"""The JSON API's contract: each answer's keys and types (see the README, "JSON API").

django-ninja checks every answer against these before it is sent, so a key
cannot drift from the contract without a test failing.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from ninja import Field, Schema

Number = int | float


class TournamentOut(Schema):
    slug: str
    name: str
    start: dt.date
    end: dt.date
    place: str


class DisciplineOut(Schema):
    id: int
    name: str
    kind: str
    board_size: int
    rule_set: str


class RoundSummary(Schema):
    number: int
    discipline: int
    status: str
    start: dt.datetime | None


class CategoryOut(Schema):
    """A rank category: its letter (``A`` the strongest) and its weakest and strongest rank
    (``null``: no bound)."""

    letter: str
    weakest: str | None
    strongest: str | None


class TournamentDetail(TournamentOut):
    disciplines: list[DisciplineOut]
    rounds: list[RoundSummary]
    categories: list[CategoryOut] = Field(default_factory=list)


class PlayerOut(Schema):
    id: int
    surname: str
    given_name: str
    club: str
    country: str
    rank: str
    status: str
    category: str | None = None


class PlayerRef(Schema):
    id: int
    name: str


class NotPlaying(PlayerRef):
    why: str


#: ``result``, White first as OpenGotha writes it (the stable contract: README, "JSON API").
WhiteFirst = Literal["1-0", "0-1", "=", "0-0", "1-1", "?", "1-0!", "0-1!", "0-0!", "1-1!"]
#: ``result_black_first``, Black first as the site's pages write it.
BlackFirst = Literal["1-0", "0-1", "½-½", "0-0", "1-1", "?", "1-0!", "0-1!", "0-0!", "1-1!"]
ResultState = Literal["pending", "reported", "confirmed", "disputed", "adjudicated"]


class GameOut(Schema):
    id: int
    table: int
    white: PlayerRef
    black: PlayerRef
    handicap: int
    komi: float
    result: WhiteFirst = Field(
        description=(
            "The official result, White first as OpenGotha writes it: 1-0 White won, 0-1 Black won, "
            "= jigo (draw), 0-0 both lost, 1-1 both won, ? no result yet; ! follows a game that was not "
            "played (1-0!: White won by default)."
        )
    )
    result_black_first: BlackFirst = Field(
        description=(
            "The same result, Black first as the site's pages write it: 1-0 Black won, 0-1 White won, "
            "½-½ jigo (draw), 0-0 both lost, 1-1 both won, ? no result yet; ! follows a game that was "
            "not played (0-1!: White won by default)."
        )
    )
    result_state: ResultState = Field(
        description=(
            "pending, reported (by one player, not yet confirmed), confirmed, disputed, or adjudicated "
            "(decided by a referee)."
        )
    )


class GameDetail(GameOut):
    record: str | None = Field(
        description=(
            "Once the result is settled: the game record as SGF, the same as the public game page's download "
            "(RE is the official result); null before, or without a record."
        )
    )
    verdict: dict | None = Field(
        description="Once the result is settled: the rules validator's check of the record against the official result."
    )
    record_rejected: bool = Field(
        description=(
            "True when a referee (or an organizer) decided the result against the record: the record is not "
            "the game's result, it is kept as submitted and labelled rejected."
        )
    )


class RoundDetail(Schema):
    number: int
    discipline: int
    status: str
    pairing_version: int = Field(
        description=(
            "The round's pairing version: one higher each time who plays whom, where or how changes (paired, "
            "paired again, unpaired, a swap, a game moved to another table, a bye given); a result never "
            "changes it. Pairings printed or kept at another version are stale."
        )
    )
    games: list[GameOut]
    bye: PlayerRef | None
    not_playing: list[NotPlaying]


class StandingsRow(Schema):
    place: int = Field(description="The place the standings page shows: within the category when ranked apart.")
    player: PlayerRef
    values: dict[str, Number | str | None] = Field(
        description="Each criterion's value; ``cat`` (OpenGotha's CAT) the category's letter, as the page and the CSV."
    )
    category: str | None = None
    category_place: int | None = Field(default=None, description="The place among the players of the category.")


FROZEN_AT = (
    "When the director froze the final table for the prize-giving (ISO, with the tournament's offset): places "
    "and scores as they were then, names and clubs as corrected since; null while the table follows the results."
)


class StandingsOut(Schema):
    frozen_at: str | None = Field(default=None, description=FROZEN_AT)
    after_round: int
    criteria: list[str]
    rows: list[StandingsRow]
    categories: list[CategoryOut] = Field(default_factory=list)


class TeamOut(Schema):
    number: int
    name: str
    members: list[PlayerRef]


class MatchBoard(Schema):
    board: int
    game: int


class MatchOut(Schema):
    round: int
    table: int
    team1: int = Field(description="The number of the first team (White on its first board, as OpenGotha).")
    team2: int
    boards: list[MatchBoard]
    order1: list[PlayerRef] = Field(
        default=[], description="Pair Go and Rengo: the first team's players in their order of play; else empty."
    )
    order2: list[PlayerRef] = Field(default=[], description="Pair Go and Rengo: the second team's order of play.")


class TeamByeOut(Schema):
    round: int
    team: int = Field(description="The number of the team left out of the round with the bye.")


class TeamsOut(Schema):
    boards: int = Field(description="The boards a team plays on; 0 when the players play each on their own.")
    players_per_side: int = Field(
        default=1,
        description="Pair Go and Rengo: a side's players on its one board, who move in turn (2 or 3); else 1.",
    )
    teams: list[TeamOut]
    byes: list[TeamByeOut] = Field(description="The team byes of the published and finished rounds.")
    matches: list[MatchOut] = Field(description="The matches of the published and finished rounds.")


class TeamRef(Schema):
    number: int
    name: str


class TeamRoundOut(Schema):
    round: int
    opponent: int | None = Field(description="The opponent team's number; null for a bye or no match.")
    bye: bool
    board_points: Number | None = Field(description="The team's board wins (a draw ½); null without a match.")
    opponent_board_points: Number | None
    team_points: int | None = Field(description="2 a match won, 1 drawn, 0 lost (a bye: the bye value).")


class TeamStandingsRow(Schema):
    place: int
    team: TeamRef
    values: dict[str, Number]
    rounds: list[TeamRoundOut]


class TeamStandingsOut(Schema):
    frozen_at: str | None = Field(default=None, description=FROZEN_AT)
    boards: int = Field(description="The boards a team plays on; 0 when the players play each on their own.")
    after_round: int
    criteria: list[str] = Field(description="OpenGotha's team criteria, in order: TEAMP, BDW, BDW3U, ...")
    rows: list[TeamStandingsRow]


class Error(Schema):
    success: bool
    error: str
