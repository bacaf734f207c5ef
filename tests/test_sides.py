"""Pair Go's and Rengo's rotation and a side's strength, against the rules' own worked orders."""

from __future__ import annotations

import pytest

from tournament.sides import member_next, member_to_play, members_of_moves, rotation, side_rating


def test_pair_go_even_game_black_lady_white_lady_black_man_white_man():
    # The Pair Go rules' normal rotation: "Black lady plays first, followed by white lady, black man, white man".
    assert rotation(["Black lady", "Black man"], ["White lady", "White man"]) == [
        "Black lady",
        "White lady",
        "Black man",
        "White man",
    ]


def test_pair_go_handicap_game_starts_with_the_white_lady():
    # "In handicap games, the rotation starts with the White lady playing first following the normal rotation:
    # White lady, Black man, White man, Black lady" (Dragon Go Server's Pair Go; the Black lady placed the stones).
    assert rotation(["Black lady", "Black man"], ["White lady", "White man"], handicap_placed=True) == [
        "White lady",
        "Black man",
        "White man",
        "Black lady",
    ]


def test_rengo_of_three_cycles_through_six_players():
    assert rotation(["B1", "B2", "B3"], ["W1", "W2", "W3"]) == ["B1", "W1", "B2", "W2", "B3", "W3"]
    assert rotation(["B1", "B2", "B3"], ["W1", "W2", "W3"], handicap_placed=True) == [
        "W1",
        "B2",
        "W2",
        "B3",
        "W3",
        "B1",
    ]


def test_the_member_to_play_counts_each_colour_s_moves_passes_included():
    # moves 1..8 of an even Pair Go game: B1 W1 B2 W2 B1 W1 B2 W2
    played = []
    counts = {"black": 0, "white": 0}
    for move in range(8):
        colour = "black" if move % 2 == 0 else "white"
        played.append((colour, member_to_play(colour, counts[colour], size=2)))
        counts[colour] += 1
    assert played == [("black", 0), ("white", 0), ("black", 1), ("white", 1)] * 2


def test_an_individual_game_is_a_side_of_one():
    assert {member_to_play("black", n, size=1) for n in range(5)} == {0}
    assert rotation(["Alice"], ["Bob"]) == ["Alice", "Bob"]


@pytest.mark.parametrize("size", [0, 4])
def test_a_side_has_one_to_three_players(size):
    with pytest.raises(ValueError):
        member_to_play("black", 0, size=size)


def test_sides_of_different_sizes_and_negative_counts_are_refused():
    with pytest.raises(ValueError):
        rotation(["B1", "B2"], ["W1"])
    with pytest.raises(ValueError):
        member_to_play("white", -1, size=2)


def test_a_side_s_rating_is_the_mean_divided_as_java_divides():
    assert side_rating([2100, 1500]) == 1800  # a 1d and a 6k: a 3k pair
    assert side_rating([2001, 2000]) == 2000  # 2000.5: towards zero, as OpenGotha's MNR
    assert side_rating([2000, 2000, 2002]) == 2000  # 2000.67: towards zero
    assert side_rating([-900, -901]) == -900  # -900.5: towards zero (Python's // would give -901)
    assert side_rating([2100, 1500], count=3) == 1200  # a team's MNR divides by its boards
    with pytest.raises(ValueError):
        side_rating([])


def test_a_player_known_by_rank_only_has_the_rating_opengotha_gives_the_rank():
    # OpenGotha 3.51.02, Player.ratingFromRank (read from the jar): (rank + 30) * 100 - 900
    from tournament.ranks import parse_rank, rank_from_rating, rating_from_rank

    assert [rating_from_rank(parse_rank(r)) for r in ("30k", "1k", "1d", "3d")] == [-900, 2000, 2100, 2300]
    assert all(rank_from_rating(rating_from_rank(r)) == r for r in range(-30, 9))
    # a side of a 3d and a 1d known by rank only is a 2d side
    assert rank_from_rating(side_rating([rating_from_rank(2), rating_from_rank(0)])) == 1


def test_the_player_of_each_move_of_a_record():
    b, w = "black", "white"
    # an even Pair Go game: Black lady, White lady, Black man, White man, Black lady ...
    assert members_of_moves([b, w, b, w, b, w], size=2) == [0, 0, 1, 1, 0, 0]
    # handicap stones standing before the record (it starts with White): White lady, Black man, White man, Black lady
    assert members_of_moves([w, b, w, b, w], size=2) == [0, 1, 1, 0, 0]
    # handicap stones placed one by one on the board: Black's first player's one turn, then as above
    assert members_of_moves([b, b, b, w, b, w, b], size=2) == [0, 0, 0, 0, 1, 1, 0]
    # Rengo of three: each side's players in turn
    assert members_of_moves([b, w] * 4, size=3) == [0, 0, 1, 1, 2, 2, 0, 0]
    # Keima-Go: the two stones of a turn are one player's
    assert members_of_moves([b, b, w, w, b, b], size=2) == [0, 0, 0, 0, 1, 1]
    # a pass is a move and takes its turn (the colours say it: the engine counts it as one)
    assert members_of_moves([b, w, b], size=1) == [0, 0, 0]


def test_who_plays_next_agrees_with_the_rotation():
    b, w = "black", "white"
    assert member_next([], b, size=2) == 0
    assert member_next([], w, size=2) == 0  # handicap stones standing: the White lady first
    assert member_next([w], b, size=2) == 1  # then the Black man
    assert member_next([b, w], b, size=2) == 1
    assert member_next([b, w, b], w, size=2) == 1
    assert member_next([b, w, b, w], b, size=2) == 0
    assert member_next([b], b, size=2) == 0  # Keima-Go's second stone, or the next handicap stone
    order = ["B1", "B2"], ["W1", "W2"]
    colours = [b, w, b, w]
    assert [(order[0] if c == b else order[1])[m] for c, m in zip(colours, members_of_moves(colours, size=2))] == (
        rotation(*order)
    )
