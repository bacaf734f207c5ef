"""Rule-set presets, adjustments, board sizes and opening restrictions."""

import dataclasses

import pytest

from games.ninuki import PRESETS, RuleSet, replay


def test_presets_exist_with_their_options():
    h, j, p, pe = (PRESETS[n] for n in ("hannover", "japanese", "pbmserv", "pente"))
    assert RuleSet() == h and RuleSet.preset("hannover") is h
    assert (h.size, h.double_three, h.dt_capture_pending, h.dt_stop_five, h.dt_five) == (
        19,
        "black",
        "always",
        "never",
        False,
    )
    assert (j.size, j.double_three, j.dt_capture_pending, j.dt_stop_five, j.dt_five) == (
        15,
        "both",
        "always",
        "always",
        False,
    )
    assert (p.size, p.double_three, p.dt_capture_pending, p.dt_stop_five, p.dt_five) == (
        19,
        "both",
        "last-resort",
        "last-resort",
        True,
    )
    assert (p.second_move_max, p.third_move_min) == (1, 3)
    assert (pe.exact_five, pe.perfect_five, pe.double_three, pe.third_move_min) == (False, False, "none", 3)


def test_rule_sets_are_frozen_and_adjustable():
    h = RuleSet.preset("hannover")
    with pytest.raises(dataclasses.FrozenInstanceError):
        h.size = 15
    both = RuleSet.preset("hannover", double_three="both")
    assert both.double_three == "both" and h.double_three == "black"
    assert h.replace(size=13).size == 13


@pytest.mark.parametrize(
    "bad",
    [
        {"size": 12},
        {"size": 23},
        {"size": 14},
        {"size": 11},
        {"double_three": "red"},
        {"dt_stop_five": "sometimes"},
        {"capture_win": 0},
    ],
)
def test_bad_options_are_refused(bad):
    with pytest.raises(ValueError):
        RuleSet.preset("hannover", **bad)


def test_unknown_preset():
    with pytest.raises(ValueError, match="unknown rule set"):
        RuleSet.preset("gomoku")


@pytest.mark.parametrize("size, centre", [(13, "G7"), (15, "H8"), (17, "J9"), (19, "K10"), (21, "L11")])
def test_board_sizes_and_their_centre(size, centre):
    assert replay(centre, "hannover", size=size).legal
    v = replay("A1", "hannover", size=size)
    assert v.error.as_dict() == {"move": 1, "point": "A1", "reason": "first-move"}


def test_21x21_has_column_v_and_19x19_does_not():
    assert replay("L11 V21", size=21).legal
    assert replay("K10 V19").error.reason == "off-board"
    assert replay("K10 K20").error.as_dict() == {"move": 2, "point": "K20", "reason": "off-board"}


def test_japanese_board_is_15x15():
    assert replay("H8 J9", "japanese").legal
    assert replay("K10", "japanese").error.reason == "first-move"
    assert replay("H8 Q8", "japanese").error.reason == "off-board"


def test_first_move_rules():
    assert replay("").error.as_dict() == {"move": 1, "point": "", "reason": "first-move"}
    assert replay("pass").error.as_dict() == {"move": 1, "point": "pass", "reason": "first-move"}
    assert replay("K9").error.reason == "first-move"


@pytest.mark.parametrize(
    "record, ok",
    [
        ("K10 L11 O10", True),  # 2nd adjacent, 3rd three away
        ("K10 L12", False),  # 2nd two points away
        ("K10 L11 N12", True),  # N is 3 columns from K
        ("K10 L11 M12", False),  # two away
        ("K10 J9 K7", True),
        ("K10 J9 H8", False),
        ("K10 pass", False),  # a pass as move 2 or 3 is an opening error
        ("K10 L11 pass", False),
    ],
)
def test_pbmserv_opening(record, ok):
    v = replay(record, "pbmserv")
    assert v.legal is ok
    if not ok:
        assert v.error.reason == "opening" and v.error.move_number == len(record.split())
    # hannover has no opening restriction
    assert replay(record, "hannover").legal


def test_pente_opening_third_move():
    assert replay("K10 A1 K13", "pente").legal
    assert replay("K10 A1 K12", "pente").error.reason == "opening"
    assert replay("K10 K12 K7", "pente").legal  # the second move is free


def test_reason_precedence_off_board_before_first_move():
    assert replay("Z99").error.reason == "off-board"
    # occupied comes before opening
    v = replay("K10 K10", "pbmserv")
    assert v.error.reason == "occupied"


def test_pente_captures_and_five_or_more():
    # overline wins in pente
    v = replay("K10 A1 N10 A3 L10 A5 M10 A7 P10 A9 O10", "pente")
    assert (v.outcome, v.reason) == ("black", "five")
    v = replay("K10 A1 N10 A3 L10 A5 M10 A7 P10 A9 O10", "hannover")
    assert v.outcome == "unfinished"
