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


@pytest.mark.parametrize(
    "text, line, column, words",
    [
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
    ],
)
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


# ---- linear work ---------------------------------------------------------------------


def _record(n: int) -> str:
    """A root and ``n`` move nodes, one per line (so every node has its own line number)."""
    return (
        "(;FF[4]SZ[19]\n"
        + "".join(f";{'BW'[i % 2]}[{chr(97 + i % 19)}{chr(97 + i // 19 % 19)}]\n" for i in range(n))
        + ")"
    )


def _calls(text: str) -> int:
    """Function calls (Python and C) made while parsing ``text``: the reader's work, counted."""
    import sys

    count = 0

    def profile(frame, event, arg):
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(profile)
    try:
        parse(text)
    finally:
        sys.setprofile(None)
    return count


def test_reader_calls_grow_linearly_with_the_nodes():
    small, large = _calls(_record(2000)), _calls(_record(4000))
    assert large <= 2 * small + 50, (small, large)


def test_positions_scan_each_character_at_most_once(monkeypatch):
    """Line and column of every node are worked out by scanning the text
    forward from the previous node (counted here), not from its start."""
    from games import sgf

    scanned = []

    class Counting(sgf._Lines):
        def at(self, pos):
            scanned.append(pos - self.pos if pos >= self.pos else pos)
            return super().at(pos)

    monkeypatch.setattr(sgf, "_Lines", Counting)
    for n in (2000, 4000):
        scanned.clear()
        text = _record(n)
        game = parse(text)
        assert sum(scanned) <= len(text)
        assert [(m.line, m.column) for m in game.moves()][-2:] == [(n, 1), (n + 1, 1)]
    # an error after many nodes still names its line and column
    with pytest.raises(SGFError) as e:
        parse(_record(4000)[:-1] + "x)")
    assert (e.value.line, e.value.column) == (4002, 1)


def test_blanks_between_properties_and_values_keep_a_node_together():
    g = parse("(;FF[4] SZ[9]\n;B[aa] C[one] [two]\n;W[bb]\tC[x\\]y] ;B [cc] )")
    assert g.root == {"FF": ["4"], "SZ": ["9"]}
    assert [n.properties for n in g.nodes[1:]] == [
        {"B": ["aa"], "C": ["one", "two"]},
        {"W": ["bb"], "C": ["x]y"]},
        {"B": ["cc"]},
    ]
