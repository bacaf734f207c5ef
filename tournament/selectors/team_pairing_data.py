"""A team round's pairing data: the models as the team engine's plain data (:mod:`tournament.pairing.team_model`).

The individual tournament as the individual pairing reads it (:func:`~.pairing_data.pairing_tournament`:
every member, the board games of earlier rounds, the parameters); each team with its id as key and
its line-ups, board 1 first (an empty board kept as ``None``): the stored ones of the earlier rounds and, for the round to pair, the
one :func:`~.teams.round_line_ups` gives (stored, else the previous round's, else by rating); the
team byes of the earlier rounds, each team's id as the bye's player.
"""

from __future__ import annotations

from tournament.models import LineUp, Round, TeamBye, Tournament
from tournament.pairing import model as pm
from tournament.pairing.team_model import Team, TeamTournament

from .pairing_data import pairing_tournament, plain_tournament, player_key
from .teams import round_line_ups, teams_of


def team_tournament(round_: Round) -> TeamTournament:
    """What :func:`tournament.pairing.teams.pair_teams` takes to pair ``round_`` (earlier rounds only)."""
    tournament = round_.tournament
    return _team_tournament(tournament, pairing_tournament(tournament, round_), round_.number, round_)


def team_tournament_after(tournament: Tournament, after_round: int) -> TeamTournament:
    """The team tournament of rounds 1 to ``after_round`` (the team standings' input): their games and
    stored line-ups; round 1's line-up as it stands where none is stored (the teams' mean rating)."""
    individual = plain_tournament(tournament, before_round=after_round + 1)
    first = tournament.rounds.filter(number=1).first()
    return _team_tournament(tournament, individual, after_round + 1, first, only_missing=True)


def _boards(stored: dict[int, str]) -> tuple[str | None, ...]:
    """A stored line-up (board -> key) board 1 first up to its last filled board, ``None`` on an empty one:
    board n stays board n, as OpenGotha plays it (a line-up of boards 2 and 3 only is not boards 1 and 2)."""
    return tuple(stored.get(b) for b in range(1, max(stored, default=0) + 1))


def _team_tournament(
    tournament, individual, number: int, round_: Round | None, *, only_missing=False
) -> TeamTournament:
    """Teams with the stored line-ups of the rounds before ``number`` and the line-up of ``round_`` (all of
    them; with ``only_missing`` only where none is stored), the team byes before ``number``."""
    lineups: dict[int, dict[int, dict[int, str]]] = {}  # team -> round -> board -> key
    earlier = LineUp.objects.filter(round__tournament=tournament, round__number__lt=number)
    for team_id, r, board, player_id in earlier.values_list("team_id", "round__number", "board", "player_id"):
        lineups.setdefault(team_id, {}).setdefault(r, {})[board] = player_key(player_id)
    now = round_line_ups(round_) if round_ is not None else {}
    teams = []
    for view in teams_of(tournament):
        rounds = {r: _boards(boards) for r, boards in lineups.get(view.pk, {}).items()}
        if round_ is not None and not (only_missing and round_.number in rounds):
            rounds[round_.number] = tuple(player_key(p.pk) if p is not None else None for p in now.get(view.pk, []))
        teams.append(Team(key=str(view.pk), name=view.name, number=view.number, lineups=rounds))
    byes = tuple(
        pm.Bye(round=r, player=str(team_id))
        for r, team_id in TeamBye.objects.filter(round__tournament=tournament, round__number__lt=number)
        .order_by("round__number")
        .values_list("round__number", "team_id")
    )
    return TeamTournament(individual, tuple(teams), tournament.boards, byes, players=tournament.side_size)
