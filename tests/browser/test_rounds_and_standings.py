"""Registration, the organizer's rounds pages, live standings and the public pages in a real browser.

Screenshots go to test-artifacts/; the good ones are copied to docs/screenshots/ by hand.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.fixtures.day import round_to_come
from tournament.models import Game, Registration, Round
from tournament.selectors import standings as sel

from .conftest import _watch_csp, log_in, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_visitor_registers_and_the_organizer_confirms(browser, live_server, live_day, shot):
    slug = live_day.tournament.slug
    round_to_come(live_day.tournament)  # registration is open until the last round is paired
    page = new_page(browser, live_server, phone=True)
    page.goto(f"{live_server.url}/t/{slug}/")
    page.locator(".site-nav a", has_text="Register").click()
    page.fill('input[name="given_name"]', "花子")
    page.fill('input[name="surname"]', "佐藤")
    page.fill('input[name="given_name_latin"]', "Hanako")
    page.fill('input[name="surname_latin"]', "Sato")
    page.fill('input[name="country"]', "jp")
    page.fill('input[name="rank"]', "2d")
    page.fill('input[name="email"]', "hanako@example.org")
    page.fill('input[name="username"]', "hanako")
    page.fill('input[name="password"]', "Stones-and-Pairs-42")
    shot(page, "visitor-registers-phone")
    page.locator('main form button[type="submit"]').click()
    page.wait_for_load_state()
    registration = Registration.objects.get(surname="佐藤")
    assert registration.status == Registration.Status.PRELIMINARY
    assert registration.surname_latin == "Sato" and registration.country == "JP"
    page.context.close()

    page = new_page(browser, live_server)
    log_in(page, live_server, "organizer")
    page.goto(f"{live_server.url}/t/{slug}/manage/players/")
    row = page.locator(f"#reg-{registration.pk}")
    row.locator("button", has_text="Confirm").click()  # htmx swaps the row
    row.locator(".badge.status-confirmed").wait_for()
    registration.refresh_from_db()
    assert registration.status == Registration.Status.CONFIRMED
    page.context.close()


def test_organizer_creates_pairs_edits_and_publishes_a_round(browser, live_server, live_day, shot):
    day = live_day
    slug = day.tournament.slug
    page = new_page(browser, live_server)
    log_in(page, live_server, "organizer")
    page.goto(f"{live_server.url}/t/{slug}/manage/rounds/")
    page.select_option('select[name="discipline"]', str(day.go.pk))
    page.locator('main form button[type="submit"]', has_text="Create").click()
    page.wait_for_url("**/manage/rounds/2/")
    page.locator("button", has_text="Pair").first.click()
    page.wait_for_load_state()
    round2 = Round.objects.get(tournament=day.tournament, number=2)
    assert round2.status == Round.Status.PAIRED and round2.games.count() == 2

    # swap so that alice meets bob again: the page warns of the rematch
    alice, bob = day.game.black, day.game.white
    games = list(round2.games.all())
    partner = next(g.white if g.black_id == alice.pk else g.black for g in games if g.involves(alice.pk))
    if partner.pk != bob.pk:
        page.select_option("#swap_player_a", str(partner.pk))
        page.select_option("#swap_player_b", str(bob.pk))
        page.locator("button", has_text="Swap").click()
        page.wait_for_load_state()
    warnings = page.locator(".warnings")
    assert "Rematch" in warnings.inner_text()
    shot(page, "organizer-round-warnings")

    # move the first table's game to table 2 (htmx: the table is swapped in place)
    first = round2.games.get(table=1)
    page.fill(f"#move-{first.pk}", "2")
    page.locator(f"#game-{first.pk} button", has_text="Move").click()
    page.locator("#round-games .notice.ok").wait_for()
    assert Game.objects.get(pk=first.pk).table == 2
    shot(page, "organizer-round-table-moved")

    page.locator("button", has_text="Publish").click()
    page.wait_for_load_state()
    round2.refresh_from_db()
    assert round2.status == Round.Status.PUBLISHED
    shot(page, "organizer-round")
    page.context.close()

    # the public round page on a phone: cards, links to each game and the PDFs
    page = new_page(browser, live_server, phone=True)
    page.goto(f"{live_server.url}/t/{slug}/round/2/")
    assert page.locator("a.game-link").count() == 2
    assert page.locator('a[href*="/round/2/pairings.pdf"]').count() == 1
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width  # no sideways scrolling
    shot(page, "round-phone")
    page.context.close()


def test_standings_update_by_themselves_when_a_result_comes_in(browser, live_server, live_day, shot, monkeypatch):
    from tournament.views import standings as standings_views

    monkeypatch.setattr(standings_views, "REFRESH_SECONDS", 1)
    day = live_day
    slug = day.tournament.slug
    visitor = new_page(browser, live_server)
    visitor.goto(f"{live_server.url}/t/{slug}/standings/")
    before = visitor.locator("#standings-live tbody").inner_text()
    assert "Albers Alice" in before

    organizer = new_page(browser, live_server)
    log_in(organizer, live_server, "organizer")
    organizer.goto(f"{live_server.url}/t/{slug}/manage/results/?round=1")
    organizer.select_option(f'select[name="g{day.game2.pk}-result"]', "B")  # Carol beats Dave
    organizer.locator(f"#result-row-{day.game2.pk} .saved-mark").wait_for()
    organizer.context.close()

    expected = sel.standings_for(day.tournament, public=True)
    winner = next(r for r in expected.rows if r.entrant.surname == "Conrad")
    visitor.wait_for_function(
        "t => document.querySelector('#standings-live tbody').innerText !== t", arg=before, timeout=10_000
    )
    rows = visitor.locator("#standings-live tbody tr")
    carol = rows.filter(has_text="Conrad Carol")
    assert carol.locator("td").first.inner_text().strip() == winner.place_display
    assert carol.locator("td").nth(5).inner_text().strip() == winner.values[0]
    visitor.context.close()


@pytest.fixture
def demo(transactional_db):
    from tournament.services.demo import load_demo

    load_demo()
    orga = get_user_model().objects.get(username="orga")
    orga.set_password("pw-orga-123")
    orga.save()
    return "demo"


def test_pages_of_the_demo_tournament_on_desktop_and_phone(browser, live_server, demo, shot):
    """Screenshots for docs/screenshots/, and no page scrolls sideways on a phone."""
    base = f"{live_server.url}/t/{demo}"
    page = new_page(browser, live_server)
    for path, name in (("standings/", "standings"), ("crosstable/", "crosstable"), ("round/4/", "round")):
        page.goto(f"{base}/{path}")
        shot(page, name)
    # a settled Ninuki game of round 2: its record on the board, stepped through with htmx
    page.goto(f"{base}/round/2/")
    page.locator("a.game-link").first.click()
    page.wait_for_load_state()
    viewer = page.locator("#board-viewer")
    last = int(viewer.get_attribute("data-move"))
    assert last > 5
    page.locator('[data-step="prev"]').click()
    page.wait_for_selector(f'#board-viewer[data-move="{last - 1}"]')
    assert "?move=" not in page.url  # swapped in place, no page load
    assert page.locator("main form").count() == 0  # nothing to edit for the public
    shot(page, "public-game")
    page.context.close()

    page = new_page(browser, live_server)
    log_in(page, live_server, "orga")
    page.goto(f"{base}/manage/rounds/4/")
    shot(page, "organizer-round-demo")
    page.context.close()

    for width, height in ((1280, 800), (1920, 1080)):
        context = browser.new_context(viewport={"width": width, "height": height}, locale="de")
        context.on("page", _watch_csp)
        page = context.new_page()
        page.goto(f"{base}/projector/")
        assert page.locator(".projector-standings tbody tr").count() >= 10
        shot(page, f"projector-{width}", full_page=False)
        context.close()

    page = new_page(browser, live_server, phone=True)
    for path, name in (
        ("standings/", "standings-phone"),
        ("round/4/", "round-phone-demo"),
        ("projector/", "projector-phone"),
        ("crosstable/", "crosstable-phone"),
    ):
        page.goto(f"{base}/{path}")
        if name != "crosstable-phone":  # the crosstable scrolls inside its own box
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
        shot(page, name)
    page.context.close()
