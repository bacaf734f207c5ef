"""The end of a Go game: dead stones removed, neutral points, counted by ``chinese`` or ``japanese``.

Each test shows its board (``X`` black, ``O`` white, top row first; see
``go_diagrams.py``) and works the count out by hand beside it.
"""

import pytest

from games import go, keima, volt
from games.coords import Point
from games.go import BLACK, WHITE, Game, IllegalMove, MarkError, Marking, Marks
from games.go.scoring import area_score
from games.keima import KeimaGame
from games.volt import VoltGame
from tests.games.go_diagrams import assert_board, setup


def finished(diagram, game_class=Game, **settings):
    """The game on ``diagram``, ended by two passes."""
    rules, komi = settings.get("rules"), settings.get("komi")
    start = setup(game_class, diagram)
    game = game_class.from_position(start.position, komi=komi, rules=rules)
    game.play(None)
    game.play(None)
    return game


# ---- a dead stone inside an area ----------------------------------------------------

INVADER = """
    . . X O .
    . . X O .
    . O X O .
    . . X O .
    . . X O .
"""


def test_a_dead_stone_inside_an_area_is_removed_and_its_area_counts():
    game = finished(INVADER, komi=0.5)
    # Counted as it stands (what the board proposed before dead stones could be marked):
    # White's B3 touches A1-B5, so that region is neutral.  Black: 5 stones; White: 6
    # stones + E1-E5 = 11; White wins by 6.5.
    marking = Marking(game)
    assert marking.count().score() == {"black": 5, "white": 11}
    assert marking.count().result() == "W+6.5"
    # B3 marked dead: it is removed and A1-B5 (10 points) is Black's: 5 + 10 = 15;
    # White 5 stones + 5 = 10.  Black wins by 4.5: the marks change the winner.
    change = marking.toggle("B3")
    assert change.mark == "dead" and change.points == (Point.parse("B3"),)
    count = change.marking.count()
    assert count.score() == {"black": 15, "white": 10} and count.result() == "B+4.5"
    assert count.dead_stones() == {"black": 0, "white": 1}
    assert change.marking.territory()[Point.parse("B3")] == "black"
    # The board itself is not touched: marks are a view of the final position.
    assert_board(game, INVADER)


# ---- a dead chain of several stones -------------------------------------------------

CHAIN = """
    . . . X O . .
    . . . X O . .
    . O O X O . .
    . O . X O . .
    . . . X O . .
    X X X X O . .
    O O O O O . .
"""


def test_one_stone_names_its_whole_chain_dead_and_alive_again():
    game = finished(CHAIN)
    marking = Marking(game)
    # Alive, White's B4-B5-C5 make A3-C7 neutral: Black 9 stones; White 11 + 3 stones + F1-G7 (14).
    assert marking.count().score() == {"black": 9, "white": 28}
    change = marking.toggle("C5")
    assert change.mark == "dead"
    assert [p.name() for p in change.points] == ["B4", "B5", "C5"]
    # Dead: A3-C7 (15 points, the chain's three among them) are Black's: 9 + 15 = 24;
    # White 11 stones + 14 = 25.  24 + 25 = 49 points: every point counts for somebody.
    assert change.marking.count().score() == {"black": 24, "white": 25}
    assert change.marking.count().dead == (0, 3)
    assert change.marking.as_dict() == {"dead": ["B4", "B5", "C5"], "neutral": []}
    # Another stone of the same chain brings it back to life, all of it.
    back = change.marking.toggle("B4")
    assert back.mark == "alive" and [p.name() for p in back.points] == ["B4", "B5", "C5"]
    assert back.marking.marks == Marks() and back.marking.count() == marking.count()


def test_marks_name_a_chain_by_any_of_its_stones():
    game = finished(CHAIN)
    for named in (["B5"], ["C5", "B4"], ["B4", "B5", "C5"]):
        assert Marking(game, Marks.of(named, size=7)).marks.dead == {Point.parse(p) for p in ("B4", "B5", "C5")}
    assert go.Marks.of(["bc"], size=7) == Marks.of(["B5"], size=7)  # SGF letters: rows from the top


