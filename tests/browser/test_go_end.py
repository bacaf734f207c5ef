"""Issue #22 on two 390 px phones: the end of a Go game on the live board.

A Go 9x9 game reaches its two passes with a white chain (B5-B6) left inside Black's area; one phone
marks the chain dead, the other sees it, both agree, and the count shown and proposed is the one with the
chain removed (B+2, not W+36); the opponent confirms.  In a second game the players disagree about the
chain: one marks it dead, the other alive again and calls the referee, who sees both players' marks,
marks the chain on the board of the game's page and decides.
"""

from __future__ import annotations

import pytest

from tournament.models import Game, LiveRecord, Round
from tournament.models.game import ResultState

from .conftest import fits, log_in, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Black's wall on E, White's on F (entered before the test joins the game: 18 moves).
WALLS = [p for row in range(1, 10) for p in (f"E{row}", f"F{row}")]
#: Then, tapped on the phones: White leaves B5-B6 in Black's area and both pass.
TO_THE_PASSES = ["pass", "B5", "pass", "B6", "pass", "pass"]


def _go_game(day, number: int) -> Game:
    """A published Go round (the earlier rounds closed) with alice (Black) against bob (White), komi 7, and
    the walls already on the board."""
    Round.objects.filter(tournament=day.tournament).update(status=Round.Status.FINISHED)
    round_ = Round.objects.create(
        tournament=day.tournament, discipline=day.go, number=number, status=Round.Status.PUBLISHED
    )
    game = Game.objects.create(round=round_, table=1, black=day.game.black, white=day.game.white, komi=7)
    entries = [["alice" if i % 2 == 0 else "bob", 0] for i in range(len(WALLS))]
    LiveRecord.objects.create(game=game, moves=" ".join(WALLS), entries=entries, version=len(WALLS))
    return game


def _board(page, live_server, day, game) -> None:
    page.goto(f"{live_server.url}/t/{day.tournament.slug}/game/{game.pk}/live/")
    page.wait_for_selector("#live")


def _tap(page, point: str) -> None:
    if point == "pass":
        page.locator("#live .live-pass").tap()
    else:
        page.locator(f'#live button.pt[value="{point}"]').tap()


def _to_the_passes(black, white) -> None:
    for i, point in enumerate(TO_THE_PASSES):
        mover, other = (black, white) if i % 2 == 0 else (white, black)
        _tap(mover, point)
        n = len(WALLS) + i + 1
        # after the second pass the game is over: the line counts the moves played
        label = f"{n} moves" if i == len(TO_THE_PASSES) - 1 else f"Move {n + 1}"
        other.locator("#live .move-no", has_text=label).wait_for()


def _status(page) -> str:
    return page.locator("#live .live-status").inner_text()


def _count(page) -> str:
    return page.locator("#live .live-count").inner_text()


def test_two_phones_mark_a_dead_chain_agree_and_confirm(browser, live_server, live_day, shot):
    day = live_day
    game = _go_game(day, 2)
    black = new_page(browser, live_server, phone=True)
    white = new_page(browser, live_server, phone=True)
    log_in(black, live_server, "alice")
    log_in(white, live_server, "bob")
    _board(black, live_server, day, game)
    _board(white, live_server, day, game)
    assert "After two passes the players mark the dead stones" in black.locator("#live .live-rule").inner_text()

    _to_the_passes(black, white)
    for page in (black, white):
        page.wait_for_selector("#live .live-marking")
        assert "Two passes: mark the dead stones" in _status(page)
        assert "Count (area): Black 9, White 38, komi 7: W+36." in _count(page)
    assert Game.objects.get(pk=game.pk).result_state == ResultState.PENDING

    # Black taps a stone of White's chain: the whole chain is dead, the count is the one without it
    black.locator('#live button.pt[value="B5"]').tap()
    black.wait_for_selector('#live button.pt.dead[value="B6"]')
    assert "Count (area): Black 45, White 36, komi 7: B+2." in _count(black)
    assert black.locator("#live svg circle.dead").count() == 2
    # White's phone shows the marks and the count within a couple of seconds, by itself
    white.wait_for_selector('#live button.pt.dead[value="B5"]')
    assert "B+2" in _count(white) and "Removed as dead: 0 black, 2 white stones." in _count(white)
    shot(white, "live-go-marking-phone", full_page=False)

    white.locator("#live .live-agree").tap()
    white.locator("#live .live-agreed li.ok", has_text="White (Bob Bauer) agrees").wait_for()
    black.locator("#live .live-agreed li.ok", has_text="White (Bob Bauer) agrees").wait_for()
    shot(black, "live-go-opponent-agreed-phone")
    black.locator("#live .live-agree").tap()

    # both agreed: the result under the marks is proposed with the record and the dead stones
    black.wait_for_selector("#live .live-result")
    assert "Waiting for the opponent" in black.locator("#live .live-result").inner_text()
    proposed = Game.objects.get(pk=game.pk)
    assert (proposed.result, proposed.method, proposed.result_state) == ("B", "score", ResultState.REPORTED)
    assert proposed.marks == {"dead": ["B5", "B6"], "neutral": []} and proposed.verdict["score"] == "B+2"
    assert proposed.record == " ".join(WALLS + TO_THE_PASSES)
    white.wait_for_selector("#live .live-confirm-result")
    assert "B+2" in _count(white)
    shot(white, "live-go-confirm-phone")
    white.locator("#live .live-confirm-result").tap()
    white.wait_for_selector(".messages .success")
    assert Game.objects.get(pk=game.pk).result_state == ResultState.CONFIRMED
    assert "dead stones marked on the live board" in white.locator(".history").inner_text()

    # the rules of Go, from the live board: the end of the game, with a diagram drawn by the engine
    black.locator(".live-links a", has_text="Rules of Go").tap()
    black.wait_for_selector(".rules-diagrams svg circle.dead")
    assert "Dead stones need not be captured" in black.locator(".rules").inner_text()
    shot(black, "rules-go-end-phone")
    for page in (black, white):
        fits(page)
        page.context.close()


