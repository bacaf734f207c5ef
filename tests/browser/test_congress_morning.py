"""A congress morning on the venue setup, in order, as the director runs it (issue #34): 300 registered; the
organizer opens the check-in and puts the hall's QR code on the projector; 250 check in through its address
within a scripted half hour (four on real 390 px phones, two in German and two in English, the other 246 by
HTTP through the same address); round 1 is set to the checked-in players only and paired in the browser:
exactly those 250; the organizer downloads the pairing sheet (pairing 1 on the paper), swaps two players on
the round page; the dashboard flags the printed sheet as stale with the tables that changed, and the players'
phones show pairing 2 after a reload; then the desk types 100 results by keyboard in the results grid
("37b", "37w", "37=" ...), one after the other without waiting. Screenshots: ``test-artifacts/morning-*.png``.

The check-in records its time (``Registration.checked_in_at``): the clock of the check-in service is scripted,
7 seconds a player from 08:30, so the 250 arrive between 08:30 and 09:00 whatever the machine's speed.
"""

from __future__ import annotations

import datetime as dt
import types

import pytest

from tournament.models import Game, PairingPrint, Registration, Round
from tournament.models.game import ResultState
from tournament.services import checkin

from .conftest import fits, open_check_in, pdf_text, phone_by_name, post_check_ins, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OPENS = dt.datetime(2026, 7, 25, 8, 30, tzinfo=dt.UTC)
STEP = dt.timedelta(seconds=7)
VERSION = {"en": "pairing {n}", "de": "Paarungsstand {n}"}
#: What the desk types for table i (by i % 4) and the result it means.
TYPED = {0: ("b", "B"), 1: ("w", "W"), 2: ("=", "D"), 3: (" 0", "0")}
RESULTS_TYPED = 100


@pytest.fixture
def hall_clock(monkeypatch):
    """The check-in's clock, scripted: every check-in is 7 seconds after the one before, the first at 08:30."""
    ticks: list[dt.datetime] = []

    def now() -> dt.datetime:
        ticks.append(OPENS + STEP * len(ticks))
        return ticks[-1]

    monkeypatch.setattr(checkin, "timezone", types.SimpleNamespace(now=now))
    return ticks


