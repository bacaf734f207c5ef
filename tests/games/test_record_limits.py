"""The longest record each game accepts, checked before the record is replayed.

Ninuki-Renju has a real bound (no legal game is longer); Go, Keima-Go and
1000-Volt-Go have a practical limit (their rules allow endless games).  A
record over the limit is refused with the code ``too-long`` (unreadable
input for the command lines, exit status 2), never replayed.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from games import go, keima, ninuki, volt
from games.go import RecordError
from games.limits import RecordTooLong
from games.ninuki import NotationError, RuleSet

ROOT = Path(__file__).resolve().parents[2]


def cli(module, text, *args):
    p = subprocess.run(
        [sys.executable, "-m", module, *args, "-"], input=text, capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    return p.returncode, p.stdout, p.stderr


# ---- Ninuki: a bound no legal game can exceed --------------------------------------------


@pytest.mark.parametrize("size, limit", [(13, 371), (15, 483), (19, 755), (21, 915)])
def test_ninuki_bound_per_board(size, limit):
    # 2 * (N*N + 4 * (capture_win - 1)) + 1: stones placed at most N*N plus the
    # 16 stones four captured pairs a side can free, a pass at most after each
    # stone, and one more pass at the end.
    assert RuleSet.preset("hannover", size=size).max_moves() == limit
    assert RuleSet.preset("hannover", size=size, capture_win=3).max_moves() == 2 * (size * size + 8) + 1


def test_ninuki_over_long_record_is_refused_before_it_is_replayed():
    # move 1 (A1) is illegal, but the record is refused for its length first
    record = " ".join(["A1"] + ["pass"] * 755)
    with pytest.raises(RecordTooLong) as e:
        ninuki.replay(record)
    assert isinstance(e.value, NotationError) and e.value.code == "too-long"
    assert (e.value.moves, e.value.limit) == (756, 755)
    # at the limit the record is replayed (and here found illegal)
    assert ninuki.replay(" ".join(["A1"] + ["pass"] * 754)).error.reason == "first-move"
    with pytest.raises(RecordTooLong):  # a list of moves too
        ninuki.replay([None] * 756)


def test_ninuki_limit_follows_the_board_size_of_the_record():
    # 15x15 (japanese): 483 moves at most
    assert ninuki.replay(" ".join(["H8"] + ["pass"] * 482), "japanese").error.reason == "after-end"
    with pytest.raises(RecordTooLong):
        ninuki.replay(" ".join(["H8"] + ["pass"] * 483), "japanese")
    sgf = "(;SZ[15];B[hh]" + ";W[]" * 483 + ")"
    with pytest.raises(RecordTooLong):  # SZ sets the size, and with it the limit
        ninuki.replay(sgf)


def test_ninuki_empty_sgf_nodes_count_and_are_refused_cheaply():
    text = "(;SZ[19]" + ";" * 199_000 + ")"
    with pytest.raises(RecordTooLong) as e:
        ninuki.replay(text)
    assert e.value.moves is None  # the reader stopped before the end of the text
    with pytest.raises(RecordTooLong):  # 756 empty nodes: over the limit, though no move in them
        ninuki.replay("(;SZ[19];B[jj]" + ";" * 755 + ")")


def test_ninuki_cli_refuses_too_long_with_exit_2():
    code, out, err = cli("games.ninuki", " ".join(["K10"] + ["pass"] * 755))
    assert code == 2 and out == "" and "too long" in err and "755" in err and "Traceback" not in err
    code, out, err = cli("games.ninuki", "(;SZ[19]" + ";" * 199_000 + ")")
    assert code == 2 and out == "" and "too long" in err


# ---- Go family: a practical limit of 10 moves per point ------------------------------------


@pytest.mark.parametrize("engine, game_class", [(go, go.Game), (keima, keima.KeimaGame), (volt, volt.VoltGame)])
@pytest.mark.parametrize("size", [9, 13, 19])
def test_go_family_limit_is_ten_moves_a_point(engine, game_class, size):
    limit = 10 * size * size
    assert game_class.max_moves(size) == limit
    # passes only: the third is after-end, but the record is within the limit
    assert engine.replay(" ".join(["pass"] * limit), size=size).error.reason == "after-end"
    with pytest.raises(RecordTooLong) as e:
        engine.replay(" ".join(["pass"] * (limit + 1)), size=size)
    assert isinstance(e.value, RecordError) and e.value.code == "too-long"
    assert (e.value.moves, e.value.limit) == (limit + 1, limit)


def test_go_family_empty_sgf_nodes_count_and_are_refused_cheaply():
    for engine in (go, keima, volt):
        with pytest.raises(RecordTooLong) as e:
            engine.replay("(;SZ[9]" + ";" * 199_000 + ")")
        assert e.value.moves is None  # the reader stopped early
        with pytest.raises(RecordTooLong):  # 811 nodes after the root on 9x9, one of them a move
            engine.replay("(;SZ[9];B[ee]" + ";" * 810 + ")")
    assert go.replay("(;SZ[9];B[ee]" + ";" * 809 + ")").legal  # 810 nodes: accepted


def test_go_family_handicap_stones_count_as_moves():
    # Keima-Go 9x9, HA[2]: four Black stones, then White; 810 moves in all at most
    moves = "C7 D5 G3 F5 " + " ".join(["pass"] * 806)
    assert keima.replay(moves, handicap=2).error.reason == "after-end"
    with pytest.raises(RecordTooLong):
        keima.replay(moves + " pass", handicap=2)


@pytest.mark.parametrize("module", ["games.go", "games.keima", "games.volt"])
def test_go_family_cli_refuses_too_long_with_exit_2(module):
    code, out, err = cli(module, " ".join(["pass"] * 811), "--size", "9")
    assert code == 2 and out == "" and "too long" in err and "810" in err and "Traceback" not in err
