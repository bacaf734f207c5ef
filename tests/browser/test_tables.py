"""The tables (issue #34, item 3) in a browser: the director writes the hall plan and a broken table on the
set-up page, pairs, moves the wheelchair user's game to table 5 by hand and renumbers (table 5 stays); the
player finds her hall and row on her page, on a 390 px phone in German and on a desktop in English."""

from __future__ import annotations

import pytest

from tests.factories import make_round
from tournament.models import Game

from .conftest import club_with_lena, fits, log_in, new_page
from .test_phone_width import MEASURE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RANKS = ["3d", "2d", "1d", "1k", "2k", "4k", "5k", "8k", "10k", "12k"]
WORDS = {
    "en": {
        "save": "Save",
        "saved": "The table plan is saved.",
        "renumber": "Renumber the tables",
        "by_hand": "set by hand",
        "table": "Table",
        "row": "row",
        "round": "Round",
        "pairing": "pairing",
    },
    "de": {
        "save": "Speichern",
        "saved": "Der Tischplan ist gespeichert.",
        "renumber": "Tische neu nummerieren",
        "by_hand": "von Hand gesetzt",
        "table": "Tisch",
        "row": "Reihe",
        "round": "Runde",
        "pairing": "Paarungsstand",
    },
}


@pytest.mark.parametrize(("language", "phone"), [("de", True), ("en", False)], ids=["de-390px", "en-desktop"])
def test_a_player_finds_her_hall_and_row(browser, live_server, shot, language, phone):
    t, go, lena = club_with_lena(RANKS)
    make_round(t, go, 1)
    words = WORDS[language]

    # the director: a hall plan with rows of two, table 2 broken
    desk = new_page(browser, live_server, locale=language)
    log_in(desk, live_server, "tessa", language)
    desk.goto(f"{live_server.url}/t/{t.slug}/manage/tables/")
    desk.fill('input[name="excluded"]', "2")
    desk.fill('textarea[name="halls"]', "1-4: Saal A, Reihen zu 2\n5-40: Hall B, rows of 10")
    desk.locator("#tables-form button[type=submit]").click()
    desk.wait_for_load_state()
    assert words["saved"] in desk.inner_text("body")
    shot(desk, f"tables-setup-{language}")

    # pair round 1: table 2 is skipped
    desk.goto(f"{live_server.url}/t/{t.slug}/manage/rounds/1/")
    desk.locator(".round-actions form").first.locator("button").click()
    desk.wait_for_load_state()
    tables = sorted(Game.objects.filter(round__tournament=t).values_list("table", flat=True))
    assert tables == [1, 3, 4, 5, 6]
    # Lena's game to table 5 by hand (the move form), then renumber: it stays there
    game = Game.objects.filter(round__tournament=t).filter(black=lena).first() or Game.objects.get(
        round__tournament=t, white=lena
    )
    desk.fill(f"#move-{game.pk}", "5")
    desk.locator(f"#game-{game.pk} .table-move button").click()
    desk.locator(f"#game-{game.pk} .badge.by-hand").wait_for()
    desk.locator(".round-actions button", has_text=words["renumber"]).click()
    desk.wait_for_load_state()
    assert Game.objects.get(pk=game.pk).table == 5
    assert words["by_hand"] in desk.locator(f"#game-{game.pk}").inner_text()
    shot(desk, f"tables-renumbered-{language}")
    desk.locator(".round-actions button.ok").click()  # publish
    desk.wait_for_load_state()

    # the player: her table, hall and row
    page = new_page(browser, live_server, phone=phone, locale=language)
    log_in(page, live_server, "lena", language)
    page.goto(f"{live_server.url}/t/{t.slug}/me/")
    card = page.locator(".game-card").first.inner_text()
    assert f"{words['table']} 5: Hall B, {words['row']} 1" in " ".join(card.split())
    # the card's head reads as one line of words, evenly spaced (not "Round 1  · go ·  pairing 2")
    head = page.locator(".game-card .game-head").first.inner_text().splitlines()[0]
    assert head == f"{words['round']} 1 · {go.name} · {words['pairing']} 2", head
    if phone:
        measured = page.evaluate(MEASURE)
        assert measured["scroll"] <= measured["width"], measured["wide"]
    shot(page, f"tables-player-{language}")
    page.goto(f"{live_server.url}/t/{t.slug}/round/1/")
    assert f"Saal A, {words['row']} 2" in page.inner_text("main")
    if phone:  # a card a table: Black over White in one column, the place under them (not in Black's place)
        fits(page)
        row = page.locator(".round-pairings tbody tr").first
        black, white, place = (
            row.locator(f"td.{c}").bounding_box() for c in ("side-black", "side-white", "table-place")
        )
        assert black["x"] == white["x"] and white["y"] > black["y"] and place["y"] > white["y"], (black, white, place)
    shot(page, f"tables-round-{language}")
