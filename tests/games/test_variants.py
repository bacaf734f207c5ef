"""The game registry (games/registry.py): one interface over every engine."""

import doctest
from pathlib import Path

import pytest

import games
from games import common, go, keima, ninuki, registry, schema, volt
from games.coords import Point
from games.limits import RecordTooLong
from games.registry import NoValidator, Replay, ResultClaim

VALIDATED = ["ninuki", "go", "keima", "volt"]
P = Point.parse


def test_docstring_and_readme_examples():
    assert doctest.testmod(registry).failed == 0
    readme = Path(registry.__file__).with_name("README.md")
    assert doctest.testfile(str(readme), module_relative=False).failed == 0


def test_the_registry_lists_every_game():
    assert sorted(games.variants()) == ["go", "keima", "ninuki", "rundgo", "volt"]
    assert list(games.variants()) == ["go", "ninuki", "keima", "volt", "rundgo"]  # the Hannover weekend's order
    assert games.variant("keima") is games.variants()["keima"]
    with pytest.raises(KeyError, match="known: go, keima, ninuki, rundgo, volt"):
        games.variant("chess")
    with pytest.raises(TypeError):
        games.variants()["chess"] = None  # read-only


def test_what_each_game_is_played_with():
    v = games.variants()
    assert [v[k].title for k in ("ninuki", "go", "keima", "volt", "rundgo")] == [
        "Ninuki-Renju",
        "Go",
        "Keima-Go",
        "1000-Volt-Go",
        "Rund-Go",
    ]
    assert v["ninuki"].rule_sets == tuple(ninuki.PRESETS) == ("hannover", "japanese", "pbmserv", "pente")
    assert v["ninuki"].board_sizes == (13, 15, 17, 19, 21)
    # default komi of RULES.md ("What the Go-family validators answer")
    assert [v[k].default_komi for k in ("ninuki", "go", "keima", "volt")] == [None, 7.5, 4, 5]
    assert [v[k].default_size for k in ("ninuki", "go", "keima", "volt")] == [19, 19, 9, 9]
    assert [v[k].validated for k in ("ninuki", "go", "keima", "volt", "rundgo")] == [True] * 4 + [False]
    # Ninuki-Renju alone is never played with handicap
    assert [v[k].has_handicap for k in ("ninuki", "go", "keima", "volt", "rundgo")] == [False] + [True] * 4


def test_what_a_tournament_needs_to_know_of_each_game():
    v = games.variants()
    early = ("resignation", "time", "default")
    assert v["ninuki"].win_methods == ("five", "captures", *early)
    assert {v[k].win_methods for k in ("go", "keima", "volt", "rundgo")} == {("score", *early)}
    assert registry.OTHER.win_methods == schema.WIN_METHODS  # a game nobody knows: any way
    assert v["ninuki"].handicap_policies == ("none",) and not v["ninuki"].has_komi
    assert v["go"].handicap_policies == v["rundgo"].handicap_policies == ("mcmahon", "rank-table", "none")
    assert v["keima"].handicap_policies == v["volt"].handicap_policies == ("rank-table", "mcmahon", "none")
    assert registry.OTHER.handicap_policies[0] == "none" and registry.OTHER.has_komi
    assert (v["rundgo"].default_komi, v["rundgo"].default_size) == (6.5, 19)  # the Hannover tournament's
    assert v["go"].rule_sets == ("chinese", "japanese")
    assert [k for k in v if v[k].egd_rated] == ["go"]
    assert [k for k in v if v[k].record_by_default] == ["ninuki", "keima", "volt"]
    assert "other" not in v and registry.OTHER.name == "other" and not registry.OTHER.validated


