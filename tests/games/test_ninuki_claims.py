"""Checking a submitted result against the record (games/ninuki/claims.py)."""

import pytest

from games.ninuki import Claim, check_claim, replay

FIVE = "K10 A1 L10 A3 M10 A5 N10 A7 O10"  # black five at move 9
UNFINISHED = "K10 K9 N10"
DRAW = "K10 K9 pass pass"


@pytest.mark.parametrize(
    "record, claim, agrees, code",
    [
        (FIVE, ("five", "black"), True, "agree"),
        (FIVE, ("five", "white"), False, "winner-differs"),
        (FIVE, ("captures", "black"), False, "reason-differs"),
        (FIVE, ("resignation", "white"), False, "finished"),
        (FIVE, ("draw", None), False, "not-a-draw"),
        (UNFINISHED, ("resignation", "white"), True, "agree"),
        (UNFINISHED, ("time", "black"), True, "agree"),
        (UNFINISHED, ("five", "black"), False, "unfinished"),
        (UNFINISHED, ("draw", None), False, "unfinished"),
        (DRAW, ("draw", None), True, "agree"),
        (DRAW, ("five", "black"), False, "is-a-draw"),
        ("K10 K10", ("five", "black"), False, "illegal-move"),
    ],
)
def test_claims(record, claim, agrees, code):
    check = check_claim(record, claim)
    assert (check.agrees, check.code, bool(check)) == (agrees, code, agrees)
    assert check.message


def test_messages_explain():
    assert "move 2 (K10)" in check_claim("K10 K10", ("time", "white")).message
    assert "black wins by a five at move 9" in check_claim(FIVE, ("resignation", "white")).message


def test_a_verdict_can_be_reused_and_rules_matter():
    v = replay("K10 A1 N10 A3 L10 A5 M10 A7 P10 A9 O10", "pente")
    assert check_claim(v, Claim("five", "black")).agrees
    assert check_claim("K10 A1 N10 A3 L10 A5 M10 A7 P10 A9 O10", ("five", "black"), "hannover").code == "unfinished"


def test_capture_win_claim():
    # black captures five pairs: L10-M10, ... built as a pente game for brevity
    record = "K10 L10 K12 M10 N10"  # one pair
    assert replay(record).captures["black"] == 1
    assert check_claim(record, ("captures", "black")).code == "unfinished"


@pytest.mark.parametrize("bad", [("five", None), ("draw", "black"), ("forfeit", "white"), ("time", "red")])
def test_bad_claims(bad):
    with pytest.raises(ValueError):
        Claim(*bad)
