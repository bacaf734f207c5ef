"""Keima-Go rules, worked by hand from keima-go-hannover.txt and RULES.md, with diagrams."""

import pytest

from games import keima
from games.go import BLACK, WHITE, IllegalMove
from games.go.scoring import keima_score
from games.keima import KeimaGame, handicap_for_rank_difference, is_keima
from tests.games.go_diagrams import assert_board, parse, setup


def reason(game, move):
    with pytest.raises(IllegalMove) as e:
        game.play(move)
    return e.value.reason


# ---- rule 1: a turn is two stones in keima shape -----------------------------


def test_all_eight_knight_offsets_are_keimas_and_nothing_else():
    g = KeimaGame().graph
    centre = g.index(4, 4)
    keimas = {g.point(p) for p in g.points if is_keima(g, centre, p)}
    assert keimas == {(4 + dx, 4 + dy) for dx in (-2, -1, 1, 2) for dy in (-2, -1, 1, 2) if abs(dx) != abs(dy)}


@pytest.mark.parametrize("second", ["F6", "E7", "E6", "G5", "H8", "E5"])
def test_second_stone_not_a_knights_move_away(second):
    game = KeimaGame()
    game.play("E5")
    expected = "occupied" if second == "E5" else "not-keima"
    assert reason(game, second) == expected
    assert game.half_turn is not None and game.move_number == 1


def test_turn_order_two_stones_each_and_a_pass_is_a_whole_turn():
    game = KeimaGame()
    for move, colour in [("E5", BLACK), ("F7", BLACK), ("C3", WHITE), ("D5", WHITE), (None, BLACK), ("G3", WHITE)]:
        assert game.to_move == colour
        game.play(move)
    assert KeimaGame.turn_colours([True, True, True, True, False, True, True]) == [
        BLACK,
        BLACK,
        WHITE,
        WHITE,
        BLACK,
        WHITE,
        WHITE,
    ]


def test_a_turn_cannot_stop_after_its_first_stone():
    game = KeimaGame()
    game.play("E5")
    assert reason(game, None) == "incomplete-turn"  # RULES.md, last section
    v = keima.replay("E5 pass")
    assert v.error.as_dict() == {"move": 2, "point": "pass", "reason": "incomplete-turn"}
    assert keima.replay("E5").result == "unfinished"  # a record may stop mid-turn


def test_each_stone_is_legal_on_its_own_no_suicide():
    game = setup(
        KeimaGame,
        """
        . . . . .
        . . . . .
        . . . . O
        . . . O .
        . . . . O
    """,
    )
    game.play("C3")
    assert reason(game, "E2") == "suicide"  # a keima from C3, but E2 has no liberty


def test_first_stone_captures_and_makes_room_for_the_second():
    game = setup(
        KeimaGame,
        """
        . . . . .
        . X X . .
        X O O X .
        X O X . .
        . . . . .
    """,
    )
    first = game.play("B1")  # the last liberty of B3 C3 B2
    assert sorted(game.point_name(p) for p in first.captured) == ["B2", "B3", "C3"]
    game.play("C3")  # a keima from B1 on a point that was White's a moment ago
    assert_board(
        game,
        """
        . . . . .
        . X X . .
        X . X X .
        X . X . .
        . X . . .
    """,
    )
    assert game.to_move == WHITE


# ---- rule 2: no ko rule, except two kos at once -----------------------------

KO = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . X O . . .
    . X O . O . .
    . . X O . . .
    . . . . . . .
"""


def test_an_ordinary_ko_may_be_retaken_at_once():
    game = setup(KeimaGame, KO)
    take = game.play("D3")  # black takes the ko (captures C3)
    assert [game.point_name(p) for p in take.captured] == ["C3"]
    game.play("F4")  # a keima from D3
    retake = game.play("C3")  # white retakes at once: allowed in Keima-Go
    assert [game.point_name(p) for p in retake.captured] == ["D3"]
    game.play("A4")


class AnyPairKeimaGame(KeimaGame):
    """Keima-Go without the shape rule, to put two kos in reach of one turn.

    On a square board two ko takes in keima shape can never be retaken by
    two stones in keima shape (see games/keima/rules.py), so the two-ko rule
    is exercised here with the shape check switched off.
    """

    def _before_stone(self, p, colour):
        return None


TWO_KOS = """
    . . . . . . . . .
    . . X O . . . . .
    . X O . O . . . .
    . . X O . . . . .
    . . . . . . . . .
    . . X O . . . . .
    . X O . O . . . .
    . . X O . . . . .
    . . . . . . . . .