@pytest.mark.parametrize("kind", [*games.variants(), "other"])
def test_each_games_facts_agree_with_each_other(kind):
    v = games.variants().get(kind, registry.OTHER)
    assert v.win_methods and set(v.win_methods) <= set(schema.WIN_METHODS)
    assert set(schema.EARLY_ENDINGS) <= set(v.win_methods), "a game can always be resigned, lost on time or by default"
    assert len(set(v.win_methods)) == len(v.win_methods)
    assert v.handicap_policies and set(v.handicap_policies) <= set(schema.HANDICAP_POLICIES)
    assert len(set(v.handicap_policies)) == len(v.handicap_policies)
    assert v.has_komi or v.default_komi is None
    assert v.default_size in v.board_sizes
    assert v.handicap_table is None or "rank-table" in v.handicap_policies
    assert {name: o.default for name, o in v.rule_options.items()} == v.preset_options()
    for option in v.rule_options.values():
        assert option.choices is None or option.default in option.choices
    assert v.validated or not v.diagrams
    for name, (size, moves) in v.diagrams.items():
        assert size in v.board_sizes and moves.split(), name
    assert v.dead_stones is None or v.dead_stones in schema.DEAD_STONES
    assert v.removes_dead_stones == (v.dead_stones == "marked")
    assert v.end_diagram is None or v.dead_stones is not None


@pytest.mark.parametrize("kind", [k for k, v in games.variants().items() if v.end_diagram is not None])
def test_the_end_diagrams_are_games_stopped_by_two_passes_with_their_dead_stones(kind):
    from games.live import LiveGame

    v = games.variant(kind)
    size, moves, dead = v.end_diagram
    game = LiveGame.from_moves(kind, moves.split(), size=size)
    assert game.snapshot().over and game.snapshot().reason == "double-pass"
    if v.removes_dead_stones:
        assert dead.split() and game.marking({"dead": dead.split(), "neutral": []}).count().dead_stones()["white"]
    else:
        assert dead == ""


def test_the_end_of_the_game_by_kind():
    assert games.variant("go").dead_stones == "marked" and games.variant("go").removes_dead_stones
    assert games.variant("keima").dead_stones == "alive" and games.variant("volt").dead_stones == "captured"
    assert games.variant("ninuki").dead_stones is None and games.variant("rundgo").dead_stones is None


def test_an_sgf_written_with_the_official_result():
    go_v = games.variant("go")
    replay = go_v.replay("C3 D3 pass pass", size=5, komi=0.5, dead=[])
    assert "RE[W+0.5]" in go_v.write_sgf(replay)  # one stone each, the rest nobody's: komi decides
    assert "RE[W+T]" in go_v.write_sgf(replay, result="W+T")
    ninuki_v = games.variant("ninuki")
    five = ninuki_v.replay("K10 K9 L10 L9 M10 M9 N10 N9 O10")
    assert "RE[B+]" in ninuki_v.write_sgf(five) and "RE[W+R]" in ninuki_v.write_sgf(five, result="W+R")


def test_the_rule_options_are_a_public_schema_checked_by_the_variant():
    ninuki_v = games.variant("ninuki")
    assert ninuki_v.rule_options["double_three"] == schema.RuleOption(
        "double_three", "str", ("none", "black", "white", "both"), "black"
    )
    assert ninuki_v.rule_options["second_move_max"].type == "int|None"
    assert ninuki_v.preset_options("pente")["double_three"] == "none"
    assert ninuki_v.preset_options("no such rule set") == {} == games.variant("go").preset_options()
    ninuki_v.check_rule_options("japanese", {"double_three": "black", "capture_win": 3}, 15)
    for options, code in [
        (["double_three"], "not-a-dict"),
        ({"double_tree": "both"}, "unknown"),
        ({"exact_five": "yes"}, "type"),
        ({"capture_win": 10**30}, "type"),
        ({"double_three": "everybody"}, "choice"),
        ({"capture_win": 0}, "refused"),  # the engine's own check
    ]:
        with pytest.raises(schema.RuleOptionError) as info:
            ninuki_v.check_rule_options(None, options)
        assert info.value.code == code, options
    with pytest.raises(schema.RuleOptionError) as info:
        games.variant("go").check_rule_options(None, {"double_three": "both"})
    assert info.value.code == "none"
    games.variant("go").check_rule_options(None, {})