def test_disputed_marks_go_to_the_referee_who_decides_on_the_board(browser, live_server, live_day, shot):
    day = live_day
    game = _go_game(day, 2)
    LiveRecord.objects.filter(game=game).update(
        moves=" ".join(WALLS + TO_THE_PASSES), entries=[["alice", 0]] * (len(WALLS) + len(TO_THE_PASSES))
    )
    black = new_page(browser, live_server, phone=True)
    white = new_page(browser, live_server, phone=True)
    log_in(black, live_server, "alice")
    log_in(white, live_server, "bob")
    _board(black, live_server, day, game)
    _board(white, live_server, day, game)

    # Black marks the chain dead; White makes it alive again and calls the referee
    black.locator('#live button.pt[value="B6"]').tap()
    white.wait_for_selector('#live button.pt.dead[value="B5"]')
    white.locator('#live button.pt[value="B5"]').tap()
    white.wait_for_selector('#live button.pt.white[value="B5"]:not(.dead)')
    black.wait_for_selector('#live button.pt.white[value="B5"]:not(.dead)')
    white.locator("#live .live-call summary").tap()
    white.fill("#live-call-reason", "B5 can still make two eyes.")
    white.locator("#live .live-call-button").tap()
    white.locator("#live .live-result", has_text="The result went to a referee").wait_for()
    shot(white, "live-go-referee-called-phone", full_page=False)
    disputed = Game.objects.get(pk=game.pk)
    assert disputed.result_state == ResultState.DISPUTED and disputed.marks == {"dead": [], "neutral": []}
    black.locator("#live .live-result", has_text="The result went to a referee").wait_for()
    for page in (black, white):
        fits(page)
        page.context.close()

    # the referee, on a phone too: the queue, both players' marks, the chain marked on the board, the decision
    referee = new_page(browser, live_server, phone=True)
    log_in(referee, live_server, "referee")
    referee.goto(f"{live_server.url}/t/{day.tournament.slug}/referee/")
    referee.locator("a.button", has_text="Open").first.tap()
    referee.wait_for_selector("#marking")
    sources = referee.locator(".marking-sources").inner_text()
    assert "Black's marks: dead B5, B6" in sources and "White's marks: dead –" in sources
    assert "W+36" in referee.locator(".marking-count").inner_text()
    referee.locator('#marking button.pt[value="B5"]').tap()
    referee.wait_for_selector('#marking button.pt.dead[value="B6"]')
    assert "Count (area): Black 45, White 36, komi 7: B+2." in referee.locator(".marking-count").inner_text()
    shot(referee, "referee-go-dead-stones-phone")
    assert referee.locator('.adjudicate select[name="result"]').input_value() == "B"
    referee.fill('.adjudicate textarea[name="reason"]', "White's chain on B5 has no room for two eyes.")
    referee.locator(".adjudicate button[type=submit]").tap()
    referee.wait_for_selector(".messages .success")
    decided = Game.objects.get(pk=game.pk)
    assert (decided.result, decided.result_state) == ("B", ResultState.ADJUDICATED)
    assert decided.marks == {"dead": ["B5", "B6"], "neutral": []} and decided.verdict["score"] == "B+2"
    assert "dead stones: B5, B6" in referee.locator(".history").inner_text()
    fits(referee)
    referee.context.close()