# ---- seki under japanese: its eyes neutral ------------------------------------------

SEKI = """
    . O . X . X O
    O O O X X X O
    X X X O O O O
    . . X O . . .
    . . X O . . .
    . . X O . . .
    . . X O . . .
"""
# White's A6 B6 C6 B7 and Black's D7 D6 E6 F6 F7 are in seki: each has an eye (A7,
# E7) and the shared liberty C7.  Whoever plays C7 is captured, a stone in the
# other's eye is suicide (tested below).  The outside groups live.


def test_seki_is_a_seki():
    for to_move, eye in ((BLACK, "A7"), (WHITE, "E7")):
        with pytest.raises(IllegalMove, match="suicide"):
            setup(Game, SEKI, to_move=to_move).play(eye)  # a stone in the other's eye
    game = setup(Game, SEKI)
    game.play("C7")  # Black fills the shared liberty ...
    assert len(game.play("E7").captured) == 6  # ... and White takes the group through its eye


def test_seki_under_japanese_with_its_eyes_marked_neutral():
    game = finished(SEKI, rules="japanese", komi=0.5)
    marking = Marking(game)
    # Unmarked, each eye is a point of territory: Black A1-B4 (8) + E7 = 9;
    # White E1-G4 (12) + A7 = 13.  C7 touches both colours: neutral anyway.
    assert marking.count().score() == {"black": 9, "white": 13}
    # Japanese rules: the eyes of a seki are no territory.  The players mark them neutral.
    a7 = marking.toggle("A7")
    assert a7.mark == "neutral" and a7.points == (Point.parse("A7"),)
    both = a7.marking.toggle("E7").marking
    assert both.as_dict() == {"dead": [], "neutral": ["A7", "E7"]}
    count = both.count()
    assert count.score() == {"black": 8, "white": 12} and count.result() == "W+4.5"
    assert Point.parse("A7") not in both.territory() and Point.parse("E7") not in both.territory()
    # Tapping a neutral point again makes it count again.
    again = both.toggle("A7")
    assert again.mark == "unmarked" and again.marking.count().score() == {"black": 8, "white": 13}


def test_seki_under_chinese_counts_stones_and_eyes():
    game = finished(SEKI, rules="chinese", komi=0.5)
    # Area: Black 12 stones + A1-B4 + E7 = 21; White 14 stones + E1-G4 + A7 = 27; C7 neutral.
    assert Marking(game).count().score() == {"black": 21, "white": 27}
    assert 21 + 27 + 1 == 49
    # A neutral mark counts for nobody under either rule set.
    assert Marking(game, Marks(neutral=frozenset({Point.parse("E7")}))).count().score() == {"black": 20, "white": 27}


# ---- the same game under chinese and japanese, with prisoners -------------------------

# Black walls off the left, White the right; White's B3 is captured by A3 (move 15,
# Black's prisoner), then White's A4 is left dead in Black's area.
RECORD = "C3 D3 C2 D2 C4 D4 C5 D5 C1 D1 B4 B3 B2 E3 A3 A4 pass pass"
FINAL = """
    . . X O .
    O X X O .
    X . X O O
    . X X O .
    . . X O .
"""


@pytest.mark.parametrize(
    "rules, komi, score, result",
    [
        # Area: Black 8 stones + A5 B5 A4 B3 A2 A1 B1 (7) = 15; White 6 stones + E5 E4 E2 E1 = 10.
        ("chinese", 7.5, {"black": 15, "white": 10}, "W+2.5"),
        # Territory: Black 7 points + 1 prisoner (B3) + 1 dead stone (A4) = 9; White 4 points.
        ("japanese", 6.5, {"black": 9, "white": 4}, "W+1.5"),
        # With one komi both rule sets agree here (each side played as many stones as it has lost and kept).
        ("chinese", 0.5, {"black": 15, "white": 10}, "B+4.5"),
        ("japanese", 0.5, {"black": 9, "white": 4}, "B+4.5"),
    ],
)
def test_the_same_game_under_chinese_and_japanese(rules, komi, score, result):
    v = go.replay(RECORD, size=5, rules=rules, komi=komi, dead=["A4"])
    assert_board(v.game, FINAL)
    assert v.legal and v.moves == 18
    assert v.score == score and v.result == result
    assert v.prisoners == {"black": 1, "white": 0} and v.dead == {"black": 0, "white": 1}