@pytest.mark.parametrize("difference", range(0, 30))
def test_handicap_tables_are_the_engines(difference):
    assert games.variant("keima").handicap(difference) == keima.handicap_for_rank_difference(difference)
    assert games.variant("volt").handicap(difference) == volt.handicap_for_rank_difference(difference)
    # Go's handicap is OpenGotha's rule (in the pairing), Ninuki has none
    assert games.variant("go").handicap(difference) is None and games.variant("ninuki").handicap(difference) is None


def test_max_moves_are_the_engines_limits():
    assert games.variant("ninuki").max_moves() == 755 and games.variant("ninuki").max_moves(15) == 483
    assert games.variant("ninuki").max_moves(rules="japanese") == 483
    assert games.variant("go").max_moves(19) == 3610 and games.variant("volt").max_moves() == 810
    assert games.variant("rundgo").max_moves() is None


# ---- one replay shape -------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, record, moves, outcome, reason",
    [
        ("ninuki", "K10 K9 L10 L9 M10 M9 N10 N9 O10", 9, "black", "five"),  # K10-O10, White cannot break it
        ("ninuki", "K10 K9 pass pass", 4, "draw", "double-pass"),
        ("go", "(;SZ[9]KM[0];B[ee];W[];B[])", 3, "black", "double-pass"),
        ("keima", "E5 F7 D3 C5 pass pass", 6, "white", "double-pass"),  # 9 : 9, komi 4
        ("volt", "E5 pass pass", 3, "black", "double-pass"),
        ("go", "(;SZ[9];B[ee];W[dd])", 2, "unfinished", None),
    ],
)
def test_replay_answers_the_same_shape_for_every_game(kind, record, moves, outcome, reason):
    r = games.variant(kind).replay(record)
    assert isinstance(r, Replay) and r.kind == kind and r.legal and r.error is None
    assert (r.moves, r.outcome, r.reason) == (moves, outcome, reason)
    assert set(r.as_dict()) == {
        "kind",
        "size",
        "legal",
        "moves",
        "error",
        "outcome",
        "reason",
        "score",
        "result",
        "captures",
    }
    assert r.finished == (outcome != "unfinished")
    assert r.winner == (outcome if outcome in ("black", "white") else None)


def test_go_family_count_and_ninuki_captures():
    r = games.variant("keima").replay("E5 F7 D3 C5 pass pass")
    assert r.score == {"black": 9, "white": 9} and r.result == "W+4" and r.captures is None
    r = games.variant("ninuki").replay("K10 K9 pass pass")
    assert r.captures == {"black": 0, "white": 0} and r.score is None and r.result is None


@pytest.mark.parametrize(
    "kind, record, error",
    [
        ("ninuki", "K10 K10", {"move": 2, "point": "K10", "reason": "occupied"}),
        ("go", "E5 E5", {"move": 2, "point": "E5", "reason": "occupied"}),
        ("keima", "E5 pass", {"move": 2, "point": "pass", "reason": "incomplete-turn"}),
        ("volt", "E5 K10", {"move": 2, "point": "K10", "reason": "off-board"}),
    ],
)
def test_an_illegal_move_is_the_one_shared_type(kind, record, error):
    r = games.variant(kind).replay(record, size=None if kind == "ninuki" else 9)
    assert not r.legal and r.outcome is None and r.moves == 1
    assert isinstance(r.error, common.IllegalMove) and r.error.as_dict() == error


def test_shared_types_are_the_engines_types():
    assert ninuki.IllegalMove is go.IllegalMove is keima.IllegalMove is volt.IllegalMove is common.IllegalMove
    assert ninuki.ClaimCheck is go.ClaimCheck is common.ClaimCheck


