"""Team tournaments as plain data, and what OpenGotha reads from them: the matches, their results.

A team tournament is an individual tournament (:class:`~.model.Tournament`: every member a
:class:`~.model.Player`, every board a :class:`~.model.Game`, the parameters) plus its teams
(:class:`Team`: a key, a name, OpenGotha's team number, a line-up per round, board 1 first, ``None`` on
an empty board) and
the number of boards (2 to 5 on the site; OpenGotha allows 2 to 10). Nothing here knows Django:
the site fills these from its models (a team's id as ``key``, the round's line-up as the
members' registration keys, the games as for the individual pairing, a team bye as a
:class:`~.model.Bye` whose ``player`` is the team's key).

OpenGotha reads a match from the games alone (``Tournament.matchesList``, ``Match.buildMatch``):
the team of board 1's opponent (in that round's line-ups) is the opponent team; the team whose
board 1 has White is the match's white team; board ``i`` counts the game of the white team's
player ``i`` for both line-ups' players ``i``, each scoring twice its points (``getWX2``: 2 a
win, 1 a draw, 0 a loss, an unknown result or both losing, 2 each when both win). Board ``n``
is always board ``n``: an empty board (``None``, a line-up of boards 2 and 3 only) is a board
without a game, 0 to either team, the later boards keep their places; a team whose board 1 is
empty finds no match of its own, and meets its opponent only when the opponent's board 1 played
one of its members and the opponent's name comes first (OpenGotha builds each match once, from
the team of the smaller name: else the match is lost to both, as in OpenGotha).
Filled from the site's models, for instance::

    individual = Tournament(players=..., games=..., params=...)   # as for the individual pairing
    teams = tuple(Team(key=str(t.pk), name=t.name, number=t.number,
                       lineups={r: tuple(keys of the members on boards 1..n) for each round r})
                  for t in the tournament's teams)
    tt = TeamTournament(individual, teams, boards=3, byes=(Bye(round, str(team.pk)), ...))

A team scores (``Match.getTeamScore``) 2 team points when its board points (twice the wins)
exceed both the number of boards and its opponent's, 1 when they equal the larger of the two,
else 0: 2-1 of three boards wins, 1½-1½ draws, 1-1 with a board both lost is lost by both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from tournament.sides import SIDE_SIZES, side_rating

from .model import Bye, Game, Player, Result, Tournament

#: OpenGotha's limits of a team's boards (``Gotha.MIN_NUMBER_OF_MEMBERS_BY_TEAM`` .. ``MAX_``).
MIN_BOARDS, MAX_BOARDS = 2, 10


@dataclass(frozen=True)
class Team:
    """A team: ``key`` (the site's id as text, unique), ``name`` (unique, as OpenGotha keys its
    teams), ``number`` (OpenGotha's team number from 1: the order of the teams where nothing else
    decides), ``lineups`` (round -> the members' keys on boards 1..n; a round without one, or with
    fewer members than boards, leaves the team out of that round's pairing, as OpenGotha refuses
    to pair an incomplete team)."""

    key: str
    name: str
    number: int
    lineups: Mapping[int, tuple[str | None, ...]] = field(default_factory=dict)

    def lineup(self, round_number: int) -> tuple[str | None, ...]:
        """The round's line-up, board 1 first, ``None`` on an empty board."""
        return tuple(self.lineups.get(round_number, ()))

    def players(self, round_number: int) -> tuple[str, ...]:
        """The round's line-up as complete: every board filled (else :meth:`TeamTournament.complete`
        is false and the team is not paired)."""
        found = tuple(k for k in self.lineup(round_number) if k is not None)
        if len(found) != len(self.lineup(round_number)):
            raise ValueError(f"{self.key} has an empty board in round {round_number}")
        return found


