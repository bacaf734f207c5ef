"""games.live: a game played one move at a time, as the live board does, with what the board shows.

Positions are ASCII diagrams (``X`` black, ``O`` white, ``.`` empty, top row first).
"""

from __future__ import annotations

import random

import pytest

import games
from games.common import IllegalMove
from games.coords import CoordinateError, Point
from games.live import LiveGame, TooLong, normalise


def picture(snapshot) -> str:
    n = snapshot.size
    rows = []
    for y in range(n - 1, -1, -1):
        rows.append(" ".join({"black": "X", "white": "O"}.get(snapshot.stones.get(Point(x, y)), ".") for x in range(n)))
    return "\n".join(rows)


def diagram(text: str) -> str:
    return "\n".join(" ".join(line.split()) for line in text.strip().splitlines())


def play(kind, moves, **settings) -> LiveGame:
    return LiveGame.from_moves(kind, moves.split(), **settings)


def refused(game, move) -> dict:
    with pytest.raises(IllegalMove) as e:
        game.play(move)
    return e.value.as_dict()


def test_tokens_are_normalised_and_junk_is_no_coordinate():
    assert normalise(" k10 ") == "K10" and normalise("PASS") == "pass"
    with pytest.raises(CoordinateError):
        normalise("I5")  # no column I
    with pytest.raises(CoordinateError):
        normalise("10K")


@pytest.mark.parametrize("kind", ["ninuki", "go", "keima", "volt"])
@pytest.mark.parametrize("text", ["A0", "K0", "t000"])
def test_row_0_is_no_coordinate_for_any_engine(kind, text):
    """Row 0 is on no board: refused as text (CoordinateError, which the site answers in words), never a
    token the engines cannot read back."""
    with pytest.raises(CoordinateError):
        normalise(text)
    game = LiveGame(kind, size=9 if kind != "ninuki" else 13)
    with pytest.raises(CoordinateError):
        game.play(text)
    assert game.moves == []


def test_ninuki_a_double_three_is_refused_and_the_game_stays_as_it_was():
    game = play("ninuki", "G7 A1 H7 A3 J8 A5 J9 A7", size=13)
    before = picture(game.snapshot())
    assert refused(game, "J7") == {"move": 9, "point": "J7", "reason": "double-three"}
    assert (
        picture(game.snapshot())
        == before
        == diagram("""
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . X . . . .
        . . . . . . . . X . . . .
        O . . . . . X X . . . . .
        . . . . . . . . . . . . .
        O . . . . . . . . . . . .
        . . . . . . . . . . . . .
        O . . . . . . . . . . . .
        . . . . . . . . . . . . .
        O . . . . . . . . . . . .
    """)
    )
    assert game.moves == "G7 A1 H7 A3 J8 A5 J9 A7".split() and game.snapshot().to_move == "black"
    game.play("K9")  # another move is fine
    assert game.snapshot().number == 9


def test_ninuki_a_capture_counts_a_pair_and_marks_the_stones_taken():
    game = play("ninuki", "G7 H7 B2 J7 K7", size=13)
    s = game.snapshot()
    assert set(s.captured) == {Point(7, 6), Point(8, 6)}  # H7, J7
    assert s.captures == {"black": 1, "white": 0} and s.colour == "black" and s.label == "K7"
    assert s.to_move == "white" and not s.over


def test_ninuki_a_breakable_five_waits_for_the_capture_and_wins_without_it():
    # Black's five G7-L7; White J6 would capture J7, J8 against J9.
    moves = "G7 J9 H7 A1 J8 A3 K7 A5 L7 A7 J7"
    s = play("ninuki", moves, size=13).snapshot()
    assert s.pending_five == "black" and not s.over and s.to_move == "white"
    broken = play("ninuki", moves + " J6", size=13).snapshot()
    assert broken.pending_five is None and not broken.over and broken.captures["white"] == 1
    won = play("ninuki", moves + " A9", size=13).snapshot()
    assert (won.outcome, won.reason, won.to_move) == ("black", "five", None)


