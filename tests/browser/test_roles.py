"""Each role's main path in a real browser (Chromium, phone and desktop sizes)."""

from __future__ import annotations

import pytest

from tests.fixtures.day import FIVE_FOR_BLACK, ILLEGAL_AT_3
from tournament.models import Game, Registration
from tournament.models.game import ResultState

from .conftest import log_in, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_player_reports_on_a_phone_and_opponent_confirms(browser, live_server, live_day, shot):
    day = live_day
    page = new_page(browser, live_server, phone=True)
    log_in(page, live_server, "alice")
    page.goto(f"{live_server.url}/t/{day.tournament.slug}/me/")
    assert page.locator(".game-card").count() == 1
    shot(page, "player-my-tournament-phone")

    page.locator(".game-card a.button", has_text="Report").click()
    page.locator('input[name="result"][value="B"]').check()
    page.fill('textarea[name="record"]', ILLEGAL_AT_3)
    page.locator('form.report-form button[type="submit"]').click()
    page.wait_for_selector(".rejected")
    assert "K10" in page.locator(".rejected").inner_text()
    assert page.locator(".rejected svg .illegal").count() == 1
    shot(page, "player-report-illegal-move-phone")

    page.fill('textarea[name="record"]', FIVE_FOR_BLACK)
    page.locator('input[name="result"][value="B"]').check()
    page.locator('form.report-form button[type="submit"]').click()
    page.wait_for_selector(".result-box")
    assert Game.objects.get(pk=day.game.pk).result_state == ResultState.REPORTED
    shot(page, "player-game-reported-phone")
    page.context.close()

    page = new_page(browser, live_server, phone=True)
    log_in(page, live_server, "bob")
    page.goto(f"{live_server.url}/t/{day.tournament.slug}/game/{day.game.pk}/")
    page.locator("button", has_text="Confirm this result").click()
    page.wait_for_selector(".messages .success")
    assert Game.objects.get(pk=day.game.pk).result_state == ResultState.CONFIRMED
    page.context.close()


def test_referee_steps_through_the_record_and_decides(browser, live_server, live_day, shot):
    day = live_day
    Game.objects.filter(pk=day.game.pk).update(
        record=FIVE_FOR_BLACK,
        result="W",
        result_state=ResultState.DISPUTED,
        verdict={
            "legal": True,
            "moves": 9,
            "error": None,
            "outcome": "B",
            "reason": "five",
            "score": "",
            "claim": "W",
            "agrees": False,
        },
    )
    page = new_page(browser, live_server)
    log_in(page, live_server, "referee")
    page.goto(f"{live_server.url}/t/{day.tournament.slug}/referee/")
    shot(page, "referee-queue")
    page.locator("a.button", has_text="Open").first.click()
    page.wait_for_selector("#board-viewer")
    page.wait_for_load_state("load")  # the deferred board.js listens for the keys from here on
    assert page.locator("#board-viewer").get_attribute("data-move") == "9"
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector('#board-viewer[data-move="8"]')
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector('#board-viewer[data-move="7"]')
    page.locator('[data-step="next"]').click()
    page.wait_for_selector('#board-viewer[data-move="8"]')
    assert page.locator("#board-viewer circle.last-move").count() == 1
    shot(page, "referee-board-viewer")

    page.select_option('select[name="result"]', "B")
    page.fill('textarea[name="reason"]', "The record ends with Black's five at O10.")
    page.locator(".adjudicate button[type=submit]").click()
    page.wait_for_selector(".messages .success")
    game = Game.objects.get(pk=day.game.pk)
    assert game.result == "B" and game.result_state == ResultState.ADJUDICATED
    assert "Black's five" in page.locator(".history").inner_text()
    page.context.close()


def test_organizer_dashboard_and_inline_results(browser, live_server, live_day, shot):
    day = live_day
    registration = Registration.objects.create(
        tournament=day.tournament,
        surname="Ernst",
        given_name="Erika",
        rank=-2,
        club="Hannover",
        country="DE",
        source="self",
    )
    page = new_page(browser, live_server)
    log_in(page, live_server, "organizer")
    page.goto(f"{live_server.url}/t/{day.tournament.slug}/manage/")
    shot(page, "organizer-dashboard")
    page.locator(f"#reg-{registration.pk} button", has_text="Confirm").click()
    page.wait_for_selector(f"#reg-{registration.pk} .status-confirmed")  # swapped in place by htmx
    registration.refresh_from_db()
    assert registration.status == "confirmed"
    # the message of the in-place action shows here, at once, not on the next page
    page.wait_for_selector("#messages .success")
    assert "Erika Ernst" in page.locator("#messages").inner_text()
    assert page.locator(f"#reg-{registration.pk}").count() == 1
    page.goto(f"{live_server.url}/t/{day.tournament.slug}/manage/results/")
    row = page.locator(f"#result-row-{day.game2.pk}")
    row.locator("select").select_option("B")
    page.wait_for_selector(f"#result-row-{day.game2.pk}.saved")  # htmx swapped the row in place
    assert page.url.endswith("/manage/results/")
    assert Game.objects.get(pk=day.game2.pk).result == "B"
    shot(page, "organizer-results-grid")
    page.goto(f"{live_server.url}/t/{day.tournament.slug}/projector/")
    shot(page, "projector", full_page=False)
    page.context.close()

    phone = new_page(browser, live_server, phone=True)
    log_in(phone, live_server, "organizer")
    phone.goto(f"{live_server.url}/t/{day.tournament.slug}/manage/results/")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")  # no sideways scrolling
    shot(phone, "organizer-results-grid-phone")
    phone.context.close()


def test_german_is_the_default(browser, live_server, live_day):
    page = new_page(browser, live_server, locale="de")
    page.goto(f"{live_server.url}/t/{live_day.tournament.slug}/")
    assert page.locator("html").get_attribute("lang") == "de"
    page.context.close()
