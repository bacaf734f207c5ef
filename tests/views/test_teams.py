"""The organizer's teams pages: 200 for the organizer, 403 for others, 404 across tournaments, never 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_player, make_tournament
from tournament.models import LineUp, Team, TeamMember, TournamentRole

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


@pytest.fixture
def orga(client, teams):
    client.force_login(teams.organizer)
    return client


def _url(teams, name, team=None):
    slug = teams.tournament.slug
    return reverse(name, args=[slug] if team is None else [slug, team.pk])


def test_the_list_and_a_team_s_page_for_the_organizer(orga, teams):
    page = orga.get(_url(teams, "manage_teams"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Hannover" in text and "Köln" in text and 'id="team-create"' in text
    assert (
        reverse("manage_teams", args=[teams.tournament.slug])
        in orga.get(_url(teams, "manage_settings")).content.decode()
    )
    page = orga.get(_url(teams, "manage_teams_team", teams.teams[0]))
    text = page.content.decode()
    assert page.status_code == 200 and "Line-up for round 1" in text
    for p in teams.members[0][:3]:  # by rating, preselected
        assert f'<option value="{p.pk}" selected>' in text


@pytest.mark.parametrize("who", ["referee", "player"])
def test_others_get_403(client, teams, who):
    client.force_login(getattr(teams, who))
    assert client.get(_url(teams, "manage_teams")).status_code == 403
    assert client.get(_url(teams, "manage_teams_team", teams.teams[0])).status_code == 403
    assert client.post(_url(teams, "manage_teams_add"), {"name": "X"}).status_code == 403
    assert Team.objects.count() == 4


def test_a_team_of_another_tournament_is_404(orga, teams):
    other = make_tournament(event_kind="team2")
    foreign = Team.objects.create(tournament=other, number=1, name="Elsewhere")
    for name in ("manage_teams_team", "manage_teams_rename", "manage_teams_delete", "manage_teams_line_up"):
        response = orga.post(reverse(name, args=[teams.tournament.slug, foreign.pk]), {"name": "Mine"})
        assert response.status_code == 404, name
    assert Team.objects.get(pk=foreign.pk).name == "Elsewhere"


def test_add_a_team_rename_it_add_and_remove_a_member(orga, teams):
    response = orga.post(_url(teams, "manage_teams_add"), {"name": "Bremen"})
    bremen = Team.objects.get(tournament=teams.tournament, name="Bremen")
    assert response.status_code == 302 and response["Location"].endswith(f"/teams/{bremen.pk}/")
    again = orga.post(_url(teams, "manage_teams_add"), {"name": "bremen"})  # sent twice
    assert again.status_code == 422 and "exists already" in again.content.decode()
    new = make_player(teams.tournament, surname="Neu")
    assert orga.post(_url(teams, "manage_teams_member_add", bremen), {"player": new.pk}).status_code == 302
    assert TeamMember.objects.get(registration=new).team == bremen
    taken = orga.post(_url(teams, "manage_teams_member_add", bremen), {"player": teams.members[0][0].pk})
    assert taken.status_code == 422  # not offered: in a team already
    orga.post(_url(teams, "manage_teams_rename", bremen), {"name": "Bremen Nord"})
    assert Team.objects.get(pk=bremen.pk).name == "Bremen Nord"
    orga.post(_url(teams, "manage_teams_member_remove", bremen), {"player": new.pk})
    assert not TeamMember.objects.filter(registration=new).exists()


def test_the_line_up_is_saved_and_refused_with_a_message(orga, teams):
    m, team = teams.members[0], teams.teams[0]
    url = _url(teams, "manage_teams_line_up", team)
    response = orga.post(
        url, {"board_1": m[3].pk, "board_2": m[0].pk, "board_3": m[1].pk, "confirm_order": "1"}, follow=True
    )
    assert response.status_code == 200 and "is saved" in response.content.decode()
    assert [r.player for r in LineUp.objects.filter(team=team).order_by("board")] == [m[3], m[0], m[1]]
    response = orga.post(url, {"board_1": m[3].pk, "board_2": m[3].pk, "board_3": m[1].pk}, follow=True)
    assert "one board only" in response.content.decode()
    assert [r.player for r in LineUp.objects.filter(team=team).order_by("board")] == [m[3], m[0], m[1]]


def test_a_line_up_with_an_empty_board_is_saved_with_a_warning(orga, teams):
    m, team = teams.members[0], teams.teams[0]
    url = _url(teams, "manage_teams_line_up", team)
    response = orga.post(url, {"board_1": "", "board_2": m[1].pk, "board_3": m[2].pk}, follow=True)
    text = response.content.decode()
    assert response.status_code == 200 and "is saved" in text
    assert "Board 1 of Hannover is empty" in text and "not paired in round 1" in text
    assert [(r.board, r.player) for r in LineUp.objects.filter(team=team).order_by("board")] == [(2, m[1]), (3, m[2])]


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"board_1": "x", "board_2": "", "board_3": "99999999999999999999"},
        {"board_1": "-1", "board_2": "0", "board_3": "²"},
        {"player": "abc"},
        {"name": "x" * 5000},
    ],
)
def test_odd_input_is_never_a_500(orga, teams, data):
    team = teams.teams[0]
    for name in (
        "manage_teams_line_up",
        "manage_teams_member_add",
        "manage_teams_member_remove",
        "manage_teams_rename",
    ):
        assert orga.post(_url(teams, name, team), data).status_code in (200, 302, 422), name
    assert orga.post(_url(teams, "manage_teams_add"), data).status_code in (302, 422)
    assert Team.objects.get(pk=team.pk).name == "Hannover"


def test_delete_a_team(orga, teams):
    response = orga.post(_url(teams, "manage_teams_delete", teams.teams[3]))
    assert response.status_code == 302 and not Team.objects.filter(pk=teams.teams[3].pk).exists()


def test_an_individual_tournament_says_how_to_play_in_teams(client, day):
    client.force_login(day.user("organizer"))
    page = client.get(reverse("manage_teams", args=[day.tournament.slug]))
    assert page.status_code == 200 and 'id="not-teams"' in page.content.decode()
    assert (
        reverse("manage_teams", args=[day.tournament.slug])
        not in client.get(reverse("manage_settings", args=[day.tournament.slug])).content.decode()
    )
    refused = client.post(reverse("manage_teams_add", args=[day.tournament.slug]), {"name": "X"})
    assert refused.status_code == 422 and "not a team tournament" in refused.content.decode()


def test_the_event_kind_on_the_create_page(client, teams):
    client.force_login(teams.organizer)
    page = client.get(reverse("tournament_new")).content.decode()
    assert 'name="event_kind"' in page and "Teams of 3 boards" in page
    TournamentRole.objects.filter(user=teams.organizer).exists()


def test_the_audit_log_says_what_happened_to_the_teams(orga, teams):
    orga.post(_url(teams, "manage_teams_add"), {"name": "Bremen"})
    m = teams.members[0]
    orga.post(
        _url(teams, "manage_teams_line_up", teams.teams[0]),
        {"board_1": m[1].pk, "board_2": m[0].pk, "board_3": m[2].pk, "confirm_order": "1"},
    )
    text = orga.get(reverse("audit_log", args=[teams.tournament.slug])).content.decode()
    assert "team added" in text and "Bremen" in text and "line-up set" in text
    assert m[1].spoken_name in text


def test_a_team_tournament_is_created_on_the_create_page(client, teams):
    from tournament.models import Tournament

    client.force_login(teams.organizer)
    data = {"name": "Liga", "start_date": "2027-03-06", "time_zone": "Europe/Berlin", "pairing_system": "swiss"}
    client.post(reverse("tournament_new"), {**data, "event_kind": "team4"})
    assert Tournament.objects.get(name="Liga").boards == 4
    client.post(reverse("tournament_new"), {**data, "name": "Einzel"})  # without the field: individual
    assert not Tournament.objects.get(name="Einzel").is_team_event
    refused = client.post(reverse("tournament_new"), {**data, "name": "Falsch", "event_kind": "team9"})
    assert refused.status_code == 200 and not Tournament.objects.filter(name="Falsch").exists()  # the form again
