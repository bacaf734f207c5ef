"""Issue #26: a Pair Go game recorded on the live board by its four players, each on their own phone
(390 px), two in English and two in German: each move by the player whose turn it is is taken, a move out
of turn is refused with the name of the player whose turn it is, and every phone says whose turn it is."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.fixtures.pair_go import build_pair_day
from tournament.models import Game, LiveRecord, Round
from tournament.services.team_rounds import team_round_pair

from .conftest import log_in, new_page
from .test_live_board import stone_shown, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_four_phones_record_a_pair_go_game_with_the_turns_enforced(browser, live_server, shot):
    day = build_pair_day()
    team_round_pair(round=day.round, user=day.organizer)
    Round.objects.filter(pk=day.round.pk).update(status=Round.Status.PUBLISHED)
    game = Game.objects.get(round=day.round)
    assert game.handicap == 3  # from the two pairs' mean ratings: 2k against 6k
    url = live_server.url + reverse("live_board", args=[day.tournament.slug, game.pk])
    languages = {"alice": "en", "bob": "de", "carla": "en", "dan": "de"}
    phones = {}
    for name, language in languages.items():
        page = new_page(browser, live_server, phone=True, locale=language)
        log_in(page, live_server, name, language)
        page.goto(url)
        page.wait_for_selector("#live")
        phones[name] = page
    assert "It is Carla Cohen's turn." in phones["alice"].locator(".live-turn").inner_text()
    assert "Carla Cohen ist am Zug." in phones["dan"].locator(".live-turn").inner_text()
    assert "Albers Alice & Berg Bob" in phones["bob"].locator(".live-sides").inner_text()
    shot(phones["carla"], "pair-go-carla-to-place-phone", full_page=False)

    def refused(name: str, point: str, words: str) -> None:
        page = phones[name]
        tap(page, point)
        page.wait_for_selector("#live .live-error")
        assert words in page.locator("#live .live-error").inner_text()

    # Dan (German) before his partner placed the stones: refused, in German, naming her
    refused("dan", "C3", "Carla Cohen ist am Zug.")
    shot(phones["dan"], "pair-go-out-of-turn-de-phone", full_page=False)
    # Black's first player places the three handicap stones, then White's first, Black's second, ...
    order = [("carla", "C3", "black"), ("carla", "G7", "black"), ("carla", "G3", "black"), ("alice", "E5", "white")]
    order += [("dan", "C7", "black"), ("bob", "E3", "white"), ("carla", "E7", "black")]
    wrong = {"E5": ("bob", "Alice Albers ist am Zug."), "C7": ("carla", "It is Dan Dorn's turn.")}
    wrong["E3"] = ("alice", "It is Bob Berg's turn.")
    for name, point, colour in order:
        if point in wrong:
            other, words = wrong[point]
            refused(other, point, words)
            if point == "C7":
                shot(phones[other], "pair-go-out-of-turn-en-phone", full_page=False)
        tap(phones[name], point)
        for page in phones.values():
            stone_shown(page, point, colour)
    assert LiveRecord.objects.get(game=game).moves == "C3 G7 G3 E5 C7 E3 E7"
    phones["alice"].wait_for_function(
        "() => document.querySelector('#live .live-turn')?.innerText.includes(\"It is Alice Albers's turn.\")"
    )
    phones["bob"].wait_for_function(
        "() => document.querySelector('#live .live-turn')?.innerText.includes('Alice Albers ist am Zug.')"
    )
    for name, page in phones.items():
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
    shot(phones["alice"], "pair-go-alice-to-play-phone", full_page=False)
    shot(phones["bob"], "pair-go-bob-follows-de-phone", full_page=True)


@pytest.mark.parametrize(("phone", "language"), [(True, "de"), (False, "en")], ids=["phone-de", "desktop-en"])
def test_the_director_and_a_player_see_the_pairs_right(browser, live_server, shot, phone, language):
    """Issue #31, items 8-11 as a director meets them: the round page warns of no wrong handicap (the sides'
    strength gives three stones), it and the player's page name both partners, the woman of a pair plays
    first, and the SGF has the handicap stones in its root (AB)."""
    from tournament.models import Registration
    from tournament.models.game import ResultState

    day = build_pair_day()
    for key, gender in {"alice": "f", "bob": "m", "carla": "m", "dan": "f"}.items():
        Registration.objects.filter(pk=day.people[key].pk).update(gender=gender)
    team_round_pair(round=day.round, user=day.organizer)
    Round.objects.filter(pk=day.round.pk).update(status=Round.Status.PUBLISHED)
    day.organizer.set_password("pw-pair-orga-123")
    day.organizer.save()
    slug = day.tournament.slug
    page = new_page(browser, live_server, phone=phone, locale=language)
    log_in(page, live_server, "pair-orga", language)
    page.goto(live_server.url + reverse("manage_round", args=[slug, 1]))
    text = page.locator("main").inner_text()
    assert "Handicap at table" not in text and "Vorgabe an Tisch" not in text
    assert "Dorn Dan & Cohen Carla" in text and "Albers Alice & Berg Bob" in text
    if phone:
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, f"pair-go-round-page-{language}", full_page=True)
    player = new_page(browser, live_server, phone=phone, locale=language)
    log_in(player, live_server, "bob", language)
    player.goto(live_server.url + reverse("my_tournament", args=[slug]))
    words = {
        "en": "You play White with Alice Albers against Dan Dorn & Carla Cohen",
        "de": "Du spielst Weiß mit Alice Albers gegen Dan Dorn & Carla Cohen",
    }[language]
    assert words in " ".join(player.locator(".my-games").inner_text().split())
    shot(player, f"pair-go-my-games-{language}", full_page=True)
    game = Game.objects.get(round=day.round)
    Game.objects.filter(pk=game.pk).update(record="C3 G7 G3 E5", result="B", result_state=ResultState.CONFIRMED)
    sgf = player.request.get(live_server.url + reverse("public_game_sgf", args=[slug, 1, game.pk])).text()
    assert "HA[3]" in sgf and "AB[cg][gc][gg];W[ee]C[Albers Alice]" in sgf
