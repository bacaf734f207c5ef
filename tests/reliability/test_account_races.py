"""Two sign-ups at once (a double click, or two people choosing one name): one account, never a 500.

Real threads with their own database connections (see ``together.py``), on
SQLite and on PostgreSQL. Both requests are held until each has found the
name free (in its form and again on the way to making the account), so the
race is real: neither has seen the other's account before it writes.
"""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.fixtures.day import build_day, round_to_come
from tournament.models import Registration
from tournament.selectors.accounts import users_named

from .together import run_together

pytestmark = pytest.mark.django_db(transaction=True)

STRONG = "Stones-and-Pairs-42"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _both_found_the_name_free(monkeypatch):
    """Each request waits, once it has found the name free, until the other has too."""
    from tournament.services import accounts

    both = threading.Barrier(2)
    check = accounts.clean_new_username

    def check_and_wait(*args, **kwargs):
        name = check(*args, **kwargs)
        try:
            both.wait(timeout=10)
        except threading.BrokenBarrierError:
            pass
        return name

    monkeypatch.setattr(accounts, "clean_new_username", check_and_wait)


def _sign_up(username, password=STRONG, email="nina@example.org"):
    client = Client()
    data = {
        "username": username,
        "password1": password,
        "password2": password,
        "email": email,
        "next": "/t/hannover/register/",
    }
    return client, lambda: client.post(reverse("signup"), data, HTTP_ACCEPT_LANGUAGE="en")


def test_double_click_on_sign_up_makes_one_account(monkeypatch):
    _both_found_the_name_free(monkeypatch)
    (first, post1), (second, post2) = _sign_up("Nina"), _sign_up("Nina")
    responses = run_together(post1, post2)
    assert not any(isinstance(r, BaseException) for r in responses), responses
    assert [r.status_code for r in responses] == [302, 302], [r.content.decode()[:2000] for r in responses]
    assert all(r["Location"] == "/t/hannover/register/" for r in responses)
    user = get_user_model().objects.get(username="Nina")
    assert len(users_named("nina")) == 1
    assert int(first.session["_auth_user_id"]) == int(second.session["_auth_user_id"]) == user.pk


def test_two_people_choosing_one_name_in_other_case_at_once(monkeypatch):
    _both_found_the_name_free(monkeypatch)
    (_c1, post1), (_c2, post2) = _sign_up("Zoe", password=STRONG), _sign_up("ＺＯＥ", password=STRONG + "!")
    responses = run_together(post1, post2)
    assert not any(isinstance(r, BaseException) for r in responses), responses
    assert sorted(r.status_code for r in responses) == [200, 302]
    refused = next(r for r in responses if r.status_code == 200)
    assert "This user name is taken" in refused.content.decode()
    assert len(users_named("zoe")) == 1


def test_double_click_on_self_registration_makes_one_account_and_one_registration(monkeypatch):
    day = build_day()
    _both_found_the_name_free(monkeypatch)
    round_to_come(day.tournament)
    url = reverse("register", args=[day.tournament.slug])
    data = {
        "given_name": "Erika",
        "surname": "Ernst",
        "club": "Hannover",
        "country": "de",
        "rank": "2d",
        "egd_pin": "",
        "email": "erika@example.org",
        "username": "erika",
        "password": STRONG,
    }
    clients = [Client(), Client()]
    responses = run_together(*(lambda c=c: c.post(url, data) for c in clients))
    assert not any(isinstance(r, BaseException) for r in responses), responses
    assert [r.status_code for r in responses] == [302, 302], [r.content.decode()[:2000] for r in responses]
    assert all(r["Location"] == reverse("my_tournament", args=[day.tournament.slug]) for r in responses)
    user = get_user_model().objects.get(username="erika")
    assert Registration.objects.filter(tournament=day.tournament, user=user).count() == 1
    assert all(int(c.session["_auth_user_id"]) == user.pk for c in clients)