def test_the_default_komi_follows_the_rule_set():
    assert go.replay(RECORD, size=5, dead=["A4"]).result == "W+2.5"  # chinese, 7.5
    assert go.replay(RECORD, size=5, rules="japanese", dead=["A4"]).result == "W+1.5"  # 6.5 (EGF)
    assert Game.default_komi_for("japanese") == 6.5 and Game(rules="chinese").komi == 7.5


def test_without_marks_chinese_counts_as_before_and_japanese_counts_territory_and_prisoners():
    v = go.replay(RECORD, size=5)
    # Unmarked, A4 is alive: A5 B5 A4 region touches it; Black 8 + B3 A2 A1 B1 = 12; White 7 + 4 = 11.
    assert v.score == {"black": 12, "white": 11} == dict(zip(("black", "white"), area_score(v.game.position)))
    assert v.marks is None and v.dead == {"black": 0, "white": 0}
    v = go.replay(RECORD, size=5, rules="japanese")
    # Black B3 A2 A1 B1 + 1 prisoner = 5; White E5 E4 E2 E1 = 4.
    assert v.score == {"black": 5, "white": 4}


def test_handicap_stones_get_no_compensation_under_either_rule_set():
    # Two handicap stones, then both pass: Black's area is the board, White's nothing.
    for rules, score in (("chinese", {"black": 25, "white": 0}), ("japanese", {"black": 23, "white": 0})):
        v = go.replay("B2 D4 pass pass", size=5, handicap=2, komi=0.5, rules=rules)
        assert v.score == score and v.result == f"B+{score['black'] - 0.5:g}"


# ---- TB / TW from an SGF ------------------------------------------------------------

# The game above as SGF; its last node says what the players agreed: TB holds
# Black's territory and the dead White stone A4 (ab), TW White's territory.
SGF = (
    "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Japanese]"
    ";B[cc];W[dc];B[cd];W[dd];B[cb];W[db];B[ca];W[da];B[ce];W[de]"
    ";B[bb];W[bc];B[bd];W[ec];B[ac];W[ab];B[];W[]"
    "TB[aa][ba][ab][bc][ad][ae][be]TW[ea][eb][ed][ee])"
)


def test_tb_tw_in_the_last_node_name_the_dead_stones():
    v = go.replay(SGF)
    assert_board(v.game, FINAL)
    assert v.dead == {"black": 0, "white": 1} and v.marks == Marks(frozenset({Point.parse("A4")}))
    assert v.score == {"black": 15, "white": 10} and v.result == "B+4.5"  # chinese: RU is not read
    assert go.replay(SGF, rules="japanese").score == {"black": 9, "white": 4}
    assert go.check_claim(SGF, "B+4.5").agrees
    # --dead given (even empty) wins over TB/TW.
    assert go.replay(SGF, dead=[]).score == {"black": 12, "white": 11}
    # The territory points themselves are not read: neutral points are given apart.
    assert go.replay(SGF, neutral=["B3"]).score == {"black": 14, "white": 10}


@pytest.mark.parametrize(
    "marks, dead",
    [
        ("TB[ab]", {"black": 0, "white": 1}),  # a White stone in Black's territory: dead
        ("TB[aa:bb]", {"black": 0, "white": 1}),  # compressed (A5-B4): the same stone
        ("TW[ab]", {"black": 0, "white": 0}),  # a White stone in White's own territory: nothing
        ("TB[cc]", {"black": 0, "white": 0}),  # a Black stone in Black's territory: nothing
        ("TW[cd]", {"black": 7, "white": 0}),  # one Black stone (C2) in White's: its whole chain, the wall
        ("TB[]", {"black": 0, "white": 0}),  # an empty list
    ],
)
def test_tb_tw_read_against_the_stones(marks, dead):
    sgf = SGF[: SGF.index("TB[")] + marks + ")"
    assert go.replay(sgf).dead == dead


