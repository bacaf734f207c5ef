"""Attacks on the site's numbers (issue 21, items 10, 11 and 13), on SQLite and PostgreSQL.

Every number a file, a form or a URL carries is bounded (``tournament/limits.py``) before anything is
written: a crafted upload is refused at once, a large legal one is written in few statements, and other
users' writes go through meanwhile (real threads, each with its own connection). Out-of-range ids, odd
points, odd ``next`` addresses and absurd values from files are answered with a 4xx, never a 500.
"""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connections
from django.test import Client
from django.urls import reverse

from tests.fixtures.day import build_day
from tests.fixtures.tournament_files import macmahon_file, opengotha_file
from tournament import limits
from tournament.models import LiveRecord, Registration, Round, Tournament

from .together import run_together


@pytest.fixture
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _client(user=None, language="en") -> Client:
    client = Client()
    client.cookies["django_language"] = language
    if user is not None:
        client.force_login(user)
    return client


def _url(name: str, slug: str, number: int) -> str:
    """The address of ``name`` with any ``number`` in it (``reverse`` makes only those the site answers)."""
    return reverse(name, args=[slug, 424242]).replace("424242", str(number))


def _upload(client, data: bytes, slug: str):
    return client.post(
        reverse("import_macmahon"),
        {"file": SimpleUploadedFile("turnier.xml", data, content_type="text/xml"), "slug": slug},
    )


# --- 10: one upload must not stop everybody else's writes ----------------------------------------------


@pytest.fixture
def short_lock_wait():
    """SQLite waits at most 5 s for the write lock here (the site waits 20 s): a write that has to wait
    longer fails with "database is locked", so an upload that takes the lock at all is caught."""
    options = connections.settings["default"].get("OPTIONS", {})
    before = options.get("timeout")
    if before is not None:
        options["timeout"] = 5
    yield
    if before is not None:
        options["timeout"] = before


def _other_users_write(day, done: threading.Event):
    """Alice plays on the live board (eight moves) and Carol logs in, again and again until the upload is
    answered: every write must go through."""

    def job():
        alice, carol = _client(day.user("alice")), _client()
        answers = []
        points = ["K10", "K9", "L10", "L9", "M10", "M9", "N10", "N9"]
        while len(answers) < 400:
            if points:
                version = LiveRecord.objects.filter(game=day.game).values_list("version", flat=True).first() or 0
                moved = alice.post(
                    reverse("live_move", args=[day.tournament.slug, day.game.pk]),
                    {"version": version, "point": points.pop(0)},
                    HTTP_X_LIVE_BOARD="1",
                )
                answers.append(moved.status_code)
            logged_in = carol.post(reverse("login"), {"username": "carol", "password": "pw-carol-123"})
            answers.append(logged_in.status_code)
            carol.logout()
            if done.is_set():
                break
        return answers

    return job


def _uploading(user, data: bytes, slug: str, done: threading.Event):
    def job():
        try:
            return _upload(_client(user), data, slug)
        finally:
            done.set()

    return job


@pytest.mark.django_db(transaction=True)
def test_a_million_rounds_are_refused_before_anything_is_written_and_others_play_on(fast_passwords, short_lock_wait):
    day = build_day()
    done = threading.Event()
    crafted = macmahon_file(4, 1, number_of_rounds="1000000")
    upload, writes = run_together(
        _uploading(day.user("nobody"), crafted, "million", done), _other_users_write(day, done), timeout=120
    )
    assert not isinstance(upload, BaseException), upload
    assert upload.status_code == 422
    page = upload.content.decode()
    assert "NumberOfRounds" in page and "1000000" in page and str(limits.FILE_ROUNDS) in page
    assert not Tournament.objects.filter(slug="million").exists()
    assert not isinstance(writes, BaseException), writes
    assert set(writes) <= {200, 302}, writes
    assert LiveRecord.objects.get(game=day.game).version >= 1


