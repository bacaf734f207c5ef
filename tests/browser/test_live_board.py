"""Issue #16 on two phones: the players record a game live, each on their own phone, every move checked at
once; one phone reloads in the middle; the end proposes the result and the other phone confirms it.

Ninuki-Renju on 19x19 (a tap marks the point, a second tap places it; the coordinate field; a
double-three refused with its reason) and Keima-Go on 9x9 (one tap a stone; a capture by the first
stone of a turn; a second stone that is no knight's move refused).
"""

from __future__ import annotations

import pytest

from tournament.models import Discipline, Game, LiveRecord, Round
from tournament.models.game import ResultState

from .conftest import log_in, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def board(page):
    return page.locator("#live")


def stone_shown(page, point: str, colour: str) -> None:
    """Wait until the board shows a ``colour`` stone on ``point`` (after a post, or the next poll)."""
    page.wait_for_selector(f'#live .pt.{colour}[data-point="{point}"]')


def tap(page, point: str) -> None:
    """Tap a point; on a large board the first tap marks it and the second places it."""
    button = page.locator(f'#live button.pt[value="{point}"]')
    button.tap()
    if board(page).get_attribute("data-confirm-taps") == "1":
        page.wait_for_selector(".live-confirm:not([hidden])")
        assert point in page.locator(".live-place").inner_text()
        button.tap()


def type_point(page, point: str) -> None:
    page.fill('#live .live-coordinate input[name="point"]', point)
    page.locator("#live .live-coordinate button").tap()


def open_board(page, live_server, slug: str) -> None:
    """From "my tournament" to the game's live board, as a player does."""
    page.goto(f"{live_server.url}/t/{slug}/me/")
    page.locator(".game-card a.live-button").first.tap()
    page.wait_for_selector("#live")


def test_two_phones_record_a_ninuki_game_live(browser, live_server, live_day, shot):
    day = live_day
    slug = day.tournament.slug
    black = new_page(browser, live_server, phone=True)
    white = new_page(browser, live_server, phone=True)
    log_in(black, live_server, "alice")
    log_in(white, live_server, "bob")
    open_board(black, live_server, slug)
    open_board(white, live_server, slug)
    assert "You play Black" in black.locator(".live-you").inner_text()
    assert "the first stone goes on the centre point" in black.locator(".live-status").inner_text()

    # Black taps on the board (19x19: tap, tap), White types into the coordinate field
    moves = [
        ("K10", "black"),
        ("A1", "white"),
        ("L10", "black"),
        ("A3", "white"),
        ("M11", "black"),
        ("A5", "white"),
        ("M12", "black"),
        ("A7", "white"),
    ]
    for point, colour in moves:
        if colour == "black":
            tap(black, point)
        else:
            type_point(white, point.lower())
        stone_shown(black, point, colour)
        stone_shown(white, point, colour)  # the other phone follows by itself
    assert LiveRecord.objects.get(game=day.game).moves == " ".join(p for p, _c in moves)

    # M10 would be a double-three: refused at once, with its reason, on the board
    tap(black, "M10")
    black.wait_for_selector("#live .live-error")
    assert "Move 9 (M10) is illegal: a forbidden double-three." in black.locator(".live-error").inner_text()
    assert black.locator("#live svg rect.error").count() == 1
    shot(black, "live-ninuki-double-three-phone", full_page=False)
    assert LiveRecord.objects.get(game=day.game).move_count == 8

    # the zoom doubles the board; a tap still places the stone
    black.locator("#live .live-zoom").tap()
    assert "zoomed" in black.locator(".live-scroll").get_attribute("class")
    black.locator('#live .pt[data-point="K10"]').scroll_into_view_if_needed()  # the player scrolls there
    left = black.locator(".live-scroll").evaluate("e => e.scrollLeft")
    assert left > 0
    tap(black, "J10")
    stone_shown(black, "J10", "black")
    assert "zoomed" in black.locator(".live-scroll").get_attribute("class")  # kept after the move,
    assert black.locator(".live-scroll").evaluate("e => e.scrollLeft") == left  # and where the player looked
    shot(black, "live-ninuki-zoomed-phone", full_page=False)
    black.locator("#live .live-zoom").tap()

    # White's phone reloads in the middle of the game and goes on where the game stands
    white.reload()
    stone_shown(white, "J10", "black")
    assert "Move 10" in white.locator(".live-status").inner_text()
    type_point(white, "A9")
    stone_shown(black, "A9", "white")
    tap(black, "H10")
    stone_shown(white, "H10", "black")
    shot(white, "live-ninuki-white-phone", full_page=False)
    type_point(white, "A11")
    stone_shown(black, "A11", "white")

    # Black's five ends the game and proposes the result with the record
    tap(black, "M10")
    black.wait_for_selector("#live .live-result")
    assert "Black wins: five in a row." in black.locator(".live-status").inner_text()
    assert "Waiting for the opponent" in black.locator(".live-result").inner_text()
    game = Game.objects.get(pk=day.game.pk)
    assert (game.result, game.method, game.result_state) == ("B", "five", ResultState.REPORTED)
    assert game.record == "K10 A1 L10 A3 M11 A5 M12 A7 J10 A9 H10 A11 M10"
    shot(black, "live-ninuki-five-phone")

    # White's phone shows the result by itself; White confirms
    white.wait_for_selector("#live .live-confirm-result")
    assert "Black wins: five in a row." in white.locator(".live-status").inner_text()
    shot(white, "live-ninuki-confirm-phone")
    white.locator("#live .live-confirm-result").tap()
    white.wait_for_selector(".messages .success")
    assert Game.objects.get(pk=day.game.pk).result_state == ResultState.CONFIRMED
    for page in (black, white):
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.context.close()


