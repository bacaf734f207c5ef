"""The main paths through the pages, with the test client."""

from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.fixtures.day import FIVE_FOR_BLACK, ILLEGAL_AT_3, round_to_come
from tournament.models import Game, Registration, Round
from tournament.models.game import ResultState


def _report(client, day, **data):
    values = {"version": 0, "result": "B", "method": "five", "record": FIVE_FOR_BLACK}
    values.update(data)
    return client.post(reverse("game_report", args=[day.tournament.slug, day.game.pk]), values)


def test_player_reports_opponent_confirms(client, day):
    client.force_login(day.user("alice"))
    response = _report(client, day)
    assert response.status_code == 302
    day.game.refresh_from_db()
    assert day.game.result_state == ResultState.REPORTED
    page = client.get(response["Location"]).content.decode()
    assert "five" in page.lower() or "fünf" in page.lower()
    assert "<svg" in page  # the board viewer shows the record

    client.force_login(day.user("bob"))
    response = client.post(reverse("game_confirm", args=[day.tournament.slug, day.game.pk]), {"version": 1})
    assert response.status_code == 302
    day.game.refresh_from_db()
    assert day.game.result_state == ResultState.CONFIRMED


def test_illegal_move_is_shown_on_a_board(client, day):
    client.force_login(day.user("alice"))
    response = _report(client, day, record=ILLEGAL_AT_3)
    assert response.status_code == 422
    page = response.content.decode()
    assert 'class="illegal"' in page and "<svg" in page
    assert "K10" in page and "3" in page
    day.game.refresh_from_db()
    assert day.game.result == "?"


def test_contradiction_offers_the_referee(client, day):
    client.force_login(day.user("alice"))
    response = _report(client, day, result="W", method="resignation")
    assert response.status_code == 422
    page = response.content.decode()
    assert 'name="send_to_referee" value="on"' in page
    response = _report(client, day, result="W", method="resignation", send_to_referee="on")
    assert response.status_code == 302
    day.game.refresh_from_db()
    assert day.game.result_state == ResultState.DISPUTED

    client.force_login(day.user("referee"))
    queue = client.get(reverse("referee_queue", args=[day.tournament.slug])).content.decode()
    assert reverse("game", args=[day.tournament.slug, day.game.pk]) in queue
    response = client.post(
        reverse("game_adjudicate", args=[day.tournament.slug, day.game.pk]),
        {"version": day.game.version, "result": "B", "method": "five", "reason": "The record shows Black's five."},
    )
    assert response.status_code == 302
    day.game.refresh_from_db()
    assert day.game.result == "B" and day.game.result_state == ResultState.ADJUDICATED

    client.force_login(day.user("bob"))
    page = client.get(reverse("game", args=[day.tournament.slug, day.game.pk])).content.decode()
    assert "The record shows Black&#x27;s five." in page or "The record shows Black's five." in page


