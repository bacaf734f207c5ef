"""The published copy of the demo tournament in Chromium, served by a plain static file server.

``manage.py publish`` writes the folder; ``python -m http.server`` serves it
(what any web host does: files, nothing else). A visitor on a 390 px phone
and on a desktop starts at the folder's start page and goes by the pages'
own links to the standings (overall and a discipline), a round, a game with
its board and its SGF, in German and, by the language switch, in English.
Every request the pages make goes to the static server and is answered
(nothing missing, nothing from elsewhere); no page scrolls sideways on the
phone. Screenshots: ``test-artifacts/published-*.png``. Then every page of
the folder, found by following links from the start page, is read: every
link and every file a page loads is answered by the static server (none
broken), and what a page loads (styles, scripts, images) comes from it.
"""

from __future__ import annotations

import io
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from html.parser import HTMLParser
from types import SimpleNamespace
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from django.core.management import call_command

from tests.browser.conftest import fits, new_page
from tests.fixtures.once import built_once
from tournament.models import Game, Tournament
from tournament.models.game import ResultState
from tournament.publishing.run import publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db, pytest.mark.xdist_group("published_site")]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def published(django_db_setup, django_db_blocker, tmp_path_factory):
    """The demo published and served once for the module's tests (they only read it)."""
    with built_once(django_db_blocker):
        yield from _published(tmp_path_factory.mktemp("published"))


