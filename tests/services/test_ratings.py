"""The EGD rating list in the site: import (command, URL, upload), search as one types, the ranks update."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from tests.factories import make_player
from tests.fixtures.day import build_day, round_to_come
from tests.fixtures.egd_list import PLAYERS, egd_bytes, egd_line, egd_text, egd_zip
from tournament.models import AuditEntry, RatedPlayer, RatingList, Registration, Round
from tournament.permissions import SYSTEM
from tournament.ranks import parse_rank
from tournament.selectors.ratings import search
from tournament.services.ratings import rating_list_import

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def client():
    """A browser that asks for English (the site's own language is German)."""
    from django.test import Client

    return Client(headers={"Accept-Language": "en"})


@pytest.fixture
def rated(db):
    rating_list, _parsed = rating_list_import(data=egd_bytes(), file_name="allworld_lp.html", user=SYSTEM)
    return rating_list


@pytest.fixture
def day(db):
    return build_day()


def test_import_replaces_the_older_list(rated):
    assert (rated.published, rated.size) == (dt.date(2024, 3, 14), len(PLAYERS))
    newer, _parsed = rating_list_import(data=egd_bytes(PLAYERS[:2], header=["(1 Apr 2024)"]), user=SYSTEM)
    assert list(RatingList.objects.all()) == [newer]
    assert RatedPlayer.objects.count() == 2 and newer.published == dt.date(2024, 4, 1)


def test_command_reads_a_file_and_the_zip(db, tmp_path, capsys):
    path = tmp_path / "allworld_lp.zip"
    path.write_bytes(egd_zip(egd_bytes(extra=[" 55555555  garbage"])))
    call_command("import_ratings", str(path))
    captured = capsys.readouterr()
    assert "EGD rating list of 2024-03-14: 5 players (1 odd lines skipped, 0 anonymous)." in captured.out
    assert "Line 10 (PIN 55555555)" in captured.err
    assert RatingList.objects.get().file_name == "allworld_lp.zip"


def test_command_fetches_from_the_url_setting(db, tmp_path, settings):
    path = tmp_path / "allworld_lp.html"
    path.write_bytes(egd_bytes())
    settings.EGD_RATINGS_URL = path.as_uri()
    call_command("import_ratings")
    assert RatedPlayer.objects.count() == len(PLAYERS)
    settings.EGD_RATINGS_URL = ""
    with pytest.raises(CommandError, match="No address"):
        call_command("import_ratings")
    with pytest.raises(CommandError, match="Only http, https and file"):
        call_command("import_ratings", "--url", "ftp://example.org/list")
    with pytest.raises(CommandError, match="No player could be read"):
        (tmp_path / "empty.html").write_text("<html></html>")
        call_command("import_ratings", str(tmp_path / "empty.html"))
    assert RatedPlayer.objects.count() == len(PLAYERS)  # a failed import keeps the list in use


def _names(players):
    return [f"{p.surname} {p.given_name}" for p in players]


def test_search_by_part_of_the_name(day, rated):
    t = day.tournament
    assert set(_names(search(t, "mull"))) == {"Mueller Anna", "Müller Jürgen"}  # Müller = Mueller
    assert _names(search(t, "Müller j")) == ["Müller Jürgen"]
    assert _names(search(t, "berg jan")) == ["van der Berg Jan Willem"]
    assert _names(search(t, "omer")) == ["Çelik Ömer"]
    assert set(_names(search(t, "1234567"))) == {"Müller Jürgen", "Mueller Anna"}  # a PIN's beginning
    assert search(t, "m") == [] and search(t, "") == [] and search(t, "zzz") == []
    assert _names(search(t, "ler")) == []  # words are found by their beginning


def test_search_is_bounded(day):
    many = [(f"{10000000 + i}", f"Schmidt Hans{i:03d}", "DE", "Hann", "5k", 1500) for i in range(30)]
    rating_list_import(data=egd_bytes(many), user=SYSTEM)
    assert len(search(day.tournament, "schmidt")) == 10


def test_self_registration_finds_and_fills(client, day, rated):
    round_to_come(day.tournament)
    url = f"/t/{day.tournament.slug}/register/"
    page = client.get(url)
    assert b'name="egd_q"' in page.content
    partial = client.get(url, {"egd_q": "müll"}, headers={"HX-Request": "true"})
    assert partial.status_code == 200 and b"<html" not in partial.content
    assert "Müller Jürgen" in partial.content.decode() and "Mueller Anna" in partial.content.decode()
    # no JavaScript: the same search as a page, and the chosen player fills the form
    assert "Müller Jürgen" in client.get(url, {"egd_q": "müll"}).content.decode()
    form = client.get(url, {"egd_pin": "12345678"}).context["form"]
    assert {k: form.initial[k] for k in ("surname", "given_name", "club", "country", "rank", "egd_pin", "rating")} == {
        "surname": "Müller",
        "given_name": "Jürgen",
        "club": "Hann",
        "country": "DE",
        "rank": parse_rank("3k"),
        "egd_pin": "12345678",
        "rating": 1800,
    }
    html = client.get(url, {"egd_pin": "12345678"}).content.decode()
    assert 'value="3k"' in html and 'value="12345678"' in html


def test_late_entry_finds_and_fills(client, day, rated):
    client.force_login(day.user("organizer"))
    url = f"/t/{day.tournament.slug}/manage/players/add/"
    partial = client.get(url, {"egd_q": "berg"}, headers={"HX-Request": "true"})
    assert "van der Berg Jan Willem" in partial.content.decode()
    form = client.get(url, {"egd_pin": "22334455"}).context["form"]
    assert (form.initial["surname"], form.initial["rank"], form.initial["country"]) == (
        "van der Berg",
        parse_rank("5d"),
        "NL",
    )


def test_without_a_list_the_pages_have_no_search(client, day):
    assert b'name="egd_q"' not in client.get(f"/t/{day.tournament.slug}/register/").content


def test_upload_page(client, day):
    client.force_login(day.user("organizer"))
    url = f"/t/{day.tournament.slug}/manage/ratings/"
    assert "No rating list has been imported yet." in client.get(url).content.decode()
    upload = SimpleUploadedFile("allworld_lp.zip", egd_zip(egd_bytes()), content_type="application/zip")
    response = client.post(url, {"file": upload}, follow=True)
    assert "The EGD rating list of" in response.content.decode() and "5 players" in response.content.decode()
    own = RatingList.objects.get()
    assert own.imported_by == day.user("organizer") and own.tournament == day.tournament and own.kind == "egd"
    bad = SimpleUploadedFile("list.html", b"<html>nothing</html>", content_type="text/html")
    response = client.post(url, {"file": bad})
    assert response.status_code == 200 and "No player could be read" in response.content.decode()
    assert RatedPlayer.objects.count() == len(PLAYERS)


def _with_pins(day):
    """Alice has a PIN in the list with another rank and rating; Bob's matches; Carol's PIN is not in the list."""
    regs = {r.given_name: r for r in day.tournament.registrations.all()}
    Registration.objects.filter(pk=regs["Alice"].pk).update(egd_pin="12345678", rank=parse_rank("5k"), rating=1600)
    Registration.objects.filter(pk=regs["Bob"].pk).update(egd_pin="12345679", rank=parse_rank("1d"), rating=2110)
    Registration.objects.filter(pk=regs["Carol"].pk).update(egd_pin="99999999")
    # the same person in another tournament keeps what that tournament has
    other = make_player(day.other, surname="Albers", given_name="Alice", rank="5k", egd_pin="12345678")
    return regs, other


def test_ranks_from_the_list_after_seeing_the_differences(client, day, rated):
    regs, other = _with_pins(day)
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.PLANNED)
    client.force_login(day.user("organizer"))
    url = f"/t/{day.tournament.slug}/manage/ratings/"
    page = client.get(url)
    html = page.content.decode()
    assert "Albers Alice" in html and "Bauer Bob" not in html.split('id="rank-differences"')[1]
    # Carol (PIN not listed), Dave (no PIN)
    assert "2 players are not found in the lists by their number and are not compared." in html
    fingerprint = page.context["fingerprint"]
    response = client.post(f"{url}update/", {"fingerprint": fingerprint}, follow=True)
    assert "1 player now has the rank of the rating list." in response.content.decode()
    alice = Registration.objects.get(pk=regs["Alice"].pk)
    assert (alice.rank, alice.rating) == (parse_rank("3k"), 1800)
    entry = AuditEntry.objects.get(action="registration.edit", object_id=alice.pk)
    assert entry.before == {"rank": "5k", "rating": 1600} and entry.after == {"rank": "3k", "rating": 1800}
    assert entry.user == day.user("organizer")
    other.refresh_from_db()
    assert other.rank == parse_rank("5k")  # nothing done in one tournament changes another


