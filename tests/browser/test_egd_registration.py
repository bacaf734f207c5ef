"""Self-registration with the EGD rating list, in Chromium: type part of the name, choose, register."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.fixtures.day import round_to_come
from tests.fixtures.egd_list import egd_bytes
from tournament.models import Registration
from tournament.permissions import SYSTEM
from tournament.ranks import parse_rank
from tournament.services.ratings import rating_list_import

from .conftest import new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_self_registration_finds_the_player_and_registers_with_the_filled_data(browser, live_server, live_day, shot):
    round_to_come(live_day.tournament)  # registration is open until the last round is paired
    rating_list_import(data=egd_bytes(), user=SYSTEM)
    page = new_page(browser, live_server, phone=True)
    page.goto(f"{live_server.url}/t/{live_day.tournament.slug}/register/")
    page.locator("#egd-q").press_sequentially("jürg", delay=40)
    choice = page.locator('.egd-results a[data-pin="12345678"]')
    choice.wait_for()
    assert page.locator(".egd-results li").count() == 1
    shot(page, "register-egd-search-phone")
    page.fill('input[name="username"]', "juergen")  # typed before choosing: kept
    choice.click()
    expect(page.locator('input[name="egd_pin"]')).to_have_value("12345678")  # no eval: the page's CSP forbids it
    values = {
        name: page.input_value(f'input[name="{name}"]')
        for name in ("surname", "given_name", "club", "country", "rank", "egd_pin", "rating")
    }
    assert values == {
        "surname": "Müller",
        "given_name": "Jürgen",
        "club": "Hann",
        "country": "DE",
        "rank": "3k",
        "egd_pin": "12345678",
        "rating": "1800",
    }
    assert page.input_value('input[name="username"]') == "juergen"
    page.fill('input[name="email"]', "juergen@example.org")
    page.fill('input[name="password"]', "Go-spielen-2026")
    shot(page, "register-egd-filled-phone")
    page.locator('form.form button[type="submit"]').click()
    page.wait_for_url(f"**/t/{live_day.tournament.slug}/me/")
    reg = Registration.objects.get(tournament=live_day.tournament, user__username="juergen")
    assert (reg.surname, reg.given_name, reg.club, reg.country, reg.rank, reg.egd_pin, reg.rating) == (
        "Müller",
        "Jürgen",
        "Hann",
        "DE",
        parse_rank("3k"),
        "12345678",
        1800,
    )
    assert reg.source == Registration.Source.SELF
    page.context.close()
