"""The API's answers kept per page version (``tournament.api.http.kept_answer``, issue #32, item 5): a
congress's players, round and standings were read, checked against the schema and written as JSON on every
request. Kept as their bytes, a second request asks one statement (the version) and gets the same bytes;
a change makes a new version (every kind of change: ``tests/reliability/test_page_version.py``), an error
is never kept, and a parameter in another spelling is answered as before, not kept again."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_player
from tests.fixtures.day import build_day
from tournament.models import Game, Round
from tournament.services.registrations import registration_update
from tournament.services.rounds import round_publish

pytestmark = pytest.mark.django_db

API = "/api/v1/tournaments"


@pytest.fixture
def day(db):
    return build_day()


def _kept_urls(day) -> list[str]:
    return [
        f"{API}/hannover/players/",
        f"{API}/hannover/rounds/1/",
        f"{API}/hannover/standings/",
        f"{API}/hannover/standings/?discipline={day.ninuki.pk}",
        f"{API}/hannover/teams/",
        f"{API}/hannover/team-standings/",
    ]


def _statements(client, url: str) -> tuple[int, bytes, dict]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries), response.content, dict(response.headers)


def test_a_second_request_is_the_kept_bytes_for_one_statement(client, day):
    for url in _kept_urls(day):
        cold_statements, cold, cold_headers = _statements(client, url)
        warm_statements, warm, warm_headers = _statements(client, url)
        assert warm == cold and warm_headers == cold_headers, url
        assert cold_statements > 1 and warm_statements == 1, (url, cold_statements, warm_statements)


def test_a_change_is_answered_at_once(client, day):
    alice = day.game.black
    before = client.get(f"{API}/hannover/players/").content
    registration_update(registration=alice, data={"surname": "Zylinder"}, user=day.user("organizer"))
    after = client.get(f"{API}/hannover/players/").content
    assert b"Zylinder" in after and b"Zylinder" not in before


def test_each_tournament_has_its_own(client, day):
    make_player(day.other, surname="Anderswo")
    here = client.get(f"{API}/hannover/players/").content
    there = client.get(f"{API}/elsewhere/players/").content
    assert b"Anderswo" in there and b"Anderswo" not in here and b"Albers" not in there


def test_an_error_is_not_kept(client, day):
    """Round 2 not published: 404, asked for again after publishing it: the round."""
    second = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2, status=Round.Status.PAIRED)
    Game.objects.create(round=second, table=1, black=day.game2.black, white=day.game2.white)
    assert client.get(f"{API}/hannover/rounds/2/").status_code == 404
    round_publish(round=second, user=day.user("organizer"))
    assert client.get(f"{API}/hannover/rounds/2/").status_code == 200


@pytest.mark.parametrize(
    "query", ["?discipline=0{pk}", "?discipline=+{pk}", "?discipline={pk}&discipline=999", "?discipline=", "?x=1"]
)
def test_a_parameter_in_another_spelling_is_answered_as_before_and_not_kept(client, day, query):
    """Only the canonical spelling of a number is kept (each other spelling would be kept once more); a
    parameter the answer does not read (``?x=1``) makes no difference to it."""
    client.get(f"{API}/hannover/standings/?discipline={day.ninuki.pk}")
    client.get(f"{API}/hannover/standings/")
    url = f"{API}/hannover/standings/" + query.format(pk=day.ninuki.pk)
    with CaptureQueriesContext(connection) as first_queries:
        first = client.get(url)
    with CaptureQueriesContext(connection) as second_queries:
        second = client.get(url)
    assert (second.status_code, second.content) == (first.status_code, first.content)
    # asked again, made again as the first time (nothing kept of this spelling), or kept already (the same answer)
    assert len(second_queries) == len(first_queries)
    if query == "?x=1":
        assert len(first_queries) == 1
