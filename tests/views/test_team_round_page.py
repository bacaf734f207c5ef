"""A team round's pages as the team day's walk found them (issue #26): the team pairing's warnings in the
round's box of warnings, no hand edits that a team round refuses, the reserves named as such, the team
result of a finished match beside its board points."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournament.models import Round, TeamMember
from tournament.services.results import result_set
from tournament.services.team_rounds import BoardPair, TeamMatch, team_round_store

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


def _box(text: str) -> str:
    """The round page's box of warnings (empty without one)."""
    found = re.search(r'<section class="warnings">(.*?)</section>', text, re.S)
    return found.group(1) if found else ""


def _store(teams, tables=((0, 1), (2, 3))) -> None:
    matches = []
    for table, (a, b) in enumerate(tables, 1):
        boards = tuple(
            BoardPair(board=n, black=teams.members[a][n - 1].pk, white=teams.members[b][n - 1].pk) for n in (1, 2, 3)
        )
        matches.append(TeamMatch(table=table, team1=teams.teams[a].pk, team2=teams.teams[b].pk, boards=boards))
    team_round_store(round=teams.round1, matches=matches, user=teams.organizer)


def test_a_team_left_out_by_the_pair_button_is_in_the_round_s_box_of_warnings(client, teams):
    TeamMember.objects.filter(registration__in=teams.members[3][1:]).delete()  # Köln: one member left
    client.force_login(teams.organizer)
    slug = teams.tournament.slug
    client.post(reverse("manage_round_action", args=[slug, 1, "pair"]))
    text = client.get(reverse("manage_round", args=[slug, 1])).content.decode()
    assert "Köln has no complete line-up for round 1 and is not paired." in _box(text)


def test_a_team_round_offers_no_hand_edit_it_refuses(client, teams):
    """No "Pair two players by hand", "Give the bye", "Swap two players", no players' pairing constraints
    and no "Unpair" on a board: a team round is paired by its teams' line-ups."""
    _store(teams, tables=((0, 1),))  # Hamburg and Köln without a game: the hand forms would offer them
    client.force_login(teams.organizer)
    text = client.get(reverse("manage_round", args=[teams.tournament.slug, 1])).content.decode()
    for absent in (
        "Pair two players by hand",
        "Give the bye",
        "Swap two players",
        "Never pair these two",
        "Pair these two in this round",
        ">Unpair<",  # the button on a board
    ):
        assert absent not in text, absent
    assert 'id="match-list"' in text and "Move" in text  # a board still moves to another table


def test_the_players_outside_the_line_ups_are_reserves_not_a_warning(client, teams):
    _store(teams)
    client.force_login(teams.organizer)
    text = client.get(reverse("manage_round", args=[teams.tournament.slug, 1])).content.decode()
    reserve = teams.members[0][3]
    assert "Reserves" in text and reserve.display_name in text
    assert "Without a game" not in text
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.PUBLISHED)
    client.logout()  # a visitor, in the site's own language
    public = client.get(reverse("round", args=[teams.tournament.slug, 1])).content.decode()
    assert "Ersatzspieler:</strong>" in public and reserve.display_name in public
    client.cookies["django_language"] = "en"
    public = client.get(reverse("round", args=[teams.tournament.slug, 1])).content.decode()
    assert "Reserves:</strong>" in public and reserve.display_name in public


def test_a_finished_match_shows_its_team_points_beside_its_board_points(client, teams):
    _store(teams)
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.PUBLISHED)
    # Hannover has Black on every board of match 1: it wins boards 1 and 3
    for game, result in zip(teams.round1.games.order_by("table")[:3], ["B", "W", "B"]):
        result_set(game=game, user=teams.organizer, version=game.version, result=result, reason="desk")
    text = client.get(reverse("round", args=[teams.tournament.slug, 1])).content.decode()
    rows = re.findall(r"<tr>(.*?)</tr>", text.split('id="match-list"')[1].split("</table>")[0], re.S)
    first, second = (" ".join(re.sub(r"<[^>]+>", " ", r).split()) for r in rows[1:3])
    assert "Team points" in text
    assert "2–1" in first and "2–0" in first and "Hannover wins" in first, first
    assert "0–0" in second and "Hamburg" in second and "wins" not in second, second


