"""Browser tests: Playwright drives Debian's Chromium against pytest-django's live server."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tests.factories import make_discipline, make_player, make_tournament
from tournament.models import Discipline, Registration, Round, Tournament, TournamentRole
from tournament.ranks import parse_rank

# Playwright's sync API runs an event loop in this thread; Django's ORM would refuse to run then.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is missing at /usr/bin/chromium (make test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def live_day(transactional_db):
    from tests.fixtures.day import build_day

    return build_day()


@pytest.fixture
def shot():
    ARTIFACTS.mkdir(exist_ok=True)

    def save(page, name: str, full_page: bool = True):
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)

    return save


#: What the browser reported as refused by the Content-Security-Policy during the current test.
CSP_VIOLATIONS: list[str] = []
#: Errors the pages' scripts logged during the current test (htmx's syntax errors among them).
SCRIPT_ERRORS: list[str] = []
#: The contexts new_page opened during the current test, closed after it whatever happened.
OPEN_CONTEXTS: list = []
#: Console errors that are the page working as meant: a form answered 4xx shows its errors in place.
EXPECTED_ERRORS = ("Failed to load resource: the server responded with a status of 4",)


@pytest.fixture(autouse=True)
def _no_csp_violations():
    """Every page of every browser test satisfies the site's Content-Security-Policy and logs no script error."""
    CSP_VIOLATIONS.clear()
    SCRIPT_ERRORS.clear()
    yield
    while OPEN_CONTEXTS:  # a test that failed half-way leaves its pages polling: none may outlive it
        OPEN_CONTEXTS.pop().close()  # closing a context the test closed already does nothing
    assert not CSP_VIOLATIONS, "Content-Security-Policy violations:\n" + "\n".join(CSP_VIOLATIONS)
    assert not SCRIPT_ERRORS, "Errors in the browser's console:\n" + "\n".join(SCRIPT_ERRORS)


def _watch_csp(page) -> None:
    def console(message):
        text = message.text
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            CSP_VIOLATIONS.append(f"{page.url}: {text}")
        elif message.type == "error" and not text.startswith(EXPECTED_ERRORS):
            SCRIPT_ERRORS.append(f"{page.url}: {text}")

    page.on("console", console)
    page.on("pageerror", lambda error: SCRIPT_ERRORS.append(f"{page.url}: {error}"))


def new_page(browser, live_server, *, phone: bool = False, locale: str = "en"):
    context = browser.new_context(
        viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 900},
        device_scale_factor=2 if phone else 1,
        is_mobile=phone,
        has_touch=phone,
        locale=locale,
    )
    context.set_default_timeout(15_000)
    context.on("page", _watch_csp)
    OPEN_CONTEXTS.append(context)
    page = context.new_page()
    return page


def log_in(page, live_server, username: str, language: str = "en"):
    page.goto(f"{live_server.url}/accounts/login/")
    if language:
        lang_button = page.locator(f'.lang-switch button[value="{language}"]')
        if "current" not in (lang_button.get_attribute("class") or ""):
            lang_button.click()
            page.wait_for_load_state()
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', f"pw-{username}-123")
    page.locator('main button[type="submit"]').click()
    page.wait_for_load_state()


def club_with_lena(ranks: list[str]) -> tuple[Tournament, Discipline, Registration]:
    """A Go tournament (no handicap) of ``len(ranks)`` players ranked so, its organizer ``tessa``
    (password ``pw-tessa-123``) and the weakest, Lena Zimmermann, a player with her own account ``lena``
    (``pw-lena-123``); the others ``SpielerNN``."""
    users = get_user_model().objects
    director = users.create_user("tessa", password="pw-tessa-123")
    lena_account = users.create_user("lena", password="pw-lena-123")
    t = make_tournament()
    TournamentRole.objects.create(tournament=t, user=director, role="organizer")
    go = make_discipline(t, handicap_policy="none")
    for i, rank in enumerate(ranks[:-1]):
        make_player(t, rank=rank, surname=f"Spieler{i:02d}")
    lena = make_player(t, rank=ranks[-1], surname="Zimmermann", given_name="Lena", user=lena_account)
    return t, go, lena


def fits(page) -> None:
    """The page is no wider than its window (a phone's 390 px): nothing sticks out sideways."""
    from .test_phone_width import MEASURE

    measured = page.evaluate(MEASURE)
    assert measured["scroll"] <= measured["width"], measured["wide"]


def pdf_text(content: bytes) -> str:
    """A PDF's text, as Poppler's pdftotext reads it."""
    return subprocess.run(["pdftotext", "-", "-"], input=content, capture_output=True, check=True).stdout.decode()


# The congress morning (issue #34): 300 registered players, checking in by the hall's QR code.

