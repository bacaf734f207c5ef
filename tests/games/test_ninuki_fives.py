"""Fives, overlines, perfect and breakable fives, capture wins, the split
overline, double pass (RULES.md, "Fives and overlines", "Order of checks")."""

import pytest

from games.coords import Point
from games.ninuki import IllegalMove, RuleSet, replay

from .diagrams import from_diagram


def P(name):
    return Point.parse(name)


def test_exact_five_wins_at_once_when_perfect():
    #  10 . x x x x A .
    #     A B C D E F G
    board, m = from_diagram("""
        10 . x x x x A .
           A B C D E F G
    """)
    board.push(m["A"])
    assert board.outcome.winner == "black" and board.outcome.reason == "five"


def test_overline_does_not_win_and_does_not_lose():
    #  10 . x x x A x x .      six in a row
    board, m = from_diagram("10 . x x x A x x .")
    board.push(m["A"])
    assert board.outcome is None
    board.push(P("K1"))
    assert board.outcome is None


def test_pente_overline_wins():
    board, m = from_diagram("10 . x x x A x x .", rules="pente")
    board.push(m["A"])
    assert board.outcome.winner == "black" and board.outcome.reason == "five"


BREAKABLE = """
    12 . . . . . o . . .
    11 . . . . . x . . .
    10 . . x x x x A . .
     9 . . . . . B . . .
       A B C D E F G H J
"""  # white at B (F9) captures F10-F11 out of the five


def test_breakable_five_is_pending_and_broken():
    board, m = from_diagram(BREAKABLE)
    board.push(m["A"])
    assert board.outcome is None and board.pending is not None
    captured = board.push(m["B"])  # white breaks it
    assert sorted(captured) == [P("F10"), P("F11")]
    assert board.outcome is None and board.pending is None
    board.push(P("F10"))  # black re-forms the five: breakable again? F11 is empty now
    assert board.outcome is not None and board.outcome.winner == "black"


def test_breakable_five_not_broken_wins_on_the_next_move():
    board, m = from_diagram(BREAKABLE)
    board.push(m["A"])
    board.push(P("A1"))  # white does not break
    assert board.outcome.winner == "black" and board.outcome.reason == "five"
    assert board.ply == 12
    with pytest.raises(IllegalMove) as e:
        board.push(P("B1"))
    assert e.value.reason == "after-end" and e.value.move_number == 13


def test_breakable_five_and_a_pass_wins():
    board, m = from_diagram(BREAKABLE)
    board.push(m["A"])
    board.push(None)
    assert board.outcome.winner == "black" and board.outcome.reason == "five"


def test_fifth_pair_wins_even_while_a_five_is_pending():
    # white has 4 pairs; black's five is breakable; white captures its
    # fifth pair elsewhere (N10-O10 with P10): rule 1 comes first.
    #  12 . . . . . o . . . . . . . .
    #  11 . . . . . x . . . . . . . .
    #  10 . . x x x x A . . o x x C .
    #   9 . . . . . . . . . . . . . .
    #     A B C D E F G H J K L M N O
    board, m = from_diagram(
        """
        12 . . . . . o . . . . . . . .
        11 . . . . . x . . . . . . . .
        10 . . x x x x A . . o x x C .
           A B C D E F G H J K L M N O
    """,
        captures=(0, 4),
    )
    board.push(m["A"])
    assert board.pending is not None
    board.push(m["C"])
    assert board.outcome.winner == "white" and board.outcome.reason == "captures"
    assert board.outcome.captures == {"black": 0, "white": 5}


def test_breaking_the_five_with_the_fifth_pair_wins_by_captures():
    board, m = from_diagram(BREAKABLE, captures=(0, 4))
    board.push(m["A"])
    board.push(m["B"])
    assert board.outcome.winner == "white" and board.outcome.reason == "captures"


def _split_board(black_pairs):
    #  12 . . . . . . . x .
    #  11 . . . . . . . o .
    #  10 . . o o o o o o .     six white: an overline
    #   9 . . . . . . . A .     black at A captures H10-H11 (H12 black)
    #     A B C D E F G H J
    board, m = from_diagram(
        """
        12 . . . . . . . x .
        11 . . . . . . . o .
        10 . . o o o o o o .
         9 . . . . . . . A .
           A B C D E F G H J
    """,
        captures=(black_pairs, 0),
    )
    return board, m


def test_capture_splitting_an_overline_gives_the_opponent_the_win():
    # white C10-H10 is six (overline); black at H9 captures H10-H11, leaving
    # C10-G10: an exact five of white, made by black's capture: white wins.
    board, m = _split_board(black_pairs=0)
    board.push(m["A"])
    assert board.outcome.winner == "white" and board.outcome.reason == "five"


def test_fifth_pair_splitting_an_overline_is_a_draw():
    # the same capture is black's fifth pair: draw (Hannover rule 5)
    board, m = _split_board(black_pairs=4)
    board.push(m["A"])
    assert board.outcome.winner is None and board.outcome.reason == "overline-split"
    assert board.outcome.captures["black"] == 5


def test_five_whose_capture_leaves_another_five_is_perfect():
    # black plays G10: C10-G10 is five.  The only capture out of it (white at
    # B9 takes C10-D11) leaves C11-C15, an exact five: so the five is perfect.
    #  15 . . x . . .
    #  14 . . x . . .
    #  13 . . x . . .
    #  12 . . x . o .
    #  11 . . x x . .
    #  10 . . x x x x A
    #   9 . B . . . . .
    #     A B C D E F G
    board, m = from_diagram("""
        15 . . x . . . .
        14 . . x . . . .
        13 . . x . . . .
        12 . . x . o . .
        11 . . x x . . .
        10 . . x x x x A
         9 . B . . . . .
           A B C D E F G
    """)
    board.push(m["A"])
    assert board.outcome.winner == "black" and board.outcome.reason == "five"


