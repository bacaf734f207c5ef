"""Teams of a team tournament: create, rename, delete, members, line-ups (rights, refusals, audit)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests.factories import make_player, make_tournament
from tournament import limits
from tournament.models import AuditEntry, LineUp, Registration, Round, Team, TeamMember
from tournament.selectors.teams import line_up, teams_of
from tournament.services.rounds import round_unpair
from tournament.services.team_rounds import BoardPair, TeamMatch, team_round_store
from tournament.services.teams import (
    line_up_set,
    team_create,
    team_delete,
    team_member_add,
    team_member_remove,
    team_rename,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def _actions(tournament) -> list[str]:
    return list(AuditEntry.objects.filter(tournament=tournament).order_by("pk").values_list("action", flat=True))


def test_a_team_is_created_numbered_after_the_last_and_audited(teams):
    team = team_create(tournament=teams.tournament, name="  Bremen \t Nord ", user=teams.organizer)
    assert (team.number, team.name) == (5, "Bremen Nord")
    entry = AuditEntry.objects.get(tournament=teams.tournament, action="team.create")
    assert entry.after == {"team": "Bremen Nord"} and entry.user == teams.organizer


@pytest.mark.parametrize("name", ["", "   ", "a\x00b", "x" * (limits.TEAM_NAME_LENGTH + 1)])
def test_a_team_needs_a_name_it_can_keep(teams, name):
    with pytest.raises(ValidationError):
        team_create(tournament=teams.tournament, name=name, user=teams.organizer)
    assert Team.objects.filter(tournament=teams.tournament).count() == 4


def test_a_team_name_once_per_tournament_whatever_its_case(teams):
    with pytest.raises(ValidationError, match="exists already"):
        team_create(tournament=teams.tournament, name="HANNOVER", user=teams.organizer)
    with pytest.raises(ValidationError, match="exists already"):
        team_rename(team=teams.teams[1], name="hannover", user=teams.organizer)
    other = make_tournament(event_kind="team2")
    assert team_create(tournament=other, name="Hannover", user=None if False else _superuser()).name == "Hannover"


def _superuser():
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_superuser("team-admin", "a@example.org", "pw-admin-123456")


def test_only_an_organizer_changes_teams(teams):
    for who in (teams.referee, teams.player):
        with pytest.raises(PermissionDenied):
            team_create(tournament=teams.tournament, name="X", user=who)
        with pytest.raises(PermissionDenied):
            team_rename(team=teams.teams[0], name="X", user=who)
        with pytest.raises(PermissionDenied):
            team_delete(team=teams.teams[0], user=who)
        with pytest.raises(PermissionDenied):
            team_member_remove(team=teams.teams[0], registration=teams.members[0][3], user=who)
        with pytest.raises(PermissionDenied):
            line_up_set(team=teams.teams[0], round=teams.round1, players=teams.members[0][:3], user=who)
    assert _actions(teams.tournament) == []


def test_an_individual_tournament_has_no_teams(db):
    tournament = make_tournament()
    with pytest.raises(ValidationError, match="not a team tournament"):
        team_create(tournament=tournament, name="Hannover", user=_superuser())


def test_rename_is_audited_and_the_same_name_changes_nothing(teams):
    team_rename(team=teams.teams[0], name="Hannover 96", user=teams.organizer)
    team_rename(team=teams.teams[0], name="Hannover 96", user=teams.organizer)
    assert Team.objects.get(pk=teams.teams[0].pk).name == "Hannover 96"
    assert _actions(teams.tournament) == ["team.rename"]


def test_members_join_one_team_only(teams):
    new = make_player(teams.tournament, surname="Neu")
    team_member_add(team=teams.teams[0], registration=new, user=teams.organizer)
    with pytest.raises(ValidationError, match="is in Hannover already"):
        team_member_add(team=teams.teams[1], registration=new, user=teams.organizer)
    foreign = make_player(make_tournament(), surname="Fremd")
    with pytest.raises(ValidationError, match="not registered in this tournament"):
        team_member_add(team=teams.teams[1], registration=foreign, user=teams.organizer)
    gone = make_player(teams.tournament, surname="Weg", status=Registration.Status.WITHDRAWN)
    with pytest.raises(ValidationError, match="withdrawn"):
        team_member_add(team=teams.teams[1], registration=gone, user=teams.organizer)
    assert TeamMember.objects.filter(team=teams.teams[0]).count() == 5
    assert _actions(teams.tournament) == ["team.member.add"]


def test_a_team_has_at_most_its_members(teams):
    for _i in range(limits.MAX_TEAM_MEMBERS - 4):
        team_member_add(team=teams.teams[0], registration=make_player(teams.tournament), user=teams.organizer)
    with pytest.raises(ValidationError, match="at most"):
        team_member_add(team=teams.teams[0], registration=make_player(teams.tournament), user=teams.organizer)


def test_the_default_line_up_is_by_rating_then_the_previous_rounds(teams):
    hannover = teams_of(teams.tournament)[0]
    m = teams.members[0]
    assert hannover.members == m  # 1k, 4k, 7k, 10k
    assert line_up(hannover, teams.round1, 3) == m[:3]
    line_up_set(
        team=teams.teams[0], round=teams.round1, players=[m[3], m[0], m[1]], user=teams.organizer, confirmed=True
    )
    assert line_up(hannover, teams.round1, 3) == [m[3], m[0], m[1]]
    assert line_up(hannover, teams.round2, 3) == [m[3], m[0], m[1]]  # carried on
    m[0].absent_rounds = [2]
    m[0].save()
    hannover = teams_of(teams.tournament)[0]
    assert line_up(hannover, teams.round2, 3) == [m[3], m[1], m[2]]  # the others move up, the next fills in


def test_a_line_up_names_members_who_play_once_each(teams):
    m, team = teams.members[0], teams.teams[0]
    for players, words in [
        (m[:2], "3 boards"),
        (m[:4], "3 boards"),
        ([m[0], m[0], m[1]], "one board only"),
        ([m[0], m[1], teams.members[1][0]], "not in Hannover"),
    ]:
        with pytest.raises(ValidationError, match=words):
            line_up_set(team=team, round=teams.round1, players=players, user=teams.organizer)
    m[2].absent_rounds = [1]
    m[2].save()
    with pytest.raises(ValidationError, match="does not play in round 1"):
        line_up_set(team=team, round=teams.round1, players=m[:3], user=teams.organizer)
    assert not LineUp.objects.exists()
    line_up_set(team=team, round=teams.round1, players=[m[0], m[1], m[3]], user=teams.organizer)
    line_up_set(team=team, round=teams.round1, players=[m[0], m[1], m[3]], user=teams.organizer)  # sent twice
    assert LineUp.objects.count() == 3 and _actions(teams.tournament) == ["team.line_up"]


def _pair_round1(teams) -> None:
    """Hannover – Berlin at table 1, Hamburg – Köln at table 2, board by board the strongest three."""
    matches = []
    for table, (a, b) in enumerate([(0, 1), (2, 3)], 1):
        boards = []
        for board in range(1, 4):
            x, y = teams.members[a][board - 1], teams.members[b][board - 1]
            black, white = (x, y) if board % 2 == 0 else (y, x)
            boards.append(BoardPair(board=board, black=black.pk, white=white.pk))
        matches.append(TeamMatch(table=table, team1=teams.teams[a].pk, team2=teams.teams[b].pk, boards=tuple(boards)))
    team_round_store(round=teams.round1, matches=matches, user=teams.organizer)


def test_a_paired_round_fixes_its_line_ups_until_it_is_unpaired(teams):
    _pair_round1(teams)
    m, team = teams.members[0], teams.teams[0]
    with pytest.raises(ValidationError, match="Remove its pairing"):
        line_up_set(team=team, round=teams.round1, players=[m[3], m[1], m[2]], user=teams.organizer)
    with pytest.raises(ValidationError, match="plays for Hannover in round 1"):
        team_member_remove(team=team, registration=m[0], user=teams.organizer)
    with pytest.raises(ValidationError, match="cannot be deleted"):
        team_delete(team=team, user=teams.organizer)
    team_member_remove(team=team, registration=m[3], user=teams.organizer)  # not lined up: may go
    round_unpair(round=teams.round1, user=teams.organizer)
    assert not teams.round1.matches.exists() and not teams.round1.games.exists()
    assert LineUp.objects.filter(round=teams.round1).count() == 12  # the line-ups paired stay
    line_up_set(team=team, round=teams.round1, players=[m[2], m[1], m[0]], user=teams.organizer, confirmed=True)
    team_member_remove(team=team, registration=m[0], user=teams.organizer)
    assert not LineUp.objects.filter(player=m[0]).exists()


def test_a_team_without_matches_is_deleted_with_its_memberships(teams):
    line_up_set(team=teams.teams[3], round=teams.round1, players=teams.members[3][:3], user=teams.organizer)
    team_delete(team=teams.teams[3], user=teams.organizer)
    assert not TeamMember.objects.filter(registration__in=teams.members[3]).exists()
    assert not LineUp.objects.exists()
    entry = AuditEntry.objects.get(action="team.delete")
    assert entry.before["team"] == "Köln" and len(entry.before["members"]) == 4
    with pytest.raises(ValidationError, match="deleted meanwhile"):
        team_delete(team=teams.teams[3], user=teams.organizer)


def test_the_round_stays_planned_when_the_pairing_is_refused(teams):
    with pytest.raises(ValidationError):
        team_round_store(
            round=teams.round1,
            matches=[TeamMatch(table=1, team1=teams.teams[0].pk, team2=teams.teams[0].pk, boards=())],
            user=teams.organizer,
        )
    teams.round1.refresh_from_db()
    assert teams.round1.status == Round.Status.PLANNED


def test_merging_two_registrations_keeps_the_team_and_the_line_ups(teams):
    from tournament.services.registrations import registration_merge

    m = teams.members[0]
    line_up_set(team=teams.teams[0], round=teams.round1, players=m[:3], user=teams.organizer)
    twin = make_player(teams.tournament, surname="Zwilling")
    registration_merge(keep=twin, drop=m[0], user=teams.organizer)
    assert TeamMember.objects.get(registration=twin).team == teams.teams[0]
    assert LineUp.objects.get(round=teams.round1, team=teams.teams[0], board=1).player == twin
    with pytest.raises(ValidationError, match="two different teams"):
        registration_merge(keep=twin, drop=teams.members[1][0], user=teams.organizer)


def test_the_kind_of_event_changes_until_a_round_is_paired(teams):
    from tournament.services.tournaments import tournament_update_settings

    line_up_set(team=teams.teams[0], round=teams.round1, players=teams.members[0][:3], user=teams.organizer)
    tournament_update_settings(tournament=teams.tournament, data={"event_kind": "team2"}, user=teams.organizer)
    teams.tournament.refresh_from_db()
    assert teams.tournament.boards == 2 and not LineUp.objects.exists()  # made for three boards
    _pair_round1_of_two(teams)
    with pytest.raises(ValidationError, match="cannot change any more"):
        tournament_update_settings(tournament=teams.tournament, data={"event_kind": "team4"}, user=teams.organizer)


def _pair_round1_of_two(teams) -> None:
    boards = tuple(
        BoardPair(board=n, black=teams.members[0][n - 1].pk, white=teams.members[1][n - 1].pk) for n in (1, 2)
    )
    match = TeamMatch(table=1, team1=teams.teams[0].pk, team2=teams.teams[1].pk, boards=boards)
    team_round_store(round=teams.round1, matches=[match], user=teams.organizer)


def test_every_team_s_line_up_of_a_round_in_a_few_queries(teams, django_assert_max_num_queries):
    from tournament.selectors.teams import round_line_ups

    m = teams.members
    line_up_set(
        team=teams.teams[1],
        round=teams.round1,
        players=[m[1][2], m[1][1], m[1][0]],
        user=teams.organizer,
        confirmed=True,
    )
    with django_assert_max_num_queries(4):
        found = round_line_ups(teams.round2)
    assert found[teams.teams[1].pk] == [m[1][2], m[1][1], m[1][0]]  # round 1's, carried on
    assert found[teams.teams[0].pk] == m[0][:3]  # by rating
    assert {pk: line_up(v, teams.round2, 3) for pk, v in ((v.pk, v) for v in teams_of(teams.tournament))} == found


def test_a_line_up_may_leave_a_board_empty_as_opengotha_s_teams_manager_does(teams):
    """Board 1 empty, boards 2 and 3 lined up (real OpenGotha files have such line-ups): saved on their own
    boards, board 1 shown empty, not moved up; a line-up of no player at all is refused in words."""
    m, team = teams.members[0], teams.teams[0]
    line_up_set(team=team, round=teams.round1, players=[None, m[1], m[2]], user=teams.organizer)
    assert [(r.board, r.player) for r in LineUp.objects.filter(team=team).order_by("board")] == [(2, m[1]), (3, m[2])]
    assert line_up(teams_of(teams.tournament)[0], teams.round1, 3) == [None, m[1], m[2]]
    entry = AuditEntry.objects.get(tournament=teams.tournament, action="team.line_up")
    assert entry.after["boards"] == ["", m[1].spoken_name, m[2].spoken_name]
    with pytest.raises(ValidationError, match="name a player for one of them at least"):
        line_up_set(team=team, round=teams.round1, players=[None, None, None], user=teams.organizer)
    with pytest.raises(ValidationError, match="one board only"):
        line_up_set(team=team, round=teams.round1, players=[m[1], None, m[1]], user=teams.organizer)
    assert LineUp.objects.filter(team=team).count() == 2