def test_sgf_upload(client, day):
    client.force_login(day.user("alice"))
    sgf = "(;GM[1]FF[4]SZ[19];B[jj];W[jk];B[kj];W[kk];B[lj];W[lk];B[mj];W[mk];B[nj])"
    upload = SimpleUploadedFile("game.sgf", sgf.encode(), content_type="application/x-go-sgf")
    response = client.post(
        reverse("game_report", args=[day.tournament.slug, day.game.pk]),
        {"version": 0, "result": "B", "method": "five", "sgf_file": upload},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    day.game.refresh_from_db()
    assert day.game.record.startswith("(;") and day.game.verdict["agrees"]


def test_other_player_cannot_report_or_confirm(client, day):
    client.force_login(day.user("carol"))
    assert _report(client, day).status_code == 403
    assert (
        client.post(reverse("game_confirm", args=[day.tournament.slug, day.game.pk]), {"version": 0}).status_code == 403
    )


def test_board_viewer_steps(client, day):
    Game.objects.filter(pk=day.game.pk).update(record=FIVE_FOR_BLACK)
    client.force_login(day.user("referee"))
    url = reverse("game_board", args=[day.tournament.slug, day.game.pk])
    fragment = client.get(url + "?move=3", HTTP_HX_REQUEST="true").content.decode()
    assert 'id="board-viewer"' in fragment and fragment.count('class="last-move"') == 1
    assert 'data-move="3"' in fragment and "?move=2" in fragment and "?move=4" in fragment
    page = client.get(reverse("game", args=[day.tournament.slug, day.game.pk]) + "?move=99").content.decode()
    assert 'data-move="9"' in page  # clamped to the last move


def test_results_grid_inline_htmx_and_plain(client, day):
    client.force_login(day.user("organizer"))
    slug = day.tournament.slug
    grid = client.get(reverse("manage_results", args=[slug])).content.decode()
    assert f'id="result-row-{day.game.pk}"' in grid and "hx-post" in grid
    prefix = f"g{day.game.pk}"
    url = reverse("manage_result", args=[slug, day.game.pk])
    response = client.post(url, {f"{prefix}-version": 0, f"{prefix}-result": "W"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith("<tr") and "saved" in body
    day.game.refresh_from_db()
    assert day.game.result == "W" and day.game.result_state == ResultState.CONFIRMED
    # a stale form says what the result is now
    response = client.post(url, {f"{prefix}-version": 0, f"{prefix}-result": "B"}, HTTP_HX_REQUEST="true")
    assert "0-1" in response.content.decode()
    day.game.refresh_from_db()
    assert day.game.result == "W"
    # without JavaScript: a plain POST and a redirect back to the grid
    response = client.post(
        url, {f"{prefix}-version": day.game.version, f"{prefix}-result": "B", f"{prefix}-by_default": "on"}
    )
    assert response.status_code == 302 and "round=1" in response["Location"]
    day.game.refresh_from_db()
    assert day.game.result == "B" and day.game.by_default


def test_csrf_token_in_htmx_header(day):
    client = Client(enforce_csrf_checks=True)
    client.force_login(day.user("organizer"))
    slug = day.tournament.slug
    page = client.get(reverse("manage_results", args=[slug]))
    token = page.cookies["csrftoken"].value
    assert "X-CSRFToken" in page.content.decode()
    prefix = f"g{day.game.pk}"
    url = reverse("manage_result", args=[slug, day.game.pk])
    data = {f"{prefix}-version": 0, f"{prefix}-result": "W"}
    assert client.post(url, data, HTTP_HX_REQUEST="true").status_code == 403
    response = client.post(url, data, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 200


def test_login_is_throttled(client, day):
    url = reverse("login")
    for _ in range(4):
        assert client.post(url, {"username": "alice", "password": "wrong"}).status_code == 200
    assert client.post(url, {"username": "alice", "password": "wrong"}).status_code == 429  # the fifth failure
    response = client.post(url, {"username": "alice", "password": "pw-alice-123"})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_login_works(client, day):
    response = client.post(reverse("login"), {"username": "alice", "password": "pw-alice-123"})
    assert response.status_code == 302


def test_self_registration_and_confirmation(client, day):
    round_to_come(day.tournament)
    slug = day.tournament.slug
    response = client.post(
        reverse("register", args=[slug]),
        {
            "given_name": "Erika",
            "surname": "Ernst",
            "club": "Hannover",
            "country": "de",
            "rank": "2d",
            "egd_pin": "",
            "email": "erika@example.org",
            "username": "erika",
            "password": "Stones-and-Pairs-42",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    registration = Registration.objects.get(surname="Ernst")
    assert registration.status == "preliminary" and registration.source == "self"
    assert registration.user.username == "erika" and registration.country == "DE"
    page = client.get(reverse("my_tournament", args=[slug])).content.decode()
    assert "Ernst" in page or "Erika" in page

    client.force_login(day.user("organizer"))
    dashboard = client.get(reverse("manage", args=[slug])).content.decode()
    assert "Ernst" in dashboard
    response = client.post(
        reverse("manage_registration_status", args=[slug, registration.pk]),
        {"status": "confirmed"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200 and f'id="reg-{registration.pk}"' in response.content.decode()
    registration.refresh_from_db()
    assert registration.status == "confirmed"


def test_player_misses_rounds_and_withdraws(client, day):
    slug = day.tournament.slug
    Round.objects.create(tournament=day.tournament, discipline=day.go, number=2)
    client.force_login(day.user("carol"))
    response = client.post(reverse("my_bye", args=[slug]), {"round": "2"})
    assert response.status_code == 302
    registration = Registration.objects.get(tournament=day.tournament, user=day.user("carol"))
    assert list(registration.bye_requests.values_list("round__number", "status")) == [(2, "pending")]
    english = {"follow": True, "HTTP_ACCEPT_LANGUAGE": "en"}
    response = client.post(reverse("my_bye", args=[slug]), {"round": "1"}, **english)  # round 1 is published
    assert "Round 1 is paired already; ask an organizer." in response.content.decode()
    assert registration.bye_requests.count() == 1
    response = client.post(reverse("my_bye", args=[slug]), {"round": "99"}, **english)
    assert response.status_code == 200 and "This round does not exist." in response.content.decode()
    client.post(reverse("my_withdraw", args=[slug]), {"reason": "ill"})
    registration.refresh_from_db()
    assert registration.status == "withdrawn"


def test_my_tournament_lists_games(client, day):
    client.force_login(day.user("bob"))
    page = client.get(reverse("my_tournament", args=[day.tournament.slug])).content.decode()
    assert "Alice Albers" in page and "Ninuki-Renju" in page


def test_organizer_late_entry_and_rank_correction(client, day):
    slug = day.tournament.slug
    client.force_login(day.user("organizer"))
    response = client.post(
        reverse("manage_player_add", args=[slug]),
        {
            "given_name": "Fritz",
            "surname": "Fink",
            "club": "",
            "country": "DE",
            "rank": "15k",
            "egd_pin": "",
            "email": "",
        },
    )
    assert response.status_code == 302
    registration = Registration.objects.get(surname="Fink")
    assert registration.status == "confirmed"
    response = client.post(
        reverse("manage_registration", args=[slug, registration.pk]),
        {
            "status": "confirmed",
            "given_name": "Fritz",
            "surname": "Fink",
            "country": "DE",
            "rank": "12k",
            "absent_rounds": [],
            "reason": "EGD says 12k",
        },
    )
    assert response.status_code == 302
    assert Registration.objects.get(surname="Fink").rank_display == "12k"
    entry = day.tournament.audit_entries.get(action="registration.edit")
    assert (entry.before, entry.after, entry.reason) == ({"rank": "15k"}, {"rank": "12k"}, "EGD says 12k")


def test_rounds_create_pair_publish(client, day):
    slug = day.tournament.slug
    client.force_login(day.user("organizer"))
    response = client.post(reverse("manage_rounds", args=[slug]), {"discipline": day.go.pk, "number": ""})
    assert response.status_code == 302
    round2 = Round.objects.get(tournament=day.tournament, number=2)
    response = client.post(reverse("manage_round_action", args=[slug, 2, "pair"]))
    assert response.status_code == 302
    round2.refresh_from_db()
    assert round2.status == "paired" and round2.games.count() == 2
    page = client.get(reverse("manage_round", args=[slug, 2])).content.decode()
    assert "Swap" in page or "Tauschen" in page
    client.post(reverse("manage_round_action", args=[slug, 2, "publish"]))
    round2.refresh_from_db()
    assert round2.status == "published"
    assert client.get(reverse("projector", args=[slug])).status_code == 200


def test_adjudication_without_reason_keeps_the_form(client, day):
    client.force_login(day.user("referee"))
    response = client.post(
        reverse("game_adjudicate", args=[day.tournament.slug, day.game.pk]),
        {"version": 0, "result": "W", "method": "resignation", "reason": ""},
    )
    assert response.status_code == 422
    day.game.refresh_from_db()
    assert day.game.result == "?"


def test_history_in_words_and_german_by_default(client, day):
    client.force_login(day.user("alice"))
    _report(client, day)
    page = client.get(reverse("game", args=[day.tournament.slug, day.game.pk])).content.decode()
    assert 'lang="de"' in page
    assert "Ergebnis gemeldet" in page or "Ergebnis melden" in page
    assert "Schwarz gewinnt" in page  # the history's "after", in words
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    page = client.get(reverse("game", args=[day.tournament.slug, day.game.pk])).content.decode()
    assert "Black wins" in page and "result reported" in page