def test_the_teams_page_shows_each_line_up_of_the_next_round_and_leads_to_it(client, teams):
    """The walk's organizer made the teams and then had to find the round: the list shows each team's
    line-up for the next round (an incomplete one said so: the Pair button leaves it out) and links the
    round's page, where it is paired."""
    TeamMember.objects.filter(registration__in=teams.members[3][1:]).delete()  # Köln: one member left
    client.force_login(teams.organizer)
    slug = teams.tournament.slug
    text = client.get(reverse("manage_teams", args=[slug])).content.decode()
    plain = " ".join(re.sub(r"<[^>]+>", " ", text).split())
    first = teams.members[0]
    assert f"Round 1: 1. {first[0].display_name} · 2. {first[1].display_name} · 3. {first[2].display_name}" in plain
    assert "Round 1: incomplete, not paired" in plain  # Köln
    assert f'href="{reverse("manage_round", args=[slug, 1])}"' in text


def test_a_player_still_without_a_game_leaves_no_empty_heading_on_the_public_round_page(client, day):
    """Only the organizer reads who is still without a game: the public page said "Not playing this
    round" above an empty list (the team day's reserves did it before they were named)."""
    from tests.factories import make_player

    make_player(day.tournament, surname="Zuspät", given_name="Zoe")  # confirmed, not paired
    round_ = day.tournament.rounds.filter(status=Round.Status.PUBLISHED).order_by("number").first()
    text = client.get(reverse("round", args=[day.tournament.slug, round_.number])).content.decode()
    assert "Not playing this round" not in text


def test_a_player_s_game_card_names_the_board_and_the_match(client, teams):
    """The walk's players opened "my tournament" for the live board: the card said "Table 1" only."""
    _store(teams)
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.PUBLISHED)
    client.force_login(teams.player)  # Hannover's board 1
    text = client.get(reverse("my_tournament", args=[teams.tournament.slug])).content.decode()
    assert "Board 1: Hannover – Berlin" in text


def test_a_board_s_game_page_and_live_board_name_the_board_and_the_match(client, teams):
    _store(teams)
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.PUBLISHED)
    game = teams.round1.games.get(table=1)  # the player's own
    client.force_login(teams.player)
    slug = teams.tournament.slug
    for url in (reverse("game", args=[slug, game.pk]), reverse("live_board", args=[slug, game.pk])):
        text = client.get(url).content.decode()
        assert "Board 1: Hannover – Berlin" in text, url


def test_a_team_round_s_boards_are_not_warned_of_their_players_colours(client, teams):
    """A team round's colours alternate by board (OpenGotha's ``pairTeams``), whatever each player had
    before: the second round's page warned of a colour imbalance on every board."""
    from tournament.services.team_rounds import team_round_pair

    team_round_pair(round=teams.round1, user=teams.organizer)
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.PUBLISHED)
    for g in teams.round1.games.all():
        result_set(game=g, user=teams.organizer, version=g.version, result="B", reason="desk")
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.FINISHED)
    team_round_pair(round=teams.round2, user=teams.organizer)
    client.force_login(teams.organizer)
    text = client.get(reverse("manage_round", args=[teams.tournament.slug, 2])).content.decode()
    assert "Colour imbalance" not in text


def test_a_team_round_s_boards_follow_the_table_plan_and_show_their_place_in_the_hall(client, teams):
    """Table 2 breaks after the pairing: **Renumber the tables** on the team round's page moves the
    matches to 3-5 and 6-8, and the public round page says where each board is.

    1 [2x] 3 4 5 | 6 7 8
           A A A | B B B
    """
    from tournament.models import Game
    from tournament.services.tables import table_plan_save

    _store(teams)
    table_plan_save(tournament=teams.tournament, excluded="2", halls="1-10: Hall A, rows of 5", user=teams.organizer)
    client.force_login(teams.organizer)
    slug = teams.tournament.slug
    assert "Renumber the tables" in client.get(reverse("manage_round", args=[slug, 1])).content.decode()
    answer = client.post(reverse("manage_round_renumber", args=[slug, 1]), follow=True)
    assert "Tables numbered again: 6 games moved." in answer.content.decode()
    assert sorted((g.match.table, g.board, g.table) for g in Game.objects.filter(round=teams.round1)) == [
        (1, 1, 3),
        (1, 2, 4),
        (1, 3, 5),
        (2, 1, 6),
        (2, 2, 7),
        (2, 3, 8),
    ]
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.PUBLISHED)
    page = client.get(reverse("round", args=[slug, 1])).content.decode()
    assert "Hall A, row 1" in page and "Hall A, row 2" in page