SURNAMES = [
    "Müller", "Schröder", "Łukasiewicz", "van der Berg", "Nowak", "Dvořák", "Öztürk", "Weiß", "Kowalski",
    "Janssen", "Fischer", "Horváth", "Novák", "Jensen", "Dubois",
]  # fmt: skip
GIVEN = [
    "Anna", "Ben", "Chloé", "David", "Eva", "Finn", "Greta", "Hannes", "Ida", "Jonas",
    "Karin", "Lars", "Mia", "Nils", "Olga", "Paul", "Ronja", "Sven", "Tereza", "Ulf",
]  # fmt: skip
RANKS = ["5d", "3d", "1d", "1k", "3k", "5k", "8k", "10k", "12k", "15k", "18k", "20k"]


@pytest.fixture
def congress(transactional_db):
    """300 confirmed players (15 surnames x 20 given names) of a Go tournament with two planned rounds, its
    organizer ``orga``; one player (Zoe Zettel) has a welcome slip's code."""
    orga = get_user_model().objects.create_user("orga", password="pw-orga-123")
    t = Tournament.objects.create(
        name="Europäischer Go-Kongress", slug="egc", start_date=dt.date(2026, 7, 25), end_date=dt.date(2026, 7, 26)
    )
    TournamentRole.objects.create(tournament=t, user=orga, role="organizer")
    go = Discipline.objects.create(tournament=t, name="Go", kind="go", board_size=19, komi=7)
    for number in (1, 2):
        Round.objects.create(tournament=t, discipline=go, number=number)
    Registration.objects.bulk_create(
        Registration(
            tournament=t,
            surname=SURNAMES[i % len(SURNAMES)],
            given_name=GIVEN[i // len(SURNAMES)],
            rank=parse_rank(RANKS[i % len(RANKS)]),
            country="DE",
            club=f"Club {i % 40}",
            status=Registration.Status.CONFIRMED,
        )
        for i in range(299)
    )
    make_player(t, surname="Zettel", given_name="Zoe", rank="2k")
    return t


def open_check_in(browser, live_server, t: Tournament, shot=None):
    """The organizer (``orga``, desktop, English) opens the check-in and puts the hall's QR code on the
    projector (its screenshot with ``shot``); the desk's page (showing that screen) and the address the code
    holds, checked to be the tournament's check-in address."""
    slug = f"{live_server.url}/t/{t.slug}"
    desk = new_page(browser, live_server)
    log_in(desk, live_server, "orga")
    desk.goto(f"{slug}/manage/checkin/")
    desk.locator("#checkin-settings input[name=open]").check()
    desk.locator("#checkin-settings button[type=submit]").click()
    desk.goto(f"{slug}/manage/checkin/screen/")
    if shot is not None:
        shot(desk, "checkin-projector-en", full_page=False)
    url = desk.locator(".checkin-qr figcaption").inner_text().strip()
    t.refresh_from_db()
    assert url == f"{slug}/checkin/{t.checkin_code}/"
    return desk, url


def seated(round_) -> set[int]:
    """The players a round has seated: at a board or with a bye."""
    return {pk for g in round_.games.all() for pk in (g.black_id, g.white_id)} | {
        b.player_id for b in round_.byes.all()
    }


#: What a phone's check-in page says, by language: the question before confirming, the answer after.
CHECKIN_WORDS = {"de": ("Bist du das?", "Eingecheckt:"), "en": ("Is this you?", "Checked in:")}


def phone_by_name(browser, live_server, url: str, query: str, name: str, shot=None, language: str = "de"):
    """A real phone (390 px, in ``language``) scans the code: searches, picks ``name``, confirms."""
    question, answer = CHECKIN_WORDS[language]
    page = new_page(browser, live_server, phone=True, locale=language)
    page.goto(url)
    assert page.locator("h1").inner_text().startswith("Check-in")
    page.fill("#checkin-q", query)
    page.locator("#checkin-search button[type=submit]").click()
    page.locator(".checkin-found a", has_text=name).click()
    assert question in page.locator("#checkin-confirm").inner_text()
    fits(page)
    if shot:
        shot(page, f"checkin-phone-confirm-{language}")
    page.locator("#checkin-confirm button[type=submit]").click()
    assert answer in page.locator("#checkin-done").inner_text()
    fits(page)
    if shot:
        shot(page, f"checkin-phone-done-{language}")
    return page


def post_check_ins(page, url: str, players: list[Registration]) -> None:
    """The players check in by HTTP through the QR's address, with the phone's session and CSRF token."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    for player in players:
        answer = page.request.post(
            url,
            form={"how": "name", "registration": str(player.pk), "csrfmiddlewaretoken": token},
            headers={"Referer": url},
        )
        assert answer.status == 200, (player, answer.status)
