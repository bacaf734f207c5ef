"""Ninuki-Renju: the readings settled in the last section of RULES.md
("Readings settled after the first round of held-out tests").

Each test names the reading it checks; positions are drawn beside the moves
(``x`` black, ``o`` white, capital letters mark points named in the test).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.coords import Point
from games.ninuki import NotationError, replay
from games.ninuki.notation import parse_sgf, read_sgf

from .diagrams import from_diagram

ROOT = Path(__file__).resolve().parents[2]


def cli(text: str, *args: str):
    p = subprocess.run(
        [sys.executable, "-m", "games.ninuki", *args, "-"],
        input=text.encode(),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )
    out = [json.loads(line) for line in p.stdout.decode().splitlines()]
    return p.returncode, out, p.stderr.decode()


# ---- SGF board size: SZ sets it without --size; with --size a differing SZ is unreadable ----


@pytest.mark.parametrize(
    "size, centre, second", [(13, "gg", "gh"), (15, "hh", "hi"), (17, "ii", "ij"), (21, "kk", "kl")]
)
def test_sz_sets_the_board_size_without_size_option(size, centre, second):
    #  15x15:  8 . . . . . . . x . . . . . . .   B[hh] = H8, the centre
    #          7 . . . . . . . o . . . . . . .   W[hi] = H7
    sgf = f"(;FF[4]GM[1]SZ[{size}];B[{centre}];W[{second}])"
    code, out, err = cli(sgf)
    assert code == 0, err
    assert out == [
        {
            "legal": True,
            "outcome": "unfinished",
            "reason": None,
            "captures": {"black": 0, "white": 0},
            "moves": 2,
            "error": None,
        }
    ]
    code, out, err = cli(sgf, "--rules", "japanese")  # japanese is 15x15, SZ wins
    assert code == 0, err
    assert read_sgf(sgf) == (size, [Point(size // 2, size // 2), Point(size // 2, size // 2 - 1)])
    v = replay(sgf)  # the library reads it the same way
    assert v.legal and v.board.size == size


def test_with_size_option_a_differing_sz_is_unreadable():
    sgf = "(;SZ[15];B[hh];W[hi])"
    code, out, err = cli(sgf, "--size", "17")
    assert code == 2 and out == [] and "SZ[15]" in err and "line 1" in err
    code, out, err = cli(sgf, "--size", "15")
    assert code == 0 and out[0]["moves"] == 2
    with pytest.raises(NotationError, match=r"SZ\[15\]"):
        parse_sgf(sgf, 19)
    with pytest.raises(NotationError, match=r"SZ\[15\]"):
        replay(sgf, size=19)


@pytest.mark.parametrize("sz", ["9", "20", "23", "19:19", "x"])
def test_sz_the_validator_does_not_accept_is_unreadable(sz):
    code, out, err = cli(f"(;SZ[{sz}];B[jj])")
    assert code == 2 and out == [] and f"SZ[{sz}]" in err and "Traceback" not in err


def test_sgf_without_sz_has_the_rule_sets_size():
    code, out, _ = cli("(;B[hh];W[hi])", "--rules", "japanese")  # 15x15: H8 is the centre
    assert code == 0 and out[0]["legal"]
    code, out, _ = cli("(;B[jj];W[jk])")  # hannover: 19x19, K10
    assert code == 0 and out[0]["legal"]


# ---- tt: an ordinary point beyond 19x19, a pass up to it --------------------------------


def test_tt_is_an_ordinary_point_on_21x21():
    #  21x21:   3 . . . . . . . . . . . . . . . . . . . . .
    #           2 . . . . . . . . . . . . . . . . . . . o .    W[tt] = U2
    #             A B C D E F G H J K L M N O P Q R S T U V
    code, out, _ = cli("(;SZ[21];B[kk];W[tt];B[];W[])")
    assert code == 0 and out[0]["moves"] == 4 and out[0]["outcome"] == "draw"  # B[] W[]: double pass
    v = replay("(;SZ[21];B[kk];W[tt])")
    assert v.board.moves == [Point(10, 10), Point(19, 1)] and v.board[Point(19, 1)] == "white"
    code, out, _ = cli("(;SZ[21];B[kk];W[tt];B[tt])")  # tt twice: occupied, not two passes
    assert code == 1 and out[0]["error"] == {"move": 3, "point": "U2", "reason": "occupied"}


@pytest.mark.parametrize("size, centre", [(13, "gg"), (15, "hh"), (17, "ii"), (19, "jj")])
def test_tt_is_a_pass_on_19x19_and_smaller(size, centre):
    code, out, _ = cli(f"(;SZ[{size}];B[{centre}];W[tt];B[tt])")
    assert code == 0 and (out[0]["outcome"], out[0]["reason"], out[0]["moves"]) == ("draw", "double-pass", 3)


# ---- I is no column ------------------------------------------------------------------------


def test_i_is_not_a_column_letter():
    code, out, err = cli("K10 I5")
    assert code == 2 and out == [] and "'I5'" in err


# ---- pente -----------------------------------------------------------------------------------


def test_pente_pass_as_move_2_is_legal_and_as_move_3_an_opening_error():
    #  10 . . . x . . .    K10, then White passes (legal in pente), Black K13
    #     G H J K L M N    (three points from the centre) is fine.
    assert replay("K10 pass K13", "pente").legal
    v = replay("K10 L11 pass", "pente")
    assert v.error.as_dict() == {"move": 3, "point": "pass", "reason": "opening"} and v.moves == 2


def test_pente_overline_wins_with_reason_five():
    #  10 . x x x x A x . .   Black fills A (O10): six in a row K10-P10,
    #     J K L M N O P Q R   an overline, which wins in pente.
    board, m = from_diagram(
        """
        11 . . . . . . . . .
        10 . x x x x A x . .
         9 . . . . . . . . .
           J K L M N O P Q R
    """,
        "pente",
    )
    board.push(m["A"])
    assert (board.outcome.winner, board.outcome.reason) == ("black", "five")


@pytest.mark.parametrize("rules", ["pente", "hannover"])
def test_five_that_takes_the_fifth_pair_wins_by_captures(rules):
    # Black has captured 4 pairs.  A (K10) makes the five H10-M10 and takes
    # K11-K12 (bracketed by K13), the fifth pair: rule 1 comes first, so the
    # reason is captures, not five.
    board, m = from_diagram(
        """
        13 . . . x . . . .
        12 . . . o . . . .
        11 . . . o . . . .
        10 . x x A x x . .
         9 . . . . . . . .
           G H J K L M N O
    """,
        rules,
        captures=(4, 0),
    )
    board.push(m["A"])
    assert (board.outcome.winner, board.outcome.reason) == ("black", "captures")
    assert board.captures == {"black": 5, "white": 0}


# ---- `moves`: the moves replayed legally ---------------------------------------------------


def test_moves_counts_the_moves_before_the_illegal_one():
    #  10 . x .   K10 K9, then K10 again: occupied; L10 is never replayed.
    #   9 . o .
    #     J K L
    v = replay("K10 K9 K10 L10")
    assert v.error.as_dict() == {"move": 3, "point": "K10", "reason": "occupied"} and v.moves == 2
    code, out, _ = cli("K10 K9 K10 L10")
    assert code == 1 and out[0]["moves"] == 2


# ---- "stops a five" counts only fives the opponent could legally complete -------------------

#  japanese, 15x15, Black to move.  White's four D5-G5 is completed at A (H5),
#  but there White would also make the open threes H5-H6-H7 and F7-G6-H5: a
#  5-3-3, forbidden in japanese.  Black's B (G4) takes G5-G6 (bracketed by G7)
#  and makes two open threes, E4-F4-G4 and E2-F3-G4(-H5): a double-three.
STOP_FIVE = """
     9 . . . . . . . . . .
     8 . . . . . . . . . .
     7 . . . . . o x o . .
     6 . . . . . . o o . .
     5 . . x o o o o A . .
     4 . . . . x x B . . .
     3 . . . . . x . . . .
     2 . . . . x . . . . .
     1 . . . . . . . . . .
       A B C D E F G H J K
