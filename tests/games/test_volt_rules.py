"""1000-Volt-Go rules, worked by hand from the rules in RULES.md, with diagrams."""

import pytest

from games import volt
from games.go import BLACK, WHITE, IllegalMove
from games.volt import VoltGame, handicap_for_rank_difference
from tests.games.go_diagrams import assert_board, setup


def names(game, points):
    return sorted(game.point_name(p) for p in points)


# ---- sliding ----------------------------------------------------------------


def test_own_stone_is_pushed_away_to_the_edge():
    game = setup(
        VoltGame,
        """
        . . . . .
        . . . . .
        . X . . .
        . . . . .
        . . . . .
    """,
    )
    game.play("B1")
    assert_board(
        game,
        """
        . X . . .
        . . . . .
        . . . . .
        . . . . .
        . X . . .
    """,
    )


def test_own_stone_is_pushed_until_it_meets_another_stone():
    game = setup(
        VoltGame,
        """
        . O . . .
        . . . . .
        . X . . .
        . . . . .
        . . . . .
    """,
    )
    game.play("B1")
    assert_board(
        game,
        """
        . O . . .
        . X . . .
        . . . . .
        . . . . .
        . X . . .
    """,
    )


def test_an_adjacent_own_stone_is_pushed_too_if_there_is_room():
    game = setup(
        VoltGame,
        """
        . . . . .
        . . . . .
        . . . . .
        . X . . .
        . . . . .
    """,
    )
    game.play("B1")
    assert_board(
        game,
        """
        . X . . .
        . . . . .
        . . . . .
        . . . . .
        . X . . .
    """,
    )


def test_opponent_stone_is_pulled_next_to_the_placed_stone():
    game = setup(
        VoltGame,
        """
        . . . . .
        . . . . .
        . . . . O
        . . . . .
        . . . . .
    """,
    )
    game.play("A3")
    assert_board(
        game,
        """
        . . . . .
        . . . . .
        X O . . .
        . . . . .
        . . . . .
    """,
    )


def test_only_the_nearest_stone_on_each_line_moves():
    game = setup(
        VoltGame,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . O . X O
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """,
    )
    game.play("A4")
    assert_board(
        game,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        X O . . . X O
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """,
    )


def test_all_four_directions_at_once_and_the_mover_is_white_too():
    game = setup(
        VoltGame,
        """
        . . . O . . .
        . . . . . . .
        . . . . . . .
        X . . . . O .
        . . . . . . .
        . . . X . . .
        . . . . . . .
    """,
        to_move=WHITE,
    )
    game.play("D4")  # up: own D7 stays at the edge; right: own F4 pushed to G4;
    #                  left: black A4 pulled to C4; down: black D2 pulled to D3
    assert_board(
        game,
        """
        . . . O . . .
        . . . . . . .
        . . . . . . .
        . . X O . . O
        . . . X . . .
        . . . . . . .
        . . . . . . .
    """,
    )


# ---- captures after the slides ----------------------------------------------


def test_a_pushed_stone_captures_far_away():
    game = setup(
        VoltGame,
        """
        O . . X . . .
        X . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """,
    )
    move = game.play("G7")  # D7 is pushed left to B7 and takes A7's last liberty
    assert names(game, move.captured) == ["A7"]
    assert_board(
        game,
        """
        . X . . . . X
        X . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """,
    )


def test_opponent_groups_are_removed_before_own_groups():
    game = setup(
        VoltGame,
        """
        . O X . .
        O X . . .
        . . . . .
        . . . . .
        . . . . .
    """,
    )
    move = game.play("A5")  # no liberty until B5 is taken; A4 keeps A3
    assert names(game, move.captured) == ["B5"] and move.lost == ()
    assert_board(
        game,
        """
        X . X . .
        O X . . .
        . . . . .
        . . . . .
        . . . . .
    """,
    )


def test_pulled_stones_can_make_the_move_a_suicide_which_removes_the_mover():
    game = setup(
        VoltGame,
        """
        O . . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . O
    """,
    )
    move = game.play("A1")  # E1 is pulled to B1, A5 to A2: A1 has no liberty left
    assert move.captured == () and names(game, move.lost) == ["A1"]
    assert_board(
        game,
        """
        . . . . .
        . . . . .
        . . . . .
        O . . . .
        . O . . .
    """,
    )
    assert game.to_move == WHITE


def test_suicide_in_a_white_eye_is_legal_and_changes_nothing():
    diagram = """
        . . . . .
        . . O . .
        . O . O .
        . . O . .
        . . . . .
    """
    game = setup(VoltGame, diagram)
    move = game.play("C3")
    assert names(game, move.lost) == ["C3"]
    assert_board(game, diagram)
    # After a white pass, the position before White's last move is this very
    # position, so the same suicide would recreate it: a ko violation.
    game.play(None)
    with pytest.raises(IllegalMove) as e:
        game.play("C3")
    assert e.value.reason == "ko"


# ---- ko -------------------------------------------------------------------------

KO = """
    . . . . . . .
    . . . . . . .
    . . X O . . .
    . X O . O . .
    . . X O . . .
    . . . . . . .
    . . . . . . .
"""


def test_ko_retake_is_illegal_at_once_and_legal_after_moves_elsewhere():
    game = setup(VoltGame, KO)
    take = game.play("D4")  # all of D4's neighbours hold stones: nothing slides
    assert names(game, take.captured) == ["C4"]
    with pytest.raises(IllegalMove) as e:
        game.play("C4")
    assert e.value.as_dict() == {"move": 2, "point": "C4", "reason": "ko"}
    game.play("G1")
    game.play("A7")
    retake = game.play("C4")
    assert names(game, retake.captured) == ["D4"]


# ---- scoring, komi, handicap ------------------------------------------------------


def test_area_scoring_with_komi_5():
    v = volt.replay("E5 pass pass")
    assert v.score == {"black": 81, "white": 0} and v.result == "B+76"
    v = volt.replay("C5 G5 pass pass")  # White's G5 pulls Black's C5 to F5
    assert v.game.point_name(v.game.position.stones.index(BLACK)) == "F5"
    assert v.score == {"black": 1, "white": 1} and v.result == "W+5"  # the empty rest touches both


def test_handicap_stones_do_not_slide_and_white_moves_next():
    v = volt.replay("E5 E7 E3", handicap=2)
    g = v.game
    assert v.legal and [m.colour for m in g.moves] == [BLACK, BLACK, WHITE]
    # E7 did not push E5; White's E3 pulls the nearest black stone, E5, down to E4.
    assert sorted(g.point_name(p) for p, c in enumerate(g.position.stones) if c == BLACK) == ["E4", "E7"]
    assert volt.replay("E5 pass", handicap=2).error.reason == "handicap"


@pytest.mark.parametrize(
    "difference, expected",
    [
        (0, (0, 5)),
        (1, (0, 5)),
        (2, (0, 4)),
        (5, (0, 3)),
        (7, (0, 2)),
        (9, (0, 1)),
        (11, (0, 0)),
        (12, (0, -1)),
        (15, (0, -2)),
        (16, (2, 5)),
        (19, (2, 4)),
        (21, (2, 3)),
        (23, (2, 2)),
        (24, (2, 1)),
        (27, (2, 0)),
        (40, (2, 0)),
    ],
)
def test_handicap_table(difference, expected):
    assert handicap_for_rank_difference(difference) == expected


def test_handicap_table_rejects_negative_difference():
    with pytest.raises(ValueError):
        handicap_for_rank_difference(-3)