"""


def test_two_ko_rule_forbids_retaking_both_kos_taken_in_the_previous_turn():
    game = setup(AnyPairKeimaGame, TWO_KOS, to_move=BLACK)
    game.play("D7")  # black takes ko 1 (captures C7)
    game.play("D3")  # black takes ko 2 (captures C3)
    game.play("C7")  # white retakes ko 1: one of them is allowed
    with pytest.raises(IllegalMove) as e:
        game.play("C3")  # ... but not the second
    assert e.value.as_dict() == {"move": 4, "point": "C3", "reason": "two-ko"}
    game.play("J9")
    game.play("J1")
    game.play("J5")  # black's turn takes no ko
    game.play("C3")  # so white's retake of ko 2 is fine now


def test_two_ko_rule_needs_both_kos_taken_in_the_previous_turn():
    game = setup(AnyPairKeimaGame, TWO_KOS, to_move=BLACK)
    game.play("D7")  # a ko take ...
    game.play("J9")  # ... and a quiet stone
    game.play("C7")
    game.play("A9")  # white's turn retakes one ko only
    game.play("D7")  # black retakes ko 1
    game.play("D3")  # and takes ko 2: one retake and one new take, both allowed
    game.play("C7")
    assert reason(game, "C3") == "two-ko"  # black took both in the previous turn


# ---- rules 3 and 4: all stones alive; counting point by point ---------------


def test_keima_score_counted_by_hand():
    pos = parse("""
        . X . O .
        X . X O .
        . X . . O
        . . . . .
        O . . . X
    """)
    # Black: 5 stones + A5 B4 A3 C3 B2 D1 = 11.
    # White: 4 stones + E5 E4 D3 A2 B1 = 9.
    # Neutral: C5 (both colours), E2 (both), C2 D2 C1 (no stone next to them).
    assert keima_score(pos) == (11, 9)


def test_two_passes_end_the_game_and_komi_4_decides():
    v = keima.replay("E5 F7 D3 C5 pass pass")
    # Black: E5 F7 + E4 E6 F5 F6 F8 E7 G7 = 9; White: D3 C5 + D2 D4 C3 E3 C4 C6 B5 = 9;
    # D5 touches both colours.
    assert v.as_dict() == {
        "legal": True,
        "error": None,
        "moves": 6,
        "score": {"black": 9, "white": 9},
        "result": "W+4",
        "dead": {"black": 0, "white": 0},  # every stone on the board is alive
        "prisoners": {"black": 0, "white": 0},
    }
    assert keima.replay("E5 F7 D3 C5 pass pass", komi=0).result == "draw"
    assert keima.replay("E5 F7 D3 C5 pass pass pass").error.reason == "after-end"


def test_stones_a_go_player_would_call_dead_count_as_alive():
    game = setup(
        KeimaGame,
        """
        . . . . .
        . O O O .
        . O X O .
        . O O O .
        . . . . .
    """,
        komi=0,
    )
    game.play(None)
    game.play(None)
    # C3 stays and counts for Black; White: 8 stones and the 12 edge points next
    # to them (the corners touch no stone and are neutral).
    assert game.outcome().score() == {"black": 1, "white": 8 + 12}


# ---- rule 7 and RULES.md: handicap keimas and the table ---------------------


def test_handicap_keimas_then_white_moves():
    v = keima.replay("C3 D5 G7 F5 E3 D1", handicap=2)
    assert v.legal and [m.colour for m in v.game.moves] == [BLACK] * 4 + [WHITE] * 2
    assert keima.replay("C3 pass", handicap=2).error.reason == "handicap"
    assert keima.replay("C3 D4", handicap=2).error.reason == "not-keima"
    assert keima.replay("(;SZ[9]HA[2];B[cg];B[de];B[gc];B[fe];W[ee];W[dc])").legal


@pytest.mark.parametrize(
    "difference, expected",
    [
        (0, (0, 4)),
        (3, (0, 4)),
        (4, (0, 2)),
        (7, (0, 2)),
        (8, (0, 0)),
        (11, (0, 0)),
        (12, (2, 4)),
        (15, (2, 4)),
        (16, (2, 2)),
        (19, (2, 2)),
        (20, (2, 0)),
        (30, (2, 0)),
    ],
)
def test_handicap_table(difference, expected):
    assert handicap_for_rank_difference(difference) == expected


def test_handicap_table_rejects_negative_difference():
    with pytest.raises(ValueError):
        handicap_for_rank_difference(-1)


def test_two_kos_taken_in_keima_shape_cannot_be_retaken_in_keima_shape():
    """The claim in games/keima/rules.py, checked over every placement on 9x9.

    A ko take at L captures the lone stone at R = L + d: L's other neighbours
    are Black (or the edge), R's other neighbours White (or the edge).  For
    two such kos with L1-L2 and R1-R2 both knight's moves apart, some point
    would have to be both colours.
    """
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    knights = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]

    def on(p):
        return 0 <= p[0] < 9 and 0 <= p[1] < 9

    def shape(L, d):
        R = (L[0] + d[0], L[1] + d[1])
        black = {(L[0] + e[0], L[1] + e[1]) for e in steps if e != d} | {R}
        white = {(R[0] + e[0], R[1] + e[1]) for e in steps if e != (-d[0], -d[1])}
        return R, {p for p in black if on(p)}, {p for p in white if on(p)}

    possible = 0
    for L1 in [(x, y) for x in range(9) for y in range(9)]:
        for k in knights:
            L2 = (L1[0] + k[0], L1[1] + k[1])
            for d1 in steps:
                for d2 in steps:
                    R1, b1, w1 = shape(L1, d1)
                    R2, b2, w2 = shape(L2, d2)
                    if not (on(L2) and on(R1) and on(R2)):
                        continue
                    if {abs(R1[0] - R2[0]), abs(R1[1] - R2[1])} != {1, 2}:
                        continue
                    if not ((b1 | b2) & (w1 | w2)) and not ({L1, L2} & (b1 | b2 | w1 | w2)):
                        possible += 1
    assert possible == 0


def test_sgf_keima_record_two_nodes_a_turn_and_colours_checked():
    v = keima.replay("(;GM[1]SZ[9]KM[4];B[ee];B[fc];W[cc];W[de];B[];W[])")
    assert v.legal and v.moves == 6 and v.result is not None and v.score is not None
    from games.go import RecordError

    with pytest.raises(RecordError, match="move 2 is white's but black is to play"):
        keima.replay("(;SZ[9];B[ee];W[fc])")
    # handicap stones pair up in the order written: here the first pair is no keima.
    v = keima.replay("(;SZ[9]HA[2];B[cg];B[gc];B[de];B[fe];W[ee];W[dc])")
    assert v.error.as_dict() == {"move": 2, "point": "G7", "reason": "not-keima"}
