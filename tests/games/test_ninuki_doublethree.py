"""The double-three rule and its exceptions (RULES.md, "Double-three"),
with the diagrams of ninuki-pbmserv.txt."""

import pytest

from games.coords import Point
from games.ninuki import IllegalMove, RuleSet
from games.ninuki.doublethree import window_has_open_three

from .diagrams import from_diagram


def P(name):
    return Point.parse(name)


def reason(board, point):
    try:
        board.push(point)
    except IllegalMove as e:
        return e.reason
    return None


@pytest.mark.parametrize(
    "line, expected",
    [
        # the centre (position 5) is the placed stone; 1 own, 2 blocked, 0 empty
        ("00001110000", True),  # . . X X X . .
        ("00011010000", True),  # . X X . X .
        ("00001011000", True),  # . X . X X .
        ("00021110000", False),  # o X X X . . : a closed three
        ("00021112000", False),  # o X X X o
        ("00201110200", False),  # o . X X X . o : every four is blocked at one end
        ("00001100000", False),  # two stones
        ("01001110000", True),  # X . . X X X . . : still open to the right
        ("00101110000", False),  # X . X X X . : filling gives a five, and the
        # other way needs the end beyond to be free
        ("00000111000", True),  # the placed stone at the end of .XXX.
        ("00000101100", True),  # X . X X
        ("00011100100", True),  # . . X X X . . X : filling on the right would
        # make six, but . X X X X . on the left is straight
        ("10011100100", False),  # X . . X X X . . X : both ways end in six
    ],
)
def test_open_three_shapes(line, expected):
    assert window_has_open_three(bytes(int(c) for c in line)) is expected


def _cross():
    #  11 . . . x . .
    #  10 . . . x . .
    #   9 . x x A . .      A makes H9 J9 K9 and K9 K10 K11: a double-three
    #   8 . . . . . .
    #     G H J K L M
    return from_diagram("""
        12 . . . . . .
        11 . . . x . .
        10 . . . x . .
         9 . x x A . .
         8 . . . . . .
         7 . . . . . .
           G H J K L M
    """)


def test_double_three_is_illegal_for_black_in_hannover():
    board, m = _cross()
    assert reason(board, m["A"]) == "double-three"
    assert board[m["A"]] is None and board.ply == 10  # unchanged


def test_double_three_is_legal_for_white_in_hannover_and_not_in_japanese():
    board, m = from_diagram(
        """
        12 . . . . . .
        11 . . . o . .
        10 . . . o . .
         9 . o o A . .
           G H J K L M
    """,
        turn="white",
    )
    assert reason(board, m["A"]) is None
    board, m = from_diagram(
        """
        12 . . . . . .
        11 . . . o . .
        10 . . . o . .
         9 . o o A . .
           G H J K L M
    """,
        rules="japanese",
        turn="white",
    )
    assert reason(board, m["A"]) == "double-three"


def test_tournament_can_restrict_both_colours_or_none():
    for who, expected in (("none", None), ("white", None), ("both", "double-three"), ("black", "double-three")):
        b, m = from_diagram(
            """
            11 . . . x . .
            10 . . . x . .
             9 . x x A . .
               G H J K L M
        """,
            rules=RuleSet.preset("hannover", double_three=who),
        )
        assert reason(b, m["A"]) == expected, who


def test_four_three_is_allowed():
    #  four in row 9 (H9 J9 K9 + A = L9... ) with a three in column: only one three
    #  11 . . . . x .
    #  10 . . . . x .
    #   9 . x x x A .
    board, m = from_diagram("""
        11 . . . . x . .
        10 . . . . x . .
         9 . x x x A . .
           G H J K L M N
    """)
    assert reason(board, m["A"]) is None


def test_blocked_three_does_not_count():
    #  11 . . . x . .
    #  10 . . . x . .
    #   9 o x x A . .      row 9 is blocked by o at G9 (o x x x . . is a
    #                      three that can only become o x x x x . : not straight)
    board, m = from_diagram("""
        11 . . . x . .
        10 . . . x . .
         9 o x x A . o
           G H J K L M
    """)
    assert reason(board, m["A"]) is None


def test_pbmserv_5_3_3_is_allowed():
    # ninuki-pbmserv.txt: "5-3-3 is allowed."  O (white) at M10 makes
    # H10-M10 a five and open threes in column M and on the L9-N11 diagonal.
    #  14 . . . . . . . . . . . . . . . . . . .
    #  13 . . . . . . . . . . . . . . . . . . .
    #  12 . . . . . . . . . . . o . . . . . . .
    #  11 . . . . . . . . x . x o o . . . . . .
    #  10 . . . . . . x o o o o O . . . . . . .
    #   9 . . . . . . . . . . o . . . . . . . .
    diagram = """
        14 . . . . . . . . . . . . . . . . . . .
        13 . . . . . . . . . . . . . . . . . . .
        12 . . . . . . . . . . . o . . . . . . .
        11 . . . . . . . . x . x o o . . . . . .
        10 . . . . . . x o o o o O . . . . . . .
         9 . . . . . . . . . . o . . . . . . . .
         8 . . . . . . . . . . . . . . . . . . .
    """
    board, m = from_diagram(diagram, rules="pbmserv", turn="white")
    assert reason(board, m["O"]) is None
    # the five is breakable (black at L8 takes L9-L10), so it is pending
    assert board.outcome is None and board.pending is not None
    for rules in (RuleSet.preset("japanese", size=19), RuleSet.preset("hannover", double_three="both")):
        board, m = from_diagram(diagram, rules=rules, turn="white")
        assert reason(board, m["O"]) == "double-three"