def test_settings_reach_the_engines():
    r = games.variant("ninuki").replay("H8 H7", rules="japanese")
    assert r.legal and r.size == 15
    r = games.variant("ninuki").replay("L11 L10", options={"double_three": "both"}, size=21)
    assert r.legal and r.size == 21 and r.verdict.board.rules.double_three == "both"
    r = games.variant("go").replay("pass pass", size=9, komi=0.5, rules="chinese")
    assert r.result == "W+0.5"
    # Go is counted by area (chinese, the default) or by territory and prisoners (japanese)
    assert games.variant("go").rule_sets == ("chinese", "japanese")
    r = games.variant("go").replay("E5 pass pass", size=9, komi=0.5, rules="japanese")
    assert r.score == {"black": 80, "white": 0} and r.result == "B+79.5" and r.verdict.game.rules == "japanese"
    with pytest.raises(ValueError, match="unknown rule set 'hannover' for Go; choose from chinese, japanese"):
        games.variant("go").replay("pass pass", size=9, rules="hannover")
    r = games.variant("keima").replay("C7 D5 G3 F5 E5 D3", handicap=2)
    assert r.legal and r.verdict.game.handicap == 2
    with pytest.raises(ValueError, match="unknown rule set"):
        games.variant("volt").replay("E5", rules="japanese")
    with pytest.raises(ValueError, match="without handicap"):
        games.variant("ninuki").replay("K10", handicap=2)


def test_unreadable_and_too_long_records_raise():
    with pytest.raises(ninuki.NotationError):
        games.variant("ninuki").replay("K10 hello")
    with pytest.raises(go.RecordError):
        games.variant("volt").replay("E5 hello")
    with pytest.raises(RecordTooLong):
        games.variant("keima").replay(" ".join(["pass"] * 811))


# ---- positions and pictures ---------------------------------------------------------------


def test_ninuki_positions_with_a_capture():
    #  10 . x o o A     A (N10): Black K10, White L10 M10, ... Black N10
    #      J K L M N    takes L10-M10 (bracketed by K10).
    r = games.variant("ninuki").replay("K10 L10 K9 M10 N10")
    positions = list(r.positions())
    assert [p.number for p in positions] == [0, 1, 2, 3, 4, 5]
    last = positions[-1]
    assert last.stones == {P("K10"): "black", P("K9"): "black", P("N10"): "black"}
    assert (last.last, last.label, last.colour) == (P("N10"), "N10", "black")
    assert sorted(last.captured) == [P("L10"), P("M10")] and last.captures == {"black": 1, "white": 0}
    assert r.position(2).stones == {P("K10"): "black", P("L10"): "white"}
    assert r.position() == last
    with pytest.raises(IndexError):
        r.position(6)


def test_go_positions_with_a_capture_and_a_pass():
    #  3 . . .      3x3: Black A1, White B1, Black C1, White passes,
    #  2 . X .      Black B2 takes B1's last liberty.
    #  1 X o X
    #    A B C
    r = games.variant("go").replay("A1 B1 C1 pass B2", size=3)
    positions = list(r.positions())
    assert len(positions) == 6 and positions[4].label == "pass" and positions[4].last is None
    assert positions[5].stones == {P("A1"): "black", P("C1"): "black", P("B2"): "black"}
    assert positions[5].captured == (P("B1"),) and positions[5].colour == "black"


def test_volt_positions_show_the_slide():
    # 1000-Volt-Go 9x9: White's G5 pulls Black's C5 next to it, to F5.
    r = games.variant("volt").replay("C5 G5")
    assert r.position().stones == {P("F5"): "black", P("G5"): "white"}


