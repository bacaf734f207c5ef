"""The EGD's adjusted time and tournament class from the time control as organizers write it."""

from __future__ import annotations

import pytest

from tournament.files.egd_time import BYO_YOMI, CANADIAN, FISCHER, SUDDEN_DEATH, TimeControl, parse_time_control


@pytest.mark.parametrize(
    "text, basic, system, overtime, stones",
    [
        ("60 min", 3600, SUDDEN_DEATH, 0, 0),
        ("60'", 3600, SUDDEN_DEATH, 0, 0),
        ("30 min sudden death", 1800, SUDDEN_DEATH, 0, 0),
        ("2 hours sudden death", 7200, SUDDEN_DEATH, 0, 0),
        ("60 min ohne Byo-Yomi", 3600, SUDDEN_DEATH, 0, 0),
        ("60 min + 5x30s", 3600, BYO_YOMI, 30, 0),
        ("60 min + 3 x 30 sec byo-yomi", 3600, BYO_YOMI, 30, 0),
        ("1,5 h + 3×30 s", 5400, BYO_YOMI, 30, 0),
        ("60 min + 30 s byo-yomi", 3600, BYO_YOMI, 30, 0),
        ("60 min + 15 stones / 5 min", 3600, CANADIAN, 300, 15),
        ("45 min + 25 Steine in 10 min (kanadisch)", 2700, CANADIAN, 600, 25),
        ("90 min + 5 min/25 stones", 5400, CANADIAN, 300, 25),
        ("40 min + 20 s Fischer", 2400, FISCHER, 20, 0),
        ("1 h + 30 s increment", 3600, FISCHER, 30, 0),
    ],
)
def test_the_ways_organizers_write_it(text, basic, system, overtime, stones):
    assert parse_time_control(text) == TimeControl(basic, system, overtime, stones)


@pytest.mark.parametrize("text", ["", "blitz", "60 min + 30s", "nach Absprache"])
def test_what_cannot_be_read_is_none(text):
    """ "60 min + 30s" could be byo-yomi or Fischer: better no class than a wrong one."""
    assert parse_time_control(text) is None


@pytest.mark.parametrize(
    "control, adjusted, egd_class",
    [
        # OpenGotha's egfAdjustedTime / egfClass, worked by hand
        (TimeControl(3600, BYO_YOMI, 30), 3600 + 45 * 30, "A"),  # 82.5 min
        (TimeControl(3600), 3600, "B"),  # 60 min sudden death: adjusted < 75 min
        (TimeControl(2400, BYO_YOMI, 20), 2400 + 900, "B"),  # 40 + 15 min
        (TimeControl(1800), 1800, "C"),
        (TimeControl(1500, BYO_YOMI, 10), 1950, "C"),
        (TimeControl(1200), 1200, "X"),
        (TimeControl(3600, CANADIAN, 300, 15), 3600 + 60 * 300 // 15, "A"),
        (TimeControl(2700, CANADIAN, 600, 25), 2700 + 1440, "B"),  # basic below 60 min
        (TimeControl(2700, FISCHER, 15), 2700 + 1800, "A"),  # Fischer: 45 min basic is enough
        (TimeControl(1800, FISCHER, 10), 3000, "B"),
        (TimeControl(1200, FISCHER, 5), 1800, "C"),
        (TimeControl(1199, FISCHER, 30), 1199 + 3600, "X"),
    ],
)
def test_adjusted_time_and_class(control, adjusted, egd_class):
    assert control.adjusted == adjusted
    assert control.egd_class == egd_class
