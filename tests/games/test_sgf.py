"""The small SGF reader and writer (games/sgf.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.sgf import SGFError, dumps, parse


def test_main_line_moves_and_root():
    g = parse("(;FF[4]GM[1]SZ[19]PB[Anna]\n;B[jj];W[kk]\n;B[])")
    assert g.root["SZ"] == ["19"] and g.root["PB"] == ["Anna"]
    assert [(m.colour, m.value, m.line) for m in g.moves()] == [("B", "jj", 2), ("W", "kk", 2), ("B", "", 3)]
    assert not g.variations and g.game_count == 1 and g.setup_properties() == []


def test_escapes_and_soft_line_breaks():
    g = parse("(;C[a \\] b \\\\ c\\\nd])")
    assert g.root["C"] == ["a ] b \\ cd"]


def test_variations_setup_and_several_games_are_reported():
    g = parse("(;SZ[19];B[jj](;W[kk];B[aa])(;W[ab]))")
    assert g.variations and [m.value for m in g.moves()] == ["jj", "kk", "aa"]
    g = parse("(;SZ[19]AB[aa][bb];W[cc])")
    assert [p for p, _ in g.setup_properties()] == ["AB"] and g.root["AB"] == ["aa", "bb"]
    assert parse("(;B[aa])(;B[bb])").game_count == 2


def test_old_style_lowercase_identifiers():
    assert parse("(;CoPyright[x];B[aa])").root["CP"] == ["x"]


@pytest.mark.parametrize("text, line, column, words", [
    ("", 1, 1, "empty"),
    ("B[aa]", 1, 1, "expected '('"),
    ("(;B[aa]", 1, 8, "not closed"),
    ("(;B[aa", 1, 4, "unterminated"),
    ("(;B[aa]\n;W[bb]x)", 2, 7, "no capital"),
    ("()", 1, 2, "without nodes"),
    ("(;B[aa];W[bb]W[cc])", 1, 14, "repeated"),
    ("(;B[aa](;W[bb]);B[cc])", 1, 16, "after a variation"),
    ("(;B[aa]) x", 1, 10, "after the game tree"),
    ("(;B)", 1, 3, "no value"),
])
def test_errors_say_where(text, line, column, words):
    with pytest.raises(SGFError) as e:
        parse(text)
    assert (e.value.line, e.value.column) == (line, column) and words in str(e.value)


def test_node_with_both_colours():
    with pytest.raises(SGFError, match="both B and W"):
        parse("(;B[aa]W[bb])").moves()


def test_deep_nesting_does_not_exhaust_the_stack():
    text = "(;B[aa]" * 5000 + ")" * 5000
    assert len(parse(text).moves()) == 5000


def test_writer_round_trip():
    text = dumps([{"FF": "4", "SZ": "19", "C": "a]b\\"}, {"B": "jj"}, {"W": ["kk"]}])
    assert text == "(;FF[4]SZ[19]C[a\\]b\\\\];B[jj];W[kk])"
    g = parse(text)
    assert g.root["C"] == ["a]b\\"] and [m.value for m in g.moves()] == ["jj", "kk"]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="();[]\\BWA Ezx\n\u00e9", max_size=60) | st.text(max_size=60))
def test_fuzz_only_sgf_errors(text):
    try:
        g = parse(text)
        g.moves()
    except SGFError as e:
        assert e.line >= 1 and e.column >= 1