def test_ranks_update_refuses_a_stale_view_and_a_started_tournament(client, day, rated):
    regs, _other = _with_pins(day)
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.PLANNED)
    client.force_login(day.user("organizer"))
    url = f"/t/{day.tournament.slug}/manage/ratings/"
    fingerprint = client.get(url).context["fingerprint"]
    Registration.objects.filter(pk=regs["Bob"].pk).update(rank=parse_rank("2k"))  # changed since
    response = client.post(f"{url}update/", {"fingerprint": fingerprint}, follow=True)
    assert "The differences have changed since you looked at them" in response.content.decode()
    assert Registration.objects.get(pk=regs["Alice"].pk).rank == parse_rank("5k")
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.PAIRED)
    page = client.get(url)
    assert "Round 1 is paired already" in page.content.decode()
    response = client.post(f"{url}update/", {"fingerprint": page.context["fingerprint"]}, follow=True)
    assert "Round 1 is paired already" in response.content.decode()
    assert Registration.objects.get(pk=regs["Alice"].pk).rank == parse_rank("5k")


def test_api_players_show_the_rank_taken_over(client, day, rated):
    regs, _other = _with_pins(day)
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.PLANNED)
    client.force_login(day.user("organizer"))
    url = f"/t/{day.tournament.slug}/manage/ratings/"
    client.post(f"{url}update/", {"fingerprint": client.get(url).context["fingerprint"]})
    players = json.loads(client.get(f"/api/v1/tournaments/{day.tournament.slug}/players/").content)
    assert {p["surname"]: p["rank"] for p in players}["Albers"] == "3k"


def test_an_odd_list_line_is_shown_to_the_organizer(client, day):
    rating_list_import(
        data=egd_bytes(extra=[egd_line("12345678", "Doppelt Dora", "DE", "Hann", "9k", 1200)]), user=SYSTEM
    )
    client.force_login(day.user("organizer"))
    html = client.get(f"/t/{day.tournament.slug}/manage/ratings/").content.decode()
    assert "the PIN 12345678 was on line 5 already" in html
    assert egd_text  # the list is made here, in the EGD's layout