def test_ninuki_first_move_on_the_centre_and_nothing_after_the_end():
    game = LiveGame("ninuki", size=15)
    assert refused(game, "A1")["reason"] == "first-move"
    for move in "H8 A1 J8 A3 K8 A5 L8 A7 M8".split():
        game.play(move)
    assert game.snapshot().outcome == "black"
    assert refused(game, "B2")["reason"] == "after-end"


def test_keima_the_second_stone_must_be_a_knights_move_and_the_first_may_capture():
    game = play("keima", "B1 C3 A1 C2", size=9)
    game.play("A2")  # the first stone of Black's turn takes White's A1
    s = game.snapshot()
    assert s.captured == (Point(0, 0),) and s.second_stone and s.first_stone == Point(0, 1)
    assert s.to_move == "black" and s.prisoners == {"black": 1, "white": 0}
    assert [p.name() for p in s.targets] == ["B4", "C1"]  # C3 is taken; A1 is no keima from A2
    assert refused(game, "A3") == {"move": 6, "point": "A3", "reason": "not-keima"}
    assert refused(game, "pass")["reason"] == "incomplete-turn"
    game.play("B4")
    assert picture(game.snapshot()) == diagram("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X . . . . . . .
        . . X . . . . . .
        X . O . . . . . .
        . X . . . . . . .
    """)
    assert game.snapshot().to_move == "white" and not game.snapshot().second_stone
    game.play("pass")
    game.play("pass")
    s = game.snapshot()
    # Black: 4 stones + A1 (neighbours A2, B1: black only); White: C2 + nothing; komi 4.
    assert (s.outcome, s.reason, s.score, s.result) == ("black", "double-pass", {"black": 11, "white": 2}, "B+5")


def test_keima_handicap_stones_are_placed_first():
    game = LiveGame("keima", size=9, handicap=1)
    s = game.snapshot()
    assert s.handicap_left == 2 and s.to_move == "black"
    game.play("C3")
    game.play("D5")
    assert game.snapshot().handicap_left == 0 and game.snapshot().to_move == "white"


def test_handicap_stones_are_not_counted_as_moves():
    """Issue #31, item 11: the board's move number counts the moves played, not the handicap stones."""
    game = LiveGame("go", size=9, handicap=3)
    for point in ("C3", "G7", "G3"):
        assert game.snapshot().move_number == 0
        game.play(point)
    s = game.snapshot()
    assert (s.number, s.handicap_placed, s.move_number) == (3, 3, 0)
    game.play("E5")
    assert game.snapshot().move_number == 1
    keima_game = LiveGame("keima", size=9, handicap=1)
    keima_game.play("C3")
    keima_game.play("D5")
    assert keima_game.snapshot().move_number == 0 and LiveGame("ninuki").snapshot().move_number == 0


def test_volt_the_last_move_pushes_its_own_stone_and_pulls_the_opponents():
    # A 5x5 board: Black B4 pushes B2 down to B1 and pulls White's E4 in to C4.
    s = play("volt", "B2 E4 B4", size=5).snapshot()
    assert picture(s) == diagram("""
        . . . . .
        . X O . .
        . . . . .
        . . . . .
        . X . . .
    """)
    assert s.pushed == ((Point(1, 1), Point(1, 0)),) and s.pulled == ((Point(4, 3), Point(2, 3)),)


def test_go_prisoners_and_the_count():
    s = play("go", "E5 D5 A1 E4 A3 F5 A5 E6", size=9, komi=7.5).snapshot()
    assert s.captured == (Point(4, 4),) and s.prisoners == {"black": 0, "white": 1}
    game = play("go", "E5 pass pass", size=9, komi=7.5)
    s = game.snapshot()
    assert (s.outcome, s.score, s.result) == ("black", {"black": 81, "white": 0}, "B+73.5")
    assert refused(game, "A1")["reason"] == "after-end"


def test_go_the_marking_after_two_passes_counts_by_the_rule_set():
    # 5x5: Black's wall C1-C5, White's D1-D5, a White stone B3 left dead in Black's area.
    record = "C1 D1 C2 D2 C3 D3 C4 D4 C5 D5 pass B3 pass pass"
    game = play("go", record, size=5, komi=0.5, rules="japanese")
    s = game.snapshot()
    assert picture(s) == diagram("""
        . . X O .
        . . X O .
        . O X O .
        . . X O .
        . . X O .
    """)
    # Unmarked, territory counts only E1-E5 for White; Black's area touches B3: nothing.
    assert s.score == {"black": 0, "white": 5} and s.result == "W+5.5"
    marking = game.marking()
    change = marking.toggle("B3")
    assert change.mark == "dead" and change.points == (Point.parse("B3"),)
    # Black: A1-B5 (10 points, B3 among them) + the dead stone = 11; White 5.
    assert change.marking.count().result() == "B+5.5"
    kept = change.marking.as_dict()
    assert kept == {"dead": ["B3"], "neutral": []}
    assert game.marking(kept) == change.marking  # read back from what the site keeps
    # The same game replayed as a record with the same marks agrees.
    assert games.variant("go").replay(game.text, size=5, komi=0.5, rules="japanese", dead=["B3"]).result == "B+5.5"
    assert play("go", record, size=5, komi=0.5).marking(kept).count().result() == "B+4.5"  # chinese: 15 to 10


def test_the_marking_phase_refuses_what_has_none():
    from games.go import MarkError

    with pytest.raises(MarkError) as info:
        play("go", "E5 D4", size=9).marking()
    assert info.value.code == "not-over"
    with pytest.raises(MarkError) as info:
        play("volt", "E5 pass pass", size=9).marking()
    assert info.value.code == "no-removal"
    with pytest.raises(MarkError) as info:
        play("go", "E5 pass pass", size=9).marking({"dead": "E5"})
    assert info.value.code == "unreadable"
    with pytest.raises(TypeError):
        LiveGame("ninuki").marking()


def test_the_game_refuses_a_move_past_its_length_limit():
    game = LiveGame("go", size=2)
    assert game.limit == 40
    game.moves = ["pass"] * 40  # as if played (passes by both would have ended it: only the count matters here)
    with pytest.raises(TooLong):
        game.play("A1")


def test_rund_go_has_no_live_game():
    from games.registry import NoValidator

    with pytest.raises(NoValidator):
        LiveGame("rundgo")


@pytest.mark.parametrize("kind,size", [("ninuki", 13), ("go", 7), ("keima", 7), ("volt", 7)])
def test_random_games_end_as_the_whole_record_replays(kind, size):
    """Played move by move or replayed as one record, a game ends the same way (so a result the live
    board proposes always agrees with its record)."""
    variant = games.variant(kind)
    rng = random.Random(16)
    points = [Point(x, y).name() for x in range(size) for y in range(size)]
    for _game in range(12):
        game = LiveGame(kind, size=size)
        for _move in range(160):
            s = game.snapshot()
            if s.over:
                break
            candidates = rng.sample(points, len(points)) + ["pass"]
            if kind != "ninuki" and _move > 60:
                candidates = ["pass"] + candidates
            for move in candidates:
                try:
                    game.play(move)
                    break
                except IllegalMove:
                    continue
        s = game.snapshot()
        replay = variant.replay(game.text, size=size)
        assert replay.legal and replay.moves == s.number
        assert (replay.outcome if replay.finished else None) == s.outcome
        assert replay.reason == s.reason
        assert dict(replay.position().stones) == dict(s.stones)


def test_docstring_examples():
    import doctest

    import games.live

    result = doctest.testmod(games.live)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize(
    "kind, settings, moves",
    [
        ("ninuki", {}, []),  # the first stone goes on the centre
        ("ninuki", {}, ["K10"]),
        ("ninuki", {"rules": "pbmserv"}, ["K10"]),  # pbmserv's second stone goes near the centre: no pass
        ("ninuki", {"rules": "pente"}, ["K10", "K9"]),  # pente's third stone goes far from it: no pass
        ("ninuki", {"rules": "pente"}, ["K10", "K9", "K13"]),
        ("go", {}, []),
        ("go", {"handicap": 2}, []),  # handicap stones first
        ("go", {"handicap": 2}, ["C3", "G7"]),
        ("keima", {}, []),
        ("keima", {}, ["E5"]),  # the second stone of a turn
        ("keima", {}, ["E5", "F7"]),
        ("volt", {}, []),
    ],
)
def test_the_snapshot_says_where_a_pass_cannot_be_played(kind, settings, moves):
    """The live board asks the snapshot, not the game's name (``may_pass``, ``centre_first``, ``captured_pairs``)."""
    snapshot = LiveGame.from_moves(kind, moves, **settings).snapshot()
    after = LiveGame.from_moves(kind, moves, **settings)
    try:
        after.play("pass")
        passed = True
    except IllegalMove:
        passed = False
    assert passed == snapshot.may_pass
    assert snapshot.centre_first == (kind == "ninuki" and not moves)
    assert (snapshot.captured_pairs is None) == (kind != "ninuki")


#: 5x5, Black's wall C1-C5, White's D1-D5; White leaves B4 in Black's area; Black passes first, White last.
WALL_AND_B4 = "C1 D1 C2 D2 C3 D3 C4 D4 C5 D5 pass B4 pass pass"


def test_resuming_play_lets_the_opponent_of_the_asker_play_first():
    game = play("go", WALL_AND_B4, size=5)
    assert game.removes_dead_stones and game.dead_stones == "marked"
    # White passed last and asks: both passes go, Black (White's opponent) plays first
    resumed = game.resumed("white")
    assert resumed.moves == WALL_AND_B4.split()[:-2] and resumed.snapshot().to_move == "black"
    # Black passed first and asks: White's pass goes, White plays first
    resumed = game.resumed("black")
    assert resumed.moves == WALL_AND_B4.split()[:-1] and resumed.snapshot().to_move == "white"
    assert picture(resumed.snapshot()) == picture(game.snapshot())  # the position is the same
    assert game.moves == WALL_AND_B4.split()  # the game itself stays as it was
    resumed.play("B3")  # and goes on
    assert not resumed.snapshot().over


def test_resuming_keeps_the_ko_as_it_stood_before_the_passes():
    """Black takes a ko, White passes, Black passes; Black asks to resume: White plays first, and the
    immediate retake is still forbidden (the passes are taken out: the ko stands across the stop, as the
    Japanese rules' commentary has it); after one move elsewhere each the ko may be taken again."""
    record = "B4 C4 A3 B3 B2 D3 E5 C2 C3 pass pass"
    game = play("go", record, size=5)
    assert picture(game.snapshot()) == diagram("""
        . . . . X
        . X O . .
        X . X O .
        . X O . .
        . . . . .
    """)
    resumed = game.resumed("black")
    assert resumed.moves == record.split()[:-2] and resumed.snapshot().to_move == "white"
    assert refused(resumed, "B3")["reason"] == "ko"
    resumed.play("E1")
    resumed.play("A1")
    resumed.play("B3")  # now White may retake


def test_resuming_is_for_a_go_game_stopped_by_two_passes():
    from games.go import MarkError

    with pytest.raises(MarkError) as info:
        play("go", "E5 pass", size=9).resumed("black")
    assert info.value.code == "not-over"
    for kind in ("keima", "volt"):
        with pytest.raises(MarkError) as info:
            play(kind, "E5 F7 pass pass" if kind == "keima" else "E5 pass pass", size=9).resumed("black")
        assert info.value.code == "no-removal"
    assert LiveGame("ninuki").dead_stones is None and not LiveGame("ninuki").removes_dead_stones


def test_the_points_each_colour_counts_at_the_end_without_marks():
    game = play("volt", WALL_AND_B4, size=5)
    assert game.dead_stones == "captured"
    s = game.snapshot()
    # B4 counts as alive: Black's area A-B touches it and is nobody's; White keeps E1-E5
    assert sorted(p.name() for p, c in game.territory().items()) == ["E1", "E2", "E3", "E4", "E5"]
    assert s.score == {"black": 5, "white": 11}
    assert play("go", "E5", size=9).territory() == {} == LiveGame("ninuki").territory()
