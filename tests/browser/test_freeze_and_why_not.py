"""The prize-giving's frozen table and "why not these two?" (issue #34, items 5 and 6) in Chromium: German on a
390 px phone, English on a desktop. The director asks why two players of round 2 were not paired (they met
in round 1), then, the round played, freezes the final table; a name corrected afterwards shows in the
frozen table with its note; unfreezing asks for a reason."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tournament.models import FrozenStandings, Game, TournamentRole
from tournament.services.registrations import registration_update
from tournament.services.results import result_set
from tournament.services.rounds import round_finish, round_pair, round_publish

from .conftest import fits, log_in, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "de": {
        "why": "Warum nicht?",
        "rematch": "Sie haben schon gegeneinander gespielt, in Runde 1.",
        "total": "Gesamtwert der Paarung",
        "freeze": "Endstand einfrieren",
        "frozen": "Für die Siegerehrung eingefroren am",
        "unfreeze": "Auftauen",
        "unfrozen": "Der Endstand ist aufgetaut",
    },
    "en": {
        "why": "Why not?",
        "rematch": "They have played each other before, in round 1.",
        "total": "The pairing’s total value",
        "freeze": "Freeze the final table",
        "frozen": "Frozen at",
        "unfreeze": "Unfreeze",
        "unfrozen": "The standings are unfrozen",
    },
}


def _play(round_, user, result: str) -> None:
    round_publish(round=round_, user=user)
    for game in round_.games.all():
        result_set(game=game, user=user, version=game.version, result=result)
    round_finish(round=round_, user=user)


@pytest.mark.parametrize(("language", "phone"), [("de", True), ("en", False)], ids=["de-390px", "en-desktop"])
def test_why_not_then_freeze_and_unfreeze(browser, live_server, shot, language, phone):
    director = get_user_model().objects.create_user("tessa", password="pw-tessa-123")
    t = make_tournament(pairing_system="mcmahon")
    TournamentRole.objects.create(tournament=t, user=director, role="organizer")
    go = make_discipline(t, board_size=19)
    names = ["Albers", "Berg", "Cohen", "Dorn", "Ernst", "Fuchs"]
    players = [make_player(t, surname=n, rank=r) for n, r in zip(names, ["3d", "1d", "1k", "3k", "5k", "8k"])]
    r1, r2 = make_round(t, go, 1), make_round(t, go, 2)
    round_pair(round=r1, user=director)
    _play(r1, director, "B")
    round_pair(round=r2, user=director)
    met = Game.objects.filter(round=r1).select_related("black", "white").first()
    words = WORDS[language]

    page = new_page(browser, live_server, phone=phone, locale=language)
    log_in(page, live_server, "tessa", language)
    page.goto(f"{live_server.url}/t/{t.slug}/manage/rounds/2/")
    page.select_option("#whynot_player_a", str(met.black_id))
    page.select_option("#whynot_player_b", str(met.white_id))
    page.locator("#why-not button", has_text=words["why"]).click()
    answer = page.locator("#why-not-answer .why-not-answer")
    answer.wait_for()
    text = answer.inner_text()
    assert words["rematch"] in text and words["total"] in text
    if phone:
        fits(page)
    shot(page, f"why-not-{language}")

    _play(r2, director, "W")
    page.goto(f"{live_server.url}/t/{t.slug}/standings/")
    button = page.locator("#freeze button", has_text=words["freeze"])
    # the button sits inside its panel's frame, not on its top line
    assert button.bounding_box()["y"] - page.locator("#freeze").bounding_box()["y"] >= 8
    button.click()
    page.wait_for_load_state()
    assert FrozenStandings.objects.filter(tournament=t).exists()
    registration_update(registration=players[0], data={"surname": "Albers-Klein"}, user=director)
    page.reload()
    table = page.locator("#standings-live")
    assert words["frozen"] in table.inner_text() and "Albers-Klein" in table.inner_text()
    if phone:
        fits(page)
    shot(page, f"frozen-standings-{language}")
    page.fill("#unfreeze-reason", "Ergebnis korrigiert")
    page.locator("#freeze button", has_text=words["unfreeze"]).click()
    page.wait_for_load_state()
    assert words["unfrozen"] in page.locator("main").inner_text()
    assert not FrozenStandings.objects.filter(tournament=t).exists()
    page.context.close()
