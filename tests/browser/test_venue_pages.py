"""At the venue: the projector and the organizer's dashboard show how phones get to the site.

With the hall's Wi-Fi and the laptop's address set (as ``manage.py venue``
sets ``DJANGO_SITE_URL``), the projector shows both with their QR codes,
large enough to scan from the hall, beside the pairings and the standings;
the dashboard shows them too, and neither scrolls sideways on a phone.
Screenshots: ``test-artifacts/venue-*.png``.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import _watch_csp, log_in, new_page

pytestmark = pytest.mark.browser

ADDRESS = "http://192.168.178.20:8000"


@pytest.fixture
def venue(transactional_db, settings):
    from tournament.services.demo import load_demo

    load_demo()
    orga = get_user_model().objects.get(username="orga")
    orga.set_password("pw-orga-123")
    orga.save()
    settings.SITE_URL = ADDRESS
    settings.VENUE_WIFI = "Turniersaal"
    settings.VENUE_WIFI_PASSWORD = "hannover9x9"


def test_the_projector_and_the_dashboard_show_the_wi_fi_and_the_address_with_their_qr_codes(
    browser, live_server, venue, shot
):
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="de")
    context.on("page", _watch_csp)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/demo/projector/")
    join = page.locator(".projector-join")
    assert f"{ADDRESS}/t/demo/" in join.inner_text() and "Turniersaal" in join.inner_text()
    codes = join.locator("svg.qr")
    assert codes.count() == 2
    for i in range(2):
        box = codes.nth(i).bounding_box()
        # large enough to scan across the hall, side by side, on the screen without scrolling
        assert box["width"] >= 150 and box["x"] + box["width"] <= 1920 and box["y"] + box["height"] <= 1080
    shot(page, "venue-projector", full_page=False)
    context.close()

    for phone in (True, False):
        page = new_page(browser, live_server, phone=phone)
        log_in(page, live_server, "orga")
        page.goto(f"{live_server.url}/t/demo/manage/")
        assert page.locator(".join svg.qr").count() == 2
        assert f"{ADDRESS}/t/demo/" in page.locator(".join").inner_text()
        assert page.locator("#publication button[value=start]").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.locator(".join").scroll_into_view_if_needed()
        shot(page, f"venue-dashboard-{'phone' if phone else 'desktop'}")
        page.context.close()
