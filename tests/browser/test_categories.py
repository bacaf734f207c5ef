"""The standings page's category filter in a real browser, at phone width: a radio button for each
category shows its rows alone (the stylesheet, no script), and the choice stays while the table polls."""

from __future__ import annotations

import pytest

from tournament.permissions import SYSTEM
from tournament.ranks import parse_rank
from tournament.services.results import result_set
from tournament.services.tournaments import tournament_update_settings

from .conftest import new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_filter_shows_one_category_and_keeps_it_through_the_poll(browser, live_server, live_day, monkeypatch):
    from tournament.views import standings as views

    monkeypatch.setattr(views, "REFRESH_SECONDS", 1)
    t = live_day.tournament
    # A: 5k and stronger (Albers 3k, Bauer 4k), B: 6k and weaker (Conrad 10k, Dietz 12k); ranked together
    tournament_update_settings(
        tournament=t, data={"category_limits": [parse_rank("5k")], "category_mode": "paired"}, user=SYSTEM
    )
    page = new_page(browser, live_server, phone=True)
    page.goto(f"{live_server.url}/t/{t.slug}/standings/")
    rows = page.locator("#standings-live tbody tr")
    assert rows.count() == 4
    page.locator("label", has_text="B: 6k").click()
    visible = [r.inner_text() for r in rows.all() if r.is_visible()]
    assert len(visible) == 2 and all("Conrad" in v or "Dietz" in v for v in visible), visible
    before = page.locator("#standings-live").text_content()  # hidden rows too
    result_set(game=live_day.game, user=SYSTEM, version=live_day.game.version, result="B", reason="desk")
    page.wait_for_function("(shown) => document.querySelector('#standings-live').textContent !== shown", arg=before)
    visible = [r.inner_text() for r in rows.all() if r.is_visible()]
    assert len(visible) == 2 and all("Conrad" in v or "Dietz" in v for v in visible), visible
    page.locator("label", has_text="all categories").click()
    assert len([r for r in rows.all() if r.is_visible()]) == 4
    page.context.close()
