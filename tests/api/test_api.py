"""The read-only JSON API (/api/v1/): each endpoint's shape, what it hides, ETag/304 and errors."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

import pytest
from django.utils import timezone

from tests.factories import make_player
from tests.fixtures.day import FIVE_FOR_BLACK, build_day
from tournament.models import Bye, Game, Registration, Round
from tournament.models.game import ResultState
from tournament.selectors.standings import standings_for
from tournament.services.results import result_set
from tournament.services.round_edits import game_move_table

pytestmark = pytest.mark.django_db

API = "/api/v1"


@pytest.fixture
def day(db):
    return build_day()


def get(client, url, **headers):
    response = client.get(url, headers=headers)
    assert response["Content-Type"].startswith("application/json"), (url, response.status_code)
    return response, json.loads(response.content) if response.content else None


def keys(obj) -> set[str]:
    return set(obj)


def test_tournaments_list(client, day):
    response, data = get(client, f"{API}/tournaments/")
    assert response.status_code == 200
    assert [t["slug"] for t in data] == ["elsewhere", "hannover"]  # the latest first
    hannover = data[1]
    assert hannover == {
        "slug": "hannover",
        "name": "Hannover Vielseitigkeitsturnier",
        "start": "2026-11-28",
        "end": "2026-11-29",
        "place": "Hannover",
    }


def test_tournament_detail(client, day):
    day.round1.starts_at = timezone.make_aware(dt.datetime(2026, 11, 28, 10, 0))
    day.round1.save()
    Round.objects.create(tournament=day.tournament, discipline=day.go, number=2)
    response, data = get(client, f"{API}/tournaments/hannover/")
    assert response.status_code == 200
    assert keys(data) == {"slug", "name", "start", "end", "place", "disciplines", "rounds", "categories"}
    assert data["categories"] == []  # none defined
    assert data["disciplines"] == [
        {"id": day.ninuki.pk, "name": "Ninuki-Renju", "kind": "ninuki", "board_size": 19, "rule_set": "hannover"},
        {"id": day.go.pk, "name": "Go", "kind": "go", "board_size": 9, "rule_set": "chinese"},
    ]
    assert data["rounds"] == [
        {"number": 1, "discipline": day.ninuki.pk, "status": "published", "start": "2026-11-28T10:00:00+01:00"},
        {"number": 2, "discipline": day.go.pk, "status": "planned", "start": None},
    ]


def test_players_are_the_confirmed_ones_without_email(client, day):
    make_player(day.tournament, surname="Vorläufig", status=Registration.Status.PRELIMINARY)
    make_player(day.tournament, surname="Zurück", status=Registration.Status.WITHDRAWN)
    make_player(day.other, surname="Anderswo")
    Registration.objects.filter(surname="Albers").update(email="alice@example.org", club="Hannover")
    response, data = get(client, f"{API}/tournaments/hannover/players/")
    assert response.status_code == 200
    assert [p["surname"] for p in data] == ["Albers", "Bauer", "Conrad", "Dietz"]
    alice = data[0]
    assert alice == {
        "id": alice["id"],
        "surname": "Albers",
        "given_name": "Alice",
        "club": "Hannover",
        "country": "DE",
        "rank": "3k",
        "status": "confirmed",
        "category": None,
    }
    assert b"example.org" not in response.content


def _register_absent(day, surname, rounds):
    return make_player(day.tournament, surname=surname, absent_rounds=rounds)


def test_round_shape_results_white_first_bye_and_not_playing(client, day):
    organizer = day.user("organizer")
    result_set(game=day.game, user=organizer, version=0, result="B", reason="desk")  # Black (Alice) wins
    result_set(game=day.game2, user=organizer, version=0, result="W", by_default=True, reason="no-show")
    byed = make_player(day.tournament, surname="Frei")
    Bye.objects.create(round=day.round1, player=byed)
    away = _register_absent(day, "Weg", [1])
    unpaired = _register_absent(day, "Übrig", [])
    response, data = get(client, f"{API}/tournaments/hannover/rounds/1/")
    assert response.status_code == 200
    assert keys(data) == {"number", "discipline", "status", "pairing_version", "games", "bye", "not_playing"}
    assert (data["number"], data["discipline"], data["status"]) == (1, day.ninuki.pk, "published")
    g1, g2 = data["games"]
    assert keys(g1) == {
        "id",
        "table",
        "white",
        "black",
        "handicap",
        "komi",
        "result",
        "result_black_first",
        "result_state",
    }
    assert g1["white"] == {"id": day.game.white_id, "name": "Bauer Bob"}
    assert g1["black"] == {"id": day.game.black_id, "name": "Albers Alice"}
    assert (g1["result"], g1["result_state"]) == ("0-1", "confirmed")  # White first: Black won
    assert g1["result_black_first"] == "1-0"  # the pages' form beside it
    assert (g2["result"], g2["result_black_first"]) == ("1-0!", "0-1!")  # White won by default
    assert data["bye"] == {"id": byed.pk, "name": "Frei Test"}
    assert data["not_playing"] == [  # by name as German readers sort: Übrig (as U) before Weg
        {"id": unpaired.pk, "name": "Übrig Test", "why": "unpaired"},
        {"id": away.pk, "name": "Weg Test", "why": "absent"},
    ]
    assert "Übrig".encode() in response.content  # UTF-8 as it is


@pytest.mark.parametrize("status", [Round.Status.PLANNED, Round.Status.PAIRED])
def test_unpublished_round_is_404(client, day, status):
    Round.objects.filter(pk=day.round1.pk).update(status=status)
    response, data = get(client, f"{API}/tournaments/hannover/rounds/1/")
    assert response.status_code == 404
    assert data == {"success": False, "error": "Round 1 is not published."}
    response, data = get(client, f"{API}/tournaments/hannover/games/{day.game.pk}/")
    assert response.status_code == 404 and data["success"] is False
    assert get(client, f"{API}/tournaments/hannover/rounds/9/")[0].status_code == 404


def test_finished_round_is_shown(client, day):
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.FINISHED)
    response, data = get(client, f"{API}/tournaments/hannover/rounds/1/")
    assert response.status_code == 200 and data["status"] == "finished"


def test_result_codes_cover_every_result():
    from tournament.selectors.public_api import result_code

    assert [result_code(r, False) for r in ["W", "B", "D", "0", "1", "?"]] == ["1-0", "0-1", "=", "0-0", "1-1", "?"]
    assert [result_code(r, True) for r in ["W", "B", "0", "1"]] == ["1-0!", "0-1!", "0-0!", "1-1!"]


def test_game_record_and_verdict_only_once_settled(client, day):
    game = day.game
    Game.objects.filter(pk=game.pk).update(
        record=FIVE_FOR_BLACK,
        result="B",
        result_state=ResultState.REPORTED,
        verdict={"legal": True, "moves": 9, "agrees": True, "outcome": "B"},
    )
    url = f"{API}/tournaments/hannover/games/{game.pk}/"
    response, data = get(client, url)
    assert response.status_code == 200
    assert keys(data) == {
        "id",
        "table",
        "white",
        "black",
        "handicap",
        "komi",
        "result",
        "result_black_first",
        "result_state",
        "record",
        "verdict",
        "record_rejected",
    }
    assert (data["result"], data["record"], data["verdict"], data["record_rejected"]) == ("0-1", None, None, False)
    Game.objects.filter(pk=game.pk).update(result_state=ResultState.CONFIRMED)
    response, data = get(client, url)
    # a verdict kept without its claim is checked again, against the official result
    assert (data["verdict"]["claim"], data["verdict"]["agrees"], data["record_rejected"]) == ("B", True, False)
    # the plain Ninuki notation comes out as SGF: the same nine moves, Black first, and the result
    from games import sgf

    parsed = sgf.parse(data["record"])
    assert parsed.root["SZ"] == ["19"] and parsed.root["RE"] == ["B+"]
    assert [m.colour for m in parsed.moves()] == list("BWBWBWBWB")
    assert parsed.moves()[0].value == "jj"  # K10 on 19x19


def test_game_of_another_tournament_is_404(client, day):
    from tests.factories import make_discipline, make_round

    d = make_discipline(day.other)
    r = make_round(day.other, d, number=1, status=Round.Status.PUBLISHED)
    foreign = Game.objects.create(round=r, table=1, black=make_player(day.other), white=make_player(day.other))
    assert get(client, f"{API}/tournaments/hannover/games/{foreign.pk}/")[0].status_code == 404
    assert get(client, f"{API}/tournaments/elsewhere/games/{foreign.pk}/")[0].status_code == 200


def _value(text: str):
    return float(text.strip("()"))


def test_standings_match_the_sites_table(client, day):
    organizer = day.user("organizer")
    result_set(game=day.game, user=organizer, version=0, result="B", reason="desk")
    result_set(game=day.game2, user=organizer, version=0, result="W", reason="desk")
    response, data = get(client, f"{API}/tournaments/hannover/standings/")
    assert response.status_code == 200
    assert keys(data) == {"frozen_at", "after_round", "criteria", "rows", "categories"}
    assert data["frozen_at"] is None  # not frozen for the prize-giving (tests/views/test_frozen_standings.py)
    site = standings_for(day.tournament)
    assert data["after_round"] == 1
    assert data["criteria"] == [c.code for c in site.columns] == ["mms", "sosmms", "sososmms"]
    assert [(r["place"], r["player"]["id"]) for r in data["rows"]] == [(r.place, r.entrant.id) for r in site.rows]
    for row, site_row in zip(data["rows"], site.rows):
        assert keys(row) == {"place", "player", "values", "category", "category_place"}
        assert row["category"] is None and row["category_place"] is None
        assert row["player"]["name"] == f"{site_row.entrant.surname} {site_row.entrant.given_name}"
        assert {k: float(v) for k, v in row["values"].items()} == {
            c.code: _value(text) for c, text in zip(site.columns, site_row.values)
        }
    winners = {r["player"]["name"]: r["values"]["mms"] for r in data["rows"]}
    assert winners["Albers Alice"] - winners["Bauer Bob"] == 2  # a win over a player one rank below (MMS)


def test_standings_of_one_discipline(client, day):
    result_set(game=day.game, user=day.user("organizer"), version=0, result="B", reason="desk")
    response, data = get(client, f"{API}/tournaments/hannover/standings/?discipline={day.ninuki.pk}")
    assert response.status_code == 200
    assert len(data["rows"]) == 4 and data["after_round"] == 1
    response, data = get(client, f"{API}/tournaments/hannover/standings/?discipline={day.go.pk}")
    assert data == {
        "frozen_at": None,
        "after_round": 0,
        "criteria": ["mms", "sosmms", "sososmms"],
        "rows": [],
        "categories": [],
    }
    other = day.other.disciplines.create(name="Go", kind="go")
    response, data = get(client, f"{API}/tournaments/hannover/standings/?discipline={other.pk}")
    assert response.status_code == 404 and data["success"] is False
    response, data = get(client, f"{API}/tournaments/hannover/standings/?discipline=go")
    assert response.status_code == 400 and "discipline" in data["error"]


def test_place_points_standings_have_numbers_for_every_column(client, day):
    day.tournament.overall_ranking = "place-points"
    day.tournament.save()
    result_set(game=day.game, user=day.user("organizer"), version=0, result="B", reason="desk")
    response, data = get(client, f"{API}/tournaments/hannover/standings/")
    assert data["criteria"][:2] == ["points", "d:Ninuki-Renju"]
    assert all(isinstance(v, (int, float)) for row in data["rows"] for v in row["values"].values())


def _every_url(day) -> list[str]:
    return [
        f"{API}/tournaments/",
        f"{API}/tournaments/hannover/",
        f"{API}/tournaments/hannover/players/",
        f"{API}/tournaments/hannover/rounds/1/",
        f"{API}/tournaments/hannover/standings/",
        f"{API}/tournaments/hannover/standings/?discipline={day.ninuki.pk}",
        f"{API}/tournaments/hannover/games/{day.game.pk}/",
        f"{API}/tournaments/hannover/games/{day.game2.pk}/",
    ]


def test_no_email_anywhere(client, day):
    for n, reg in enumerate(Registration.objects.all()):
        reg.email = f"secret{n}@mail.example"
        reg.save()
    Game.objects.filter(pk=day.game2.pk).update(
        record=FIVE_FOR_BLACK, result="B", result_state=ResultState.CONFIRMED, verdict={"legal": True}
    )
    for url in _every_url(day) + [f"{API}/openapi.json"]:
        response = client.get(url)
        assert response.status_code == 200, url
        assert b"mail.example" not in response.content and b"@" not in response.content, url
        assert b'"email"' not in response.content, url


def test_etag_and_304_on_every_endpoint(client, day):
    for url in _every_url(day):
        first = client.get(url)
        etag = first["ETag"]
        assert etag.startswith('"') and first["Cache-Control"] == "no-cache", url
        again = client.get(url, headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag, url
        assert client.get(url, headers={"If-None-Match": '"stale"'}).status_code == 200, url
    # a result changes the round, the game and the standings: their ETags change
    changed = [
        f"{API}/tournaments/hannover/rounds/1/",
        f"{API}/tournaments/hannover/standings/",
        f"{API}/tournaments/hannover/games/{day.game.pk}/",
    ]
    before = {url: client.get(url)["ETag"] for url in changed}
    result_set(game=day.game, user=day.user("organizer"), version=0, result="W", reason="desk")
    for url in changed:
        response = client.get(url, headers={"If-None-Match": before[url]})
        assert response.status_code == 200 and response["ETag"] != before[url], url


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_no_writes(client, day, method):
    client.force_login(day.user("admin"))
    before = (
        list(Game.objects.values_list("pk", "result", "version")),
        list(Registration.objects.values_list("pk", "surname", "status")),
    )
    for url in _every_url(day):
        response = getattr(client, method)(url, data={"result": "W"}, content_type="application/json")
        assert response.status_code == 405, url
        assert response["Allow"] == "GET"
        assert json.loads(response.content) == {"success": False, "error": "The API only reads: use GET."}
    assert before == (
        list(Game.objects.values_list("pk", "result", "version")),
        list(Registration.objects.values_list("pk", "surname", "status")),
    )


def test_errors_are_json_in_the_readers_language(client, day):
    response, data = get(client, f"{API}/tournaments/nope/", **{"Accept-Language": "en"})
    assert response.status_code == 404 and data == {"success": False, "error": "There is no tournament nope."}
    response, data = get(client, f"{API}/tournaments/nope/", **{"Accept-Language": "de"})
    assert data == {"success": False, "error": "Es gibt kein Turnier nope."}
    response, data = get(client, f"{API}/no/such/thing/")
    assert response.status_code == 404 and data["success"] is False


def test_komi_and_handicap_are_numbers(client, day):
    Game.objects.filter(pk=day.game.pk).update(handicap=2, komi=Decimal("0.5"))
    _response, data = get(client, f"{API}/tournaments/hannover/rounds/1/")
    assert (data["games"][0]["handicap"], data["games"][0]["komi"]) == (2, 0.5)


def test_nothing_of_one_tournament_in_another(client, day):
    make_player(day.other, surname="Anderswo")
    assert get(client, f"{API}/tournaments/elsewhere/players/")[1][0]["surname"] == "Anderswo"
    assert "Anderswo" not in json.dumps(get(client, f"{API}/tournaments/hannover/players/")[1])


def test_the_schema_says_what_each_result_form_means(client):
    """``result`` (White first, the stable contract) and ``result_black_first`` are enums with their meaning
    in the OpenAPI schema (issue #21, item 21)."""
    schema = client.get(f"{API}/openapi.json").json()["components"]["schemas"]
    game = schema["GameOut"]["properties"]
    white_first, black_first = game["result"], game["result_black_first"]
    assert set(white_first["enum"]) == {"1-0", "0-1", "=", "0-0", "1-1", "?", "1-0!", "0-1!", "0-0!", "1-1!"}
    assert set(black_first["enum"]) == {"1-0", "0-1", "½-½", "0-0", "1-1", "?", "1-0!", "0-1!", "0-0!", "1-1!"}
    assert "White first" in white_first["description"] and "1-0 White won" in white_first["description"]
    assert "Black first" in black_first["description"] and "1-0 Black won" in black_first["description"]
    assert "record_rejected" in schema["GameDetail"]["properties"]


def test_a_round_says_its_pairing_version_and_it_rises_when_the_pairing_changes(client, day):
    """``pairing_version`` (``Round.pairing_version``): a client holding printed or cached pairings sees that
    they are stale once a game moves; the ETag changes with it. In the schema, with its meaning."""
    url = f"{API}/tournaments/hannover/rounds/1/"
    first, data = get(client, url)
    day.round1.refresh_from_db()
    assert data["pairing_version"] == day.round1.pairing_version
    game = day.round1.games.order_by("table").last()
    game_move_table(game=game, table=game.table + 5, user=day.user("organizer"))
    again, moved = get(client, url)
    assert moved["pairing_version"] == data["pairing_version"] + 1
    assert again["ETag"] != first["ETag"]
    schema = client.get(f"{API}/openapi.json").json()["components"]["schemas"]["RoundDetail"]["properties"]
    assert schema["pairing_version"]["type"] == "integer" and "pairing" in schema["pairing_version"]["description"]
