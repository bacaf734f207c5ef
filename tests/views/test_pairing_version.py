"""The pairing version on the sheets, the slips and every page, the staff's downloads kept as printed, and
the dashboard's flag of a stale paper with what changed, in German and English (issue #34, item 2)."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from tests.views.test_round_workflow import pdf_text
from tournament.models import PairingPrint, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def printed_day(day):
    """The day's published round 1 as its first pairing (pairing 1)."""
    Round.objects.filter(pk=day.round1.pk).update(pairing_version=1)
    return day


def _get(client, url, language="en", **headers):
    client.cookies["django_language"] = language
    return client.get(url, **headers)


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _swap(client, day):
    """The organizer swaps Bob and Dave (tables 1 and 2) on the round page."""
    players = {g.white.given_name: g.white for g in (day.game, day.game2)}
    url = reverse("manage_round_swap", args=["hannover", 1])
    response = client.post(url, {"player_a": players["Bob"].pk, "player_b": players["Dave"].pk})
    assert response.status_code == 302
    assert Round.objects.get(pk=day.round1.pk).pairing_version == 2


@pytest.mark.parametrize(("language", "words"), [("en", "pairing 1"), ("de", "Paarungsstand 1")])
def test_the_sheet_and_the_slips_print_the_version(client, printed_day, language, words):
    client.force_login(printed_day.user("organizer"))
    for name in ("pdf_pairings", "pdf_slips"):
        response = client.get(reverse(name, args=["hannover", 1]) + f"?lang={language}")
        assert response.status_code == 200
        text = pdf_text(response.content)
        assert words in text, (name, text[:300])
    # the slips say it on every slip, one a table
    assert pdf_text(response.content).count(words) == 2


def test_a_staff_download_is_kept_as_printed_and_a_visitors_is_not(client, printed_day):
    day = printed_day
    sheet = reverse("pdf_pairings", args=["hannover", 1])
    for who in (None, "alice"):  # the public and a player: the round is published
        if who:
            client.force_login(day.user(who))
        assert client.get(sheet).status_code == 200
    assert not PairingPrint.objects.exists()
    client.force_login(day.user("referee"))
    client.get(sheet)
    client.force_login(day.user("organizer"))
    client.get(reverse("pdf_slips", args=["hannover", 1]))
    kept = {(p.kind, p.printed_by.username, p.pairing_version) for p in PairingPrint.objects.all()}
    assert kept == {("sheet", "referee", 1), ("slips", "organizer", 1)}


@pytest.mark.parametrize(
    ("language", "flag", "table", "dismissed"),
    [
        (
            "en",
            "Round 1: the printed pairing sheet shows pairing 1 and is stale: now pairing 2.",
            "Table 1: Albers Alice – Bauer Bob, now",
            "The printed pairing sheet of round 1 may stay as it is.",
        ),
        (
            "de",
            "Runde 1: Der Ausdruck (Paarungsliste) zeigt Paarungsstand 1 und ist veraltet: jetzt gilt Paarungsstand 2.",
            "Tisch 1: Albers Alice – Bauer Bob, jetzt",
            "Runde 1: Der Ausdruck (Paarungsliste) darf so bleiben.",
        ),
    ],
)
def test_a_swap_after_printing_flags_the_sheet_on_the_dashboard_until_dismissed(
    client, printed_day, language, flag, table, dismissed
):
    day = printed_day
    client.force_login(day.user("organizer"))
    client.get(reverse("pdf_pairings", args=["hannover", 1]) + f"?lang={language}")
    dashboard = reverse("manage", args=["hannover"])
    assert 'id="stale-prints"' not in _text(_get(client, dashboard, language))
    _swap(client, day)
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):  # the whole page, and its part that renews itself
        page = _text(_get(client, dashboard, language, **headers))
        assert flag in page and table in page
    # dismissed: gone, with the organizer's word for it
    response = client.post(reverse("manage_round_print_dismiss", args=["hannover", 1]), {"kind": "sheet"}, follow=True)
    page = _text(response)
    assert dismissed in page and 'id="stale-prints"' not in page
    printed = PairingPrint.objects.get()
    assert printed.dismissed_at_version == 2 and printed.dismissed_by == day.user("organizer")


def test_a_dismissal_of_an_unknown_paper_is_refused_in_words(client, printed_day):
    client.force_login(printed_day.user("organizer"))
    client.cookies["django_language"] = "en"
    response = client.post(reverse("manage_round_print_dismiss", args=["hannover", 1]), {"kind": "poster"}, follow=True)
    assert response.status_code == 200 and "there is nothing to dismiss" in _text(response)
    client.force_login(printed_day.user("referee"))
    assert (
        client.post(reverse("manage_round_print_dismiss", args=["hannover", 1]), {"kind": "sheet"}).status_code == 403
    )


@pytest.mark.parametrize(("language", "words"), [("en", "pairing 2"), ("de", "Paarungsstand 2")])
def test_every_page_shows_the_version_now(client, printed_day, language, words):
    day = printed_day
    client.force_login(day.user("organizer"))
    _swap(client, day)
    pages = [
        reverse("manage_round", args=["hannover", 1]),
        reverse("manage", args=["hannover"]),
        reverse("round", args=["hannover", 1]),
        reverse("projector", args=["hannover"]),
    ]
    for url in pages:
        assert words in _text(_get(client, url, language)), url
    client.force_login(day.user("alice"))
    assert words in _text(_get(client, reverse("my_tournament", args=["hannover"]), language))
    client.logout()
    assert words in _text(_get(client, reverse("round", args=["hannover", 1]), language))


def test_a_planned_round_shows_no_version(client, day):
    client.force_login(day.user("organizer"))
    round2 = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2)
    page = _text(_get(client, reverse("manage_round", args=["hannover", round2.number])))
    assert "pairing-version" not in page
