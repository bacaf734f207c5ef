"""A Pair Go game on the live board with the test client: the panel names whose turn it is and both
sides' players; a move out of turn is refused with the player's name, in English and German."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from tests.fixtures.pair_go import build_pair_day
from tournament.models import Game, LiveRecord, Round
from tournament.services.team_rounds import team_round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(db):
    day = build_pair_day()
    team_round_pair(round=day.round, user=day.organizer)
    Round.objects.filter(pk=day.round.pk).update(status=Round.Status.PUBLISHED)
    return day, Game.objects.get(round=day.round)


def _move(client, day, game, point, language="en"):
    found = LiveRecord.objects.filter(game=game).first()
    return client.post(
        reverse("live_move", args=[day.tournament.slug, game.pk]),
        {"version": found.version if found else 0, "point": point},
        HTTP_X_LIVE_BOARD="1",
        HTTP_ACCEPT_LANGUAGE=language,
    )


def test_the_panel_says_whose_turn_and_refuses_a_move_out_of_turn(client, board):
    day, game = board
    client.force_login(day.users["dan"])
    page = html.unescape(
        client.get(
            reverse("live_board", args=[day.tournament.slug, game.pk]), HTTP_ACCEPT_LANGUAGE="en"
        ).content.decode()
    )
    assert "It is Carla Cohen's turn." in page
    assert "Carla Cohen & Dan Dorn" in page and "Alice Albers & Bob Berg" in page  # the heading's sides
    assert "Black: Cohen Carla & Dorn Dan" in page and "White: Albers Alice & Berg Bob" in page
    refused = _move(client, day, game, "C3")
    assert refused.status_code == 422 and "It is Carla Cohen&#x27;s turn." in refused.content.decode()
    refused = _move(client, day, game, "C3", language="de")
    assert "Carla Cohen ist am Zug." in html.unescape(refused.content.decode())
    assert not LiveRecord.objects.filter(game=game, moves__gt="").exists()
    client.force_login(day.users["carla"])
    for point in ("C3", "G7", "G3"):
        assert _move(client, day, game, point).status_code == 200
    page = html.unescape(_move(client, day, game, "E5").content.decode())
    assert "It is Alice Albers's turn." in page


def test_the_referee_s_list_of_moves_names_who_played_each(client, board):
    day, game = board
    client.force_login(day.users["carla"])
    for point in ("C3", "G7", "G3"):
        _move(client, day, game, point)
    client.force_login(day.users["alice"])
    _move(client, day, game, "E5")
    client.force_login(day.referee)
    page = html.unescape(
        client.get(
            reverse("live_board", args=[day.tournament.slug, game.pk]), HTTP_ACCEPT_LANGUAGE="en"
        ).content.decode()
    )
    assert "Played by" in page
    assert page.count("<td>Cohen Carla</td>") == 3 and page.count("<td>Albers Alice</td>") == 1


def test_the_handicap_stones_are_not_counted_as_moves(client, board):
    """Issue #31, item 11: after Black's three handicap stones the board is at move 1 (White's first), and
    the referee's list of the round's boards counts the moves played."""
    import re

    day, game = board
    client.force_login(day.users["carla"])
    for point in ("C3", "G7", "G3"):
        _move(client, day, game, point)
    client.force_login(day.users["alice"])
    page = html.unescape(
        client.get(
            reverse("live_board", args=[day.tournament.slug, game.pk]), HTTP_ACCEPT_LANGUAGE="en"
        ).content.decode()
    )
    assert '<strong class="move-no">Move 1</strong>' in page and "Position after move 0" in page
    page = html.unescape(_move(client, day, game, "E5").content.decode())
    assert '<strong class="move-no">Move 2</strong>' in page and "Position after move 1" in page
    client.force_login(day.referee)
    page = client.get(reverse("referee_live", args=[day.tournament.slug]), HTTP_ACCEPT_LANGUAGE="en")
    assert re.findall(r'<td class="num">(\d+)</td>', page.content.decode())[1] == "1"  # table 1, one move
