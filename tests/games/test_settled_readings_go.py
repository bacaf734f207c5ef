"""Go, Keima-Go, 1000-Volt-Go: the readings settled in the last section of
RULES.md ("Readings settled after the first round of held-out tests").

Each test names the reading it checks; the positions are drawn beside the
moves (``X`` black, ``O`` white, top row first).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games import go, keima, volt
from games.go import RecordError

ROOT = Path(__file__).resolve().parents[2]
ENGINES = [go, keima, volt]


def cli(module: str, text: str, *args: str):
    p = subprocess.run(
        [sys.executable, "-m", module, *args, "-"], input=text, capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    return p.returncode, (json.loads(p.stdout) if p.stdout.strip() else None), p.stderr


# ---- `moves`: the moves replayed legally -----------------------------------------


@pytest.mark.parametrize("engine", ENGINES, ids=["go", "keima", "volt"])
def test_moves_counts_the_moves_before_the_illegal_one(engine):
    # 9x9, after move 1:      move 2 (E5 again) is illegal: occupied;
    #   5 . . . . X . . . .   D4 and pass after it are never replayed.
    #       A B C D E F G H J
    v = engine.replay("E5 E5 D4 pass", size=9)
    assert v.error.as_dict() == {"move": 2, "point": "E5", "reason": "occupied"}
    assert v.moves == 1 and v.as_dict()["moves"] == 1


@pytest.mark.parametrize("module", ["games.go", "games.keima", "games.volt"])
def test_cli_moves_counts_the_legal_moves(module):
    # E5 then K10 (off the 9x9 board): one move replayed legally.
    code, out, _ = cli(module, "E5 K10 pass pass", "--size", "9")
    assert code == 1 and out["error"]["reason"] == "off-board" and out["moves"] == 1
    code, out, _ = cli(module, "pass pass", "--size", "9")
    assert code == 0 and out["moves"] == 2


# ---- setup stones are unreadable (but a handicap's AB in the root); Keima handicap is HA[n] + 2n Black moves ----


@pytest.mark.parametrize("engine", ENGINES, ids=["go", "keima", "volt"])
@pytest.mark.parametrize(
    "sgf, ident",
    [
        ("(;SZ[9]AB[cc];W[ee])", "AB"),
        ("(;SZ[9]AW[cc];B[ee])", "AW"),
        ("(;SZ[9];B[ee];AB[cc]W[dd])", "AB"),
    ],
)
def test_setup_stones_are_unreadable(engine, sgf, ident):
    with pytest.raises(RecordError, match=ident):
        engine.replay(sgf)


def test_setup_stones_unreadable_on_the_command_line():
    code, out, err = cli("games.keima", "(;SZ[9]AB[cg][de];W[ee];W[dc])")
    assert code == 2 and out is None and "AB" in err and "Traceback" not in err


def test_keima_handicap_is_ha_and_two_black_moves_per_keima():
    #   7 . . X . . . . . .    HA[2]: Black C7 + D5 (a keima), G3 + F5 (a keima),
    #   6 . . . . . . . . .    then White's first turn E5 + D3.
    #   5 . . . X O X . . .
    #   4 . . . . . . . . .
    #   3 . . . O . . X . .
    #     A B C D E F G H J
    v = keima.replay("(;SZ[9]HA[2];B[cc];B[de];B[gg];B[fe];W[ee];W[dg])")
    assert v.legal and v.moves == 6
    assert [m.handicap for m in v.game.moves] == [True] * 4 + [False] * 2
    # the two stones of a handicap keima must form a keima: C7 then G3 is no keima
    v = keima.replay("(;SZ[9]HA[2];B[cc];B[gg];B[de];B[fe];W[ee];W[dg])")
    assert v.error.as_dict() == {"move": 2, "point": "G3", "reason": "not-keima"} and v.moves == 1
    # three Black stones and then White: a colour out of turn, unreadable
    with pytest.raises(RecordError, match="move 4"):
        keima.replay("(;SZ[9]HA[2];B[cc];B[de];B[gg];W[ee])")


# ---- Keima-Go: a turn cannot stop after its first stone -----------------------------


def test_keima_pass_as_second_stone_is_incomplete_turn():
    #   5 . . . . X . . . .    Black E5, then pass: the turn has one stone only.
    #     A B C D E F G H J
    v = keima.replay("E5 pass")
    assert v.error.as_dict() == {"move": 2, "point": "pass", "reason": "incomplete-turn"}
    assert v.moves == 1
    v = keima.replay("(;SZ[9];B[ee];B[])")  # the same in SGF (B[] is Black's pass)
    assert v.error.reason == "incomplete-turn"
    code, out, _ = cli("games.keima", "E5 F7 D4 pass")  # White's D4, then White passes
    assert code == 1 and out["error"] == {"move": 4, "point": "pass", "reason": "incomplete-turn"}


def test_keima_record_ending_after_the_first_stone_is_unfinished():
    #   7 . . . . . X . . .    Black E5 F7, White D4, and the record ends.
    #   5 . . . . X . . . .
    #   4 . . . O . . . . .
    #     A B C D E F G H J
    v = keima.replay("E5 F7 D4")
    assert v.legal and v.result == "unfinished" and v.moves == 3


def test_keima_colour_change_mid_turn_is_unreadable():
    #   5 . . . . X . . . .    Black E5, then a White stone: Black's turn has
    #     A B C D E F G H J    one stone left, so W[ff] is out of turn.
    for sgf in ("(;SZ[9];B[ee];W[fc])", "(;SZ[9];B[ee];W[])"):
        with pytest.raises(RecordError, match="move 2 is white's but black is to play"):
            keima.replay(sgf)


# ---- SGF points are read on the board the record is replayed on -------------------


@pytest.mark.parametrize("engine, name", [(keima, "keima"), (volt, "volt")])
def test_sgf_without_sz_is_read_on_the_default_9x9_board(engine, name):
    #   5 . . . . X . . . .    B[ee] is E5 on 9x9 (SGF rows from the top),
    #     A B C D E F G H J    not E15 on the SGF default of 19x19.
    v = engine.replay("(;B[ee];B[fc])" if name == "keima" else "(;B[ee])")
    assert v.legal, v.error
    assert v.game.point_name(v.game.moves[0].point) == "E5"
    v = go.replay("(;B[ee])", size=9)
    assert v.legal and v.game.point_name(v.game.moves[0].point) == "E5"


# ---- tt: a pass up to 19x19, an ordinary point beyond -------------------------------


@pytest.mark.parametrize("engine", ENGINES, ids=["go", "keima", "volt"])
@pytest.mark.parametrize("size", [9, 13, 19])
def test_tt_is_a_pass_on_19x19_and_smaller(engine, size):
    v = engine.replay(f"(;SZ[{size}];B[tt];W[tt])")
    assert v.legal and v.result is not None and [m.point for m in v.game.moves] == [None, None]
    v = engine.replay("(;B[tt];W[tt])", size=size)  # no SZ: the size given
    assert v.legal and v.result is not None


def test_tt_is_an_ordinary_point_on_21x21():
    #  21x21, SGF tt = column 20 (U), row 20 from the top = row 2:
    #   2 . . . . . . . . . . . . . . . . . . . X .
    #     A B C D E F G H J K L M N O P Q R S T U V
    v = go.replay("(;SZ[21];B[tt];W[])")
    assert v.legal and v.game.point_name(v.game.moves[0].point) == "U2"
    v = go.replay("(;B[tt];W[tt])", size=21)  # W on the same point: occupied
    assert v.error.as_dict() == {"move": 2, "point": "U2", "reason": "occupied"}
    v = go.replay("(;SZ[21];B[];W[])")  # only B[]/W[] pass there
    assert v.legal and v.result is not None
