"""A file's teams as rows, for the one writer of imported files (:mod:`.file_import`).

The teams and their members as the file has them; each round's line-ups for the rounds the
tournament has; and the matches: in a round, the games whose two players are lined up on the same
board of two different teams are that pair of teams' match (a game of players not lined up, or on
different boards, stays a game of its own). A match's table follows the order of its games'
tables; its first team is the one with White on its first board, as OpenGotha's ``Match`` has it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournament.files.imported import ImportedTeam
from tournament.models import Game, LineUp, Match, Registration, Round, Team, TeamMember, Tournament


@dataclass
class TeamRows:
    teams: list[Team] = field(default_factory=list)
    members: list[TeamMember] = field(default_factory=list)
    line_ups: list[LineUp] = field(default_factory=list)
    matches: list[Match] = field(default_factory=list)


def team_rows(
    tournament: Tournament,
    teams: Sequence[ImportedTeam],
    rounds: Sequence[Round],
    games: Sequence[Game],
    players: dict[str, Registration],
) -> TeamRows:
    """The rows of ``teams`` (unsaved); ``games`` get their match and board."""
    rows = TeamRows()
    if not teams:
        return rows
    unknown = [k for t in teams for k in t.members if k not in players]
    if unknown:
        raise ValidationError(_("A team names a player the file does not list: %(key)s.") % {"key": unknown[0]})
    by_number = {r.number: r for r in rounds}
    placed: dict[tuple[int, int], tuple[Team, int]] = {}  # (round, registration) -> team, board
    for t in teams:
        team = Team(tournament=tournament, number=t.number, name=t.name)
        try:
            team.clean()
        except ValidationError as exc:
            raise ValidationError(
                _("Team %(number)s: %(error)s") % {"number": t.number, "error": " ".join(exc.messages)}
            ) from None
        rows.teams.append(team)
        rows.members += [TeamMember(team=team, registration=players[k]) for k in t.members]
        for number, board, key in t.line_ups:
            if number in by_number and (number, id(players[key])) not in placed:
                placed[(number, id(players[key]))] = (team, board)
                rows.line_ups.append(LineUp(round=by_number[number], team=team, board=board, player=players[key]))
    _matches(rows, games, placed)
    return rows


def _matches(rows: TeamRows, games: Sequence[Game], placed: dict[tuple[int, int], tuple[Team, int]]) -> None:
    boards: dict[tuple[int, int, int], list[tuple[Game, int]]] = defaultdict(list)
    for game in games:
        black = placed.get((game.round.number, id(game.black)))
        white = placed.get((game.round.number, id(game.white)))
        if black is None or white is None or black[0] is white[0] or black[1] != white[1]:
            continue
        pair = tuple(sorted((id(black[0]), id(white[0]))))
        boards[(game.round.number, *pair)].append((game, black[1]))
    tables: dict[int, int] = defaultdict(int)
    for (number, _a, _b), board_games in sorted(boards.items(), key=lambda item: min(g.table for g, _board in item[1])):
        if len({b for _g, b in board_games}) != len(board_games):
            continue  # two games on one board: not a match OpenGotha made
        board_games.sort(key=lambda gb: gb[1])
        first = board_games[0][0]
        white_team, _board = placed[(number, id(first.white))]
        black_team, _board = placed[(number, id(first.black))]
        tables[number] += 1
        match = Match(round=first.round, table=tables[number], team1=white_team, team2=black_team)
        rows.matches.append(match)
        for game, board in board_games:
            game.match = match
            game.board = board