def test_svg_of_a_position_and_of_an_illegal_move():
    r = games.variant("keima").replay("E5 F7 D4 C2")
    svg = r.svg()
    assert svg.startswith("<svg") and svg.count('class="stone black"') == 2 and svg.count('class="stone white"') == 2
    assert r.svg(1).count('class="stone') == 1
    illegal = games.variant("go").replay("E5 E5", size=9)
    assert 'class="error"' in illegal.svg() and 'class="error"' not in illegal.svg(0)
    assert 'class="error"' not in games.variant("go").replay("E5 K10", size=9).svg()  # off the board


# ---- claims -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, record, claim, code",
    [
        ("ninuki", "K10 K9 L10 L9 M10 M9 N10 N9 O10", ResultClaim("black"), "agree"),
        ("ninuki", "K10 K9 L10 L9 M10 M9 N10 N9 O10", ResultClaim("white"), "winner-differs"),
        ("ninuki", "K10 K9 L10 L9 M10 M9 N10 N9 O10", ResultClaim("black", "resignation"), "finished"),
        ("ninuki", "K10 K9 L10 L9 M10 M9 N10 N9 O10", ResultClaim(None), "not-a-draw"),
        ("ninuki", "K10 K9", ResultClaim("white", "time"), "agree"),
        ("ninuki", "K10 K9", ResultClaim("white", "default"), "agree"),
        ("ninuki", "K10 K9", ResultClaim("white"), "unfinished"),
        ("ninuki", "K10 K10", ResultClaim("black", "resignation"), "illegal-move"),
        ("go", "pass pass", ResultClaim("white"), "agree"),
        ("go", "pass pass", ResultClaim(None), "not-a-draw"),
        ("keima", "pass pass", ResultClaim("black"), "winner-differs"),
        ("volt", "E5 pass pass", ResultClaim("black"), "agree"),
        ("volt", "E5 E5", ResultClaim("black"), "illegal-move"),
    ],
)
def test_result_claims_are_checked_the_same_way_for_every_game(kind, record, claim, code):
    check = games.variant(kind).check_claim(record, claim)
    assert check.code == code and check.code in common.CLAIM_CODES
    assert bool(check) is (code == "agree") and isinstance(check.verdict, Replay)


def test_draws_and_engine_claims():
    go_variant = games.variant("go")
    r = go_variant.replay("pass pass", size=9, komi=0)
    assert r.outcome == "draw" and go_variant.check_claim(r, ResultClaim(None)).code == "agree"
    assert go_variant.check_claim(r, ResultClaim("black")).code == "is-a-draw"
    # the engines' own claims go to the engines
    assert go_variant.check_claim(go_variant.replay("E5 pass pass", size=9), "B+73").code == "margin-differs"
    nv = games.variant("ninuki")
    assert nv.check_claim("K10 K9 L10 L9 M10 M9 N10 N9 O10", ("captures", "black")).code == "reason-differs"
    with pytest.raises(ValueError):
        ResultClaim("red")
    with pytest.raises(ValueError):
        ResultClaim(None, "time")


# ---- notation -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, record",
    [
        ("ninuki", "K10 L10 K9 M10 N10 pass"),
        ("go", "(;SZ[9];B[ee];W[dd];B[];W[cc])"),
        ("keima", "E5 F7 D4 C2 pass"),
        ("volt", "C5 G5 E3"),
    ],
)
def test_notation_round_trips(kind, record):
    v = games.variant(kind)
    r = v.replay(record)
    assert v.replay(v.write_sgf(r)).as_dict() == r.as_dict()
    text = v.write_text(r)
    assert v.replay(text, size=r.size).as_dict() == r.as_dict()


# ---- Rund-Go ------------------------------------------------------------------------------


def test_rundgo_has_no_validator():
    rg = games.variant("rundgo")
    assert not rg.validated and rg.handicap(5) is None
    with pytest.raises(NoValidator, match="Rund-Go"):
        rg.replay("A1")
    with pytest.raises(NoValidator):
        rg.check_claim("A1", ResultClaim("black"))
