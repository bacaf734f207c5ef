"""Go coordinates (games/coords.py)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.coords import COLUMN_LETTERS, CoordinateError, Point, centre, chebyshev, column_index, column_letter, points


def test_columns_skip_i():
    assert COLUMN_LETTERS[:10] == "ABCDEFGHJK"
    assert column_letter(8) == "J" and column_index("j") == 8
    assert COLUMN_LETTERS[20] == "V"  # the last column of 21x21
    with pytest.raises(CoordinateError):
        column_index("I")


@pytest.mark.parametrize(
    "text, point",
    [
        ("A1", Point(0, 0)),
        ("K10", Point(9, 9)),
        ("k10", Point(9, 9)),
        (" T19 ", Point(18, 18)),
        ("H8", Point(7, 7)),
        ("V21", Point(20, 20)),
        ("K20", Point(9, 19)),
        ("Z99", Point(24, 98)),
        ("K0", Point(9, -1)),
    ],
)
def test_parse(text, point):
    assert Point.parse(text) == point


@pytest.mark.parametrize("text", ["", "I5", "K", "10", "KK10", "K10x", "Z99x", "K-1", "K1000", "1K", "K 10", "Ｋ10"])
def test_parse_refuses_what_is_not_a_coordinate(text):
    with pytest.raises(CoordinateError):
        Point.parse(text)


def test_names_and_board_membership():
    assert str(Point(9, 9)) == "K10" and Point(8, 0).name() == "J1"
    assert Point(18, 18).on_board(19) and not Point(19, 0).on_board(19) and not Point(0, -1).on_board(19)
    assert centre(19) == Point.parse("K10") and centre(15) == Point.parse("H8") and centre(13) == Point.parse("G7")
    assert chebyshev(Point.parse("K10"), Point.parse("M13")) == 3
    assert len(list(points(13))) == 169


def test_sgf_points_count_rows_from_the_top():
    assert Point.parse("K10").to_sgf(19) == "jj"
    assert Point.parse("A19").to_sgf(19) == "aa" and Point.parse("A1").to_sgf(19) == "as"
    assert Point.from_sgf("aa", 19) == Point.parse("A19")
    assert Point.from_sgf("as", 15) == Point(0, -4)  # off a 15x15 board
    assert Point.from_sgf("", 19) is None and Point.from_sgf("tt", 19) is None
    assert Point.from_sgf("tt", 21) == Point(19, 1)  # a real point on 21x21
    for bad in ("a", "abc", "a1", "??"):
        with pytest.raises(CoordinateError):
            Point.from_sgf(bad, 19)


@given(size=st.integers(5, 25), x=st.integers(0, 24), y=st.integers(0, 24))
def test_round_trips(size, x, y):
    p = Point(x % size, y % size)
    assert Point.parse(str(p)) == p
    assert Point.from_sgf(p.to_sgf(size), size) in (p, None)  # tt is a pass up to 19x19
