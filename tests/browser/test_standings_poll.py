"""The standings page's poll in a real browser: htmx sends the ETag of the table it shows,
an unchanged table is answered 304 and stays; a new result brings the new table."""

from __future__ import annotations

import pytest

from tournament.permissions import SYSTEM
from tournament.services.results import result_set

from .conftest import new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_poll_keeps_an_unchanged_table_and_shows_a_new_result(browser, live_server, live_day, monkeypatch):
    from tournament.views import standings as views

    monkeypatch.setattr(views, "REFRESH_SECONDS", 1)  # the page polls every second here (15 s on the site)
    polls: list[tuple[int, str | None]] = []
    page = new_page(browser, live_server, phone=True)
    page.on(
        "response",
        lambda r: (
            polls.append((r.status, r.request.headers.get("if-none-match")))
            if r.request.headers.get("hx-request") == "true"
            else None
        ),
    )
    page.goto(f"{live_server.url}/t/{live_day.tournament.slug}/standings/")
    table = page.locator("#standings-live")
    before = table.inner_text()
    page.wait_for_timeout(2500)
    assert polls and all(status == 304 and etag for status, etag in polls), polls
    assert table.inner_text() == before  # htmx kept the table
    result_set(game=live_day.game, user=SYSTEM, version=live_day.game.version, result="B", reason="desk")
    page.wait_for_function("(shown) => document.querySelector('#standings-live').innerText !== shown", arg=before)
    assert any(status == 200 for status, _etag in polls)
    page.wait_for_timeout(1500)
    assert polls[-1][0] == 304  # and the new table is kept again
    page.context.close()
