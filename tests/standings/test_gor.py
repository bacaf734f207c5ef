"""The EGD rating (GoR) preview: the formula against published figures, then what the EGD rates.

Published figures of the EGD's current formula (https://www.europeangodatabase.eu/EGD/EGF_rating_system.php,
in use since 2021), found through the search tool; the EGD's own pages give no worked example, and no
tournament's published rating changes could be found:

- horaceho/ers (an implementation of that page, its README's example): a player rated 2100 who beats an
  opponent rated 2100 ends at 2109.306.
- the README of a REST service of the same page ("European Go Federation Rating System", its example): a
  player rated 2674.564 who loses to one rated 2611.051 changes by -4.107829382880027, with an expected
  result of 0.6630749860799611, con 6.197900613388789 and bonus 0.0018434800675773823.

The handicap rule (the receiver counts 100 * (h - 0.5) points stronger, for Se only) has no published
figure; its test is a hand computation from the formula, each step written out.
"""

from __future__ import annotations

import math

import pytest

from tournament.standings import gor
from tournament.standings.model import Cell, Entrant, Row, Standings


def test_an_even_game_between_equals_as_published():
    # horaceho/ers README: update(2100, 2100, win) == 2109.306
    assert 2100 + gor.game_change(2100, 2100, 1.0) == pytest.approx(2109.306, abs=5e-4)


def test_a_strong_player_losing_as_published():
    # the REST service's README: 2674.564 loses to 2611.051
    assert gor.expected(2674.564, 2611.051) == pytest.approx(0.6630749860799611, rel=1e-12)
    assert gor.con(2674.564) == pytest.approx(6.197900613388789, rel=1e-12)
    assert gor.bonus(2674.564) == pytest.approx(0.0018434800675773823, rel=1e-9)
    assert gor.beta(2674.564) == pytest.approx(-45.06914304568637, rel=1e-12)
    assert gor.game_change(2674.564, 2611.051, 0.0) == pytest.approx(-4.107829382880027, rel=1e-9)


def test_a_handicap_game_by_hand():
    # 5k (1600) receives 3 stones from 2k (1900) and wins.
    # The receiver counts 1600 + 100 * (3 - 0.5) = 1850 for Se:
    #   beta(1850) = -7 ln 1450 = -50.95523..., beta(1900) = -7 ln 1400 = -50.70959...
    #   Se = 1 / (1 + e^(beta(1900) - beta(1850))) = 1 / (1 + e^0.24564) = 0.43890...
    # con and bonus take the own rating, 1600:
    #   con = (1700 / 200)^1.6 = 8.5^1.6 = 30.69519..., bonus = ln(1 + e^(700 / 80)) / 5 = 1.75003...
    #   change = 30.69519 * (1 - 0.43890) + 1.75003 = 18.97319...
    se = 1 / (1 + math.exp(-7 * math.log(1400) + 7 * math.log(1450)))
    assert se == pytest.approx(0.43890, abs=1e-5)
    assert gor.expected(1600, 1900, handicap=3, receiver=True) == pytest.approx(se, rel=1e-12)
    assert gor.con(1600) == pytest.approx(30.69519, abs=1e-5)
    assert gor.bonus(1600) == pytest.approx(1.75003, abs=1e-5)
    assert gor.game_change(1600, 1900, 1.0, handicap=3, receiver=True) == pytest.approx(18.97319, abs=1e-5)
    # the giver (White) sees the same game from the other side: the receiver is the opponent
    assert gor.expected(1900, 1600, handicap=3, receiver=False) == pytest.approx(1 - se, rel=1e-12)
    # without the handicap the weaker player's win would have been a bigger surprise
    assert gor.game_change(1600, 1900, 1.0) > gor.game_change(1600, 1900, 1.0, handicap=3, receiver=True)


def test_the_class_weighs_the_whole_change():
    assert {c: gor.weight_of(c) for c in "ABCDX"} == {"A": 1.0, "B": 0.75, "C": 0.5, "D": 0.25, "X": None}
    assert gor.weight_of("") is None
    full = gor.game_change(1600, 1900, 1.0, handicap=3, receiver=True)
    for weight in (0.75, 0.5, 0.25):
        weighted = gor.game_change(1600, 1900, 1.0, handicap=3, receiver=True, weight=weight)
        assert weighted == pytest.approx(weight * full)