def test_two_phones_record_a_keima_game_with_a_capture_by_the_first_stone(browser, live_server, live_day, shot):
    day = live_day
    slug = day.tournament.slug
    keima = Discipline.objects.create(
        tournament=day.tournament, name="Keima-Go", kind="keima", board_size=9, komi=4, position=2
    )
    round2 = Round.objects.create(tournament=day.tournament, discipline=keima, number=2, status=Round.Status.PUBLISHED)
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.FINISHED)
    game = Game.objects.create(round=round2, table=1, black=day.game.black, white=day.game.white, komi=4)
    black = new_page(browser, live_server, phone=True)
    white = new_page(browser, live_server, phone=True)
    log_in(black, live_server, "alice")
    log_in(white, live_server, "bob")
    open_board(black, live_server, slug)
    open_board(white, live_server, slug)
    assert black.locator("#live").get_attribute("data-confirm-taps") == "0"  # 9x9: one tap a stone

    tap(black, "B1")
    black.wait_for_selector("#live .pt.target")  # where the second stone may go
    assert "the second stone of the turn" in black.locator(".live-status").inner_text()
    tap(black, "C3")
    stone_shown(white, "C3", "black")
    # a fast player: the second stone tapped while the first is still being sent (both taps in one
    # task, so the second always finds the first under way); it is placed, not refused as stale
    white.evaluate(
        """() => {
        document.querySelector('#live button.pt[value="A1"]').click();
        document.querySelector('#live button.pt[value="C2"]').click();
    }"""
    )
    stone_shown(black, "C2", "white")
    assert white.locator("#live .live-error").count() == 0

    # the first stone of Black's turn captures White's A1
    tap(black, "A2")
    black.wait_for_selector('#live .pt.black[data-point="A2"]')
    assert "1 stone captured" in black.locator(".live-last").inner_text()
    assert black.locator("#live svg .captured").count() == 1
    targets = sorted(t.get_attribute("value") for t in black.locator("#live button.pt.target").all())
    assert targets == ["B4", "C1"]
    shot(black, "live-keima-capture-phone", full_page=False)

    # a second stone that is no knight's move is refused, with the reason
    tap(black, "A3")
    black.wait_for_selector("#live .live-error")
    assert "not a knight's move" in black.locator(".live-error").inner_text()

    # White's phone reloads mid-turn and follows on
    white.reload()
    stone_shown(white, "A2", "black")
    tap(black, "B4")
    stone_shown(white, "B4", "black")
    assert "White to play" in white.locator(".live-status").inner_text()
    white.locator("#live .live-pass").tap()
    black.locator("#live .live-last", has_text="White pass").wait_for()
    black.locator("#live .live-pass").tap()

    black.wait_for_selector("#live .live-result")
    assert "Count (area): Black 11, White 2, komi 4: B+5." in black.locator(".live-status").inner_text()
    game.refresh_from_db()
    assert (game.result, game.method, game.result_state) == ("B", "score", ResultState.REPORTED)
    assert game.record == "B1 C3 A1 C2 A2 B4 pass pass"
    white.wait_for_selector("#live .live-confirm-result")
    shot(white, "live-keima-confirm-phone")
    white.locator("#live .live-confirm-result").tap()
    white.wait_for_selector(".messages .success")
    game.refresh_from_db()
    assert game.result_state == ResultState.CONFIRMED

    # the rules of the game, from its live board: diagrams drawn by the engine
    black.locator(".live-links a", has_text="Rules of Keima-Go").tap()
    black.wait_for_selector(".rules-diagrams svg")
    assert black.locator(".rules-diagrams figure").count() == 3  # a turn, a capture, the end and its count
    shot(black, "rules-keima-phone")
    for page in (black, white):
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.context.close()


