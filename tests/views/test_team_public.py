"""A team tournament's public pages and its JSON API: the teams with their members, the matches."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Round
from tournament.services.results import result_set
from tournament.services.team_rounds import BoardPair, TeamMatch, team_round_store

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


def _pair_and_publish(teams) -> None:
    matches = []
    for table, (a, b) in enumerate([(0, 1), (2, 3)], 1):
        boards = tuple(
            BoardPair(board=n, black=teams.members[a][n - 1].pk, white=teams.members[b][n - 1].pk) for n in (1, 2, 3)
        )
        matches.append(TeamMatch(table=table, team1=teams.teams[a].pk, team2=teams.teams[b].pk, boards=boards))
    team_round_store(round=teams.round1, matches=matches, user=teams.organizer)
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.PUBLISHED)


def test_the_players_page_lists_the_teams_with_their_confirmed_members(client, teams):
    gone = teams.members[2][3]
    gone.status = "preliminary"
    gone.save()
    text = client.get(reverse("players", args=[teams.tournament.slug])).content.decode()
    assert 'id="teams"' in text and "1. Hannover" in text and "4. Köln" in text
    assert teams.members[0][0].display_name in text
    assert f"{gone.display_name} ({gone.rank_display})" not in text


def test_an_individual_tournament_shows_no_teams(client, day):
    text = client.get(reverse("players", args=[day.tournament.slug])).content.decode()
    assert 'id="teams"' not in text


def test_the_round_page_shows_the_matches_and_their_board_points(client, teams):
    _pair_and_publish(teams)
    games = list(teams.round1.games.order_by("table"))
    for game, result in zip(games[:3], ["B", "W", "B"]):
        result_set(game=game, user=teams.organizer, version=game.version, result=result, reason="desk")
    text = client.get(reverse("round", args=[teams.tournament.slug, 1])).content.decode()
    assert 'id="match-list"' in text and "Hannover – Berlin" in text
    assert "2–1" in text and "0–0" in text  # Hannover won boards 1 and 3 with Black; the second match goes on


def test_the_api_lists_teams_members_and_published_matches(client, teams):
    url = reverse("api:teams", args=[teams.tournament.slug])
    data = client.get(url).json()
    assert data["boards"] == 3 and data["matches"] == [] and data["byes"] == []
    assert [t["name"] for t in data["teams"]] == ["Hannover", "Berlin", "Hamburg", "Köln"]
    assert data["teams"][0]["members"][0] == {"id": teams.members[0][0].pk, "name": teams.members[0][0].display_name}
    _pair_and_publish(teams)
    data = client.get(url).json()
    first = data["matches"][0]
    assert (first["round"], first["table"], first["team1"], first["team2"]) == (1, 1, 1, 2)
    assert [b["board"] for b in first["boards"]] == [1, 2, 3]
    game = client.get(reverse("api:game", args=[teams.tournament.slug, first["boards"][0]["game"]])).json()
    assert game["black"]["id"] == teams.members[0][0].pk


def test_the_api_of_an_individual_tournament_has_no_teams(client, day):
    data = client.get(reverse("api:teams", args=[day.tournament.slug])).json()
    assert data == {"boards": 0, "players_per_side": 1, "teams": [], "byes": [], "matches": []}
    assert client.get(reverse("api:teams", args=["nowhere"])).status_code == 404


def test_the_organizer_s_round_page_shows_the_matches(client, teams):
    _pair_and_publish(teams)
    client.force_login(teams.organizer)
    text = client.get(reverse("manage_round", args=[teams.tournament.slug, 1])).content.decode()
    assert 'id="match-list"' in text and "Hamburg – Köln" in text


def test_a_team_bye_on_the_round_page_and_in_the_api(client, teams):
    matches = [
        TeamMatch(
            table=1,
            team1=teams.teams[0].pk,
            team2=teams.teams[1].pk,
            boards=tuple(
                BoardPair(board=n, black=teams.members[0][n - 1].pk, white=teams.members[1][n - 1].pk)
                for n in (1, 2, 3)
            ),
        )
    ]
    team_round_store(round=teams.round1, matches=matches, bye=teams.teams[3].pk, user=teams.organizer)
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.PUBLISHED)
    text = client.get(reverse("round", args=[teams.tournament.slug, 1])).content.decode()
    assert 'id="team-bye"' in text and "Bye: Köln" in text
    data = client.get(reverse("api:teams", args=[teams.tournament.slug])).json()
    assert data["byes"] == [{"round": 1, "team": 4}]


def test_a_player_sees_their_team_on_their_page(client, teams):
    client.force_login(teams.player)
    text = client.get(reverse("my_tournament", args=[teams.tournament.slug])).content.decode()
    assert 'id="my-team"' in text and "You play for Hannover." in text


def test_the_pair_button_pairs_team_against_team_and_names_a_team_left_out(client, teams):
    from tournament.models import Match, TeamMember

    TeamMember.objects.filter(registration__in=teams.members[3][1:]).delete()  # Köln: one member left
    client.force_login(teams.organizer)
    url = reverse("manage_round_action", args=[teams.tournament.slug, 1, "pair"])
    response = client.post(url, follow=True)
    text = response.content.decode()
    assert response.status_code == 200 and "Köln has no complete line-up for round 1" in text
    assert Match.objects.filter(round=teams.round1).count() == 1  # three complete teams: a match and a bye
    response = client.post(url, follow=True)  # pair again: one transaction, the same shape
    assert Match.objects.filter(round=teams.round1).count() == 1
    assert 'id="match-list"' in client.get(reverse("manage_round", args=[teams.tournament.slug, 1])).content.decode()


def test_the_pairing_sheet_lists_a_team_round_by_match(client, teams):
    from tournament.pdf.pairings import sections
    from tournament.selectors.standings import pairing_sheet

    _pair_and_publish(teams)
    sheet = pairing_sheet(teams.round1)
    first = sections(sheet)[0]
    assert first.subtitle.endswith("by match") and len(first.rows) == 6
    assert first.rows[0][:4] == ["1", "Hannover – Berlin", "1", "1"]
    assert first.rows[0][4] == teams.members[0][0].display_name and first.rows[1][:2] == ["", ""]
    response = client.get(reverse("pdf_pairings", args=[teams.tournament.slug, 1]) + "?lang=en")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_an_individual_round_has_no_section_by_match(day):
    from tournament.pdf.pairings import sections
    from tournament.selectors.standings import pairing_sheet

    assert [s.subtitle.rsplit(" · ", 1)[-1] for s in sections(pairing_sheet(day.round1))] == ["by table", "by name"]


def test_a_slip_names_the_board_and_the_match(client, teams):
    from tournament.pdf.slips import board_of
    from tournament.selectors.standings import pairing_sheet

    _pair_and_publish(teams)
    sheet = pairing_sheet(teams.round1)
    assert board_of(sheet, 5) == ["Board 2: Hamburg – Köln"] and board_of(sheet, 99) == []
    response = client.get(reverse("pdf_slips", args=[teams.tournament.slug, 1]) + "?lang=en")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_the_standings_page_ranks_the_teams_above_the_players(client, teams):
    from tournament.services.team_rounds import team_round_pair

    text = client.get(reverse("standings", args=[teams.tournament.slug])).content.decode()
    assert 'id="team-standings"' not in text  # nothing public yet
    team_round_pair(round=teams.round1, user=teams.organizer)
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.PUBLISHED)
    for m in teams.round1.matches.all():  # the first team wins boards 1 and 2, loses board 3
        for g in m.games.order_by("board"):
            first_is_black = g.black.team_membership.team_id == m.team1_id
            won = g.board < 3
            result = "B" if first_is_black == won else "W"
            result_set(game=g, user=teams.organizer, version=g.version, result=result, reason="desk")
    text = client.get(reverse("standings", args=[teams.tournament.slug])).content.decode()
    assert 'id="team-standings-table"' in text and "<abbr" in text and "BDW" in text
    firsts = [m.team1.name for m in teams.round1.matches.select_related("team1")]
    table = text.split('id="team-standings-table"')[1].split("</table>")[0]
    rows = table.split("<tr>")[2:]
    assert {row.split("<td>")[1].split("</td>")[0] for row in rows[:2]} == set(firsts)  # 2 team points each
    assert '<td class="num">2</td>' in rows[0]  # TP: a match won