def test_tb_tw_only_in_the_last_node_and_only_after_two_passes():
    earlier = SGF.replace(";B[]", "TB[ab];B[]").replace("TB[aa][ba][ab][bc][ad][ae][be]TW[ea][eb][ed][ee]", "")
    assert go.replay(earlier).dead == {"black": 0, "white": 0}
    resigned = "(;SZ[5];B[cc];W[dc]TB[dc])"
    assert go.replay(resigned).marks is None and go.replay(resigned).result == "unfinished"


@pytest.mark.parametrize("bad", ["TB[ff]", "TW[aa:af]", "TB[a]", "TB[aa:bb:cc]", "TB[a1]"])
def test_tb_tw_off_the_board_or_no_point_are_unreadable(bad):
    sgf = SGF[: SGF.index("TB[")] + bad + ")"
    with pytest.raises(go.RecordError, match="line 1") as info:
        go.replay(sgf)
    assert info.value.token == bad


def test_keima_and_volt_keep_every_stone_and_ignore_tb_tw():
    # Keima-Go: all stones on the board live; 1000-Volt-Go: dead stones must be captured in play.
    assert keima.replay("(;SZ[9];B[ee];B[fg];W[dc];W[ca];B[];W[]TB[dc])").dead == {"black": 0, "white": 0}
    assert volt.replay("(;SZ[9];B[ee];W[dc];B[];W[]TB[dc])").dead == {"black": 0, "white": 0}
    for replay, record in ((keima.replay, "E5 F7 pass pass"), (volt.replay, "E5 pass pass")):
        with pytest.raises(MarkError) as info:
            replay(record, dead=["E5"])
        assert info.value.code == "no-removal"
        with pytest.raises(MarkError):
            replay(record, neutral=["A1"])
        assert replay(record, dead=[], neutral=[]).legal  # nothing marked: fine
    for game_class in (KeimaGame, VoltGame):
        game = finished(". . .\n. X .\n. . .", game_class)
        with pytest.raises(MarkError, match="every stone on the board is alive"):
            Marking(game)


# ---- refusals -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "dead, neutral, code, point",
    [
        (["A1"], None, "no-stone", "A1"),  # no stone to mark dead
        (["F1"], None, "off-board", "F1"),
        (["ff"], None, "off-board", "ff"),
        (["Z99x"], None, "not-a-point", "Z99x"),
        (None, ["C3"], "not-empty", "C3"),  # a stone cannot be neutral
        (None, ["A6"], "off-board", "A6"),
    ],
)
def test_marks_that_do_not_fit_the_board_are_refused(dead, neutral, code, point):
    with pytest.raises(MarkError) as info:
        go.replay(RECORD, size=5, dead=dead, neutral=neutral)
    assert info.value.code == code and info.value.point == point


def test_marks_need_a_game_ended_by_two_passes():
    with pytest.raises(MarkError) as info:
        go.replay("C3 D3", size=5, dead=["C3"])
    assert info.value.code == "not-over"
    assert go.replay("C3 D3", size=5, dead=[], neutral=[]).result == "unfinished"  # nothing marked: fine
    with pytest.raises(MarkError, match="not ended"):
        Marking(Game(size=5))
    # An illegal record is answered as illegal; its marks are not looked at.
    v = go.replay("C3 C3 pass pass", size=5, dead=["A1"])
    assert not v.legal and v.dead is None and v.prisoners == {"black": 0, "white": 0}