"""


def _reason(board, point):
    from games.ninuki import IllegalMove

    try:
        board.push(point)
    except IllegalMove as e:
        return e.reason
    return None


def test_stopping_a_five_the_opponent_could_not_legally_complete_is_no_exception():
    board, m = from_diagram(STOP_FIVE, "japanese")
    assert _reason(board, m["B"]) == "double-three"
    # White's A really is illegal there: a five with a double-three
    board, m = from_diagram(STOP_FIVE, "japanese", turn="white")
    assert _reason(board, m["A"]) == "double-three"


def test_stopping_a_five_the_opponent_could_complete_is_an_exception():
    # the same without White's F7: A is then a plain five for White (legal), so
    # Black's B, which takes G5 out of that five, may be a double-three.
    diagram = STOP_FIVE.replace("7 . . . . . o x o", "7 . . . . . . x o")
    board, m = from_diagram(diagram, "japanese")
    assert _reason(board, m["B"]) is None
    assert board.captures == {"black": 1, "white": 0}
    board, m = from_diagram(diagram, "japanese", turn="white")
    assert _reason(board, m["A"]) is None  # legal for White: a five (breakable by B, so pending)
    assert board.pending is not None and board.outcome is None


# ---- the pending-five capture exception holds even if the opponent keeps another five ------


def test_capture_out_of_a_pending_five_excepts_a_double_three_even_if_another_five_stays():
    #  White's A (K10) makes two fives, F10-K10 and K10-K14; Black could break
    #  both at once with H8 (takes J9-K10, bracketed by L11), so they are
    #  pending.  Black's B (G9) takes G10-G11 (bracketed by G12), a pair out of
    #  the pending five, and makes the open threes E9-F9-G9 and G7-G8-G9: a
    #  double-three, allowed by the exception although K10-K14 stays a five,
    #  which then wins (check 3).
    diagram = """
        15 . . . . . . . . .
        14 . . . . . . o . .
        13 . . . . . . o . .
        12 . . . x . . o . .
        11 . . . o . . o x .
        10 . . o o o o A . .
         9 . x x B . o . . .
         8 . . . x . . . . .
         7 . . . x . . . . .
         6 . . . . . . . . .
           D E F G H J K L M
    """
    board, m = from_diagram(diagram, "hannover", turn="white")
    board.push(m["A"])
    assert board.outcome is None and board.pending is not None  # breakable: pending
    assert _reason(board, m["B"]) is None
    assert board.captures == {"black": 1, "white": 0}
    assert (board.outcome.winner, board.outcome.reason) == ("white", "five")
    # without the pending five, B is a forbidden double-three
    board, m = from_diagram(diagram, "hannover")
    assert _reason(board, m["B"]) == "double-three"