def test_capture_out_of_the_five_that_leaves_another_five_does_not_break_it():
    # as above, plus F10-F11 capturable at F9 (F12 white): the five is
    # breakable.  White captures at B (C10-D11) instead: black still has
    # C11-C15, an exact five, so black wins on white's move.
    board, m = from_diagram("""
        15 . . x . . . .
        14 . . x . . . .
        13 . . x . . . .
        12 . . x . o o .
        11 . . x x . x .
        10 . . x x x x A
         9 . B . . . . .
           A B C D E F G
    """)
    board.push(m["A"])
    assert board.outcome is None and board.pending is not None
    captured = board.push(m["B"])
    assert sorted(captured) == [P("C10"), P("D11")]
    assert board.outcome.winner == "black" and board.outcome.reason == "five"


def test_break_counts_even_if_the_breaking_move_is_a_double_three():
    # japanese: both colours restricted.  White's only break (B = F9, taking
    # F10-F11) also makes a double-three for white: F9 H9 J9 in row 9, and
    # F7 F8 F9 in column F once F10-F11 are gone.  The five is still
    # breakable, so it is pending, and the break is allowed by the exception.
    #  12 . . . . . o . . . .
    #  11 . . . . . x . . . .
    #  10 . . x x x x A . . .
    #   9 . . . . . B . o o .
    #   8 . . . . . o . . . .
    #   7 . . . . . o . . . .
    #     A B C D E F G H J K
    diagram = """
        12 . . . . . o . . . .
        11 . . . . . x . . . .
        10 . . x x x x A . . .
         9 . . . . . B . o o .
         8 . . . . . o . . . .
         7 . . . . . o . . . .
           A B C D E F G H J K
    """
    board, m = from_diagram(diagram, rules="japanese")
    board.push(m["A"])
    assert board.outcome is None and board.pending is not None
    board.push(m["B"])
    assert board.outcome is None and board.captures["white"] == 1
    # without the exception the same move is a forbidden double-three
    board, m = from_diagram(diagram, rules=RuleSet.preset("japanese", dt_capture_pending="never"))
    board.push(m["A"])
    with pytest.raises(IllegalMove) as e:
        board.push(m["B"])
    assert e.value.reason == "double-three"


def test_double_pass_is_a_draw():
    v = replay("K10 K9 pass pass")
    assert (v.legal, v.outcome, v.reason, v.moves) == (True, "draw", "double-pass", 4)
    v = replay("K10 K9 pass L9 pass")
    assert v.outcome == "unfinished"


def test_move_after_the_end_is_illegal():
    v = replay("K10 K9 pass pass L10")
    assert not v.legal and v.error.as_dict() == {"move": 5, "point": "L10", "reason": "after-end"}
    assert v.moves == 4


def test_five_in_a_replayed_game():
    # black K10 L10 M10 N10 O10 (white far away, nothing capturable)
    v = replay("K10 A1 L10 A3 M10 A5 N10 A7 O10")
    assert (v.outcome, v.reason, v.moves) == ("black", "five", 9)


def test_diagonal_and_vertical_fives():
    v = replay("K10 A1 L11 A3 M12 A5 N13 A7 O14")
    assert (v.outcome, v.reason) == ("black", "five")
    v = replay("K10 A1 K11 A3 K12 A5 K13 A7 K14")
    assert (v.outcome, v.reason) == ("black", "five")
    v = replay("K10 A1 J11 A3 H12 A5 G13 A7 F14")
    assert (v.outcome, v.reason) == ("black", "five")


def test_after_end_comes_before_off_board_and_occupied():
    five = "K10 A1 L10 A3 M10 A5 N10 A7 O10"
    for extra in ("K20", "K10", "pass", "B2"):
        v = replay(f"{five} {extra}")
        assert v.error.as_dict() == {"move": 10, "point": extra, "reason": "after-end"}
        assert v.moves == 9 and v.captures == {"black": 0, "white": 0}


def test_splitting_an_overline_in_the_middle():
    # white B10-H10 is seven; black A (C12) takes C11-C10 against C9, which
    # leaves B10 alone and D10-H10, an exact five of white.
    #  12 . . A . . . . . .
    #  11 . . o . . . . . .
    #  10 . o o o o o o o .
    #   9 . . x . . . . . .
    #     A B C D E F G H J
    diagram = """
        12 . . A . . . . . .
        11 . . o . . . . . .
        10 . o o o o o o o .
         9 . . x . . . . . .
           A B C D E F G H J
    """
    board, m = from_diagram(diagram)
    board.push(m["A"])
    assert (board.outcome.winner, board.outcome.reason) == ("white", "five")
    board, m = from_diagram(diagram, captures=(4, 0))
    board.push(m["A"])
    assert (board.outcome.winner, board.outcome.reason) == (None, "overline-split")
    # in pente an overline is a win already, so nothing is split into a five:
    # black simply takes its fifth pair
    board, m = from_diagram(diagram, rules="pente", captures=(4, 0))
    board.push(m["A"])
    assert (board.outcome.winner, board.outcome.reason) == ("black", "captures")
