"""Claim codes are throttled: wrong codes per client address, look-ups per code, counted in the shared cache.

Issue #21, item 14: 6,500-10,500 anonymous guesses a minute from one address
went through. Now an address that typed ``CLAIM_GUESSES_PER_ADDRESS`` wrong
codes in the window gets the "too many tries" page (429, both languages) for
every code, the right one included, until the window ends; a right code from
another address still works; a new window forgets the count. The counts live
in Django's cache, so every worker process sees them (one test counts in a
second process on the file cache the site uses by default).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from django.urls import reverse

from tournament import throttle
from tournament.models import Registration

pytestmark = pytest.mark.django_db

VENUE = "203.0.113.10"
ELSEWHERE = "198.51.100.7"
PROXY = "10.0.0.2"
LIMIT = 5
WRONG = [f"AAAAAAAA{a}{b}" for a in "CDEFG" for b in "HJKMN"]  # 25 codes in the alphabet, none on a slip


@pytest.fixture(autouse=True)
def _small_limits(settings):
    settings.CLAIM_GUESSES_PER_ADDRESS = LIMIT
    settings.CLAIM_LOOKUPS_PER_CODE = 8
    settings.CLAIM_GUESS_WINDOW_SECONDS = 900


@pytest.fixture
def clock(monkeypatch):
    """The throttle's clock, moved by the test (the start of a window, so that no window ends by itself)."""
    at = {"t": 1_800_000_000.0}
    monkeypatch.setattr(throttle, "now", lambda: at["t"])
    return at


def _open(client, code, address=VENUE, **headers):
    return client.get(reverse("claim_code", args=[code]), REMOTE_ADDR=address, **headers)


def _guess(client, n, address=VENUE, **headers):
    return [_open(client, code, address, **headers).status_code for code in WRONG[:n]]