def _entrant(pid: int, rank: int, rating: int | None = None) -> Entrant:
    return Entrant(id=pid, surname=f"P{pid}", given_name="", rank=rank, rating=rating)


def _game(r, opp, outcome, colour="b", handicap=0, by_default=False):
    return Cell(round=r, kind="game", opponent=opp, outcome=outcome, colour=colour, handicap=handicap,
                by_default=by_default)  # fmt: skip


def _standings(rows) -> Standings:
    return Standings(
        title="",
        columns=(),
        rounds=(1, 2, 3, 4),
        rows=tuple(Row(place=i + 1, tied=False, number=i + 1, entrant=e, values=(), cells=c) for i, (e, c) in
                   enumerate(rows)),
    )  # fmt: skip


def test_what_the_egd_rates():
    a = _entrant(1, rank=0, rating=2140)  # rated 2140
    b = _entrant(2, rank=-3)  # 3k without a rating: 1800, the rating of the rank
    c = _entrant(3, rank=-10, rating=1050)
    st = _standings(
        [
            (
                a,
                (
                    _game(1, 2, "+", "w"),
                    Cell(round=2, kind="bye", outcome="+"),  # a bye: not rated
                    _game(3, 3, "+", "w", by_default=True),  # won by default: not rated
                    _game(4, 2, "?", "b"),  # no result yet
                ),
            ),
            (
                b,
                (
                    _game(1, 1, "-", "b"),
                    Cell(round=2, kind="absent", outcome="-"),
                    _game(3, 3, "=", "w"),
                    _game(4, 1, "?", "w"),
                ),
            ),  # fmt: skip
            (
                c,
                (
                    Cell(round=1, kind="none"),
                    _game(2, 9, "+", "b"),
                    _game(3, 2, "=", "b"),
                    _game(3, 1, "-", "b", by_default=True),
                ),
            ),  # fmt: skip
        ]
    )
    p = gor.preview(st, weight=0.5)
    assert (p[1].rating, p[1].from_rank) == (2140, False)
    assert (p[2].rating, p[2].from_rank) == (1800, True)
    assert [g.round for g in p[1].games] == [1]
    assert p[1].change == pytest.approx(gor.game_change(2140, 1800, 1.0, weight=0.5))
    assert [(g.round, g.score) for g in p[2].games] == [(1, 0.0), (3, 0.5)]
    assert p[2].after_round(1) == pytest.approx(gor.game_change(1800, 2140, 0.0, weight=0.5))
    assert p[2].change == pytest.approx(p[2].after_round(1) + gor.game_change(1800, 1050, 0.5, weight=0.5))
    # an opponent the standings do not list (unknown rating) is not rated either
    assert [g.round for g in p[3].games] == [3]
    # the rounds counted: only round 1
    only_first = gor.preview(st, weight=1.0, rounds={1})
    assert [g.round for g in only_first[2].games] == [1] and only_first[3].games == ()


def test_starting_ratings_and_display():
    assert gor.starting_rating(None, 0) == 2100  # 1d
    assert gor.starting_rating(None, -30) == -900  # 30k, the EGD's bottom
    assert gor.starting_rating(-1000, -30) == -900
    assert gor.starting_rating(1234, 0) == 1234  # the rating wins over the rank
    # professionals on the EGD's scale (its page: 1p = 7d = 2700, 2p = 2730, ..., 9p = 2940)
    assert [gor.starting_rating(None, r) for r in (6, 9, 10, 17)] == [2700, 2700, 2730, 2940]
    # a rating the formula cannot take (the site allows up to 4000) counts as 3299, where a game moves nothing
    assert gor.starting_rating(3800, 0) == 3299
    assert abs(gor.game_change(3299, 2700, 0.0)) < 0.01
    assert 0 < gor.expected(3200, 3250, handicap=9, receiver=True) < 1  # raised past 3300: counted as 3299
    assert [gor.format_change(v) for v in (9.306, -4.1078, 0.04, -0.04)] == ["+9.3", "-4.1", "0.0", "0.0"]