PBM_FOUR = """
    14 . . . . . . . . . . . . . . . . . . .
    13 . . . . . . . . . . . . . . . . . . .
    12 . . . . . . . . . . . . . . . . . . .
    11 . . . . . . . . x . . . . . . . . . .
    10 . . . . . . x o o o o 1 . . . . . . .
     9 . . . . . . . . . . o . . . . . . . .
     8 . . . . . . . . . . o X . . . . . . .
     7 . . . . . . . . . . . . . . . . . . .
     6 . . . . . . . . . x . x . . . . . . .
     5 . . . . . . . . x . . x . . . . . . .
     4 . . . . . . . . . . . . . . . . . . .
"""


def test_pbmserv_x_prohibited_because_1_defends_the_four():
    # ninuki-pbmserv.txt: "X is prohibited because 1 defends the four
    # without forming a 3-3."  X (M8) captures L9-K10 out of the four
    # H10-L10 and makes M5 M6 . M8 and J5 K6 . M8: a double-three.
    board, m = from_diagram(PBM_FOUR, rules="pbmserv")
    assert reason(board, m["X"]) == "double-three"
    assert reason(board, m["1"]) is None  # the block at M10 is fine


def test_japanese_allows_the_same_defence_and_hannover_does_not():
    board, m = from_diagram(PBM_FOUR, rules=RuleSet.preset("japanese", size=19))
    assert reason(board, m["X"]) is None
    assert board.captures["black"] == 1 and board["K10"] is None
    board, m = from_diagram(PBM_FOUR, rules="hannover")
    assert reason(board, m["X"]) == "double-three"


PBM_ONE_IS_ALLOWED = """
    14 . . . . . . . . . . . . . . . . . . .
    13 . . . . . . x . . x . . . . . . . . .
    12 . . . . . . x . x . 1 . . . . . . . .
    11 . . . . . . . . . . o . . . . . . . .
    10 . . . . . . X o o o o x . . . . . . .
     9 . . . . . . . . . . x . . . . . . . .
     8 . . . . . . . . . . . . . . . . . . .
"""


def test_pbmserv_x_prohibited_because_1_is_allowed():
    # ninuki-pbmserv.txt: "X is prohibited because 1 is allowed."  X (G10)
    # blocks the four H10-L10 but makes G10 . G12 G13 and G10 . J12 K13;
    # 1 (L12) stops the same four by capturing L11-L10, with no double-three.
    board, m = from_diagram(PBM_ONE_IS_ALLOWED, rules="pbmserv")
    assert reason(board, m["X"]) == "double-three"
    board, m = from_diagram(PBM_ONE_IS_ALLOWED, rules="pbmserv")
    assert reason(board, m["1"]) is None and board.captures["black"] == 1


def test_pbmserv_block_is_allowed_when_it_is_the_only_defence():
    # as above without the L9 stone: 1 no longer captures, so blocking at X
    # is the only defence and the double-three is allowed.
    diagram = PBM_ONE_IS_ALLOWED.replace("9 . . . . . . . . . . x", "9 . . . . . . . . . . .")
    board, m = from_diagram(diagram, rules="pbmserv")
    assert reason(board, m["X"]) is None


PBM_FORMS = """
    14 - - - - - - - - - - - - - - - - - - -
    13 - - - - - - x - - x - - - - - - - - -
    12 - - - - - - x - x - - - - - - - - - -
    11 - - - - - - - - - - - - - - - - - - -
    10 - - - - - - X - - - - - - - - - - - -
     9 - - - - - o o - - - - - - - - - - - -
     8 - - - - o - o - - - - - - - - - - - -
     7 - - - x - - x - - - - - - - - - - - -
     6 - - - - - - - - - - - - - - - - - - -
"""

PBM_REVEALS = """
    14 - - - - - - - - - - - - - - - - - - -
    13 - - - - - - x - - x - - - - - - - - -
    12 - - - - - - x - x - - - - - - - - - -
    11 - - - - - - - - - - - - - - - - - - -
    10 - - - - - - x - - - - - - - - - - - -
     9 - - - - X o o x - - - - - - - - - - -
     8 - - - - - - - - - - - - - - - - - - -
"""