def test_wrong_codes_up_to_the_limit_then_too_many_tries(client, two, clock):
    assert _guess(client, LIMIT) == [404] * LIMIT
    response = _open(client, WRONG[LIMIT])
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    # the right code from the same address waits too: the address may not go on guessing
    response = _open(client, two.bernd.claim_code)
    assert response.status_code == 429 and "Bernd" not in response.content.decode()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Too many tries", "Too many wrong codes were typed from your network.", "Please wait 15 minutes"]),
        ("de", ["Zu viele Versuche", "Aus deinem Netz wurden zu viele falsche Codes eingegeben.", "15 Minuten"]),
    ],
)
def test_the_too_many_tries_page_in_both_languages(client, two, clock, language, words):
    _guess(client, LIMIT)
    response = _open(client, WRONG[LIMIT], HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == 429 and 'class="brand"' in page
    assert all(word in page for word in words), page


def test_a_right_code_from_another_address_still_works(client, two, clock):
    _guess(client, LIMIT + 3)
    response = _open(client, two.bernd.claim_code, address=ELSEWHERE)
    assert response.status_code == 200 and "Bernd Brandt" in response.content.decode()
    client.force_login(two.user("mallory"))
    response = client.post(reverse("claim_code", args=[two.bernd.claim_code]), REMOTE_ADDR=ELSEWHERE)
    assert response.status_code == 302 and Registration.objects.get(pk=two.bernd.pk).user == two.user("mallory")


def test_the_count_is_forgotten_when_the_window_ends(client, two, clock):
    _guess(client, LIMIT)
    assert _open(client, WRONG[LIMIT]).status_code == 429
    clock["t"] += 899
    assert _open(client, WRONG[LIMIT]).status_code == 429
    clock["t"] += 1  # the next window
    assert _open(client, two.bernd.claim_code).status_code == 200
    assert _guess(client, LIMIT) == [404] * LIMIT
    assert _open(client, WRONG[LIMIT]).status_code == 429


def test_right_codes_do_not_use_up_the_addresses_tries(client, two, clock):
    for _ in range(LIMIT + 2):
        assert _open(client, two.bernd.claim_code).status_code == 200
    assert _guess(client, LIMIT) == [404] * LIMIT


def test_one_code_is_looked_up_a_bounded_number_of_times_from_everywhere(client, two, clock):
    code = two.bernd.claim_code
    answers = [_open(client, code, address=f"192.0.2.{i}").status_code for i in range(10)]
    assert answers == [200] * 8 + [429] * 2
    response = _open(client, code, address="192.0.2.99", HTTP_ACCEPT_LANGUAGE="en")
    assert "This code was opened too often in a short time." in response.content.decode()
    # another code is not concerned
    carl = Registration.objects.get(tournament=two.a, given_name="Carl")
    assert _open(client, carl.claim_code, address="192.0.2.99").status_code == 200
    clock["t"] += 900
    assert _open(client, code, address="192.0.2.99").status_code == 200


def test_typing_the_code_on_the_claim_page_is_counted_the_same(client, two, clock):
    for code in WRONG[:LIMIT]:
        response = client.post(reverse("claim"), {"code": code}, REMOTE_ADDR=VENUE)
        assert client.get(response["Location"], REMOTE_ADDR=VENUE).status_code == 404
    response = client.post(reverse("claim"), {"code": two.bernd.claim_code}, REMOTE_ADDR=VENUE)
    assert client.get(response["Location"], REMOTE_ADDR=VENUE).status_code == 429


def test_a_forged_forwarded_for_does_not_escape_the_count(client, two, clock, settings):
    settings.TRUSTED_PROXIES = [PROXY]
    codes = [
        _open(client, code, HTTP_X_FORWARDED_FOR=f"192.0.2.{i}, {PROXY}").status_code
        for i, code in enumerate(WRONG[: LIMIT + 1])
    ]
    assert codes == [404] * LIMIT + [429]
    # behind the trusted proxy each client is counted alone
    assert _open(client, WRONG[0], address=PROXY, HTTP_X_FORWARDED_FOR=ELSEWHERE).status_code == 404


def test_guesses_are_counted_across_processes_in_the_file_cache(client, two, settings, tmp_path):
    """Another process (another gunicorn worker) counts wrong codes; this one sees the address spent.

    The site's default cache when debug is off: ``FileBasedCache`` in ``DJANGO_CACHE_DIR``.
    """
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache", "LOCATION": str(tmp_path)}
    }
    # the addresses are counted under keys hashed with the secret key: both processes share one, a production
    # one (with debug off the site refuses the public development key)
    settings.SECRET_KEY = "t3" * 30 + "-the-workers-shared-key"
    root = Path(__file__).resolve().parents[2]
    script = textwrap.dedent(
        f"""
        import django
        django.setup()
        from tournament.services.claims import GUESSES_PER_ADDRESS
        for _ in range({LIMIT}):  # what a worker counts for each wrong code
            GUESSES_PER_ADDRESS.count({VENUE!r})
        """
    )
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="tournament.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=settings.SECRET_KEY,
        DJANGO_CACHE_DIR=str(tmp_path),
        DJANGO_CLAIM_GUESSES_PER_ADDRESS=str(LIMIT),
    )
    env.pop("DJANGO_REDIS_URL", None)
    done = subprocess.run([sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert _open(client, two.bernd.claim_code).status_code == 429
    assert _open(client, two.bernd.claim_code, address=ELSEWHERE).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_guesses_sent_at_once_cannot_all_pass_the_count(clock):
    """Twelve wrong codes from one address at the same moment (real threads): each is counted before it is
    answered, so exactly the limit of them get an answer."""
    from django.test import Client

    from .together import run_together

    jobs = [lambda code=code: _open(Client(), code) for code in WRONG[:12]]
    responses = run_together(*jobs)
    assert not any(isinstance(r, BaseException) for r in responses), responses
    codes = [r.status_code for r in responses]
    assert (codes.count(404), codes.count(429)) == (LIMIT, 12 - LIMIT), codes
