"""One pairing version on paper and phones (issue #34, item 2): the director pairs and publishes a round,
prints its pairing sheet (pairing 1 on it), then swaps two players; the dashboard flags the printed sheet as
stale with the tables that changed, the player's phone shows pairing 2 after a reload, and the director lets
the paper stand. In English on a desktop and in German on a 390 px phone."""

from __future__ import annotations

import pytest

from tests.factories import make_round
from tournament.models import PairingPrint, Round

from .conftest import club_with_lena, fits, log_in, new_page, pdf_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RANKS = ["3d", "2d", "1d", "1k", "2k", "4k", "5k", "8k"]
WORDS = {
    "en": {
        "pair": "Pair",
        "publish": "Publish",
        "swap": "Swap",
        "version": "pairing {n}",
        "stale": "Round 1: the printed pairing sheet shows pairing 1 and is stale: now pairing 2.",
        "dismiss": "Dismiss: the paper may stay",
        "table": "Table",
    },
    "de": {
        "pair": "Paaren",
        "publish": "Veröffentlichen",
        "swap": "Tauschen",
        "version": "Paarungsstand {n}",
        "stale": "Runde 1: Der Ausdruck (Paarungsliste) zeigt Paarungsstand 1 und ist veraltet: jetzt gilt Paarungsstand 2.",
        "dismiss": "Belassen: Das Papier darf bleiben",
        "table": "Tisch",
    },
}


@pytest.mark.parametrize(("language", "director_phone"), [("en", False), ("de", True)], ids=["en-desktop", "de-phone"])
def test_a_swap_after_printing_flags_the_sheet_and_the_phone_shows_the_new_version(
    browser, live_server, shot, language, director_phone
):
    t, go, lena = club_with_lena(RANKS)
    r1 = make_round(t, go, 1)
    words = WORDS[language]
    base = f"{live_server.url}/t/{t.slug}"

    # the director pairs and publishes the round, and prints its sheet
    desk = new_page(browser, live_server, phone=director_phone, locale=language)
    log_in(desk, live_server, "tessa", language)
    desk.goto(f"{base}/manage/rounds/1/")
    desk.locator(".round-actions button", has_text=words["pair"]).first.click()
    desk.wait_for_load_state()
    desk.locator(".round-actions button", has_text=words["publish"]).click()
    desk.wait_for_load_state()
    assert words["version"].format(n=1) in desk.locator("h1").inner_text()
    sheet = desk.locator(".round-actions a[href*='pairings.pdf']").get_attribute("href")
    response = desk.request.get(f"{live_server.url}{sheet}")  # the download, with the director's session
    assert response.status == 200 and words["version"].format(n=1) in pdf_text(response.body())
    assert PairingPrint.objects.get(round=r1).pairing_version == 1

    # the player's phone shows the same number as the paper
    phone = new_page(browser, live_server, phone=True, locale=language)
    log_in(phone, live_server, "lena", language)
    phone.goto(f"{base}/me/")
    assert words["version"].format(n=1) in phone.locator(".my-games").inner_text()

    # a swap after printing: Lena and the player at table 1 change places
    games = list(r1.games.order_by("table"))
    first = games[0]
    lena_game = next(g for g in games if lena.pk in (g.black_id, g.white_id))
    other_game = first if lena_game.table != 1 else games[1]
    other = other_game.black
    desk.select_option("#swap_player_a", str(lena.pk))
    desk.select_option("#swap_player_b", str(other.pk))
    desk.locator("button", has_text=words["swap"]).click()
    desk.wait_for_load_state()
    assert Round.objects.get(pk=r1.pk).pairing_version == 2
    assert words["version"].format(n=2) in desk.locator("h1").inner_text()

    # the dashboard flags the printed sheet, with the tables that changed
    desk.goto(f"{base}/manage/")
    flag = desk.locator("#stale-prints")
    text = flag.inner_text()
    assert words["stale"] in text
    for table in (lena_game.table, other_game.table):
        assert f"{words['table']} {table}:" in text
    assert "Zimmermann Lena" in text
    if director_phone:
        fits(desk)
    shot(desk, f"pairing-stale-dashboard-{language}")

    # the phone, reloaded, shows the new number
    phone.reload()
    assert words["version"].format(n=2) in phone.locator(".my-games").inner_text()
    fits(phone)
    shot(phone, f"pairing-version-phone-{language}")

    # the director lets the paper stand: the flag is gone
    flag.locator("button", has_text=words["dismiss"]).click()
    desk.wait_for_load_state()
    assert desk.locator("#stale-prints").count() == 0
    assert PairingPrint.objects.get(round=r1).dismissed_at_version == 2
    phone.context.close()
    desk.context.close()
