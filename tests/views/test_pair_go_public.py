"""A Pair Go tournament's public pages and API: the round page's match of two pairs with its result, the
standings ranking the pairs, the API's sides with their order of play."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from tests.fixtures.pair_go import build_pair_day
from tournament.models import Game, Round
from tournament.services.results import result_set
from tournament.services.team_rounds import team_round_pair

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


@pytest.fixture
def played(db):
    day = build_pair_day()
    team_round_pair(round=day.round, user=day.organizer)
    Round.objects.filter(pk=day.round.pk).update(status=Round.Status.PUBLISHED)
    game = Game.objects.get(round=day.round)
    result_set(game=game, user=day.organizer, version=game.version, result="B", reason="desk")
    return day


def test_the_round_page_and_the_standings_show_the_pairs(client, played):
    slug = played.tournament.slug
    text = html.unescape(client.get(reverse("round", args=[slug, 1])).content.decode())
    assert "Pair 1 – Pair 2" in text and "0–1" in text  # Pair 2 (Black, with three stones) won
    standings = html.unescape(client.get(reverse("standings", args=[slug])).content.decode())
    assert standings.index("Pair 1") < standings.index("Pair 2")  # McMahon scores 28 and 25


def test_the_api_gives_each_side_s_order_of_play(client, played):
    data = client.get(reverse("api:teams", args=[played.tournament.slug])).json()
    assert data["boards"] == 1 and data["players_per_side"] == 2
    (match,) = data["matches"]
    assert [p["name"] for p in match["order1"]] == ["Albers Alice", "Berg Bob"]
    assert [p["name"] for p in match["order2"]] == ["Cohen Carla", "Dorn Dan"]
    game = client.get(reverse("api:game", args=[played.tournament.slug, match["boards"][0]["game"]])).json()
    assert game["handicap"] == 3


def test_the_game_page_names_the_player_of_each_move(client, played):
    game = Game.objects.get(round=played.round)
    Game.objects.filter(pk=game.pk).update(record="C3 G7 G3 E5 C7 E3 E7")
    url = reverse("public_game", args=[played.tournament.slug, 1, game.pk])
    assert "Carla Cohen & Dan Dorn" in html.unescape(client.get(url).content.decode())
    assert "White (Albers Alice): E5" in html.unescape(client.get(url, {"move": 4}).content.decode())
    assert "Black (Dorn Dan): C7" in html.unescape(client.get(url, {"move": 5}).content.decode())
    assert "Black (Cohen Carla): G3" in html.unescape(client.get(url, {"move": 3}).content.decode())


def test_my_tournament_lists_the_side_s_game_for_every_player_of_it(client, played):
    game = Game.objects.get(round=played.round)
    seen = {
        # the partner and both opponents, in their order of play (issue #31, item 10)
        "bob": "You play White with Alice Albers against Carla Cohen & Dan Dorn",
        "dan": "You play Black with Carla Cohen against Alice Albers & Bob Berg",
        "carla": "You play Black with Dan Dorn against Alice Albers & Bob Berg",
    }
    for name, words in seen.items():
        client.force_login(played.users[name])
        page = client.get(reverse("my_tournament", args=[played.tournament.slug]), HTTP_ACCEPT_LANGUAGE="en")
        text = html.unescape(page.content.decode())
        assert text.count('class="card game-card') == 1, name
        assert words in " ".join(re.sub(r"<[^>]+>", "", text).split()), name
        assert ("(1 pt.)" if name != "bob" else "(0 pt.)") in text  # Black won
        assert client.get(reverse("game", args=[played.tournament.slug, game.pk])).status_code == 200
