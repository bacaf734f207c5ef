"""Plain Go rules, each with a diagram: captures, suicide, ko, passes, handicap, area scoring."""

import pytest

from games.go import BLACK, WHITE, Game, IllegalMove, from_edges
from games.go.position import Position
from games.go.scoring import area_score, keima_score
from tests.games.go_diagrams import assert_board, parse, setup


def illegal(game, move):
    with pytest.raises(IllegalMove) as e:
        game.play(move)
    return e.value.reason


def test_capture_single_stone_in_the_middle():
    game = setup(
        Game,
        """
        . . . . .
        . . X . .
        . X O . .
        . . X . .
        . . . . .
    """,
    )
    move = game.play("D3")
    assert sorted(game.point_name(p) for p in move.captured) == ["C3"]
    assert_board(
        game,
        """
        . . . . .
        . . X . .
        . X . X .
        . . X . .
        . . . . .
    """,
    )


def test_capture_group_on_the_edge():
    game = setup(
        Game,
        """
        . . . . .
        . . . . .
        . . . . .
        . . X X .
        . X O O .
    """,
    )
    move = game.play("E1")
    assert sorted(game.point_name(p) for p in move.captured) == ["C1", "D1"]


def test_capture_group_in_the_corner():
    game = setup(
        Game,
        """
        O O X . .
        . X . . .
        . . . . .
        . . . . .
        . . . . .
    """,
    )
    move = game.play("A4")
    assert sorted(game.point_name(p) for p in move.captured) == ["A5", "B5"]
    assert game.position.count(WHITE) == 0


def test_one_move_captures_two_groups():
    game = setup(
        Game,
        """
        . X . X .
        X O . O X
        . X . X .
        . . . . .
        . . . . .
    """,
    )
    move = game.play("C4")
    assert sorted(game.point_name(p) for p in move.captured) == ["B4", "D4"]


def test_suicide_is_illegal_and_leaves_the_game_unchanged():
    diagram = """
        . O . . .
        O . O . .
        . O . . .
        . . . . .
        . . . . .
    """
    game = setup(Game, diagram)
    assert illegal(game, "B4") == "suicide"
    assert_board(game, diagram)
    assert game.move_number == 0 and game.to_move == BLACK


def test_group_suicide_is_illegal():
    game = setup(
        Game,
        """
        X . O . .
        X O . . .
        O . . . .
        . . . . .
        . . . . .
    """,
    )
    assert illegal(game, "B5") == "suicide"


def test_filling_the_last_liberty_is_no_suicide_when_it_captures():
    game = setup(
        Game,
        """
        . O X . .
        O X . . .
        X . . . .
        . . . . .
        . . . . .
    """,
    )
    move = game.play("A5")  # no liberty of its own, but takes B5 and A4
    assert sorted(game.point_name(p) for p in move.captured) == ["A4", "B5"]


def test_ko_immediate_retake_is_illegal_and_allowed_after_a_move_elsewhere():
    game = setup(
        Game,
        """
        . . . . .
        . X O . .
        X O . O .
        . X O . .
        . . . . .
    """,
    )
    game.play("C3")  # black takes the ko at B3
    assert illegal(game, "B3") == "ko"
    game.play("E5")  # white plays elsewhere (a ko threat)
    game.play("E1")
    move = game.play("B3")  # now the retake is legal
    assert [game.point_name(p) for p in move.captured] == ["C3"]


def test_ko_retake_is_legal_after_the_taker_played_again():
    game = setup(
        Game,
        """
        . . . . .
        . X O . .
        X O . O .
        . X O . .
        . . . . .
    """,
    )
    game.play("C3")
    game.play(None)  # white passes instead of retaking
    game.play("E5")
    game.play("B3")  # the retake: not the position before black's last move


def test_occupied_off_board_after_end():
    game = Game(size=5)
    game.play("C3")
    assert illegal(game, "C3") == "occupied"
    assert illegal(game, "F3") == "off-board"
    assert illegal(game, "A6") == "off-board"
    game.play("pass")
    game.play("pass")
    assert illegal(game, "A1") == "after-end"
    assert illegal(game, "pass") == "after-end"
    assert illegal(game, "Z9") == "after-end"  # after-end comes before off-board


def test_error_names_move_number_point_and_reason():
    game = Game(size=9)
    game.play("E5")
    with pytest.raises(IllegalMove) as e:
        game.play("E5")
    assert e.value.as_dict() == {"move": 2, "point": "E5", "reason": "occupied"}


def test_pass_is_legal_as_the_first_move_and_two_passes_end_the_game():
    game = Game(size=9)
    game.play(None)
    assert not game.is_over() and game.to_move == WHITE
    game.play("E5")
    game.play(None)
    assert not game.is_over()
    game.play(None)
    assert game.is_over()
    assert game.outcome().score() == {"black": 0, "white": 81}
    assert game.result() == "W+88.5"


def test_handicap_stones_are_blacks_first_moves_then_white():
    game = Game(size=9, handicap=2)
    assert game.to_move == BLACK
    with pytest.raises(IllegalMove) as e:
        game.play("pass")
    assert e.value.reason == "handicap"
    game.play("C3")
    game.play("G7")
    assert game.to_move == WHITE
    assert [m.handicap for m in game.moves] == [True, True]
    assert Game.turn_colours([True] * 5, handicap=2) == [BLACK, BLACK, WHITE, BLACK, WHITE]


def test_area_score_counts_stones_and_regions_of_one_colour():
    pos = parse("""
        . X O . .
        . X O . .
        X X O . .
        . . X O O
        . . X O .
    """)
    # Black: 6 stones + A5 A4 (a region touching black only) + A2 B2 A1 B1 = 12;
    # White: 6 stones + D5 E5 D4 E4 D3 E3 + E1 = 13.
    assert area_score(pos) == (12, 13)


def test_area_score_neutral_region_touching_both():
    pos = parse("""
        . . .
        X . O
        . . .
    """)
    assert area_score(pos) == (1, 1)
    assert keima_score(pos) == (3, 3)  # A3 A1 / C3 C1 touch one colour; B-file points touch both or none


def test_outcome_result_strings():
    game = setup(
        Game,
        """
        X . O
        X . O
        X . O
    """,
        komi=0,
    )
    game.play(None)
    game.play(None)
    assert game.result() == "draw"
    game = setup(
        Game,
        """
        X X O
        X . O
        X . O
    """,
        komi=0.5,
    )
    game.play(None)
    game.play(None)
    assert game.outcome().score() == {"black": 4, "white": 3}
    assert game.result() == "B+0.5"


def test_a_board_given_as_a_graph_plays_by_point_index():
    # A ring of 6 points: Rund-Go boards are data like this.
    ring = from_edges("ring6", 6, [(i, (i + 1) % 6) for i in range(6)])
    game = Game(graph=ring, komi=0)
    game.play_point(0)  # B
    game.play_point(1)  # W
    game.play_point(2)  # B: captures 1
    assert game.moves[-1].captured == (1,)
    with pytest.raises(IllegalMove) as e:
        game.play_point(1)  # W: suicide (neighbours 0 and 2 are black)
    assert e.value.reason == "suicide" and e.value.point == "1"
    with pytest.raises(ValueError):
        game.play("A1")  # no coordinates on a ring


def test_position_rejects_stones_of_wrong_length():
    with pytest.raises(ValueError):
        Position(parse(". .\n. .").graph, [0, 0, 0])
