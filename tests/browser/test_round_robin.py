"""A club round robin on a 390 px phone: the organizer creates it, makes the whole schedule from a round's
page, publishes round 1; the square crosstable scrolls in its own box, never the page. A withdrawal after
round 3: the players list's button leads to the one choice and its confirmation."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Q

from tests.factories import make_discipline, make_player, make_round
from tournament.models import Game, Round, Tournament
from tournament.models.discipline import DisciplineKind
from tournament.models.game import Result

from .conftest import log_in, new_page
from .test_phone_width import MEASURE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organizer_makes_a_round_robin_on_a_phone(browser, live_server, shot):
    get_user_model().objects.create_user("clara", password="pw-clara-123")
    page = new_page(browser, live_server, phone=True)
    log_in(page, live_server, "clara")
    page.goto(f"{live_server.url}/tournaments/new/")
    page.fill('input[name="name"]', "Vereinsmeisterschaft 2027")
    page.fill('input[name="start_date"]', "2027-03-06")
    page.fill('input[name="place"]', "Hannover")
    page.select_option('select[name="pairing_system"]', "roundrobin")
    page.locator("button", has_text="Create the tournament").click()
    page.wait_for_load_state()
    t = Tournament.objects.get(name="Vereinsmeisterschaft 2027")
    go = make_discipline(t, DisciplineKind.GO, handicap_policy="none")
    for i, name in enumerate(["Albers", "Bauer-Schönberg", "Çelik", "Dvořák", "Engelhardt", "Fischer"]):
        make_player(t, surname=name, given_name="Maximiliane", rating=2000 - i)
    for n in range(1, 6):
        make_round(t, go, n)

    page.goto(f"{live_server.url}/t/{t.slug}/manage/rounds/1/")
    page.locator("button", has_text="Make the whole round-robin schedule").click()
    page.wait_for_load_state()
    assert page.locator("text=Round-robin schedule made: 6 players, 5 rounds paired.").count() == 1
    assert list(t.rounds.values_list("status", flat=True)) == [Round.Status.PAIRED] * 5
    page.locator("button", has_text="Publish").click()
    page.wait_for_load_state()
    Game.objects.filter(round__number=1, round__tournament=t).update(result=Result.BLACK)

    page.goto(f"{live_server.url}/t/{t.slug}/crosstable/")
    table = page.locator("table.crosstable.round-robin")
    table.wait_for()
    assert table.locator("tbody tr").count() == 6
    assert table.locator("td.self").count() == 6
    assert table.locator("td.cell", has_text="+/b0").count() == 3
    shot(page, "round-robin-crosstable-phone")
    measured = page.evaluate(MEASURE)
    assert measured["scroll"] <= measured["width"], measured["wide"]

    # after round 3 Fischer withdraws: the players list's button (htmx) sends the organizer to the decision
    Game.objects.filter(round__number__lte=3, round__tournament=t).update(result=Result.BLACK)
    her = t.registrations.get(surname="Fischer")
    page.goto(f"{live_server.url}/t/{t.slug}/manage/players/")
    page.locator(f"#reg-{her.pk} button", has_text="Withdraw").click()
    page.wait_for_url(f"**/manage/rounds/robin/withdraw/{her.pk}/")
    assert page.locator("input[value=forfeit]").is_checked()
    shot(page, "round-robin-withdrawal-phone")
    measured = page.evaluate(MEASURE)
    assert measured["scroll"] <= measured["width"], measured["wide"]
    page.locator("button", has_text="Continue").click()
    page.wait_for_load_state()
    assert page.locator("text=Please confirm: this is decided once.").count() == 1
    page.locator("button", has_text="Confirm the withdrawal").click()
    page.wait_for_url("**/manage/rounds/")
    later = Game.objects.filter(round__number__gt=3, round__tournament=t).filter(Q(black=her) | Q(white=her))
    assert later.count() == 2 and all(g.by_default for g in later)
    assert page.locator("#withdrawals").count() == 0
    page.context.close()