@dataclass(frozen=True)
class TeamTournament:
    """The individual tournament (members, board games, parameters), the teams, the number of
    boards, the team byes of earlier rounds (``Bye.player`` a team's key) and the players a side
    has on a board: 1 in a team tournament, 2 or 3 in Pair Go and Rengo (pairgoth's ``PAIRGO``,
    ``RENGO2``, ``RENGO3``: one board, the line-up the side's players in their order of play)."""

    individual: Tournament
    teams: tuple[Team, ...]
    boards: int
    byes: tuple[Bye, ...] = ()
    players: int = 1

    def __post_init__(self) -> None:
        if self.players > 1:
            if self.boards != 1 or self.players not in SIDE_SIZES:
                raise ValueError(f"a side of {self.players} players plays on one board")
        elif not MIN_BOARDS <= self.boards <= MAX_BOARDS:
            raise ValueError(f"a team has {MIN_BOARDS} to {MAX_BOARDS} boards, not {self.boards}")
        if len({t.key for t in self.teams}) != len(self.teams) or len({t.name for t in self.teams}) != len(self.teams):
            raise ValueError("teams' keys and names must be unique")
        seen: dict[tuple[int, str], str] = {}
        for t in self.teams:
            for r, lineup in t.lineups.items():
                for k in lineup:
                    if k is None:
                        continue
                    if seen.setdefault((r, k), t.key) != t.key or lineup.count(k) > 1:
                        raise ValueError(f"{k} is on two boards in round {r}")

    @cached_property
    def _by_key(self) -> dict[str, Team]:
        return {t.key: t for t in self.teams}

    @cached_property
    def _placed(self) -> dict[tuple[int, str], Team]:
        """``(round, player key) -> team`` of every line-up (a player is in one a round: checked above)."""
        return {(r, k): t for t in self.teams for r, lineup in t.lineups.items() for k in lineup if k is not None}

    @cached_property
    def _players(self) -> dict[str, Player]:
        return {p.key: p for p in self.individual.players}

    def team(self, key: str) -> Team:
        return self._by_key[key]

    def team_of(self, player: str, round_number: int) -> Team | None:
        """The team whose line-up of the round holds the player (OpenGotha's ``getTeamOfPlayer``); looked
        up, not searched: a 1,000-team tournament asks it for every game."""
        return self._placed.get((round_number, player))

    def complete(self, team: Team, round_number: int) -> bool:
        """OpenGotha's ``isTeamComplete``: every board has a member, final and taking part in the round."""
        lineup = team.lineup(round_number)
        if len(lineup) < self.seats:
            return False
        players = self._players
        return all(k is not None and k in players and players[k].present(round_number) for k in lineup[: self.seats])

    @property
    def seats(self) -> int:
        """The places of a line-up: a player a board, or a side's players in their order of play."""
        return self.boards * self.players

    def mean_rating(self, team: Team) -> int:
        """OpenGotha's MNR (``Team.meanRating``): the ratings of round 1's line-up summed, divided by the
        number of boards (Java's division: towards zero; an empty board adds nothing); a side's: the mean
        of its players (:func:`tournament.sides.side_rating`)."""
        players = self._players
        return side_rating(
            [players[k].rating if k is not None and k in players else 0 for k in team.lineup(1)[: self.seats]],
            count=self.seats,
        )


def board_points_x2(game: Game | None, player: str | None) -> int:
    """Twice the points of the game to the player (OpenGotha's ``getWX2``); 0 to anyone else."""
    if game is None or player is None:
        return 0
    if player == game.white:
        return game.result.points_x2(True)
    if player == game.black:
        return game.result.points_x2(False)
    return 0


def team_score(own_x2: int, opponent_x2: int, boards: int) -> int:
    """OpenGotha's team points of a match (``Match.getTeamScore``): 2, 1 or 0."""
    threshold = max(boards, opponent_x2)
    return 2 if own_x2 > threshold else 1 if own_x2 == threshold else 0


@dataclass(frozen=True)
class MatchResult:
    """A match as OpenGotha reads it from the games: the teams' keys (White on board 1 first) and
    each board's points, doubled, of either team."""

    round: int
    white: str
    black: str
    white_boards: tuple[int, ...]
    black_boards: tuple[int, ...]

    @property
    def white_score(self) -> int:
        return team_score(sum(self.white_boards), sum(self.black_boards), len(self.white_boards))

    @property
    def black_score(self) -> int:
        return team_score(sum(self.black_boards), sum(self.white_boards), len(self.white_boards))

    def score(self, team: str) -> int:
        return self.white_score if team == self.white else self.black_score if team == self.black else 0

    def opponent(self, team: str) -> str:
        return self.black if team == self.white else self.white

    @property
    def result(self) -> Result:
        """The match as one game between the teams (what the teams' pairing reads)."""
        w, b = self.white_score, self.black_score
        if w != b:
            return Result.WHITE_WINS if w > b else Result.BLACK_WINS
        return {1: Result.DRAW, 2: Result.BOTH_WIN}.get(w, Result.BOTH_LOSE)


def matches(tt: TeamTournament, round_number: int) -> list[MatchResult]:
    """The round's matches, as OpenGotha's ``matchesList`` finds them (by board 1's game: a team whose
    board 1 is empty finds none), ordered by that game's table."""
    games: dict[str, Game] = {}
    for g in tt.individual.games:
        if g.round == round_number:
            games[g.white] = g
            games[g.black] = g
    found: list[tuple[int, MatchResult]] = []
    for team in tt.teams:
        lineup = team.lineup(round_number)
        first = lineup[0] if lineup else None
        game = games.get(first) if first is not None else None
        if first is None or game is None:
            continue
        other = tt.team_of(game.opponent(first), round_number)
        if other is None or not team.name < other.name:  # each match once, as OpenGotha
            continue
        white, black = (team, other) if game.white == first else (other, team)
        wl, bl = white.lineup(round_number), black.lineup(round_number)
        wb, bb = [], []
        for i in range(tt.boards):
            wp = wl[i] if i < len(wl) else None
            bp = bl[i] if i < len(bl) else None
            board = games.get(wp) if wp is not None and bp is not None else None
            wb.append(board_points_x2(board, wp))
            bb.append(board_points_x2(board, bp))
        found.append((game.table, MatchResult(round_number, white.key, black.key, tuple(wb), tuple(bb))))
    return [m for _, m in sorted(found, key=lambda tm: (tm[0], tm[1].white))]


def matches_up_to(tt: TeamTournament, round_number: int) -> list[MatchResult]:
    """Every match of rounds 1..round_number (OpenGotha's ``matchesListUpTo``)."""
    return [m for r in range(1, round_number + 1) for m in matches(tt, r)]
