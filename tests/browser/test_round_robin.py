"""A club round robin, on a 390 px phone in German and on a desktop in English: the organizer creates it,
makes the whole schedule from round 1's page (the schedule makes the rounds it needs), publishes round 1;
the square crosstable scrolls in its own box, never the page. A withdrawal after round 3: the players
list's button leads to the one choice and its confirmation (issue #31, items 12-14)."""

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


WORDS = {
    "en": {
        "create": "Create the tournament",
        "schedule": "Make the whole round-robin schedule",
        "made": "Round-robin schedule made: 6 players, 5 rounds paired.",
        "publish": "Publish",
        "withdraw": "Withdraw",
        "continue": "Continue",
        "once": "Please confirm: this is decided once.",
        "confirm": "Confirm the withdrawal",
    },
    "de": {
        "create": "Turnier anlegen",
        "schedule": "Den ganzen Rundenplan erstellen",
        "made": "Rundenplan erstellt: 6 Spieler, 5 Runden gepaart.",
        "publish": "Veröffentlichen",
        "withdraw": "Zurückziehen",
        "continue": "Weiter",
        "once": "Bitte bestätigen: Das wird einmal entschieden.",
        "confirm": "Rückzug bestätigen",
    },
}


@pytest.mark.parametrize(("phone", "language"), [(True, "de"), (False, "en")], ids=["phone-de", "desktop-en"])
def test_an_organizer_makes_a_round_robin(browser, live_server, shot, phone, language):
    words = WORDS[language]
    get_user_model().objects.create_user("clara", password="pw-clara-123")
    page = new_page(browser, live_server, phone=phone, locale=language)
    log_in(page, live_server, "clara", language)
    page.goto(f"{live_server.url}/tournaments/new/")
    page.fill('input[name="name"]', "Vereinsmeisterschaft 2027")
    page.fill('input[name="start_date"]', "2027-03-06")
    page.fill('input[name="place"]', "Hannover")
    page.select_option('select[name="pairing_system"]', "roundrobin")
    page.locator("button", has_text=words["create"]).click()
    page.wait_for_load_state()
    t = Tournament.objects.get(name="Vereinsmeisterschaft 2027")
    go = make_discipline(t, DisciplineKind.GO, handicap_policy="none")
    for i, name in enumerate(["Albers", "Bauer-Schönberg", "Çelik", "Dvořák", "Engelhardt", "Fischer"]):
        make_player(t, surname=name, given_name="Maximiliane", rating=2000 - i)
    make_round(t, go, 1)  # only the first: the schedule makes the four more it needs

    page.goto(f"{live_server.url}/t/{t.slug}/manage/rounds/1/")
    page.locator("button", has_text=words["schedule"]).click()
    page.wait_for_load_state()
    assert page.get_by_text(words["made"]).count() == 1
    assert list(t.rounds.order_by("number").values_list("status", flat=True)) == [Round.Status.PAIRED] * 5
    page.locator("button", has_text=words["publish"]).first.click()
    page.wait_for_load_state()
    assert t.rounds.get(number=1).status == Round.Status.PUBLISHED
    Game.objects.filter(round__number=1, round__tournament=t).update(result=Result.BLACK)

    page.goto(f"{live_server.url}/t/{t.slug}/crosstable/")
    table = page.locator("table.crosstable.round-robin")
    table.wait_for()
    assert table.locator("tbody tr").count() == 6
    assert table.locator("td.self").count() == 6
    assert table.locator("td.cell", has_text="+/b0").count() == 3
    shot(page, f"round-robin-crosstable-{'phone' if phone else 'desktop'}-{language}")
    measured = page.evaluate(MEASURE)
    assert measured["scroll"] <= measured["width"], measured["wide"]

    # after round 3 Fischer withdraws: the players list's button (htmx) sends the organizer to the decision
    Game.objects.filter(round__number__lte=3, round__tournament=t).update(result=Result.BLACK)
    her = t.registrations.get(surname="Fischer")
    page.goto(f"{live_server.url}/t/{t.slug}/manage/players/")
    page.locator(f"#reg-{her.pk} button", has_text=words["withdraw"]).click()
    page.wait_for_url(f"**/manage/rounds/robin/withdraw/{her.pk}/")
    assert page.locator("input[value=forfeit]").is_checked()
    shot(page, f"round-robin-withdrawal-{'phone' if phone else 'desktop'}-{language}")
    measured = page.evaluate(MEASURE)
    assert measured["scroll"] <= measured["width"], measured["wide"]
    page.locator("button", has_text=words["continue"]).click()
    page.wait_for_load_state()
    assert page.get_by_text(words["once"]).count() == 1
    page.locator("button", has_text=words["confirm"]).click()
    page.wait_for_url("**/manage/rounds/")
    later = Game.objects.filter(round__number__gt=3, round__tournament=t).filter(Q(black=her) | Q(white=her))
    assert later.count() == 2 and all(g.by_default for g in later)
    assert page.locator("#withdrawals").count() == 0
    page.context.close()
