"""The log-in throttle (django-axes): per user name AND client address, so one venue's NAT address is not locked out.

Five failures for one name from one address lock that pair out for 15
minutes (429, the site's page, both languages); other names from the same
address and the same name from elsewhere still log in. ``X-Forwarded-For``
counts only when the request comes from a proxy in ``TRUSTED_PROXIES``.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import RequestFactory
from django.urls import reverse

from tests.fixtures.day import round_to_come
from tournament.client_address import client_address

VENUE = "203.0.113.10"  # the playing hall's one NAT address
ELSEWHERE = "198.51.100.7"
PROXY = "10.0.0.2"


def _log_in(client, username, password, address=VENUE, url=None, **headers):
    return client.post(
        url or reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address, **headers
    )


def _fail(client, username="alice", times=1, **kwargs):
    return [_log_in(client, username, "wrong", **kwargs).status_code for _ in range(times)]


def _logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_fifth_failure_locks_the_name_at_this_address(client, day):
    assert _fail(client, times=4) == [200] * 4
    assert _fail(client) == [429]
    response = _log_in(client, "alice", "pw-alice-123")
    assert response.status_code == 429 and not _logged_in(client)  # even the right password waits


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Too many failed log-in attempts. Please wait 15 minutes and try again."),
        ("de", "Zu viele fehlgeschlagene Anmeldeversuche. Bitte 15 Minuten warten"),
    ],
)
def test_lockout_page_is_the_site_s_in_both_languages(client, day, language, message):
    _fail(client, times=5)
    response = _log_in(client, "alice", "pw-alice-123", HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == 429
    assert message in page and 'class="brand"' in page and 'name="username"' in page


def test_another_name_from_the_same_address_still_logs_in(client, day):
    _fail(client, "alice", times=5)
    assert _log_in(client, "bob", "pw-bob-123").status_code == 302


def test_the_same_name_from_another_address_still_logs_in(client, day):
    _fail(client, "alice", times=5)
    assert _log_in(client, "alice", "pw-alice-123", address=ELSEWHERE).status_code == 302


def test_spellings_of_one_name_count_together(client, day):
    for name in ["alice", "ALICE", "Ａｌｉｃｅ", " alice", "Alice"]:
        _log_in(client, name, "wrong")
    assert _log_in(client, "alice", "pw-alice-123").status_code == 429


def test_success_clears_the_count(client, day):
    _fail(client, times=4)
    assert _log_in(client, "alice", "pw-alice-123").status_code == 302
    client.logout()
    assert _fail(client, times=4) == [200] * 4
    assert _log_in(client, "alice", "pw-alice-123").status_code == 302


def test_lockout_ends_after_the_cool_off(client, day):
    _fail(client, times=5)
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=14))
    assert _log_in(client, "alice", "pw-alice-123").status_code == 429
    # a try while locked out does not lengthen the wait
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=2))
    assert _log_in(client, "alice", "pw-alice-123").status_code == 302


def test_admin_log_in_is_throttled_too(client, day):
    url = reverse("admin:login")
    assert _fail(client, "admin", times=4, url=url) == [200] * 4
    assert _fail(client, "admin", url=url) == [429]
    response = _log_in(client, "admin", "pw-admin-123", url=url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 429 and not _logged_in(client)
    assert "Too many failed log-in attempts" in response.content.decode()
    # the site's log-in counts with the admin's: same name, same address
    assert _log_in(client, "admin", "pw-admin-123").status_code == 429


# --- which address is counted -----------------------------------------------------------


def _request(remote, forwarded=None):
    headers = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().post("/accounts/login/", **headers)


def test_forwarded_for_is_ignored_without_trusted_proxies(settings):
    settings.TRUSTED_PROXIES = []
    assert client_address(_request(VENUE, "192.0.2.99")) == VENUE


def test_forwarded_for_is_ignored_from_an_address_not_listed(settings):
    settings.TRUSTED_PROXIES = [PROXY]
    # a client talking to the site directly writes the proxy into the header: no use
    assert client_address(_request(VENUE, f"192.0.2.99, {PROXY}")) == VENUE


def test_forwarded_for_from_a_trusted_proxy_names_the_client(settings):
    settings.TRUSTED_PROXIES = [PROXY, "172.16.0.0/12"]
    assert client_address(_request(PROXY, VENUE)) == VENUE
    # the client's own forged entry is left of what the proxy appended
    assert client_address(_request(PROXY, f"192.0.2.99, {VENUE}")) == VENUE
    # two trusted proxies in a row
    assert client_address(_request(PROXY, f"{VENUE}, 172.16.5.1")) == VENUE
    # no header, or garbage: the proxy's own address
    assert client_address(_request(PROXY)) == PROXY
    assert client_address(_request(PROXY, "not-an-address")) == PROXY
    assert client_address(_request("2001:db8::1", VENUE)) == "2001:db8::1"


def test_forged_forwarded_for_does_not_escape_the_lock(client, day, settings):
    """A new X-Forwarded-For on every try, sent straight to the site: still counted under REMOTE_ADDR."""
    settings.TRUSTED_PROXIES = [PROXY]
    codes = [
        _log_in(client, "alice", "wrong", HTTP_X_FORWARDED_FOR=f"192.0.2.{i}, {PROXY}").status_code for i in range(5)
    ]
    assert codes == [200] * 4 + [429]
    response = _log_in(client, "alice", "pw-alice-123", HTTP_X_FORWARDED_FOR=f"192.0.2.77, {PROXY}")
    assert response.status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {VENUE}


def test_behind_a_trusted_proxy_each_client_is_counted_alone(client, day, settings):
    settings.TRUSTED_PROXIES = [PROXY]
    assert _fail(client, times=5, address=PROXY, HTTP_X_FORWARDED_FOR=VENUE)[-1] == 429
    # another client behind the same proxy
    response = _log_in(client, "alice", "pw-alice-123", address=PROXY, HTTP_X_FORWARDED_FOR=ELSEWHERE)
    assert response.status_code == 302
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) <= {VENUE}


def test_a_request_without_an_address_is_counted_under_none(settings):
    settings.TRUSTED_PROXIES = [PROXY]
    assert client_address(_request("")) is None
    assert client_address(_request("garbage", VENUE)) is None


# --- the sign-up's double click is a log-in, and throttled like one ---------------------

STRONG = "Stones-and-Pairs-42"
GUESSES = [f"Guess-{n}-Stones-and-Pairs" for n in range(8)]  # each passes the password rules


def _sign_up(client, username, password, address=VENUE, email="", **headers):
    data = {"username": username, "password1": password, "password2": password, "email": email}
    return client.post(reverse("signup"), data, REMOTE_ADDR=address, **headers)


def test_the_sign_up_double_click_cannot_guess_a_new_accounts_password(db):
    """Issue #21, item 14: a second identical sign-up logs in when the account was just made; with another
    password it used to say "taken" without counting, so anyone could try passwords for a minute-old account."""
    from django.test import Client

    assert _sign_up(Client(), "nina", STRONG, address=ELSEWHERE).status_code == 302  # Nina signs up
    attacker = Client()
    codes = [_sign_up(attacker, "nina", guess).status_code for guess in GUESSES[:5]]
    assert codes == [200] * 4 + [429]
    response = _sign_up(attacker, "nina", STRONG, HTTP_ACCEPT_LANGUAGE="en")  # even the right one now
    assert response.status_code == 429 and not _logged_in(attacker)
    assert "Too many failed log-in attempts" in response.content.decode()
    assert set(AccessAttempt.objects.values_list("username", flat=True)) == {"nina"}
    # Nina herself, from her own address, is not locked out
    assert _log_in(Client(), "nina", STRONG, address=ELSEWHERE).status_code == 302


def test_the_double_click_counts_with_the_log_in_page(db):
    from django.test import Client

    assert _sign_up(Client(), "nina", STRONG, address=ELSEWHERE).status_code == 302
    attacker = Client()
    assert _fail(attacker, "nina", times=5)[-1] == 429
    response = _sign_up(attacker, "nina", STRONG)
    assert response.status_code == 429 and not _logged_in(attacker)


def test_the_self_registration_double_click_is_throttled_too(client, day):
    round_to_come(day.tournament)
    from django.test import Client

    url = reverse("register", args=[day.tournament.slug])
    data = {
        "given_name": "Erika",
        "surname": "Ernst",
        "club": "Hannover",
        "country": "DE",
        "rank": "2d",
        "egd_pin": "",
        "email": "erika@example.org",
        "username": "erika",
    }
    assert Client().post(url, {**data, "password": STRONG}, REMOTE_ADDR=ELSEWHERE).status_code == 302
    attacker = Client()
    codes = [attacker.post(url, {**data, "password": g}, REMOTE_ADDR=VENUE).status_code for g in GUESSES[:5]]
    assert codes == [200] * 4 + [429]
    response = attacker.post(url, {**data, "password": STRONG}, REMOTE_ADDR=VENUE)
    assert response.status_code == 429 and not _logged_in(attacker)


def test_a_real_double_click_still_logs_in(db):
    from django.test import Client

    first, second = Client(), Client()
    assert _sign_up(first, "nina", STRONG).status_code == 302
    response = _sign_up(second, "nina", STRONG)
    assert response.status_code == 302 and _logged_in(second)
    assert not AccessAttempt.objects.exists()
