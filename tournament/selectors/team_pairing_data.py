"""A team round's pairing data: the models as the team engine's plain data (:mod:`tournament.pairing.team_model`).

The individual tournament as the individual pairing reads it (:func:`~.pairing_data.pairing_tournament`:
every member, the board games of earlier rounds, the parameters); each team with its id as key and
its line-ups, board 1 first: the stored ones of the earlier rounds and, for the round to pair, the
one :func:`~.teams.round_line_ups` gives (stored, else the previous round's, else by rating); the
team byes of the earlier rounds, each team's id as the bye's player.
"""

from __future__ import annotations

from tournament.models import LineUp, Round, TeamBye
from tournament.pairing import model as pm
from tournament.pairing.team_model import Team, TeamTournament

from .pairing_data import pairing_tournament, player_key
from .teams import round_line_ups, teams_of


def team_tournament(round_: Round) -> TeamTournament:
    """What :func:`tournament.pairing.teams.pair_teams` takes to pair ``round_`` (earlier rounds only)."""
    tournament = round_.tournament
    number = round_.number
    lineups: dict[int, dict[int, dict[int, str]]] = {}  # team -> round -> board -> key
    earlier = LineUp.objects.filter(round__tournament=tournament, round__number__lt=number)
    for team_id, r, board, player_id in earlier.values_list("team_id", "round__number", "board", "player_id"):
        lineups.setdefault(team_id, {}).setdefault(r, {})[board] = player_key(player_id)
    now = round_line_ups(round_)
    teams = []
    for view in teams_of(tournament):
        rounds = {r: tuple(boards[b] for b in sorted(boards)) for r, boards in lineups.get(view.pk, {}).items()}
        rounds[number] = tuple(player_key(p.pk) for p in now.get(view.pk, []) if p is not None)
        teams.append(Team(key=str(view.pk), name=view.name, number=view.number, lineups=rounds))
    byes = tuple(
        pm.Bye(round=r, player=str(team_id))
        for r, team_id in TeamBye.objects.filter(round__tournament=tournament, round__number__lt=number)
        .order_by("round__number")
        .values_list("round__number", "team_id")
    )
    return TeamTournament(pairing_tournament(tournament, round_), tuple(teams), tournament.boards, byes)
