"""The projectors' polls: an empty 304 while nothing on the screen changed (the ETag the screen was
given), a new one after a move, a result or a minute on the clock; a board drawn once per version, so a
move on one board replays that board only."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from tests.views.test_live import record_as_players
from tournament.models import Game
from tournament.services import live as live_services
from tournament.views import projector as projector_views

pytestmark = pytest.mark.django_db

POLL = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _still_minute(monkeypatch):
    """The screens' clock stands still unless a test moves it."""
    monkeypatch.setattr(projector_views, "minute", lambda: 29_000_000)


def given_etag(response) -> str:
    """The ETag the screen's next poll sends (``hx-headers``), as the page or fragment carries it."""
    found = re.search(r"hx-headers='([^']*)'", response.content.decode())
    assert found, "the poll must send what the screen shows"
    return json.loads(found.group(1).replace("&quot;", '"'))["If-None-Match"]


def live_url(day) -> str:
    return reverse("projector_live", args=[day.tournament.slug]) + "?tables=4"


def test_the_live_projector_answers_304_to_its_own_etag_until_a_move(client, day):
    record_as_players(client, day, ["K10", "K9"])
    client.logout()
    page = client.get(live_url(day))
    etag = given_etag(page)
    poll = client.get(live_url(day), headers={**POLL, "If-None-Match": etag})
    assert poll.status_code == 304 and poll.content == b""
    # the whole page (a reload) is always answered in full
    assert client.get(live_url(day), headers={"If-None-Match": etag}).status_code == 200

    record_as_players(client, day, ["L10"], start=2)
    client.logout()
    poll = client.get(live_url(day), headers={**POLL, "If-None-Match": etag}, HTTP_ACCEPT_LANGUAGE="en")
    assert poll.status_code == 200 and "Move 3" in poll.content.decode()
    assert poll["ETag"] != etag and given_etag(poll) == poll["ETag"]
    again = client.get(live_url(day), headers={**POLL, "If-None-Match": poll["ETag"]}, HTTP_ACCEPT_LANGUAGE="en")
    assert again.status_code == 304


def test_a_result_a_language_or_the_clock_change_the_live_projectors_etag(client, day, monkeypatch):
    etag = client.get(live_url(day), headers=POLL)["ETag"]
    assert client.get(live_url(day), headers={**POLL, "If-None-Match": etag}).status_code == 304
    english = client.get(live_url(day), headers={**POLL, "If-None-Match": etag}, HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 200
    monkeypatch.setattr(projector_views, "minute", lambda: 29_000_001)
    assert client.get(live_url(day), headers={**POLL, "If-None-Match": etag}).status_code == 200
    etag = client.get(live_url(day), headers=POLL)["ETag"]
    Game.objects.filter(pk=day.game2.pk).update(result="B", result_state="confirmed", version=1)
    assert client.get(live_url(day), headers={**POLL, "If-None-Match": etag}).status_code == 200


def test_a_move_on_one_board_replays_that_board_only(client, day, monkeypatch):
    replayed = []
    new_board = live_services.new_board

    def counting(game, moves=()):
        replayed.append(game.table)
        return new_board(game, moves)

    record_as_players(client, day, ["K10", "K9"])
    monkeypatch.setattr(live_services, "new_board", counting)
    client.logout()
    client.get(live_url(day))
    assert sorted(replayed) == [1, 2]  # both boards drawn once
    client.get(live_url(day))
    client.get(live_url(day), headers=POLL)
    assert sorted(replayed) == [1, 2]  # kept, in both languages' pages alike
    monkeypatch.setattr(live_services, "new_board", new_board)
    record_as_players(client, day, ["L10"], start=2)
    monkeypatch.setattr(live_services, "new_board", counting)
    client.logout()
    replayed.clear()
    assert "<svg" in client.get(live_url(day), headers=POLL).content.decode()
    assert replayed == [1]


def test_the_pairings_projector_answers_304_to_its_own_etag_until_a_result(client, day):
    url = reverse("projector", args=[day.tournament.slug])
    etag = given_etag(client.get(url))
    poll_url = url + "?page=1"
    poll = client.get(poll_url, headers={**POLL, "If-None-Match": etag})
    assert poll.status_code == 304 and poll.content == b""
    Game.objects.filter(pk=day.game.pk).update(result="W", result_state="confirmed", version=1)
    day.game.refresh_from_db()
    day.game.save(update_fields=["updated_at"])
    poll = client.get(poll_url, headers={**POLL, "If-None-Match": etag})
    assert poll.status_code == 200 and poll["ETag"] != etag and given_etag(poll) == poll["ETag"]
