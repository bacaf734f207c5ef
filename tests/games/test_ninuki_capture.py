"""Capture of exactly two stones (RULES.md, "Capture")."""

from games.coords import Point
from games.ninuki import replay

from .diagrams import from_diagram


def test_pbmserv_diagram_x_at_a_captures_two_pairs():
    # ninuki-pbmserv.txt, first diagram (before => after):
    #  . . . . . .     . . . . . .
    #  . . . . x .     . . . . x .
    #  . . . o . .     . . . . . .
    #  . . o . . .  => . . . . . .
    #  . A o o x .     . x . . x .
    #  . . . . . .     . . . . . .
    board, marks = from_diagram("""
        14 . . . . . .
        13 . . . . x .
        12 . . . o . .
        11 . . o . . .
        10 . A o o x .
         9 . . . . . .
    """)
    captured = board.push(marks["A"])
    assert sorted(captured) == sorted(Point.parse(p) for p in ("C10", "D10", "C11", "D12"))
    assert board.captures == {"black": 2, "white": 0}
    assert board["B10"] == "black"
    for p in ("C10", "D10", "C11", "D12"):
        assert board[p] is None
    assert board["E10"] == "black" and board["E13"] == "black"


def test_pbmserv_diagram_o_at_b_is_not_captured():
    # ninuki-pbmserv.txt, second diagram: o plays into the bracket at B;
    # only the mover captures, so both o stones stay.
    #  . . . . x .
    #  . . . o . .
    #  . . B . . .
    #  . x . . . .
    board, marks = from_diagram(
        """
        13 . . . . x .
        12 . . . o . .
        11 . . B . . .
        10 . x . . . .
    """,
        turn="white",
    )
    assert board.push(marks["B"]) == []
    assert board["C11"] == "white" and board["D12"] == "white"
    assert board.captures == {"black": 0, "white": 0}


def test_a_single_stone_and_three_stones_are_not_captured():
    #  10 . x o A . . .      x o x     : one stone, no capture
    #   9 . x o o o B .      x o o o x : three stones, no capture
    board, marks = from_diagram("""
        10 . x o A . . .
         9 . x o o o B .
    """)
    assert board.push(marks["A"]) == []
    board.push(Point.parse("A1"))  # white elsewhere
    assert board.push(marks["B"]) == []
    assert board.stones()[Point.parse("C10")] == "white"
    assert board.captures["black"] == 0


def test_capture_in_every_direction_at_once():
    # x at A captures eight pairs at once (and wins by captures).
    #  13 x . . x . . x
    #  12 . o . o . o .
    #  11 . . o o o . .
    #  10 x o o A o o x
    #   9 . . o o o . .
    #   8 . o . o . o .
    #   7 x . . x . . x
    board, marks = from_diagram("""
        13 x . . x . . x
        12 . o . o . o .
        11 . . o o o . .
        10 x o o A o o x
         9 . . o o o . .
         8 . o . o . o .
         7 x . . x . . x
    """)
    captured = board.push(marks["A"])
    assert len(captured) == 16
    assert board.captures["black"] == 8
    assert board.outcome.winner == "black" and board.outcome.reason == "captures"


def test_capture_at_the_edge_of_the_board():
    #   3 . . .
    #   2 o . .
    #   1 x x A     white at A captures nothing: A1 B1 are black but the
    #     A B C     other end is off the board
    board, marks = from_diagram(
        """
        3 . . .
        2 o . .
        1 x x A
    """,
        turn="white",
    )
    assert board.push(marks["A"]) == []


def test_captures_count_in_the_replay():
    # K10 J10(o) ... black captures the pair L10-M10 with N10:
    #  10 . . . x o o N
    record = "K10 L10 K12 M10 N10"
    v = replay(record)
    assert v.captures == {"black": 1, "white": 0}
    assert v.board["L10"] is None and v.board["M10"] is None


def test_no_suicide_a_stone_into_a_bracket_survives_and_can_be_captured_later():
    # White O10 makes o-o between x and x? No: white places between black
    # stones; later black can not capture it by doing nothing, only by moving.
    #  10 x . o x     white plays at B: x o o x, not captured
    board, marks = from_diagram("10 x B o x", turn="white")
    board.push(marks["B"])
    assert board["B10"] == "white" and board["C10"] == "white"
