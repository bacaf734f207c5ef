"""A team tournament as a director uses it on the day (issue #31, items 4-6): the projector shows the
matches board by board and the team standings; a line-up with a weaker player above a stronger one is
not saved until the director confirms it; the round page, the results grid and a board's SGF name the
match and the board."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import sgf
from tournament.models import Game, LineUp, Round
from tournament.models.game import ResultState
from tournament.selectors.game_sgf import game_sgf

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


def _text(response) -> str:
    """A page's text without its tags, spaces folded."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


# -- 4. the projector --------------------------------------------------------------------------


def test_a_team_tournament_s_projector_shows_the_matches_and_the_team_standings(client, three_rounds):
    page = client.get(reverse("projector", args=[three_rounds.tournament.slug]))
    assert page.status_code == 200
    html = page.content.decode()
    text = _text(page)
    # round 3 (the last published): Hannover against Köln, every board with its players, Hamburg's bye
    assert "Hannover – Köln" in text and "3–0" in text
    han, koe = three_rounds.members[0], three_rounds.members[3]
    for board in range(3):
        assert han[board].display_name in text and koe[board].display_name in text
    assert re.search(r'class="num board-no">\s*1\s*<', html) and re.search(r'class="num board-no">\s*3\s*<', html)
    assert "Bye: Hamburg" in text
    # the team standings, ranked as the standings page: Hannover first with its 4 team points
    standings = html[html.index('class="projector-standings"') :]
    assert "Team standings" in _text_of(standings)
    assert re.search(r"<td[^>]*>1</td><td>Hannover</td><td[^>]*>4</td>", standings.replace("\n", ""))
    # not the players' MMS table
    assert "MMS" not in standings and han[0].display_name not in _text_of(standings)


def _text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_projector_of_a_team_round_before_its_results_says_the_match_goes_on(client, teams):
    from tests.fixtures.team_rounds import _play

    _play(teams, teams.round1, [(0, 1), (2, 3)], ["B", "W", "B"])  # Hamburg – Köln not finished
    text = _text(client.get(reverse("projector", args=[teams.tournament.slug])))
    assert "Hannover – Berlin" in text and "Hamburg – Köln" in text
    assert "2–1" in text and "Hannover wins" in text
    # no team standings yet in German either
    client.cookies["django_language"] = "de"
    german = _text(client.get(reverse("projector", args=[teams.tournament.slug])))
    assert "Hannover gewinnt" in german and "Brett" in german


# -- 5. the line-up's order of strength ----------------------------------------------------------


def _line_up_post(client, teams, players, **extra):
    team = teams.teams[0]
    data = {f"board_{b}": p.pk for b, p in enumerate(players, 1)} | extra
    return client.post(reverse("manage_teams_line_up", args=[teams.tournament.slug, team.pk]), data)


def test_a_weaker_player_above_a_stronger_one_is_saved_only_once_confirmed(client, teams):
    client.force_login(teams.organizer)
    first, second, third, fourth = teams.members[0]  # strongest first: 1k, 4k, 7k, 10k
    response = _line_up_post(client, teams, [second, first, third])
    assert response.status_code == 200
    text = _text(response)
    assert "Board 1: Han1 Test (4k) is weaker than board 2: Han0 Test (1k)" in text
    assert "OpenGotha orders the boards by strength" in text
    assert "Save this order anyway" in text
    assert not LineUp.objects.filter(team=teams.teams[0]).exists()  # nothing saved yet
    # the confirmation sends the same line-up once more, with the confirmation
    assert re.search(r'name="confirm_order" value="1"', response.content.decode())
    response = _line_up_post(client, teams, [second, first, third], confirm_order="1")
    assert response.status_code == 302
    saved = dict(LineUp.objects.filter(team=teams.teams[0]).values_list("board", "player_id"))
    assert saved == {1: second.pk, 2: first.pk, 3: third.pk}


def test_a_line_up_by_strength_is_saved_at_once_and_a_pair_s_order_of_play_never_warns(client, teams):
    client.force_login(teams.organizer)
    first, second, third, fourth = teams.members[0]
    response = _line_up_post(client, teams, [first, third, fourth])
    assert response.status_code == 302
    assert LineUp.objects.filter(team=teams.teams[0]).count() == 3