def _published(tmp_path):
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
    server = subprocess.Popen(  # unbuffered: it says it serves once it listens
        [sys.executable, "-u", "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    said = server.stdout.readline()  # "" if it ended instead
    assert said.startswith("Serving HTTP"), f"the static server did not start: {said!r}"
    yield SimpleNamespace(url=f"http://127.0.0.1:{port}", tournament=tournament, game=game, folder=folder)
    server.terminate()
    server.wait(10)


def _watch(page, base: str) -> list[str]:
    """What went wrong on the wire: a request outside the static server, an answer that is not there."""
    wrong: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(base + "/") else wrong.append(f"outside: {r.url}"))
    page.on("response", lambda r: wrong.append(f"{r.status}: {r.url}") if r.status >= 400 else None)
    # a load the browser gave up because the page moved on (the favicon of a page left at once) is no fault of
    # the copy: a missing file answers 404 above, a server that cannot be reached fails otherwise
    page.on(
        "requestfailed",
        lambda r: None if r.failure == "net::ERR_ABORTED" else wrong.append(f"failed: {r.url} ({r.failure})"),
    )
    return wrong


def _go(page, link) -> None:
    """Follow a link and wait for the page it opens."""
    with page.expect_navigation():
        link.click()


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
    fits(page)
    shot(page, f"published-overview-{size}-de")

    # the standings, overall and of a discipline
    _go(page, page.locator(".site-nav").get_by_role("link", name="Tabelle", exact=True))
    assert page.locator("h1").inner_text() == "Tabelle"
    assert page.locator("table.standings tbody tr").count() >= 30
    fits(page)
    shot(page, f"published-standings-{size}-de")
    _go(page, page.locator(".scope").get_by_role("link", name="Ninuki-Renju"))
    assert "Ninuki-Renju" in page.locator("h1").inner_text()
    assert page.locator("table.standings tbody tr").count() >= 10

    # a round, and one of its games with the board and the SGF
    _go(page, page.locator(".site-nav").get_by_role("link", name="Übersicht", exact=True))
    _go(page, page.locator("table.list").first.get_by_role("link", name="3", exact=True))
    assert page.url.endswith("/de/t/demo/round/3/index.html")
    assert page.locator("h1").inner_text().startswith("Runde 3")
    fits(page)
    shot(page, f"published-round-{size}-de")
    _go(page, page.locator(f'a.game-link[href="game/{game.pk}/index.html"]'))
    assert page.locator("h1").inner_text() == f"Runde 3, Tisch {game.table}"
    assert page.locator(".board-wrap svg").is_visible()
    assert game.black.spoken_name in page.locator(".game-players").inner_text()
    fits(page)
    shot(page, f"published-game-{size}-de")
    with page.expect_download() as download:
        page.locator("a.sgf-download").click()
    sgf = open(download.value.path(), encoding="utf-8").read()
    assert download.value.suggested_filename == f"demo-round3-table{game.table}.sgf"
    assert sgf.startswith("(;") and "EV[Hannoversches Vielseitigkeitsturnier (Demo)]" in sgf
    assert f"PB[{game.black.display_name}]" in sgf

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
    fits(page)
    shot(page, f"published-standings-{size}-en")
    _go(page, page.get_by_role("link", name="Crosstable", exact=True).first)
    assert page.locator("h1").inner_text() == "Crosstable"
    fits(page)
    shot(page, f"published-crosstable-{size}-en")
    _go(page, page.locator(".lang-switch").get_by_role("link", name="DE"))
    assert page.url.endswith("/de/t/demo/crosstable/index.html") and page.locator("h1").inner_text() == "Kreuztabelle"
    assert wrong == [], wrong
    page.context.close()


class _Links(HTMLParser):
    """A page's links (``a``, ``area``) and what it loads (``link``, ``script``, ``img``, ``source``...)."""

    LOADS = {"link": "href", "script": "src", "img": "src", "source": "src", "iframe": "src", "video": "src"}

    def __init__(self):
        super().__init__()
        self.links: list[str] = []
        self.loads: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("a", "area") and attrs.get("href"):
            self.links.append(attrs["href"])
        if tag in self.LOADS and attrs.get(self.LOADS[tag]):
            self.loads.append(attrs[self.LOADS[tag]])
        for name in ("srcset", "imagesrcset"):
            for part in (attrs.get(name) or "").split(","):
                if part.strip():
                    self.loads.append(part.split()[0])


def test_every_link_of_the_published_site_leads_to_a_file_of_it(browser, published):
    """From the start page, every page reachable by links: each link answered 200 by the static server,
    everything a page loads from that server; the German and the English pages and the standings among
    them."""
    base = published.url + "/"
    seen: set[str] = set()
    queue = [base]
    broken: list[str] = []
    outside_loads: list[str] = []
    pages: list[str] = []
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        try:
            with urllib.request.urlopen(url, timeout=10) as answer:  # noqa: S310 - the test's own http://127.0.0.1 server
                kind = answer.headers.get_content_type()
                body = answer.read()
        except urllib.error.HTTPError as error:
            broken.append(f"{error.code}: {url}")
            continue
        if kind != "text/html":
            continue
        pages.append(url)
        parser = _Links()
        parser.feed(body.decode("utf-8"))
        for load in parser.loads:
            target = urljoin(url, load)
            if not target.startswith(base):
                outside_loads.append(f"{url} loads {target}")
            elif target not in seen:
                queue.append(target)
        for link in parser.links:
            target = urldefrag(urljoin(url, link))[0]
            if urlsplit(target).scheme in ("mailto", "tel"):
                continue
            if target.startswith(base) and target not in seen:
                queue.append(target)
    assert broken == [], broken
    assert outside_loads == [], outside_loads
    paths = {urlsplit(p).path for p in pages}
    for language in ("de", "en"):
        assert f"/{language}/t/demo/standings/index.html" in paths
        assert f"/{language}/t/demo/crosstable/index.html" in paths
        assert f"/{language}/t/demo/round/3/game/{published.game.pk}/index.html" in paths
        assert f"/{language}/t/demo/players/index.html" in paths
        assert {f"/{language}/t/demo/round/{n}/index.html" for n in range(1, 5)} <= paths
    # every page and file of the copy (but the API's answers, for programs) is reached by links
    reached = {urlsplit(url).path.lstrip("/") or "index.html" for url in seen}
    reached.add("favicon.ico")  # a browser asks for it by itself
    files = {
        str(path.relative_to(published.folder))
        for path in published.folder.rglob("*")
        if path.is_file()
        and path.parts[len(published.folder.parts)] not in ("api", "static")
        and not path.name.startswith(".")
    }
    assert files - reached == set()
    assert len(pages) > 200, len(pages)
