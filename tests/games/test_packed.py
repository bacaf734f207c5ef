"""A replay kept as JSON (games/packed.py): the same answers and positions, any position at the same cost."""

import doctest
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games import packed, sample
from games.coords import Point
from games.packed import pack, unpack

P = Point.parse


def round_trip(replay):
    return unpack(json.loads(json.dumps(pack(replay, every=4))))  # small frames: many frame borders


def assert_same(kept, replay):
    assert kept.as_dict() == replay.as_dict()
    positions = list(replay.positions())
    assert list(kept.positions()) == positions
    for n in range(replay.moves + 1):
        assert kept.position(n) == positions[n], n
    assert kept.svg() == replay.svg() and kept.svg(0) == replay.svg(0)


def test_docstring_examples():
    assert doctest.testmod(packed).failed == 0
    assert doctest.testmod(sample).failed == 0


def test_ninuki_captures_and_pairs():
    #  10 . x o o A     A (N10): Black K10, White L10 M10, ... Black N10
    #      J K L M N    takes L10-M10 (bracketed by K10).
    r = games.variant("ninuki").replay("K10 L10 K9 M10 N10 pass")
    kept = round_trip(r)
    assert_same(kept, r)
    assert sorted(kept.position(5).captured) == [P("L10"), P("M10")]
    assert kept.position(5).captures == {"black": 1, "white": 0}
    assert kept.position(0).captures == {"black": 0, "white": 0}
    assert kept.position(6).label == "pass" and kept.position(6).last is None and kept.verdict is None


def test_volt_slides_are_kept():
    # 1000-Volt-Go 9x9: White's G5 pulls Black's C5 next to it, to F5.
    #   5 . . X . . . o . .   ->   5 . . . . . X o . .
    #     A B C D E F G H J          A B C D E F G H J
    r = games.variant("volt").replay("C5 G5 E3")
    kept = round_trip(r)
    assert_same(kept, r)
    assert kept.position(2).stones == {P("F5"): "black", P("G5"): "white"}
    assert kept.position(2).captures is None


def test_an_illegal_record_keeps_its_error_and_the_position_before_it():
    r = games.variant("go").replay("E5 D5 E5", size=9)
    kept = round_trip(r)
    assert_same(kept, r)
    assert not kept.legal and kept.error.as_dict() == {"move": 3, "point": "E5", "reason": "occupied"}
    assert 'class="illegal"' in kept.svg() and 'class="illegal"' not in kept.svg(1)


def test_an_empty_replay():
    r = games.variant("keima").replay("pass pass")
    assert_same(round_trip(r), r)
    with pytest.raises(IndexError):
        round_trip(r).position(3)


def test_an_unknown_format_is_refused():
    data = pack(games.variant("go").replay("E5", size=9))
    with pytest.raises(ValueError, match="format"):
        unpack({**data, "format": 0})


@settings(max_examples=25, deadline=None)
@given(
    kind=st.sampled_from(["ninuki", "go", "keima", "volt"]),
    seed=st.integers(0, 10**6),
    size=st.sampled_from([None, 9, 13]),
)
def test_random_games_come_back_whole(kind, seed, size):
    variant = games.variant(kind)
    size = 13 if kind == "ninuki" and size is not None else size
    record = variant.sample(random.Random(seed), size=size)
    r = variant.replay(record, size=size)
    assert r.legal
    assert_same(round_trip(r), r)
    assert_same(unpack(pack(r)), r)


def test_a_position_costs_at_most_one_frame_and_every_moves():
    """Rebuilding a position reads one frame and applies at most ``every`` moves, wherever it is:
    every other move of the record is spoilt here, and the position still comes out right."""
    r = games.variant("go").replay(games.variant("go").sample(random.Random(3), size=9), size=9)
    data = pack(r, every=8)
    assert len(data["frames"]) == r.moves // 8 + 1
    words = data["moves"].split(" ")
    for n in (1, 8, 9, 17, r.moves):
        window = range((n - 1) // 8 * 8, n)  # the moves after the frame before n, up to n
        spoilt = " ".join(w if i in window else "b,,,zzz" for i, w in enumerate(words))
        assert unpack({**data, "moves": spoilt}).position(n) == r.position(n)
    with pytest.raises(KeyError):
        unpack({**data, "moves": " ".join(["b,,,zzz"] * len(words))}).position(9)
