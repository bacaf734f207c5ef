"""Team tournaments' rows: what the database itself refuses, and where a match's and a line-up's rules live."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tests.factories import make_player, make_tournament
from tournament import limits
from tournament.models import EventKind, Game, LineUp, Match, Team, TeamMember, Tournament
from tournament.models.team import kind_of_boards, line_up_size, side_size, team_boards

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def _refused(make) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        make()


def test_event_kinds_and_their_boards():
    assert [team_boards(k) for k in EventKind.values] == [0, 2, 3, 4, 5, 1, 1, 1]
    # Pair Go and Rengo: one board, its side's players in their order of play
    assert [(side_size(k), line_up_size(k)) for k in ("team3", "pairgo", "rengo2", "rengo3")] == [
        (1, 3),
        (2, 2),
        (2, 2),
        (3, 3),
    ]
    assert Tournament(event_kind="rengo3").is_pair_event and not Tournament(event_kind="team2").is_pair_event
    assert [kind_of_boards(n) for n in range(2, 6)] == ["team2", "team3", "team4", "team5"]
    with pytest.raises(ValueError):
        kind_of_boards(6)
    assert Tournament(event_kind="team4").boards == 4 and not Tournament().is_team_event


def test_the_database_keeps_names_numbers_and_members_once(teams):
    t = teams.tournament
    _refused(lambda: Team.objects.create(tournament=t, number=9, name="hANNOVER"))
    _refused(lambda: Team.objects.create(tournament=t, number=1, name="Bremen"))
    _refused(lambda: Team.objects.create(tournament=t, number=0, name="Bremen"))
    _refused(lambda: Team.objects.create(tournament=t, number=limits.MAX_TEAMS + 1, name="Bremen"))
    _refused(lambda: TeamMember.objects.create(team=teams.teams[1], registration=teams.members[0][0]))
    Team.objects.create(tournament=make_tournament(), number=1, name="Hannover")  # another tournament may


def test_the_database_keeps_a_player_on_one_board_a_round_within_the_boards(teams):
    r, (a, b) = teams.round1, teams.teams[:2]
    LineUp.objects.create(round=r, team=a, board=1, player=teams.members[0][0])
    _refused(lambda: LineUp.objects.create(round=r, team=a, board=1, player=teams.members[0][1]))
    _refused(lambda: LineUp.objects.create(round=r, team=a, board=2, player=teams.members[0][0]))
    _refused(lambda: LineUp.objects.create(round=r, team=b, board=1, player=teams.members[0][0]))
    _refused(lambda: LineUp.objects.create(round=r, team=a, board=0, player=teams.members[0][1]))
    _refused(lambda: LineUp.objects.create(round=r, team=a, board=6, player=teams.members[0][1]))
    LineUp.objects.create(round=teams.round2, team=a, board=1, player=teams.members[0][0])


def test_a_team_member_s_clean_keeps_the_player_in_the_tournament(teams):
    stranger = make_player(make_tournament())
    with pytest.raises(ValidationError, match="registered in this tournament"):
        TeamMember(team=teams.teams[0], registration=stranger).full_clean()


def test_a_match_and_a_line_up_have_their_rules_where_production_writes_them():
    """Issue #33, the twin finder: a match's and a line-up's rules lived in ``clean()`` methods production
    never calls as well as in the services (and differed); the services hold them alone now."""
    assert "clean" not in vars(Match) and "clean" not in vars(LineUp)


def test_a_match_table_has_one_limit_in_the_database_the_model_and_the_service(teams):
    from tournament.services.team_rounds import BoardPair, TeamMatch, team_round_store

    r, (a, b) = teams.round1, teams.teams[:2]
    most = limits.MAX_MATCH_TABLE
    assert most * limits.MAX_TEAM_BOARDS <= limits.MAX_TABLE  # its boards' games fit the tables
    _refused(lambda: Match.objects.create(round=r, table=most + 1, team1=a, team2=b))
    with pytest.raises(ValidationError, match=f"less than or equal to {most}"):
        Match(round=r, table=most + 1, team1=a, team2=b).full_clean()
    Match(round=r, table=most, team1=a, team2=b).full_clean()

    def pairing(table):
        x, y = teams.members[0], teams.members[1]
        boards = [BoardPair(board=n, black=x[n - 1].pk, white=y[n - 1].pk) for n in (1, 2, 3)]
        return [TeamMatch(table=table, team1=a.pk, team2=b.pk, boards=tuple(boards))]

    with pytest.raises(ValidationError, match=f"from 1 to {most}"):
        team_round_store(round=r, matches=pairing(most + 1), user=teams.organizer)
    team_round_store(round=r, matches=pairing(most), user=teams.organizer)
    assert Match.objects.get(round=r).table == most


def test_a_match_and_its_boards(teams):
    r, (a, b, c) = teams.round1, teams.teams[:3]
    match = Match.objects.create(round=r, table=1, team1=a, team2=b)
    _refused(lambda: Match.objects.create(round=r, table=2, team1=c, team2=c))
    _refused(lambda: Match.objects.create(round=r, table=1, team1=c, team2=teams.teams[3]))
    _refused(lambda: Match.objects.create(round=r, table=2, team1=a, team2=c))
    m0, m1 = teams.members[0], teams.members[1]
    Game.objects.create(round=r, table=1, match=match, board=1, black=m0[0], white=m1[0])
    _refused(lambda: Game.objects.create(round=r, table=2, match=match, board=1, black=m0[1], white=m1[1]))
    _refused(lambda: Game.objects.create(round=r, table=2, match=match, board=None, black=m0[1], white=m1[1]))
    _refused(lambda: Game.objects.create(round=r, table=2, board=2, black=m0[1], white=m1[1]))
    _refused(lambda: Game.objects.create(round=r, table=2, match=match, board=9, black=m0[1], white=m1[1]))
    Game.objects.create(round=r, table=2, black=m0[1], white=m1[1])  # an individual game: neither
    with pytest.raises(IntegrityError), transaction.atomic():
        a.delete()  # a team that played keeps its matches


def test_a_registration_deleted_leaves_its_team(teams):
    gone = teams.members[3][3]
    gone.delete()
    assert TeamMember.objects.filter(team=teams.teams[3]).count() == 3


def test_team1_is_the_first_team_everywhere():
    """Issue #33 item 1: ``team1`` meant the first team in the model and the services but the second in the
    engine (OpenGotha's team0 / team1): one meaning, the first team (the lower number) in every layer."""
    import dataclasses

    from tournament.models import Match
    from tournament.pairing import teams as engine
    from tournament.services import team_rounds

    for shape in (engine.TeamMatch, team_rounds.TeamMatch):
        names = [f.name for f in dataclasses.fields(shape)]
        assert "team0" not in names and names.index("team1") < names.index("team2"), (shape, names)
    model = [f.name for f in Match._meta.get_fields()]
    assert "team0" not in model and {"team1", "team2"} <= set(model)
