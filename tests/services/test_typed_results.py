"""Results typed in the grid (``37b``): the keys, the one write through the result service, the conflict
of a different result, the same result twice, undo (exactly what was there), jigo where the game allows it."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied

from tests.fixtures.day import FIVE_FOR_BLACK
from tournament import result_codes
from tournament.models import AuditEntry, Game, Round
from tournament.models.game import Result, ResultState, WinMethod
from tournament.result_codes import Typed, read_entry
from tournament.selectors.results import typed_entries
from tournament.services.results import (
    ResultConflict,
    ResultError,
    result_confirm,
    result_enter,
    result_report,
    result_set,
    result_undo,
)

pytestmark = pytest.mark.usefixtures("english")


# -- the keys (pure) -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("37b", Typed(37, Result.BLACK)),
        ("37B", Typed(37, Result.BLACK)),
        ("37s", Typed(37, Result.BLACK)),  # Schwarz
        ("37w", Typed(37, Result.WHITE)),
        ("37=", Typed(37, Result.DRAW)),
        ("37j", Typed(37, Result.DRAW)),
        ("37 0", Typed(37, Result.BOTH_LOSE)),
        ("37-1", Typed(37, Result.BOTH_WIN)),
        ("37?", Typed(37, Result.UNKNOWN)),
        ("37b!", Typed(37, Result.BLACK, by_default=True)),
        (" 12 w ! ", Typed(12, Result.WHITE, by_default=True)),
        ("8 0!", Typed(8, Result.BOTH_LOSE, by_default=True)),
        ("1000=", Typed(1000, Result.DRAW)),
    ],
)
def test_keys_are_read(text, typed):
    assert read_entry(text) == typed


@pytest.mark.parametrize(
    "text",
    ["", "37", "370", "3701", "37x", "b37", "37!", "37bw", "37 01", "-37b", "1234567b", "１b", "٣٧b", "3７w", "37 １"],
)
def test_other_text_is_not_an_entry(text):
    """A digit key needs a space or dash: ``370`` is table 370 without a result, never table 37 "both lose"."""
    assert read_entry(text) is None


@pytest.mark.parametrize(
    ("text", "foreign"), [("１b", True), ("٣٧b", True), ("37 １", True), ("37x", False), ("37b", False)]
)
def test_digits_of_other_scripts_are_told_apart(text, foreign):
    """A fullwidth or Arabic-Indic digit is no table number (``int()`` would read it): the form says so."""
    assert result_codes.foreign_digits(text) is foreign


def test_every_result_has_a_key_that_reads_back():
    for code in result_codes.CODES:
        for by_default in (False, True):
            assert read_entry(f"37{result_codes.typed(code, by_default)}") == Typed(37, code, by_default)


# -- one entry -------------------------------------------------------------------------------------


def _game(pk) -> Game:
    return Game.objects.select_related("round__discipline", "round__tournament", "black", "white").get(pk=pk)


def enter(day, text, user="organizer", replace=None, game=None):
    typed = read_entry(text)
    game = game or Game.objects.select_related("round__discipline", "round__tournament").get(
        round=day.round1, table=typed.table
    )
    return result_enter(
        game=game, user=day.user(user), result=typed.result, by_default=typed.by_default, replace=replace
    )


def test_a_typed_result_is_entered_confirmed_and_logged(day):
    done = enter(day, "2b")
    assert (done.game.result, done.game.result_state, done.game.version) == ("B", ResultState.CONFIRMED, 1)
    assert done.entry.action == "game.result.enter" and done.entry.user == day.user("organizer")
    assert done.entry.before["result"] == "?" and done.entry.after == {**done.entry.after, "result": "B", "version": 1}
    forfeit = enter(day, "1w!").game
    assert (forfeit.result, forfeit.by_default, forfeit.method) == ("W", True, WinMethod.DEFAULT)


def test_the_same_result_again_changes_nothing(day):
    """Two organizers typing the same slip, or one slip typed twice: one write, one entry."""
    enter(day, "2b")
    again = enter(day, "2b", user="admin")
    assert again.entry is None and again.game.version == 1
    assert AuditEntry.objects.filter(action="game.result.enter").count() == 1
    assert enter(day, "1?").entry is None  # no result to take away


def test_a_different_result_is_a_conflict_naming_who_entered_it(day):
    enter(day, "2b", user="admin")
    with pytest.raises(ResultConflict) as info:
        enter(day, "2w")
    message = info.value.messages[0]
    assert "Table 2 already has 1-0" in message and "admin" in message
    assert info.value.current.version == 1
    game = _game(day.game2.pk)
    assert (game.result, game.version) == ("B", 1)  # not overwritten
    # the organizer saw it and chose to replace that very version
    replaced = enter(day, "2w", replace=1).game
    assert (replaced.result, replaced.version) == ("W", 2)
    # a replace of a version that is gone (changed again since) is a conflict again
    with pytest.raises(ResultConflict):
        enter(day, "2 0", replace=1)


def test_clearing_a_result_is_no_conflict(day):
    enter(day, "2b")
    cleared = enter(day, "2?").game
    assert (cleared.result, cleared.result_state) == ("?", ResultState.PENDING)


def test_the_same_result_a_player_reported_confirms_it_and_a_different_one_conflicts(day):
    game = result_report(
        game=_game(day.game.pk), user=day.user("alice"), version=0, result="B", method="five", record=FIVE_FOR_BLACK
    )
    with pytest.raises(ResultConflict, match="reported"):
        enter(day, "1w")
    done = enter(day, "1b")
    assert done.entry is not None
    assert (done.game.result, done.game.method, done.game.result_state) == ("B", "five", ResultState.CONFIRMED)
    assert done.game.version == game.version + 1


def test_undo_restores_exactly_a_players_confirmed_result(day):
    reported = result_report(
        game=_game(day.game.pk), user=day.user("alice"), version=0, result="B", method="five", record=FIVE_FOR_BLACK
    )
    confirmed = result_confirm(game=reported, user=day.user("bob"), version=reported.version)
    was = {f: getattr(confirmed, f) for f in ("result", "by_default", "method", "result_state", "verdict", "marks")}
    assert was["result_state"] == ResultState.CONFIRMED and was["verdict"]["agrees"] is True
    done = enter(day, "1w", replace=confirmed.version)
    assert (done.game.result, done.game.method) == ("W", "") and done.game.verdict["agrees"] is False
    undone = result_undo(entry=done.entry, user=day.user("organizer"))
    assert {f: getattr(undone, f) for f in was} == was
    assert undone.reported_by == day.user("alice") and undone.record == FIVE_FOR_BLACK
    log = AuditEntry.objects.filter(action="game.result.undo").get()
    assert log.after["undoes"] == done.entry.pk and log.before["result"] == "W"
    # undone once: the entry's Undo is gone
    with pytest.raises(ResultError, match="changed since"):
        result_undo(entry=done.entry, user=day.user("organizer"))


def test_undo_of_an_empty_table_takes_the_result_away(day):
    done = enter(day, "2 1")
    undone = result_undo(entry=done.entry, user=day.user("admin"))
    assert (undone.result, undone.by_default, undone.method, undone.result_state) == ("?", False, "", "pending")


def test_no_undo_after_somebody_changed_the_game(day):
    done = enter(day, "2b")
    result_set(game=_game(day.game2.pk), user=day.user("admin"), version=1, result="W")
    with pytest.raises(ResultError, match="Table 2 has changed since .it has 0-1 now.: not undone"):
        result_undo(entry=done.entry, user=day.user("organizer"))
    assert _game(day.game2.pk).result == "W"


def test_no_undo_in_a_closed_round_nor_of_other_entries(day):
    done = enter(day, "2b")
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.FINISHED)
    with pytest.raises(ResultError, match="The round is closed"):
        result_undo(entry=done.entry, user=day.user("organizer"))
    with pytest.raises(ResultError, match="The round is closed"):
        enter(day, "1w")  # a closed round's result changes only with a reason: in its row
    other = AuditEntry.objects.filter(action="game.result.enter").get()
    other.action = "game.result.set"
    with pytest.raises(ResultError, match="Only a typed result"):
        result_undo(entry=other, user=day.user("organizer"))


def test_only_organizers_type_and_undo(day):
    done = enter(day, "2b")
    for name in ("referee", "alice", "other_org"):
        with pytest.raises(PermissionDenied):
            enter(day, "1b", user=name)
        with pytest.raises(PermissionDenied):
            result_undo(entry=done.entry, user=day.user(name))


def _half_komi_game(day, komi) -> Game:
    round2 = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2)
    return Game.objects.create(round=round2, table=1, black=day.game.black, white=day.game.white, komi=Decimal(komi))


def test_jigo_only_where_the_game_can_end_in_one(day):
    half = _half_komi_game(day, "6.5")
    with pytest.raises(ResultError, match="Table 1 cannot end in jigo: its komi is 6.5"):
        result_enter(game=_game(half.pk), user=day.user("organizer"), result="D")
    with pytest.raises(ResultError, match="cannot end in jigo"):
        result_set(game=_game(half.pk), user=day.user("organizer"), version=0, result="D")  # the grid's row too
    Game.objects.filter(pk=half.pk).update(komi=Decimal("7"))
    assert result_enter(game=_game(half.pk), user=day.user("organizer"), result="D").game.result == "D"
    # Ninuki-Renju has no komi: it can end in a draw; a jigo by default is no result
    assert enter(day, "1=").game.result == "D"
    with pytest.raises(ResultError, match="won, lost or both by default"):
        enter(day, "2=!")


def test_the_last_entries_of_an_organizer_with_their_undo(day):
    first = enter(day, "1b")
    second = enter(day, "2w")
    enter(day, "2b", user="admin", replace=second.game.version)  # another organizer changed table 2
    result_undo(entry=first.entry, user=day.user("organizer"))
    rows = typed_entries(round_=_game(day.game.pk).round, user=day.user("organizer"))
    assert [(r.table, r.undo, r.result, r.before, r.undoable) for r in rows] == [
        (1, True, "?", "1-0", False),  # the undo
        (2, False, "0-1", "?", False),  # changed since by the admin
        (1, False, "1-0", "?", False),  # undone
    ]
    admin = typed_entries(round_=day.round1, user=day.user("admin"))
    assert [(r.table, r.undoable) for r in admin] == [(2, True)]
