"""Reads of a team tournament: its teams with their members, each round's line-ups and matches.

A team's line-up for a round is the one stored for it; else, as OpenGotha carries it from round to
round, the latest earlier round's (without the players who left the team, are withdrawn or miss the
round, the others moving up); its free boards are filled with the remaining members by rating, the
strongest first (OpenGotha's ``reorderTeamMembersByRating``); in Pair Go the woman of a pair first, as
its rules have it (:func:`woman_first`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from tournament.collation import sorted_by_name
from tournament.models import Game, LineUp, Match, Registration, Round, Team, TeamBye, TeamMember, Tournament
from tournament.models.team import EventKind
from tournament.pairing.team_model import team_score
from tournament.ranks import rating_from_rank


@dataclass
class TeamView:
    """A team with its members (strongest first) for the pages and the API."""

    team: Team
    members: list[Registration] = field(default_factory=list)

    @property
    def pk(self) -> int:
        return self.team.pk

    @property
    def name(self) -> str:
        return self.team.name

    @property
    def number(self) -> int:
        return self.team.number


def strength(player: Registration) -> int:
    """A player's strength for the order of a team: the rating, else the one of the rank as OpenGotha
    sets it (:func:`tournament.ranks.rating_from_rank`)."""
    return player.rating if player.rating is not None else rating_from_rank(player.rank)


def by_rating(players) -> list[Registration]:
    """Players strongest first (OpenGotha's ``reorderTeamMembersByRating``), equal ones by name."""
    return sorted(sorted_by_name(players), key=lambda p: -strength(p))


def woman_first(players) -> list[Registration]:
    """Pair Go's order of play (its rules: the woman of each pair plays her side's first move): the women
    first, each group in its order (the strongest first); a pair of unknown or equal gender keeps it."""
    return sorted(players, key=lambda p: p.gender != "f")


def weaker_above(players: Sequence[Registration | None]) -> list[tuple[int, Registration, int, Registration]]:
    """The rule "boards ordered by strength" (OpenGotha's order of a team, :func:`by_rating`): each board
    whose player is weaker than the next filled board's, as ``(board, the weaker, its board, the stronger)``.
    Empty: the line-up is in order."""
    placed = [(board, p) for board, p in enumerate(players, 1) if p is not None]
    return [
        (board, upper, below, lower)
        for (board, upper), (below, lower) in zip(placed, placed[1:])
        if strength(upper) < strength(lower)
    ]


def teams_of(tournament: Tournament) -> list[TeamView]:
    """The tournament's teams by number, each with its members strongest first (in Pair Go the woman first:
    :func:`woman_first`), in two queries."""
    teams = {t.pk: TeamView(team=t) for t in Team.objects.filter(tournament=tournament).order_by("number")}
    members = TeamMember.objects.filter(team__tournament=tournament).select_related("registration")
    for m in members:
        teams[m.team_id].members.append(m.registration)
    pair_go = tournament.event_kind == EventKind.PAIRGO
    for view in teams.values():
        view.members = by_rating(view.members)
        if pair_go:
            view.members = woman_first(view.members)
    return list(teams.values())


def team_of(registration: Registration) -> Team | None:
    membership = TeamMember.objects.filter(registration=registration).select_related("team").first()
    return membership.team if membership else None


def players_without_team(tournament: Tournament) -> list[Registration]:
    """The tournament's players not withdrawn and in no team, by name: those a team can take."""
    free = tournament.registrations.exclude(status=Registration.Status.WITHDRAWN).filter(team_membership__isnull=True)
    return sorted_by_name(free)


def plays(player: Registration, round_number: int) -> bool:
    """The player can be lined up in the round: not withdrawn, not missing it."""
    return player.status != Registration.Status.WITHDRAWN and round_number not in (player.absent_rounds or [])


def stored_line_up(team: Team, round_: Round) -> dict[int, Registration]:
    """The line-up stored for the team in the round: board -> player (empty if none)."""
    rows = LineUp.objects.filter(team=team, round=round_).select_related("player")
    return {row.board: row.player for row in rows}


def line_up(team: TeamView, round_: Round, boards: int) -> list[Registration | None]:
    """The team's line-up for the round, board 1 first (``None`` for a board nobody can take): the stored
    one, else the default of the module's docstring."""
    rows = LineUp.objects.filter(
        team=team.team, round__number__lte=round_.number, round__tournament=round_.tournament_id
    )
    return _line_up_of(team, list(rows.values_list("round__number", "board", "player_id")), round_.number, boards)


def round_line_ups(round_: Round) -> dict[int, list[Registration | None]]:
    """Every team's line-up for the round (:func:`line_up`), by the team's id, in three queries: what the
    team pairing takes."""
    tournament = round_.tournament
    rows = _stored_rows(tournament, round_.number)
    return {
        view.pk: _line_up_of(view, rows.get(view.pk, []), round_.number, tournament.line_up_size)
        for view in teams_of(tournament)
    }


def _stored_rows(tournament: Tournament, last: int) -> dict[int, list[tuple[int, int, int]]]:
    """Every team's stored line-ups up to round ``last``, by the team's id: ``(round, board, player id)``
    rows, in one query."""
    rows: dict[int, list[tuple[int, int, int]]] = {}
    found = LineUp.objects.filter(round__tournament=tournament, round__number__lte=last)
    for team_id, number, board, player_id in found.values_list("team_id", "round__number", "board", "player_id"):
        rows.setdefault(team_id, []).append((number, board, player_id))
    return rows


def _line_up_of(
    team: TeamView, rows: list[tuple[int, int, int]], number: int, boards: int
) -> list[Registration | None]:
    """The line-up of round ``number`` from the team's stored ``(round, board, player id)`` rows up to it."""
    members = {p.pk: p for p in team.members}
    here = {board: pk for n, board, pk in rows if n == number}
    if here:
        return [members.get(here[b]) if b in here else None for b in range(1, boards + 1)]
    earlier = [row for row in rows if row[0] < number]
    last = max((n for n, _board, _pk in earlier), default=None)
    latest = [pk for n, _board, pk in sorted(earlier, key=lambda row: row[1]) if n == last]
    chosen = [members[pk] for pk in latest if pk in members and plays(members[pk], number)][:boards]
    rest = [p for p in team.members if p not in chosen and plays(p, number)]
    chosen += rest[: boards - len(chosen)]
    return chosen + [None] * (boards - len(chosen))


def next_round(tournament: Tournament) -> Round | None:
    """The first round still planned: the one whose line-ups can be set."""
    return tournament.rounds.filter(status=Round.Status.PLANNED).order_by("number").first()


@dataclass
class MatchView:
    match: Match
    games: list[Game]


def matches_of(round_: Round) -> list[MatchView]:
    """The round's matches by table, each with its board games by board."""
    matches = list(Match.objects.filter(round=round_).select_related("team1", "team2").order_by("table"))
    games: dict[int, list[Game]] = {m.pk: [] for m in matches}
    for g in Game.objects.filter(match__round=round_).select_related("black", "white").order_by("board"):
        games[g.match_id].append(g)
    return [MatchView(match=m, games=games[m.pk]) for m in matches]


def boards_for_file(
    tournament: Tournament, numbers: list[int]
) -> list[tuple[Team, dict[tuple[int, int], int], list[int]]]:
    """Each team with its stored line-ups as OpenGotha keeps them, ``(round in the file, board) ->
    registration id`` for the rounds ``numbers`` (the file's round 1 is ``numbers[0]``; an empty board
    stays empty, a round without a stored line-up has none), and its members' ids, strongest first (what
    :func:`tournament.files.opengotha_teams.file_boards` places). Four queries however many teams and
    rounds (not one a team and round: a 1,000-team, 20-round file took 20,000)."""
    stored = _stored_rows(tournament, max(numbers, default=0))
    index_of = {number: index for index, number in enumerate(numbers, 1)}
    out = []
    for view in teams_of(tournament):
        placed = {(index_of[n], board): pk for n, board, pk in stored.get(view.pk, []) if n in index_of}
        out.append((view.team, placed, [p.pk for p in view.members]))
    return out


def public_teams(tournament: Tournament) -> list[TeamView]:
    """The teams as visitors see them: each with the members the public list of players shows (confirmed;
    preliminary ones too where the tournament shows them); none for an individual tournament."""
    if not tournament.is_team_event:
        return []
    shown = {Registration.Status.CONFIRMED}
    if tournament.public_preliminary:
        shown.add(Registration.Status.PRELIMINARY)
    views = teams_of(tournament)
    for view in views:
        view.members = [p for p in view.members if p.status in shown]
    return views


@dataclass
class MatchLine:
    """A match as the public round page shows it: its teams, their board points so far, its games."""

    match: Match
    games: list[Game]
    points1: Decimal
    points2: Decimal
    #: Every board has its result.
    complete: bool
    #: The boards the match is played on (the team points need them).
    boards: int = 0

    @property
    def team_points(self) -> tuple[int, int] | None:
        """Each team's team points once every board has its result (OpenGotha's: 2 a win, 1 a draw); none
        without a game on board 1 (a board left empty in an OpenGotha file): OpenGotha finds a match by its
        board 1 and sees none there, nor do the team standings."""
        if not self.complete or not any(g.board == 1 for g in self.games):
            return None
        own, other = int(self.points1 * 2), int(self.points2 * 2)
        return team_score(own, other, self.boards), team_score(other, own, self.boards)

    @property
    def winner(self) -> Team | None:
        """The team that won the finished match (none while it goes on, or after a draw)."""
        points = self.team_points
        if points is None or points[0] == points[1]:
            return None
        return self.match.team1 if points[0] > points[1] else self.match.team2


def match_lines(round_: Round) -> list[MatchLine]:
    """The round's matches by table with each team's board points (a win 1, a jigo ½ each): a player's
    points go to the team the round's line-up has them in (a player an OpenGotha file has in two teams
    plays for each in its rounds), else to their team; the team points as OpenGotha counts them, over
    the team's boards (an empty board, a game fewer, still counts in the threshold)."""
    views = matches_of(round_)
    team_of = dict(
        TeamMember.objects.filter(team__tournament_id=round_.tournament_id).values_list("registration_id", "team_id")
    )
    team_of.update(LineUp.objects.filter(round=round_).values_list("player_id", "team_id"))
    boards = round_.tournament.boards
    lines = []
    for view in views:
        points = {view.match.team1_id: Decimal(0), view.match.team2_id: Decimal(0)}
        for g in view.games:
            for player in (g.black_id, g.white_id):
                if team_of.get(player) in points:
                    points[team_of[player]] += g.points(player)
        lines.append(
            MatchLine(
                match=view.match,
                games=view.games,
                points1=points[view.match.team1_id],
                points2=points[view.match.team2_id],
                complete=bool(view.games) and all(g.has_result for g in view.games),
                boards=max(boards, len(view.games)),
            )
        )
    return lines


def bye_team(round_: Round) -> Team | None:
    """The team the round's pairing left out with the bye, if any."""
    found = TeamBye.objects.filter(round=round_).select_related("team").first()
    return found.team if found else None


def board_teams(game: Game) -> tuple[Team, Team, Match] | None:
    """The teams of a team match's board, Black's first (each player's team in the round's line-up, else
    their team), and the match (its teams); None for an individual game."""
    if game.match_id is None:
        return None
    match = Match.objects.select_related("team1", "team2").get(pk=game.match_id)
    black_team = (
        LineUp.objects.filter(round_id=game.round_id, player_id=game.black_id).values_list("team_id", flat=True).first()
    )
    if black_team is None:
        black_team = TeamMember.objects.filter(registration_id=game.black_id).values_list("team_id", flat=True).first()
    if black_team == match.team2_id:
        return match.team2, match.team1, match
    return match.team1, match.team2, match
