"""Two phones at once at the end of a Go game (issue #22): marking, agreeing, resuming play.

Real threads with their own database connections, started together (``run_together``); the suite runs
them on SQLite and on PostgreSQL.  Whatever the order the database gives them, the live record ends in one
consistent state: the marks are one phone's tap (never both applied to the same marks, never half), an
agreement stands only for the marks it was given to, and the result is proposed once.
"""

from __future__ import annotations

import threading

import pytest
from django.utils import translation

from tests.fixtures.day import build_day
from tournament.models import AuditEntry, Game, LiveRecord, Round
from tournament.models.game import ResultState
from tournament.services import live as live_services
from tournament.services import marking

from .together import run_together

pytestmark = pytest.mark.django_db(transaction=True)

#: Go 9x9: Black's wall on E, White's on F, a white chain B5-B6 left in Black's area and a black stone on
#: H5 in White's, then two passes (alice Black, bob White).
WALLS = [p for row in range(1, 10) for p in (f"E{row}", f"F{row}")]
MOVES = WALLS + ["pass", "B5", "H5", "B6", "pass", "pass"]


@pytest.fixture
def day(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    day = build_day()
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.FINISHED)
    round2 = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2, status=Round.Status.PUBLISHED)
    day.go_game = Game.objects.create(round=round2, table=1, black=day.game.black, white=day.game.white, komi=7)
    LiveRecord.objects.create(game=day.go_game, moves=" ".join(MOVES), entries=[["alice", 0]] * len(MOVES))
    return day


def _game(day) -> Game:
    return Game.objects.select_related("round__discipline", "round__tournament", "black", "white").get(
        pk=day.go_game.pk
    )


def _in_english(service, day, **kwargs):
    def job():
        with translation.override("en"):
            return service(game=_game(day), **kwargs)

    return job


def _mark(day, name, point, marks_version=0):
    return _in_english(marking.mark, day=day, user=day.user(name), marks_version=marks_version, point=point)


def _agree(day, name, marks_version=0):
    return _in_english(marking.agree, day=day, user=day.user(name), marks_version=marks_version)


def _outcome(results):
    done = [r for r in results if isinstance(r, live_services.Played)]
    stale = [r for r in results if isinstance(r, marking.StaleMarks)]
    assert len(done) + len(stale) == len(results), results
    return done, stale


def _live(day) -> LiveRecord:
    return LiveRecord.objects.get(game=day.go_game)


def test_two_phones_mark_two_chains_at_once_one_tap_is_kept(day):
    done, stale = _outcome(run_together(_mark(day, "alice", "B5"), _mark(day, "bob", "H5")))
    assert len(done) == 1 and len(stale) == 1
    assert stale[0].messages[0].startswith("The marks changed on another phone meanwhile")
    live = _live(day)
    assert live.marks["dead"] in (["B5", "B6"], ["H5"]) and live.marks_version == 1
    assert AuditEntry.objects.filter(action="game.live.mark").count() == 1


def test_two_phones_tap_the_same_chain_at_once_it_is_dead_not_dead_and_alive_again(day):
    done, stale = _outcome(run_together(_mark(day, "alice", "B6"), _mark(day, "bob", "B5")))
    assert len(done) == 1 and len(stale) == 1
    assert _live(day).marks == {"dead": ["B5", "B6"], "neutral": []}


def test_both_agree_at_once_both_agreements_stand_and_the_result_is_proposed_once(day):
    marking.mark(game=_game(day), user=day.user("alice"), marks_version=0, point="B5")
    marking.mark(game=_game(day), user=day.user("bob"), marks_version=1, point="H5")
    done, stale = _outcome(run_together(_agree(day, "alice", 2), _agree(day, "bob", 2)))
    assert len(done) == 2 and not stale
    live = _live(day)
    assert live.agreed("black") and live.agreed("white") and live.marks_version == 2
    game = Game.objects.get(pk=day.go_game.pk)
    assert game.result_state == ResultState.REPORTED and game.version == 1
    assert game.marks == {"dead": ["B5", "H5", "B6"], "neutral": []}  # board order, row by row
    assert game.verdict["agrees"] and game.verdict["marks"] == game.marks
    assert AuditEntry.objects.filter(action="game.result.report", object_id=game.pk).count() == 1
    assert AuditEntry.objects.filter(action="game.live.agree").count() == 2


