"""A team tournament's changes made twice at the same moment: exactly one is taken, the other refused in words."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tests.factories import make_player
from tests.fixtures.teams import build_teams
from tournament.models import LineUp, Match, Team, TeamMember
from tournament.services.team_rounds import BoardPair, TeamMatch, team_round_store
from tournament.services.teams import line_up_set, team_create, team_member_add

from .together import run_together

pytestmark = pytest.mark.django_db(transaction=True)


def _refusals(results) -> list[str]:
    wrong = [r for r in results if isinstance(r, BaseException) and not isinstance(r, ValidationError)]
    assert not wrong, wrong
    return [r.messages[0] for r in results if isinstance(r, ValidationError)]


def _english(job):
    def run():
        with translation.override("en"):
            return job()

    return run


def test_one_player_added_to_two_teams_at_once():
    teams = build_teams()
    new = make_player(teams.tournament, surname="Neu")
    results = run_together(
        *(
            _english(lambda t=t: team_member_add(team=t, registration=new, user=teams.organizer))
            for t in teams.teams[:2]
        )
    )
    refused = _refusals(results)
    assert TeamMember.objects.filter(registration=new).count() == 1 and len(refused) == 1
    assert "already" in refused[0]


def test_one_team_name_created_twice_at_once():
    teams = build_teams()
    results = run_together(
        *(_english(lambda: team_create(tournament=teams.tournament, name="Bremen", user=teams.organizer)),) * 2
    )
    refused = _refusals(results)
    assert Team.objects.filter(name="Bremen").count() == 1 and len(refused) == 1


def test_a_line_up_and_the_pairing_at_once():
    teams = build_teams()
    m = teams.members
    boards = tuple(BoardPair(board=n, black=m[0][n - 1].pk, white=m[1][n - 1].pk) for n in (1, 2, 3))
    match = TeamMatch(table=1, team1=teams.teams[0].pk, team2=teams.teams[1].pk, boards=boards)
    results = run_together(
        _english(lambda: team_round_store(round=teams.round1, matches=[match], user=teams.organizer)),
        _english(
            lambda: line_up_set(
                team=teams.teams[0], round=teams.round1, players=[m[0][3], m[0][1], m[0][2]], user=teams.organizer
            )
        ),
    )
    _refusals(results)
    line_up = [row.player for row in LineUp.objects.filter(round=teams.round1, team=teams.teams[0]).order_by("board")]
    if Match.objects.exists():  # the pairing won, or came after the line-up: the line-up is the games'
        games = teams.round1.games.order_by("board")
        assert line_up == [g.black for g in games]
    else:  # pragma: no cover - the pairing is never refused here
        pytest.fail(f"the pairing was refused: {results}")
