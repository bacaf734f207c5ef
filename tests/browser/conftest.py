"""Browser tests: Playwright drives Debian's Chromium against pytest-django's live server."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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