def test_a_mark_and_the_opponents_agreement_at_once_never_leave_an_agreement_to_other_marks(day):
    """Black agreed to no dead stones; White agrees (which proposes the result) while Black's phone marks
    B5: either the result is proposed and the mark refused (the board is closed), or the mark is stored and
    White's agreement to the old marks refused (and Black's withdrawn)."""
    marking.agree(game=_game(day), user=day.user("alice"), marks_version=0)
    mark, agree = run_together(_mark(day, "alice", "B5"), _agree(day, "bob", 0))
    live = _live(day)
    game = Game.objects.get(pk=day.go_game.pk)
    if isinstance(agree, live_services.Played):
        assert isinstance(mark, live_services.LiveError) and mark.code == "closed", mark
        assert game.result_state == ResultState.REPORTED and game.marks == {"dead": [], "neutral": []}
        assert live.marks == {} and live.agreed("black") and live.agreed("white")
    else:
        assert isinstance(agree, marking.StaleMarks) and isinstance(mark, live_services.Played), (mark, agree)
        assert game.result_state == ResultState.PENDING
        assert live.marks["dead"] == ["B5", "B6"] and not live.agreed("black") and not live.agreed("white")


def test_a_mark_and_a_call_for_the_referee_at_once(day):
    """The referee gets the marks as they stay: the call is refused if a mark came first, a mark after it
    finds the board closed."""

    def call():
        with translation.override("en"):
            return marking.call_referee(game=_game(day), user=day.user("bob"), marks_version=0)

    mark, called = run_together(_mark(day, "alice", "B5"), call)
    live = _live(day)
    game = Game.objects.get(pk=day.go_game.pk)
    if isinstance(called, live_services.Played):
        assert isinstance(mark, live_services.LiveError), mark
        assert game.result_state == ResultState.DISPUTED and game.marks == {"dead": [], "neutral": []}
        assert live.marks == {}
    else:
        assert isinstance(called, marking.StaleMarks) and isinstance(mark, live_services.Played)
        assert game.result_state == ResultState.PENDING and live.marks["dead"] == ["B5", "B6"]


def test_two_phones_mark_and_agree_many_times_end_in_one_consistent_state(day):
    """Each phone taps and agrees in turns, always on the marks it saw last: whatever wins, the stored
    marks are what the successful taps made, and an agreement only stands for the marks as they are."""
    seen = {"alice": 0, "bob": 0}
    for point_a, point_b in [("B5", "H5"), ("H5", "B6"), ("B5", "H5")]:
        results = run_together(_mark(day, "alice", point_a, seen["alice"]), _mark(day, "bob", point_b, seen["bob"]))
        _outcome(results)
        seen = dict.fromkeys(seen, _live(day).marks_version)
    live = _live(day)
    toggles = AuditEntry.objects.filter(action="game.live.mark").count()
    assert live.marks_version == toggles == 3
    results = run_together(_agree(day, "alice", seen["alice"]), _agree(day, "bob", seen["bob"]))
    assert all(isinstance(r, live_services.Played) for r in results), results
    game = Game.objects.get(pk=day.go_game.pk)
    assert game.result_state == ResultState.REPORTED and game.marks == _live(day).marks


def test_resuming_play_and_a_mark_at_once(day):
    live = _live(day)

    def resume():
        with translation.override("en"):
            return marking.resume(game=_game(day), user=day.user("bob"), version=live.version)

    results = run_together(resume, _mark(day, "alice", "B5"))
    played = [r for r in results if isinstance(r, live_services.Played)]
    refused = [r for r in results if isinstance(r, live_services.LiveError)]
    assert len(played) + len(refused) == 2
    after = _live(day)
    if isinstance(results[0], live_services.Played):  # resumed: no marks on a game going on
        assert after.move_list == MOVES[:-2] and after.marks == {}
    else:
        assert after.move_list == MOVES and after.marks["dead"] == ["B5", "B6"]


def test_both_phones_read_the_marks_then_the_marks_version_decides(day, monkeypatch):
    """Both threads have read the marks and toggled them before either writes: the conditional UPDATE on
    the marks version keeps one tap; and both agreements, read and checked together, are both kept."""
    both_read = threading.Barrier(2)
    new_board = marking.new_board

    def read_and_wait(game, moves=()):
        board = new_board(game, moves)
        both_read.wait(timeout=30)
        return board

    monkeypatch.setattr(marking, "new_board", read_and_wait)
    done, stale = _outcome(run_together(_mark(day, "alice", "B5"), _mark(day, "bob", "H5")))
    assert len(done) == 1 and len(stale) == 1
    version = _live(day).marks_version
    done, stale = _outcome(run_together(_agree(day, "alice", version), _agree(day, "bob", version)))
    assert len(done) == 2
    game = Game.objects.get(pk=day.go_game.pk)
    assert game.result_state == ResultState.REPORTED and game.marks == _live(day).marks
    assert AuditEntry.objects.filter(action="game.result.report", object_id=game.pk).count() == 1