def test_the_order_warning_is_in_german_too(client, teams):
    client.cookies["django_language"] = "de"
    client.force_login(teams.organizer)
    first, second, third, fourth = teams.members[0]
    text = _text(_line_up_post(client, teams, [first, fourth, third]))
    assert "Brett 2: Han3 Test (10k) ist schwächer als Brett 3: Han2 Test (7k)" in text
    assert "Diese Reihenfolge trotzdem speichern" in text
    assert not LineUp.objects.filter(team=teams.teams[0]).exists()


def test_the_service_refuses_an_unconfirmed_order_against_strength():
    from tests.fixtures.teams import build_teams
    from tournament.services.teams import LineUpOrder, line_up_set

    teams = build_teams()
    first, second, third, _fourth = teams.members[1]
    with pytest.raises(LineUpOrder) as refused:
        line_up_set(team=teams.teams[1], round=teams.round1, players=[third, second, first], user=teams.organizer)
    assert refused.value.code == "order"
    assert not LineUp.objects.exists()
    line_up_set(
        team=teams.teams[1], round=teams.round1, players=[third, second, first], user=teams.organizer, confirmed=True
    )
    assert LineUp.objects.filter(team=teams.teams[1]).count() == 3


# -- 6. the round page, the results grid, the SGF name the match and the board -------------------------


def test_the_round_page_and_the_results_grid_name_each_game_s_match_and_board(client, three_rounds):
    slug = three_rounds.tournament.slug
    text = _text(client.get(reverse("round", args=[slug, 1])))
    for board in (1, 2, 3):
        assert f"Board {board}: Hannover – Berlin" in text
        assert f"Board {board}: Hamburg – Köln" in text
    client.force_login(three_rounds.organizer)
    grid = _text(client.get(reverse("manage_results", args=[slug]) + "?round=1"))
    for board in (1, 2, 3):
        assert f"Board {board}: Hannover – Berlin" in grid and f"Board {board}: Hamburg – Köln" in grid
    client.cookies["django_language"] = "de"
    assert "Brett 2: Hamburg – Köln" in _text(client.get(reverse("round", args=[slug, 1])))


def test_a_board_s_sgf_names_the_teams_and_the_match(three_rounds):
    round1 = Round.objects.get(tournament=three_rounds.tournament, number=1)
    Game.objects.filter(round=round1).update(record="C3 G7 pass pass", result_state=ResultState.CONFIRMED)
    game = Game.objects.select_related("round__discipline", "round__tournament", "black", "white").get(
        round=round1, match__table=2, board=2
    )
    text = game_sgf(game)
    sgf.parse(text)
    # Hamburg (Black on every board of this fixture) against Köln
    assert "BT[Hamburg]" in text and "WT[Köln]" in text
    assert "GN[Round 1, Hamburg – Köln, board 2]" in text


def test_a_team_renamed_shows_at_once_on_the_projector_the_round_page_and_the_results_grid(
    client, three_rounds, monkeypatch
):
    """The round page and the results grid are kept per standings version, the projector answers its
    poll 304 while the version stands: a team's new name changes the version."""
    import json

    from tournament.services.teams import team_rename
    from tournament.views import projector

    monkeypatch.setattr(projector, "minute", lambda: 29_000_000)  # the screen's clock stands still
    slug = three_rounds.tournament.slug
    client.force_login(three_rounds.organizer)
    page = client.get(reverse("projector", args=[slug])).content.decode()
    etag = json.loads(re.search(r"hx-headers='([^']*)'", page).group(1).replace("&quot;", '"'))["If-None-Match"]
    still = client.get(reverse("projector", args=[slug]), headers={"HX-Request": "true", "If-None-Match": etag})
    assert still.status_code == 304
    assert "Board 1: Hannover – Köln" in _text(client.get(reverse("round", args=[slug, 3])))
    assert "Board 1: Hannover – Köln" in _text(client.get(reverse("manage_results", args=[slug]) + "?round=3"))
    team_rename(team=three_rounds.teams[0], name="Hannover 1", user=three_rounds.organizer)
    poll = client.get(reverse("projector", args=[slug]), headers={"HX-Request": "true", "If-None-Match": etag})
    assert poll.status_code == 200 and "Hannover 1 – Köln" in _text(poll)
    assert "Board 1: Hannover 1 – Köln" in _text(client.get(reverse("round", args=[slug, 3])))
    assert "Board 1: Hannover 1 – Köln" in _text(client.get(reverse("manage_results", args=[slug]) + "?round=3"))