@pytest.mark.parametrize("rules", ["hannover", "japanese_19", "pbmserv"])
def test_pbmserv_a_3_3_formed_by_capturing_is_forbidden(rules):
    # "A move that forms a 3-3 due to capturing is not allowed": X (G10)
    # takes G9-G8 and F9-E8; afterwards G10 . G12 G13 and G10 . J12 K13 are
    # open threes through X.
    rules = RuleSet.preset("japanese", size=19) if rules == "japanese_19" else rules
    board, m = from_diagram(PBM_FORMS, rules=rules)
    assert reason(board, m["X"]) == "double-three"
    assert board.captures["black"] == 0 and board["G9"] == "white"


@pytest.mark.parametrize("rules", ["hannover", "pbmserv"])
def test_pbmserv_a_capture_that_reveals_a_3_3_is_allowed(rules):
    # "... but a capturing move that reveals a 3-3 is allowed": X (E9)
    # takes F9-G9; the threes through G10 do not contain X.
    board, m = from_diagram(PBM_REVEALS, rules=rules)
    assert reason(board, m["X"]) is None
    assert board.captures["black"] == 1 and board["G9"] is None


def test_hannover_capture_out_of_a_pending_five_allows_a_double_three():
    # White plays A: B10..F10?  White five C9? -- white makes a breakable
    # five D8-H8 (E8 E9 can be taken by black at E10, E7 white); black's
    # break at E10 also makes E10 F10 G10 ... a double-three, allowed.
    #  12 . . . . . . . . .
    #  11 . . . . . . . . .
    #  10 . . . . B . x x .      B = E10: with F10 G10, and with D11? no:
    #   9 . . . . o . . . .                 column E after the capture:
    #   8 . . o o o o A . .                 E10 E11 E12 (black) -> three
    #   7 . . . . x . . . .
    diagram = """
        13 . . . . . . . . .
        12 . . . . x . . . .
        11 . . . . x . . . .
        10 . . . . B . x x .
         9 . . . . o . . . .
         8 . . o o o o A . .
         7 . . . . x . . . .
         6 . . . . . . . . .
           A B C D E F G H J
    """
    board, m = from_diagram(diagram, turn="white")
    board.push(m["A"])  # white five C8-G8, breakable at E10 (E9-E8 with E7)
    assert board.pending is not None and board.outcome is None
    captured = board.push(m["B"])
    assert sorted(captured) == [P("E8"), P("E9")]
    assert board.outcome is None and board.pending is None
    # without a pending five the same shape is forbidden
    board, m = from_diagram(diagram.replace("8 . . o o o o A", "8 . . o . o o A"), turn="white")
    board.push(m["A"])
    assert reason(board, m["B"]) == "double-three"


def test_hannover_has_no_stop_five_exception_japanese_has():
    # black must stop white's four C8-F8 at G8 (A), which is a double-three
    # (G8 with G9 G10, and with H9? see diagram): hannover forbids, japanese allows.
    diagram = """
        11 . . . . . . . . . .
        10 . . . . . . x . x .
         9 . . . . . . x x . .
         8 . x o o o o A . . .
         7 . . . . . . . . . .
           A B C D E F G H J K
    """
    board, m = from_diagram(diagram)
    assert reason(board, m["A"]) == "double-three"
    board, m = from_diagram(diagram, rules=RuleSet.preset("japanese", size=19))
    assert reason(board, m["A"]) is None


def test_pbmserv_capture_out_of_a_pending_five_only_as_a_last_resort():
    # White A (G8) makes C8-G8, breakable at B (E10, taking E9-E8 against
    # E7) and at D (D10, taking D9-D8 against D7).  B is a double-three for
    # black (E10 E11 E12 and E10 . G10 H10); D is not.  pbmserv allows B only
    # if no other legal move breaks the five: here D does, so B is forbidden.
    #  12 . . . . x . . . .
    #  11 . . . . x . . . .
    #  10 . . . D B . x x .
    #   9 . . . o o . . . .
    #   8 . . o o o o A . .
    #   7 . . . x x . . . .
    #     A B C D E F G H J
    diagram = """
        13 . . . . . . . . .
        12 . . . . x . . . .
        11 . . . . x . . . .
        10 . . . D B . x x .
         9 . . . o o . . . .
         8 . . o o o o A . .
         7 . . . x x . . . .
         6 . . . . . . . . .
           A B C D E F G H J
    """
    board, m = from_diagram(diagram, rules="pbmserv", turn="white")
    board.push(m["A"])
    assert board.pending is not None
    assert reason(board, m["B"]) == "double-three"
    assert reason(board, m["D"]) is None and board.pending is None  # the five is broken
    # hannover allows B all the same
    board, m = from_diagram(diagram, turn="white")
    board.push(m["A"])
    assert reason(board, m["B"]) is None
    # without the second break, B is the last resort and pbmserv allows it
    board, m = from_diagram(diagram.replace("9 . . . o o", "9 . . . . o"), rules="pbmserv", turn="white")
    board.push(m["A"])
    assert reason(board, m["B"]) is None and board.pending is None