@pytest.mark.django_db(transaction=True)
def test_the_largest_legal_congress_is_imported_while_others_play_on(fast_passwords):
    """As many players as a file may hold, ten rounds: a congress. Read and checked before the write lock is
    taken, then written in few statements (tests/services/test_macmahon.py counts them), so Alice's moves and
    Carol's log-ins go through meanwhile with the site's settings (how long they wait: tests/bench/
    bench_file_import.py)."""
    day = build_day()
    done = threading.Event()
    congress = macmahon_file(limits.FILE_PLAYERS, 10)
    upload, writes = run_together(
        _uploading(day.user("nobody"), congress, "kongress", done), _other_users_write(day, done), timeout=300
    )
    assert not isinstance(upload, BaseException), upload
    assert upload.status_code == 302, upload.content.decode()[-2000:]
    assert not isinstance(writes, BaseException), writes
    assert set(writes) <= {200, 302}, writes
    t = Tournament.objects.get(slug="kongress")
    assert t.registrations.count() == limits.FILE_PLAYERS and t.rounds.count() == 10
    assert t.rounds.filter(status=Round.Status.FINISHED).count() == 10


# --- 11: round numbers ----------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["manage_rounds", "manage_round_add"])
@pytest.mark.parametrize("number", ["2000000000", str(limits.MAX_ROUND + 1), "99999999999999999999"])
def test_a_round_number_beyond_the_limit_is_refused_by_both_forms(day, page, number):
    client = _client(day.user("organizer"))
    data = {"discipline": day.go.pk, "number": number}
    if page == "manage_round_add":
        data["last_seen"] = 1
    response = client.post(reverse(page, args=[day.tournament.slug]), data)
    assert response.status_code in (200, 422)
    assert f"less than or equal to {limits.MAX_ROUND}" in response.content.decode()
    assert list(day.tournament.rounds.values_list("number", flat=True)) == [1]


@pytest.mark.django_db
def test_the_highest_round_number_is_taken(day):
    client = _client(day.user("organizer"))
    response = client.post(
        reverse("manage_rounds", args=[day.tournament.slug]), {"discipline": day.go.pk, "number": limits.MAX_ROUND}
    )
    assert response.status_code == 302
    assert client.get(reverse("manage_round", args=[day.tournament.slug, limits.MAX_ROUND])).status_code == 200


# --- 13: answered with a 4xx, never a 500 ----------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("pk", [2**63, 2**63 - 1, 2**64, 10**30, limits.MAX_ID + 1])
@pytest.mark.parametrize("name", ["live_board", "live_state", "game", "manage_registration"])
def test_an_id_beyond_the_database_is_a_404(day, name, pk):
    client = _client(day.user("organizer"))
    assert client.get(_url(name, day.tournament.slug, pk)).status_code == 404
    anonymous = _client()
    assert anonymous.get(_url("live_state", day.tournament.slug, pk)).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("number", [2**63, 10**30, limits.MAX_ID + 1])
def test_a_round_number_beyond_the_database_is_a_404(day, number):
    client = _client(day.user("organizer"))
    assert client.get(_url("round", day.tournament.slug, number)).status_code == 404
    assert client.get(_url("manage_round", day.tournament.slug, number)).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("point", ["A0", "K0", "a00", "T000"])
def test_a_live_move_to_row_0_is_refused_with_a_message(day, point):
    client = _client(day.user("alice"))
    url = reverse("live_move", args=[day.tournament.slug, day.game.pk])
    response = client.post(url, {"version": 0, "point": point}, HTTP_X_LIVE_BOARD="1")
    assert response.status_code == 422
    assert "is not a point of the board" in response.content.decode()
    assert client.post(url, {"version": 0, "point": point}).status_code == 422  # without JavaScript
    assert not LiveRecord.objects.filter(game=day.game).exclude(moves="").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("next_url", ["0", "x", "..", "ünïcode", "/ok/\r\nSet-Cookie: a=b", "/\\evil.example"])