def test_marking_toggles_leave_the_marking_as_it_was():
    marking = Marking(finished(INVADER))
    before = marking.as_dict()
    marking.toggle("B3")
    marking.toggle("A1")
    assert marking.as_dict() == before
    with pytest.raises(MarkError):
        marking.toggle("F6")


def test_marks_serialise_and_read_back():
    marks = Marks.of(["B5", "dd"], ["a1"], size=7)
    data = marks.as_dict()
    assert data == {"dead": ["D4", "B5"], "neutral": ["A1"]}
    assert Marks.from_dict(data) == marks
    assert Marks.from_dict({}) == Marks() and not Marks()
    game = finished(CHAIN)
    kept = Marking(game, Marks.of(["B5"], size=7)).as_dict()
    assert Marking.from_dict(game, kept).marks.dead == {Point.parse(p) for p in ("B4", "B5", "C5")}


@pytest.mark.parametrize(
    "data",
    [[], {"dead": "D4"}, {"dead": [4]}, {"dead": ["D4"], "alive": []}, {"neutral": ["I5"]}, {"dead": ["x"] * 700}],
)
def test_marks_of_the_wrong_shape_are_unreadable(data):
    with pytest.raises(MarkError) as info:
        Marks.from_dict(data)
    assert info.value.code == "unreadable"


# ---- SGF with the agreed dead stones --------------------------------------------------


def test_write_sgf_carries_the_agreed_dead_stones_and_reads_back():
    v = go.replay(RECORD, size=5, komi=0.5, rules="japanese")
    marks = Marks.of(["A4"], size=5)
    text = go.write_sgf(v.game, marks=marks)
    assert "RU[Japanese]" in text and "RE[B+4.5]" in text
    # TB: Black's seven points, A4 (ab) among them; TW: White's four.  In the last node.
    assert text.endswith(";W[]TB[aa][ab][ad][ae][ba][bc][be]TW[ea][eb][ed][ee])")
    again = go.replay(text, rules="japanese")
    assert again.marks == marks and again.score == {"black": 9, "white": 4} and again.result == "B+4.5"
    # Without marks, no TB/TW, as before; an empty Marks means "nothing dead".
    assert "TB" not in go.write_sgf(v.game)
    assert go.replay(go.write_sgf(v.game, marks=Marks())).dead == {"black": 0, "white": 0}


def test_a_dead_stone_is_written_for_the_opponent_whatever_its_point_counts_for():
    # In FINAL, Black's A3 is a stone on its own.  Marked dead with White's A4 (an odd
    # agreement, but the players'), its point counts for Black after the removal; it is
    # written into TW all the same, where a Black stone reads as dead again.
    v = go.replay(RECORD, size=5)
    marks = Marks.of(["A4", "A3"], size=5)
    text = go.write_sgf(v.game, marks=marks)
    assert "ac" in text[text.index("TW[") :] and "ac" not in text[text.index("TB[") : text.index("TW[")]
    again = go.replay(text)
    assert again.marks == marks and again.dead == {"black": 1, "white": 1}
    # Black: 7 stones + A5 B5 A4 A3 B3 A2 A1 B1 (8) = 15; White 6 + 4 = 10.
    assert again.score == {"black": 15, "white": 10}


def test_registry_replays_checks_claims_and_writes_with_marks():
    import games

    variant = games.variant("go")
    r = variant.replay(RECORD, size=5, komi=0.5, rules="japanese", dead=["A4"])
    assert r.score == {"black": 9, "white": 4} and r.result == "B+4.5" and r.outcome == "black"
    assert variant.check_claim(RECORD, games.registry.ResultClaim("black"), size=5, komi=0.5, dead=["A4"]).agrees
    assert not variant.check_claim(RECORD, "B+4.5", size=5, komi=0.5).agrees  # without the dead stone: W+1.5
    assert variant.check_claim(RECORD, "B+4.5", size=5, komi=0.5, dead=["ab"]).agrees
    assert "TB[" in variant.write_sgf(r)
    with pytest.raises(ValueError, match="no dead stones"):
        games.variant("ninuki").replay("K10", dead=["K10"])
