"""Reading and writing records: text notation and SGF (games/ninuki/notation.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.coords import Point
from games.ninuki import Board, IllegalMove, NotationError, parse, parse_sgf, parse_text, replay, write_sgf, write_text

K10, K9, N10 = Point(9, 9), Point(9, 8), Point(12, 9)


@pytest.mark.parametrize(
    "text",
    [
        "K10 K9 N10",
        "k10,k9;n10",
        "1. K10 K9 2. N10",
        "1) K10 2) K9 3) N10",
        "1.K10 2.K9 3.N10",
        "  K10\n\tK9 ;; N10\n",
        "K10, K9, N10,",
    ],
)
def test_text_variants(text):
    assert parse_text(text) == [K10, K9, N10]


def test_pass_and_off_board_tokens():
    assert parse_text("K10 pass PASS Pass 12.pass") == [K10, None, None, None, None]
    assert parse_text("K10 K20 Z99") == [K10, Point(9, 19), Point(24, 98)]


@pytest.mark.parametrize(
    "text, line, token",
    [
        ("K10 12 K9", 1, "12"),
        ("K10 K9\nK10 foo", 2, "foo"),
        ("K10 I10", 1, "I10"),
        ("K10 K9 Z99x", 1, "Z99x"),
        ("K10 K-9", 1, "K-9"),
        ("K10 1..K9", 1, "1..K9"),
        ("K10\n\nK9 \u00e9", 3, "\u00e9"),
        ("K10 K1000", 1, "K1000"),
    ],
)
def test_unreadable_tokens_are_named(text, line, token):
    with pytest.raises(NotationError) as e:
        parse_text(text)
    assert (e.value.line, e.value.token) == (line, token)
    assert f"line {line}" in str(e.value) and repr(token) in str(e.value)


def test_sgf_basics():
    assert parse_sgf("(;FF[4]SZ[19];B[jj];W[jk];B[mj])", 19) == [K10, K9, N10]
    assert parse_sgf("(;B[jj];W[];B[tt])", 19) == [K10, None, None]
    assert parse_sgf("(;SZ[21];B[kk];W[tt])", 21) == [Point(10, 10), Point(19, 1)]
    assert parse("  (;B[jj])", 19) == [K10] and parse("K10", 19) == [K10]


@pytest.mark.parametrize(
    "text, words",
    [
        ("(;SZ[19]AB[aa];B[jj])", "setup"),
        ("(;SZ[19];B[jj](;W[kk])(;W[ll]))", "variations"),
        ("(;SZ[19];B[jj];B[kk])", "W is to play"),
        ("(;SZ[19];W[jj])", "B is to play"),
        ("(;SZ[15];B[hh])", "SZ[15]"),
        ("(;B[jj])(;B[jj])", "more than one game"),
        ("(;B[jj];W[k])", "unreadable SGF point"),
        ("(;B[jj];W[kk]", "not closed"),
        ("(;B[jj]W[kk])", "both B and W"),
    ],
)
def test_sgf_unreadable(text, words):
    with pytest.raises(NotationError, match=words.replace("[", r"\[").replace("]", r"\]")):
        parse_sgf(text, 19)


def test_sgf_off_board_point_is_an_illegal_move():
    v = replay("(;SZ[15];B[hh];W[pa])", "japanese")  # p = column 16 on 15x15
    assert v.error.as_dict() == {"move": 2, "point": "Q15", "reason": "off-board"}


def test_writers_round_trip():
    moves = [K10, K9, None, N10]
    assert write_text(moves) == "K10 K9 pass N10"
    assert write_text(moves, numbered=True) == "1. K10 K9 2. pass N10"
    sgf = write_sgf(moves, 19, result="B+R", PB="Anna")
    # GM[4]: SGF's Gomoku and Renju family (GM[1] is Go); CA[UTF-8] as every SGF the site writes
    assert sgf == "(;FF[4]GM[4]CA[UTF-8]SZ[19]RE[B+R]PB[Anna];B[jj];W[jk];B[];W[mj])"
    assert parse_sgf(sgf, 19) == moves
    assert parse_sgf(sgf.replace("GM[4]", "GM[1]"), 19) == moves  # records written before read as they were
    assert parse_text(write_text(moves, numbered=True)) == moves


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="K10J9TtAa pas.,;)(\n[]BW\\:I-x", max_size=80) | st.text(max_size=40))
def test_fuzz_parse_and_replay_raise_only_notation_errors(text):
    try:
        moves = parse(text, 19)
    except NotationError as e:
        assert e.line is None or e.line >= 1
        return
    v = replay(moves)
    assert v.legal or v.error.reason in ("off-board", "occupied", "first-move", "after-end", "double-three")


def test_board_api():
    board = Board()
    assert board.play("K10") == [] and board["K10"] == "black" and board.turn == "white"
    with pytest.raises(IllegalMove) as e:
        board.play("K10")
    assert (e.value.move_number, e.value.point, e.value.reason) == (2, "K10", "occupied")
    with pytest.raises(IllegalMove) as e:
        board.push(Point(30, 3))
    assert e.value.reason == "off-board"
    board.play("pass")
    copy = board.copy()
    copy.play("K11")
    assert board["K11"] is None and copy["K11"] == "black" and board.ply == 2 and copy.ply == 3
    assert board.pop() is None and board.ply == 1
    assert "X" in str(board) and str(board).splitlines()[-1].split()[8] == "J"
