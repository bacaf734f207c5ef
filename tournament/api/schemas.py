"""The JSON API's contract: each answer's keys and types (see the README, "JSON API").

django-ninja checks every answer against these before it is sent, so a key
cannot drift from the contract without a test failing.
"""

from __future__ import annotations

import datetime as dt

from ninja import Schema

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


class TournamentDetail(TournamentOut):
    disciplines: list[DisciplineOut]
    rounds: list[RoundSummary]


class PlayerOut(Schema):
    id: int
    surname: str
    given_name: str
    club: str
    country: str
    rank: str
    status: str


class PlayerRef(Schema):
    id: int
    name: str


class NotPlaying(PlayerRef):
    why: str


class GameOut(Schema):
    id: int
    table: int
    white: PlayerRef
    black: PlayerRef
    handicap: int
    komi: float
    result: str
    result_state: str


class GameDetail(GameOut):
    record: str | None
    verdict: dict | None


class RoundDetail(Schema):
    number: int
    discipline: int
    status: str
    games: list[GameOut]
    bye: PlayerRef | None
    not_playing: list[NotPlaying]


class StandingsRow(Schema):
    place: int
    player: PlayerRef
    values: dict[str, Number | None]


class StandingsOut(Schema):
    after_round: int
    criteria: list[str]
    rows: list[StandingsRow]


class Error(Schema):
    success: bool
    error: str
