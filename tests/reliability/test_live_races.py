"""Two phones at once on the live board: one move is stored, the other phone is told.

Real threads with their own database connections, started together (``run_together``); the suite
runs them on SQLite and on PostgreSQL.  A move is checked by the engine before its transaction
begins, so both phones may check the same board; the conditional UPDATE on the version decides
(:func:`test_both_read_the_board_then_the_version_decides` holds both threads after checking).
"""

from __future__ import annotations

import threading

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.fixtures.day import build_day
from tournament.models import AuditEntry, Game, LiveRecord
from tournament.models.game import ResultState
from tournament.services import live as live_services

from .together import run_together

pytestmark = pytest.mark.django_db(transaction=True)

#: Black's five on 19x19 Ninuki after these (alice Black, bob White): the next move, M10, wins.
BEFORE_FIVE = "K10 A1 L10 A3 M11 A5 M12 A7 J10 A9 H10 A11".split()


@pytest.fixture
def day(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return build_day()


def _game(pk) -> Game:
    return Game.objects.select_related("round__discipline", "round__tournament", "black", "white").get(pk=pk)


def _place(day, name, point, version):
    def job():
        with translation.override("en"):
            return live_services.place(game=_game(day.game.pk), user=day.user(name), version=version, point=point)

    return job


def _split(outcome):
    played = [o for o in outcome if isinstance(o, live_services.Played)]
    stale = [o for o in outcome if isinstance(o, live_services.StaleBoard)]
    assert len(played) + len(stale) == len(outcome), outcome
    return played, stale


def test_the_same_move_from_both_phones_is_stored_once(day):
    played, stale = _split(run_together(_place(day, "alice", "K10", 0), _place(day, "bob", "K10", 0)))
    assert len(played) == 1 and len(stale) == 1
    assert stale[0].messages == ["K10 was entered already on another phone: it is move 1."]
    live = LiveRecord.objects.get(game=day.game)
    assert (live.moves, live.version, len(live.entries)) == ("K10", 1, 1)


def test_two_different_moves_for_one_position(day):
    live_services.place(game=_game(day.game.pk), user=day.user("alice"), version=0, point="K10")
    played, stale = _split(run_together(_place(day, "alice", "K9", 1), _place(day, "bob", "L11", 1)))
    assert len(played) == 1 and len(stale) == 1
    assert "The board changed on another phone meanwhile (now 2 moves)" in stale[0].messages[0]
    live = LiveRecord.objects.get(game=day.game)
    assert live.move_list == ["K10", played[0].board.moves[-1]] and live.version == 2


def test_both_read_the_board_then_the_version_decides(day, monkeypatch):
    """Both threads have read version 0 and checked the move before either writes: the conditional UPDATE
    stores one move, the other phone is told."""
    LiveRecord.objects.create(game=day.game)
    both_read = threading.Barrier(2)
    new_board = live_services.new_board

    def read_and_wait(game, moves=()):
        board = new_board(game, moves)
        both_read.wait(timeout=30)
        return board

    monkeypatch.setattr(live_services, "new_board", read_and_wait)
    played, stale = _split(run_together(_place(day, "alice", "K10", 0), _place(day, "bob", "K10", 0)))
    assert len(played) == 1 and len(stale) == 1
    assert stale[0].messages == ["K10 was entered already on another phone: it is move 1."]
    assert LiveRecord.objects.get(game=day.game).moves == "K10"


def test_two_phones_post_one_move_through_the_site(day):
    url = reverse("live_move", args=[day.tournament.slug, day.game.pk])
    clients = {}
    for name in ("alice", "bob"):
        clients[name] = Client()
        clients[name].force_login(day.user(name))

    def post(name):
        return lambda: clients[name].post(
            url, {"version": 0, "point": "K10"}, HTTP_X_LIVE_BOARD="1", HTTP_ACCEPT_LANGUAGE="de"
        )

    responses = run_together(post("alice"), post("bob"))
    assert not any(isinstance(r, BaseException) for r in responses), responses
    assert sorted(r.status_code for r in responses) == [200, 409]
    loser = next(r for r in responses if r.status_code == 409).content.decode()
    assert "K10 wurde schon auf einem anderen Telefon eingegeben: es ist Zug 1." in loser
    assert LiveRecord.objects.get(game=day.game).moves == "K10"


def test_the_winning_move_and_a_resignation_at_once(day):
    """Black plays the five while White, on the other phone, enters a resignation: one result is proposed."""
    for i, point in enumerate(BEFORE_FIVE):
        live_services.place(game=_game(day.game.pk), user=day.user("alice"), version=i, point=point)
    version = len(BEFORE_FIVE)

    def resign():
        with translation.override("en"):
            return live_services.end(
                game=_game(day.game.pk), user=day.user("bob"), version=version, loser="white", method="resignation"
            )

    outcome = run_together(_place(day, "alice", "M10", version), resign)
    played = [o for o in outcome if isinstance(o, live_services.Played)]
    refused = [o for o in outcome if isinstance(o, live_services.LiveError)]
    # the other is told the board moved on, or (if it read the game after) that the board is closed
    assert len(played) == 1 and len(refused) == 1, outcome
    assert refused[0].code in ("stale", "closed")
    game = Game.objects.get(pk=day.game.pk)
    assert game.result_state == ResultState.REPORTED and game.result == "B"
    assert game.method in ("five", "resignation") and game.version == 1
    assert game.record == LiveRecord.objects.get(game=day.game).moves
    assert AuditEntry.objects.filter(action="game.result.report", object_id=game.pk).count() == 1


def test_a_take_back_and_the_opponents_move_at_once(day):
    """Alice takes back K9 while Bob's phone enters his reply to it: one of them, never both."""
    live_services.place(game=_game(day.game.pk), user=day.user("alice"), version=0, point="K10")
    live_services.place(game=_game(day.game.pk), user=day.user("bob"), version=1, point="K9")

    def undo():
        with translation.override("en"):
            return live_services.take_back(game=_game(day.game.pk), user=day.user("bob"), version=2)

    played, stale = _split(run_together(undo, _place(day, "alice", "L10", 2)))
    assert len(played) == 1 and len(stale) == 1
    moves = LiveRecord.objects.get(game=day.game).moves
    assert moves in ("K10", "K10 K9 L10")