def test_an_odd_next_after_sign_up_goes_to_the_start_page(fast_passwords, next_url):
    client = _client()
    data = {"username": "nina", "password1": "Ein-langes-Passwort-42", "password2": "Ein-langes-Passwort-42"}
    response = client.post(reverse("signup") + "?next=" + next_url, {**data, "next": next_url})
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert client.get(reverse("signup") + "?next=" + next_url).status_code == 302  # logged in: sent on
    assert get_user_model().objects.filter(username="nina").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("next_url", ["0", "x", "https://evil.example/", "//evil.example/", "/t/hannover/"])
def test_the_log_in_page_reads_next_the_same_way(day, fast_passwords, next_url):
    client = _client()
    response = client.post(
        reverse("login") + "?next=" + next_url, {"username": "carol", "password": "pw-carol-123", "next": next_url}
    )
    assert response.status_code == 302
    assert response["Location"] == (next_url if next_url.startswith("/t/") else reverse("home"))


@pytest.mark.django_db
@pytest.mark.parametrize("next_url", ["0", "x", "https://evil.example/", "//evil.example/"])
def test_an_odd_next_on_the_player_status_form_goes_to_the_list(day, next_url):
    client = _client(day.user("organizer"))
    carol = Registration.objects.get(tournament=day.tournament, given_name="Carol")
    response = client.post(
        reverse("manage_registration_status", args=[day.tournament.slug, carol.pk]),
        {"status": "withdrawn", "next": next_url},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("manage_registrations", args=[day.tournament.slug])
    carol.refresh_from_db()
    assert carol.status == Registration.Status.WITHDRAWN


@pytest.mark.django_db
def test_a_next_on_this_site_is_still_followed(day):
    client = _client(day.user("organizer"))
    carol = Registration.objects.get(tournament=day.tournament, given_name="Carol")
    back = reverse("manage_registration", args=[day.tournament.slug, carol.pk])
    response = client.post(
        reverse("manage_registration_status", args=[day.tournament.slug, carol.pk]),
        {"status": "withdrawn", "next": back},
    )
    assert response.status_code == 302 and response["Location"] == back


@pytest.mark.django_db
@pytest.mark.parametrize("language,message", [("en", "the site takes"), ("de", "nimmt die Seite")])
@pytest.mark.parametrize("komi", ["1e308", "-1e308", "100", "1E+5"])
def test_an_opengotha_file_with_an_absurd_komi_is_refused(day, language, message, komi):
    client = _client(day.user("organizer"), language)
    upload = SimpleUploadedFile("t.xml", opengotha_file(4, 1, general=f'komi="{komi}"'), content_type="text/xml")
    response = client.post(reverse("tournament_new_opengotha"), {"file": upload, "slug": "absurd"})
    assert response.status_code == 422
    page = response.content.decode()
    assert (
        message in page
        and "komi" in page
        and "-99.5 to 99.5".replace(" to ", " bis " if language == "de" else " to ") in page
    )
    assert not Tournament.objects.filter(slug="absurd").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language,message", [("en", "nested"), ("de", "verschachtelt")])
def test_an_opengotha_file_nested_200000_deep_is_refused(day, language, message):
    client = _client(day.user("organizer"), language)
    deep = "<a>" * 200_000 + "</a>" * 200_000
    upload = SimpleUploadedFile("t.xml", opengotha_file(4, 1, inside=deep), content_type="text/xml")
    response = client.post(reverse("tournament_new_opengotha"), {"file": upload, "slug": "deep"})
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Tournament.objects.filter(slug="deep").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_macmahon_board_number_of_20_digits_is_refused(day, language):
    response = _upload(_client(day.user("nobody"), language), macmahon_file(4, 1, board_number="9" * 20), "b")
    assert response.status_code == 422
    page = response.content.decode()
    assert "BoardNumber" in page and str(limits.MAX_TABLE) in page
    assert not Tournament.objects.filter(slug="b").exists()
