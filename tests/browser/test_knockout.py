"""A knockout of 8 after a Swiss of four rounds, on a 390 px phone in German and in English (issue #34, item
8): the organizer seeds it on the knockout page, publishes each round the bracket makes and makes the next
one there; the public bracket (one stage under the other on the phone) and the final places above the
standings fit the screen; the bracket's desktop layout (the stages side by side) is shot too."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tournament.models import Round, TournamentRole
from tournament.models.discipline import DisciplineKind
from tournament.models.game import Result
from tournament.models.tournament import KNOCKOUT, PairingSystem
from tournament.permissions import SYSTEM
from tournament.services.results import result_set
from tournament.services.rounds import round_finish, round_pair, round_publish

from .conftest import fits, log_in, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": {
        "seed": "Seed it and make its first round",
        "made": "Knockout stage seeded: 8 players; round 5 is made by the bracket.",
        "publish": "Publish",
        "next": "Make the next round of the bracket",
        "next_made": "is made by the bracket.",
        "stages": ["Quarter-finals", "Semi-finals", "Final"],
        "places": "Final places",
        "first": "1st",
        "shared": "5th–8th",
    },
    "de": {
        "seed": "Setzen und erste Runde erstellen",
        "made": "K.-o.-Runde gesetzt: 8 Spieler; Runde 5 ist aus dem Turnierbaum erstellt.",
        "publish": "Veröffentlichen",
        "next": "Nächste Runde des Turnierbaums erstellen",
        "next_made": "ist aus dem Turnierbaum erstellt.",
        "stages": ["Viertelfinale", "Halbfinale", "Finale"],
        "places": "Endplatzierung",
        "first": "1.",
        "shared": "5.–8.",
    },
}

NAMES = ["Albers", "Bauer-Schönberg", "Çelik", "Dvořák", "Engelhardt", "Fischer", "Groß", "Hahn"]
NAMES += ["Ivanova", "Jäger", "Kowalski", "Lindqvist"]


def results(round_: Round) -> None:
    """Every game of the round won by the stronger (the player made first)."""
    for g in round_.games.all():
        won = Result.BLACK if g.black_id < g.white_id else Result.WHITE
        result_set(game=g, user=SYSTEM, version=g.version, result=won)


def swiss(user):
    t = make_tournament(name="Stadtmeisterschaft 2027", pairing_system=PairingSystem.SWISS)
    TournamentRole.objects.create(tournament=t, user=user, role=TournamentRole.Role.ORGANIZER)
    go = make_discipline(t, DisciplineKind.GO, board_size=19, handicap_policy="none")
    for i, name in enumerate(NAMES):
        make_player(t, surname=name, given_name="Maximiliane", rating=2200 - 10 * i)
    for n in range(1, 5):
        r = make_round(t, go, n)
        round_pair(round=r, user=SYSTEM)
        round_publish(round=r, user=SYSTEM)
        results(r)
        round_finish(round=r, user=SYSTEM)
    return t


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_knockout_of_eight_from_a_swiss_on_a_phone(browser, live_server, shot, language):
    words = WORDS[language]
    user = get_user_model().objects.create_user("clara", password="pw-clara-123")
    t = swiss(user)
    page = new_page(browser, live_server, phone=True, locale=language)
    log_in(page, live_server, "clara", language)

    page.goto(f"{live_server.url}/t/{t.slug}/manage/knockout/")
    assert page.locator('input[name="size"]').input_value() == "8"
    shot(page, f"knockout-seed-phone-{language}")
    fits(page)
    page.locator("button", has_text=words["seed"]).click()
    page.wait_for_load_state()
    assert page.get_by_text(words["made"]).count() == 1
    for number in (5, 6, 7):
        r = t.rounds.get(number=number)
        assert r.pairing_system == KNOCKOUT and r.games.count() == {5: 4, 6: 2, 7: 2}[number]
        page.goto(f"{live_server.url}/t/{t.slug}/manage/rounds/{number}/")
        page.locator("button", has_text=words["publish"]).first.click()
        page.wait_for_load_state()
        r.refresh_from_db()
        assert r.status == Round.Status.PUBLISHED
        results(r)  # the results as from the grid, the phones or the referee: the same service
        if number < 7:
            page.goto(f"{live_server.url}/t/{t.slug}/manage/knockout/")
            page.locator("button", has_text=words["next"]).click()
            page.wait_for_load_state()
            assert page.get_by_text(words["next_made"]).count() == 1

    page.goto(f"{live_server.url}/t/{t.slug}/bracket/")
    for name in words["stages"]:
        assert page.locator(".bracket-stage h2", has_text=name).count() >= 1
    assert page.locator(".bracket-places tbody tr").count() == 8
    first = page.locator(".bracket-places tbody tr").first
    assert first.locator("td").nth(0).inner_text() == words["first"]
    assert "Albers" in first.locator("td").nth(1).inner_text()
    assert page.locator(".bracket-places td", has_text=words["shared"]).count() == 4
    # the phone shows the stages one under the other: the final below the quarter-finals
    stages = page.locator(".bracket-stage")
    assert stages.nth(2).bounding_box()["y"] > stages.nth(0).bounding_box()["y"]
    shot(page, f"knockout-bracket-phone-{language}")
    fits(page)

    page.goto(f"{live_server.url}/t/{t.slug}/standings/")
    assert page.locator(".bracket-summary h2", has_text=words["places"]).count() == 1
    shot(page, f"knockout-standings-phone-{language}")
    fits(page)

    if language == "en":  # the desktop's bracket: the stages side by side
        desk = new_page(browser, live_server, phone=False, locale=language)
        desk.goto(f"{live_server.url}/t/{t.slug}/bracket/")
        stages = desk.locator(".bracket-stage")
        assert stages.nth(2).bounding_box()["x"] > stages.nth(0).bounding_box()["x"]
        shot(desk, "knockout-bracket-desktop-en")
        desk.context.close()
    page.context.close()