def test_a_congress_morning_from_the_check_in_to_a_swap_after_printing(
    browser, live_server, congress, hall_clock, shot
):
    t = congress
    slug = f"{live_server.url}/t/{t.slug}"

    # the organizer (desktop, English) opens the check-in and shows the hall's QR code on the projector
    desk, url = open_check_in(browser, live_server, t)
    assert "0 of 300" in desk.locator("#checkin-screen-count").inner_text()

    # 250 of the 300 come: four on real phones (two German, two English), the others by HTTP, same address
    players = sorted(Registration.objects.filter(tournament=t), key=lambda r: r.pk)
    coming = players[:250]
    by_phone = {
        "de": [p for p in coming if p.surname == "Müller"][:2],
        "en": [p for p in coming if p.surname == "Dubois"][:2],
    }
    phones = {}
    for language, mine in by_phone.items():
        for n, player in enumerate(mine):
            query = player.surname[:3].lower()
            name = player.display_name
            page = phone_by_name(browser, live_server, url, query, name, shot if n == 0 else None, language)
            phones.setdefault(language, page)
    on_phones = {p.pk for mine in by_phone.values() for p in mine}
    post_check_ins(phones["de"], url, [p for p in coming if p.pk not in on_phones])
    arrived = dict(
        Registration.objects.filter(tournament=t, checked_in_at__isnull=False).values_list("pk", "checked_in_at")
    )
    assert set(arrived) == {p.pk for p in coming}
    # all inside the scripted half hour
    assert len(hall_clock) == 250
    assert OPENS <= min(arrived.values()) and max(arrived.values()) - OPENS < dt.timedelta(minutes=30)
    desk.goto(f"{slug}/manage/checkin/screen/")
    assert "250 of 300" in desk.locator("#checkin-screen-count").inner_text()

    # round 1 with the checked-in players only, paired and published in the browser: exactly those 250
    desk.goto(f"{slug}/manage/rounds/1/")
    desk.locator("#checked-in-only-form input[name=checked_in_only]").check()
    desk.locator("#checked-in-only-form button[type=submit]").click()
    desk.locator(".round-actions form[action$='/pair/'] button").click()
    desk.wait_for_load_state()
    round1 = Round.objects.get(tournament=t, number=1)
    assert round1.status == Round.Status.PAIRED
    assert seated(round1) == {p.pk for p in coming} and round1.games.count() == 125
    assert "Not come (50)" in desk.locator("#not-checked-in").inner_text()
    desk.locator(".round-actions form[action$='/publish/'] button").click()
    desk.wait_for_load_state()
    assert "pairing 1" in desk.locator("h1").inner_text()

    # the organizer downloads the pairing sheet: pairing 1 on the paper
    sheet = desk.locator(".round-actions a[href*='pairings.pdf']").get_attribute("href")
    response = desk.request.get(f"{live_server.url}{sheet}")  # the download, with the organizer's session
    assert response.status == 200 and "pairing 1" in pdf_text(response.body())
    assert PairingPrint.objects.get(round=round1).pairing_version == 1

    # the players' phones show the same number on the round's page
    for language, phone in phones.items():
        phone.goto(f"{slug}/round/1/")
        assert VERSION[language].format(n=1) in phone.locator("main").inner_text()

    # a swap on the round page: an English phone's player and the black player of another table
    anna = by_phone["en"][0]
    games = list(round1.games.order_by("table"))
    anna_game = next(g for g in games if anna.pk in (g.black_id, g.white_id))
    other_game = next(g for g in games if g.table != anna_game.table)
    desk.select_option("#swap_player_a", str(anna.pk))
    desk.select_option("#swap_player_b", str(other_game.black_id))
    desk.locator("button", has_text="Swap").click()
    desk.wait_for_load_state()
    assert Round.objects.get(pk=round1.pk).pairing_version == 2
    assert "pairing 2" in desk.locator("h1").inner_text()
    assert seated(round1) == {p.pk for p in coming}

    # the dashboard flags the printed sheet as stale, with what changed
    desk.goto(f"{slug}/manage/")
    stale = desk.locator("#stale-prints").inner_text()
    assert "Round 1: the printed pairing sheet shows pairing 1 and is stale: now pairing 2." in stale
    for table in (anna_game.table, other_game.table):
        assert f"Table {table}:" in stale
    assert anna.display_name in stale
    assert "250/300" in desk.locator("#checkin-tile").inner_text()
    shot(desk, "morning-dashboard-stale-en")

    # the phones, reloaded, show the new number
    for language, phone in phones.items():
        phone.reload()
        assert VERSION[language].format(n=2) in phone.locator("main").inner_text()
        fits(phone)
        shot(phone, f"morning-phone-pairing-2-{language}", full_page=False)

    # the results come in on slips: the desk types 100 of them in the grid, Enter after each, not waiting
    desk.goto(f"{slug}/manage/results/?round=1")
    field = desk.locator("#typed-entry-input")
    assert field.evaluate("el => el === document.activeElement")
    tables = range(1, RESULTS_TYPED + 1)
    desk.keyboard.type("".join(f"{table}{TYPED[table % 4][0]}\n" for table in tables))
    desk.locator("#typed-answer").filter(has_text=f"Table {RESULTS_TYPED}:").wait_for(timeout=180_000)
    games = {g.table: g for g in Game.objects.filter(round=round1)}
    assert {table: games[table].result for table in tables} == {table: TYPED[table % 4][1] for table in tables}
    assert all(games[table].result_state == ResultState.CONFIRMED for table in tables)
    assert {games[table].result for table in range(RESULTS_TYPED + 1, 126)} == {"?"}  # the others untouched
    assert field.input_value() == ""
    shot(desk, "morning-results-typed-en", full_page=False)
