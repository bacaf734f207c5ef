"""A hundred results typed by keyboard in the results grid (issue #34, item 4: "100 results in under
three minutes"), one Undo, at desktop width; and the phone's entry page a result slip's QR code opens,
390 px wide (its screenshot in test-artifacts/)."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tournament.models import Game, Round, TournamentRole
from tournament.models.game import ResultState

from .conftest import log_in, new_page
from .test_phone_width import MEASURE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLES = 100
#: What is typed at table i (by i % 6) and what it means: (result, not played).
KEYS = {0: ("b", ("B", False)), 1: ("w", ("W", False)), 2: ("=", ("D", False)), 3: (" 0", ("0", False))}
KEYS |= {4: ("b!", ("B", True)), 5: ("w!", ("W", True))}


@pytest.fixture
def congress_round(transactional_db):
    """A published round of a hundred tables (Go, komi 7: jigo possible) and its organizer."""
    t = make_tournament(name="Typing Open", slug="typing-open")
    go = make_discipline(t, komi=7)
    players = [make_player(t) for _ in range(2 * TABLES)]
    round_ = make_round(t, go, number=1, status=Round.Status.PUBLISHED)
    Game.objects.bulk_create(
        Game(round=round_, table=i + 1, black=players[2 * i], white=players[2 * i + 1], komi=7) for i in range(TABLES)
    )
    user = get_user_model().objects.create_user("desk", password="pw-desk-123")
    TournamentRole.objects.create(tournament=t, user=user, role="organizer")
    return round_


def test_a_hundred_results_typed_and_one_undone(browser, live_server, congress_round, shot):
    slug = congress_round.tournament.slug
    page = new_page(browser, live_server)
    log_in(page, live_server, "desk")
    page.goto(f"{live_server.url}/t/{slug}/manage/results/?round=1")
    field = page.locator("#typed-entry-input")
    assert field.evaluate("el => el === document.activeElement")  # the field has the focus at once

    started = time.monotonic()
    # key by key, Enter after each entry ("\n" is the Enter key), without waiting for the answers
    page.keyboard.type("".join(f"{table}{KEYS[table % 6][0]}\n" for table in range(1, TABLES + 1)))
    answer = page.locator("#typed-answer")
    answer.filter(has_text=f"Table {TABLES}:").wait_for(timeout=120_000)
    typed = time.monotonic() - started
    print(f"\n{TABLES} results typed and saved in {typed:.1f} s")
    assert typed < 180, f"{TABLES} results took {typed:.0f} s"  # the three minutes

    games = {g.table: g for g in Game.objects.filter(round=congress_round)}
    assert {t: (g.result, g.by_default) for t, g in games.items()} == {t: KEYS[t % 6][1] for t in range(1, TABLES + 1)}
    assert all(g.result_state == ResultState.CONFIRMED and g.version == 1 for g in games.values())
    assert field.input_value() == ""  # cleared for the next one
    last = page.locator(f"#result-row-{games[TABLES].pk}")
    assert "entered" in last.get_attribute("class") and last.is_visible()  # highlighted, scrolled to
    assert page.locator("tr.result-row.entered").count() == 1
    pk = games[TABLES].pk
    assert page.locator(f'select[name="g{pk}-result"]').input_value() == "B"  # 100 % 6 == 4: "b!"
    assert page.locator(f'input[name="g{pk}-by_default"]').is_checked()
    shot(page, "typed-results-desktop", full_page=False)

    # the last entry was a mistake: its Undo
    page.locator(".typed-list li").first.locator("button.typed-undo").click()
    answer.filter(has_text="undone").wait_for()
    assert "Table 100: undone, back to unknown." in answer.inner_text()
    assert Game.objects.get(pk=pk).result == "?"
    assert page.locator(f'select[name="g{pk}-result"]').input_value() == "?"
    assert field.evaluate("el => el === document.activeElement")  # typing goes on at once

    # an unknown table and a conflict are said under the field, and nothing changes
    page.keyboard.type("999b")
    page.keyboard.press("Enter")
    answer.filter(has_text="Round 1 has no table 999.").wait_for()
    page.keyboard.type("1b")
    page.keyboard.press("Enter")
    answer.filter(has_text="Table 1 already has 0-1").wait_for()  # 1 % 6 == 1: White, as typed first
    assert "Replace with “1b”" in answer.inner_text()
    assert Game.objects.get(pk=games[1].pk).result == "W"
    page.context.close()


def test_the_slips_qr_address_opens_the_entry_on_a_phone(browser, live_server, congress_round, shot):
    slug = congress_round.tournament.slug
    game = Game.objects.get(round=congress_round, table=37)
    phone = new_page(browser, live_server, phone=True)
    log_in(phone, live_server, "desk")
    phone.goto(live_server.url + reverse("game_slip", args=[slug, game.pk]))  # what the slip's QR code holds
    assert phone.url.endswith(reverse("manage_result", args=[slug, game.pk]))
    measured = phone.evaluate(MEASURE)
    assert measured["scroll"] <= measured["width"] == 390, measured
    shot(phone, "typed-results-phone-entry")
    phone.locator("button", has_text="White wins").first.click()
    phone.locator(".messages").filter(has_text="Table 37: White wins").wait_for()
    assert Game.objects.get(pk=game.pk).result == "W"
    phone.locator("button", has_text="Undo").click()
    phone.wait_for_load_state()
    assert Game.objects.get(pk=game.pk).result == "?"
    phone.context.close()


def test_a_slip_of_an_older_pairing_is_asked_about_and_entered_on_confirm(browser, live_server, congress_round):
    """The grid loaded at pairing 1 (its slips printed); then the players of tables 37 and 38 swapped
    (pairing 2): "37b" from the old slip is not entered, the answer names the pair at table 37 now and
    its button enters it for them; "40w" (unchanged) goes through.
    ::

        slips, grid (pairing 1)   table 37: A – B    table 38: C – D
        after the swap (2)        table 37: C – B    table 38: A – D   (colours by the rules)
    """
    from tournament.services.pairing_prints import pairing_changed, pairing_print_record
    from tournament.services.round_edits import game_swap_players

    user = get_user_model().objects.get(username="desk")
    pairing_changed(congress_round)
    congress_round.refresh_from_db()
    pairing_print_record(round=congress_round, kind="slips", user=user)
    page = new_page(browser, live_server)
    log_in(page, live_server, "desk")
    page.goto(f"{live_server.url}/t/{congress_round.tournament.slug}/manage/results/?round=1")
    a = Game.objects.get(round=congress_round, table=37).black
    c = Game.objects.get(round=congress_round, table=38).black
    game_swap_players(round=congress_round, player_a=a, player_b=c, user=user)
    now = Game.objects.select_related("black", "white").get(round=congress_round, table=37)
    players = f"{now.black.spoken_name} – {now.white.spoken_name}"

    page.keyboard.type("37b\n")
    answer = page.locator("#typed-answer")
    answer.filter(has_text="was not entered").wait_for()
    assert f"Table 37 now seats {players}" in answer.inner_text()
    assert "Reload the page for pairing 2" in answer.inner_text()
    assert Game.objects.get(pk=now.pk).result == "?"
    answer.locator("button", has_text=f"Enter “37b” for {players}").click()
    answer.filter(has_text="✓ Table 37: Black wins").wait_for()
    assert Game.objects.get(pk=now.pk).result == "B"

    page.locator("#typed-entry-input").focus()
    page.keyboard.type("40w\n")
    answer.filter(has_text="✓ Table 40: White wins").wait_for()
    assert Game.objects.get(round=congress_round, table=40).result == "W"
    page.locator("a.typed-reload").click()
    page.wait_for_load_state()
    assert page.locator('#typed-entry-form input[name="pairing"]').input_value() == "2"
    page.context.close()
