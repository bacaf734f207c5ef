"""A pair's order of play and its partners on the pages (issue #31, item 10): the registration's gender
(optional, for the organizers alone: never on a public page, the API or a download, but in the backup),
the woman first by default as the Pair Go rules have it, and both partners named on the player's own page,
the organizer's round page, the results grid and the referee's queue."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.urls import reverse

from tests.fixtures.pair_go import build_pair_day
from tournament.backup import dump_tournament, load_tournament
from tournament.models import Game, LineUp, Registration, Round
from tournament.models.game import ResultState
from tournament.services.team_rounds import team_round_pair

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


@pytest.fixture
def day(db):
    """Alice (1d) and Bob (4k), Carla (3k) and Dan (9k); Carla is the man of her pair, Dan the woman."""
    day = build_pair_day()
    genders = {"alice": "f", "bob": "m", "carla": "m", "dan": "f"}
    for key, gender in genders.items():
        Registration.objects.filter(pk=day.people[key].pk).update(gender=gender)
    return day


def _page(client, user, name, *args, **params) -> str:
    client.force_login(user)
    return html.unescape(client.get(reverse(name, args=args), params).content.decode())


def _words(page: str) -> str:
    """The page's text without its tags, spaces as one."""
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def test_the_woman_of_a_pair_plays_first_by_default(day):
    team_round_pair(round=day.round, user=day.organizer)
    orders = {
        t.name: [r.player.given_name for r in LineUp.objects.filter(round=day.round, team=t).order_by("board")]
        for t in day.teams
    }
    # by rating Carla would come first; the Pair Go rules give the woman the first move of her side
    assert orders == {"Pair 1": ["Alice", "Bob"], "Pair 2": ["Dan", "Carla"]}
    game = Game.objects.get(round=day.round)
    assert (game.black_id, game.white_id) == (day.people["dan"].pk, day.people["alice"].pk)


def test_rengo_keeps_the_order_by_rating(db):
    day = build_pair_day("rengo2")
    Registration.objects.filter(pk=day.people["dan"].pk).update(gender="f")
    team_round_pair(round=day.round, user=day.organizer)
    assert Game.objects.get(round=day.round).black_id == day.people["carla"].pk


def test_both_partners_are_named_on_the_players_and_the_organizers_pages(client, day):
    team_round_pair(round=day.round, user=day.organizer)
    Round.objects.filter(pk=day.round.pk).update(status=Round.Status.PUBLISHED)
    slug = day.tournament.slug
    mine = _words(_page(client, day.users["bob"], "my_tournament", slug))
    assert "You play White with Alice Albers against Dan Dorn & Carla Cohen" in mine
    mine = _words(_page(client, day.users["carla"], "my_tournament", slug))
    assert "You play Black with Dan Dorn against Alice Albers & Bob Berg" in mine
    round_page = _page(client, day.organizer, "manage_round", slug, 1)
    assert "Dorn Dan & Cohen Carla" in round_page and "Albers Alice & Berg Bob" in round_page
    grid = _page(client, day.organizer, "manage_results", slug, round=1)
    assert "Dorn Dan & Cohen Carla" in grid and "Albers Alice & Berg Bob" in grid
    Game.objects.filter(round=day.round).update(result="B", result_state=ResultState.DISPUTED)
    queue = _page(client, day.referee, "referee_queue", slug)
    assert "Dorn Dan & Cohen Carla" in queue and "Albers Alice & Berg Bob" in queue
    live = _page(client, day.referee, "referee_live", slug)
    assert "Dorn Dan & Cohen Carla" in live


def test_the_gender_is_the_organizers_alone(client, day):
    slug = day.tournament.slug
    alice = day.people["alice"]
    form = _page(client, day.organizer, "manage_registration", slug, alice.pk)
    assert 'name="gender"' in form and "Woman" in form
    client.logout()
    team_round_pair(round=day.round, user=day.organizer)
    Round.objects.filter(pk=day.round.pk).update(status=Round.Status.PUBLISHED)
    for name, args in (("players", [slug]), ("round", [slug, 1]), ("tournament", [slug])):
        text = client.get(reverse(name, args=args)).content.decode()
        assert "gender" not in text.lower() and "Woman" not in text
    for name in ("api:players", "api:teams", "api:tournament"):
        text = client.get(reverse(name, args=[slug])).content.decode()
        assert "gender" not in text.lower(), name
    client.force_login(day.organizer)
    for name in ("csv_standings", "csv_team_standings"):
        assert "gender" not in client.get(reverse(name, args=[slug])).content.decode().lower()


def test_the_gender_goes_into_the_backup_and_comes_back(day):
    data = json.loads(json.dumps(dump_tournament(day.tournament)))
    day.tournament.slug = "moved-away"
    day.tournament.save()
    restored = load_tournament(data)
    genders = dict(restored.registrations.values_list("given_name", "gender"))
    assert genders == {"Alice": "f", "Bob": "m", "Carla": "m", "Dan": "f"}


def test_an_organizer_sets_the_gender_and_a_bad_one_is_refused_in_words(client, day):
    from tournament.services.registrations import registration_update

    bob = day.people["bob"]
    registration_update(registration=bob, data={"gender": ""}, user=day.organizer)
    assert Registration.objects.get(pk=bob.pk).gender == ""
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="not a valid choice"):
        registration_update(registration=bob, data={"gender": "q"}, user=day.organizer)