def test_after_a_resignation_both_phones_show_the_game_over_and_no_live_badge(browser, live_server, live_day, shot):
    """Issue #21 item 8 (and 18: the German button places a stone, "Setzen", not "Platz")."""
    day = live_day
    slug = day.tournament.slug
    black = new_page(browser, live_server, phone=True, locale="de")
    white = new_page(browser, live_server, phone=True)
    log_in(black, live_server, "alice", language="de")
    log_in(white, live_server, "bob")
    open_board(black, live_server, slug)
    open_board(white, live_server, slug)
    assert black.locator("#live .live-badge").is_visible() and white.locator("#live .live-badge").is_visible()
    black.locator('#live button.pt[value="K10"]').tap()
    black.wait_for_selector(".live-confirm:not([hidden])")
    assert black.locator(".live-place").inner_text().startswith("Setzen")
    black.locator('#live button.pt[value="K10"]').tap()
    stone_shown(white, "K10", "black")
    tap(white, "A1")
    stone_shown(black, "A1", "white")
    assert "Zug 3" in black.locator(".live-status").inner_text()

    white.locator("#live .live-end summary").tap()
    white.locator('#live .live-end button[value="white"]', has_text="White resigns").tap()
    white.wait_for_selector("#live .live-result")
    black.wait_for_selector("#live .live-confirm-result")  # the other phone follows by itself
    assert "2 moves · The game is over: the result is proposed" in white.locator(".live-status").inner_text()
    assert "2 Züge · Die Partie ist zu Ende: Das Ergebnis ist gemeldet" in black.locator(".live-status").inner_text()
    for page in (black, white):
        assert "to play" not in page.locator(".live-status").inner_text()
        assert page.locator(".live-badge").count() == 0
    shot(black, "live-resigned-de-phone")
    black.locator("#live .live-confirm-result").tap()
    black.wait_for_selector(".messages .success")
    assert Game.objects.get(pk=day.game.pk).result_state == ResultState.CONFIRMED
    white.reload()
    white.wait_for_selector("#live")
    assert "The game is over. The result is final." in white.locator(".live-status").inner_text()
    assert white.locator(".live-badge").count() == 0
    shot(white, "live-finished-phone")
    for page in (black, white):
        page.context.close()
