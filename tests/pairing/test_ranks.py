import pytest

from tournament.ranks import format_rank, parse_rank


@pytest.mark.parametrize(
    "text,value", [("30k", -30), ("1k", -1), ("1d", 0), ("9D", 8), ("5K", -5), (" 2d ", 1), ("1p", 9), ("9P", 17)]
)
def test_parse(text, value):
    assert parse_rank(text) == value


@pytest.mark.parametrize("bad", ["", "0k", "31k", "10d", "0d", "10p", "5", "k5", "5 kyu", "1.5k", "5x", None])
def test_parse_rejects(bad):
    with pytest.raises(ValueError):
        parse_rank(bad)


def test_round_trip():
    for v in range(-30, 18):
        assert parse_rank(format_rank(v)) == v
    assert format_rank(-5) == "5k" and format_rank(0) == "1d" and format_rank(9) == "1p"
    with pytest.raises(ValueError):
        format_rank(18)
