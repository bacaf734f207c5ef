"""The published copy of the demo tournament in Chromium, served by a plain static file server.

``manage.py publish`` writes the folder; ``python -m http.server`` serves it
(what any web host does: files, nothing else). A visitor on a 390 px phone
and on a desktop starts at the folder's start page and goes by the pages'
own links to the standings (overall and a discipline), a round, a game with
its board and its SGF, in German and, by the language switch, in English.
Every request the pages make goes to the static server and is answered
(nothing missing, nothing from elsewhere); no page scrolls sideways on the
phone. Screenshots: ``test-artifacts/published-*.png``.
"""

from __future__ import annotations

import io
import socket
import subprocess
import sys
import time
from types import SimpleNamespace

import pytest
from django.core.management import call_command

from tests.browser.conftest import new_page
from tournament.models import Game, Tournament
from tournament.models.game import ResultState
from tournament.publishing.run import publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def published(tmp_path):
    call_command("demo", stdout=io.StringIO())
    tournament = Tournament.objects.get(slug="demo")
    folder = tmp_path / "site"
    report = publish(folder, [tournament])
    assert report.problems == []
    game = (
        Game.objects.filter(round__tournament=tournament, round__number=3, result_state=ResultState.CONFIRMED)
        .exclude(record="")
        .select_related("black", "white", "round")
        .order_by("table")
        .first()
    )
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert time.monotonic() < deadline, "the static server did not start"
            time.sleep(0.1)
    yield SimpleNamespace(url=f"http://127.0.0.1:{port}", tournament=tournament, game=game)
    server.terminate()
    server.wait(10)


def _watch(page, base: str) -> list[str]:
    """What went wrong on the wire: a request outside the static server, an answer that is not there."""
    wrong: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(base + "/") else wrong.append(f"outside: {r.url}"))
    page.on("response", lambda r: wrong.append(f"{r.status}: {r.url}") if r.status >= 400 else None)
    page.on("requestfailed", lambda r: wrong.append(f"failed: {r.url}"))
    return wrong


def _go(page, link) -> None:
    """Follow a link and wait for the page it opens."""
    with page.expect_navigation():
        link.click()


def _fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), page.url


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_the_published_site_from_a_plain_static_server(browser, published, shot, phone):
    page = new_page(browser, published, phone=phone, locale="de-DE")
    wrong = _watch(page, published.url)
    size = "phone" if phone else "desktop"
    game = published.game

    # the folder's start page (German), on to the tournament
    page.goto(published.url + "/")
    assert page.locator("html").get_attribute("lang") == "de"
    _go(page, page.get_by_role("link", name=published.tournament.name))
    assert page.url.endswith("/de/t/demo/index.html")
    assert page.locator(".published-as-of").is_visible()

    # the standings, overall and of a discipline
    _go(page, page.locator(".site-nav").get_by_role("link", name="Tabelle", exact=True))
    assert page.locator("h1").inner_text() == "Tabelle"
    assert page.locator("table.standings tbody tr").count() >= 30
    _fits(page)
    shot(page, f"published-standings-{size}-de")
    _go(page, page.locator(".scope").get_by_role("link", name="Ninuki-Renju"))
    assert "Ninuki-Renju" in page.locator("h1").inner_text()
    assert page.locator("table.standings tbody tr").count() >= 10

    # a round, and one of its games with the board and the SGF
    _go(page, page.locator(".site-nav").get_by_role("link", name="Übersicht", exact=True))
    _go(page, page.locator("table.list").first.get_by_role("link", name="3", exact=True))
    assert page.url.endswith("/de/t/demo/round/3/index.html")
    assert page.locator("h1").inner_text().startswith("Runde 3")
    _fits(page)
    shot(page, f"published-round-{size}-de")
    _go(page, page.locator(f'a.game-link[href="game/{game.pk}/index.html"]'))
    assert page.locator("h1").inner_text() == f"Runde 3, Tisch {game.table}"
    assert page.locator(".board-wrap svg").is_visible()
    assert game.black.full_name in page.locator(".game-players").inner_text()
    _fits(page)
    shot(page, f"published-game-{size}-de")
    with page.expect_download() as download:
        page.locator("a.sgf-download").click()
    sgf = open(download.value.path(), encoding="utf-8").read()
    assert download.value.suggested_filename == f"demo-round3-table{game.table}.sgf"
    assert sgf.startswith("(;") and "EV[Hannoversches Vielseitigkeitsturnier (Demo)]" in sgf
    assert f"PB[{game.black.full_name}]" in sgf

    # in English: the language switch leads to the same page in the other folder
    _go(page, page.locator(".lang-switch").get_by_role("link", name="EN"))
    assert page.url.endswith(f"/en/t/demo/round/3/game/{game.pk}/index.html")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("h1").inner_text() == f"Round 3, table {game.table}"
    assert page.get_by_role("link", name="Download the SGF").is_visible()
    shot(page, f"published-game-{size}-en")
    _go(page, page.get_by_role("link", name="← Round 3"))
    assert page.locator("h1").inner_text().startswith("Round 3")
    _go(page, page.locator(".site-nav").get_by_role("link", name="Standings", exact=True))
    assert page.locator("h1").inner_text() == "Standings"
    assert page.get_by_role("link", name="Standings (PDF)").is_visible()
    _fits(page)
    shot(page, f"published-standings-{size}-en")
    _go(page, page.get_by_role("link", name="Crosstable", exact=True).first)
    assert page.locator("h1").inner_text() == "Crosstable"
    _go(page, page.locator(".lang-switch").get_by_role("link", name="DE"))
    assert page.url.endswith("/de/t/demo/crosstable/index.html") and page.locator("h1").inner_text() == "Kreuztabelle"
    assert wrong == [], wrong
    page.context.close()
