"""The standings page's poll in a real browser: htmx sends the ETag of the table it shows,
an unchanged table is answered 304 and stays; a new result brings the new table."""

from __future__ import annotations

import pytest

from tournament.permissions import SYSTEM
from tournament.services.results import result_set

from .conftest import new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: How long a poll may take to come back on a loaded machine (it is sent every second here).
POLL_MS = 30_000


def _is_poll(response) -> bool:
    return response.request.headers.get("hx-request") == "true"


def next_poll(page):
    """The answer to the page's next poll (waited for, however long the machine takes)."""
    return page.wait_for_event("response", predicate=_is_poll, timeout=POLL_MS)


def polls_until(page, done) -> None:
    """Wait for the page's polls until ``done()`` holds (checked after each answer)."""
    while not done():
        next_poll(page)


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
    polls_until(page, lambda: len(polls) >= 2)
    assert polls and all(status == 304 and etag for status, etag in polls), polls
    assert table.inner_text() == before  # htmx kept the table
    result_set(game=live_day.game, user=SYSTEM, version=live_day.game.version, result="B", reason="desk")
    page.wait_for_function("(shown) => document.querySelector('#standings-live').innerText !== shown", arg=before)
    assert any(status == 200 for status, _etag in polls)
    shown = len(polls)
    polls_until(page, lambda: len(polls) > shown and polls[-1][0] == 304)  # and the new table is kept again
    page.context.close()


def test_the_live_projector_keeps_unchanged_boards_and_shows_a_move(browser, live_server, live_day, monkeypatch, shot):
    """The hall's screen at desktop width: its poll is answered 304 while no board moved, and shows a move."""
    from django.contrib.auth import get_user_model

    from tournament.models import Game
    from tournament.services import live as live_services
    from tournament.views import live as views

    monkeypatch.setattr(views, "PROJECTOR_REFRESH_SECONDS", 1)  # every second here (5 s on the site)
    alice = get_user_model().objects.get(username="alice")

    def play(point: str, version: int) -> None:
        game = Game.objects.select_related("round__discipline", "round__tournament", "black", "white").get(
            pk=live_day.game.pk
        )
        live_services.place(game=game, user=alice if version % 2 == 0 else bob, version=version, point=point)

    bob = get_user_model().objects.get(username="bob")
    play("K10", 0)
    polls: list[int] = []
    page = new_page(browser, live_server)
    page.on("response", lambda r: polls.append(r.status) if r.request.headers.get("hx-request") == "true" else None)
    page.goto(f"{live_server.url}/t/{live_day.tournament.slug}/projector/live/?tables=4")
    boards = page.locator(".projector-board")
    assert boards.count() == 2 and "Move 1" in boards.first.inner_text()
    polls_until(page, lambda: len(polls) >= 2 and polls[-1] == 304)  # two polls at least, the last one a 304
    # nothing moved: every poll is a 304, but for the one when the screen's clock turns to the next minute
    assert polls[-1] == 304 and polls.count(200) <= 1 and set(polls) <= {200, 304}, polls
    assert boards.count() == 2 and "Move 1" in boards.first.inner_text()  # htmx kept the boards
    unchanged = len(polls)
    play("K9", 1)
    page.wait_for_function("() => document.querySelector('.projector-board').innerText.includes('Move 2')")
    assert 200 in polls[unchanged:] and page.locator(".projector-board svg").count() == 2
    changed = len(polls)
    polls_until(page, lambda: 304 in polls[changed:])  # the next polls find the new boards kept
    assert 304 in polls[changed:], polls  # and the new boards are kept again
    shot(page, "projector-live-desktop", full_page=False)
    page.context.close()
