"""Every criterion on a small tournament computed by hand (OpenGotha's rules).

Five players, three rounds; a bye in rounds 1 and 3, D absent in round 2,
one handicap game (A Black against E White with 2 stones in round 2):

    R1  A(b)-B(w) 0-1   C(b)-D(w) 1-0   E bye
    R2  A(b)-E(w) 1-0 h2   B(b)-C(w) 0-1   D absent
    R3  C(b)-A(w) 1-0   B(b)-E(w) 1-0   D bye

Initial McMahon scores A 32, B 31, C 30, D 30, E 29; a bye is worth 1,
an absence 0.
"""

from __future__ import annotations

import pytest

from tournament.pairing.model import GeneralParams
from tournament.standings import (
    Bye,
    Entrant,
    Game,
    RoundInfo,
    Settings,
    TournamentData,
    overall_standings,
)
from tournament.standings.scores import compute_scores

A, B, C, D, E = 1, 2, 3, 4, 5


def data(general=None, **settings) -> TournamentData:
    entrants = (
        Entrant(A, "Arendt", "Anna", 2),
        Entrant(B, "Böhm", "Bernd", 1),
        Entrant(C, "Çelik", "Cem", 0),
        Entrant(D, "Dorn", "Dora", 0, absent_rounds=frozenset({2})),
        Entrant(E, "Eto", "Emi", -1),
    )
    # bar 9d: the initial McMahon score is rank + 30; a bye is worth 1, an absence 0
    g = dict(
        mm_bar=8, nbw2_bye=2, mms2_bye=2, nbw2_absent=0, mms2_absent=0, round_down_nbw_mms=False, number_of_rounds=3
    )
    g.update(general or {})
    games = (
        Game(1, 1, A, B, "W"),
        Game(1, 2, C, D, "B"),
        Game(2, 1, A, E, "B", handicap=2),
        Game(2, 2, B, C, "W"),
        Game(3, 1, C, A, "B"),
        Game(3, 2, B, E, "B"),
    )
    byes = (Bye(1, E), Bye(3, D))
    return TournamentData(
        entrants,
        tuple(RoundInfo(n, "Go") for n in (1, 2, 3)),
        games,
        byes,
        Settings(general=GeneralParams(**g), **settings),
    )


@pytest.fixture(scope="module")
def scores():
    return compute_scores(data(), [1, 2, 3])


def test_wins_and_mcmahon_scores_count_byes_and_absences(scores):
    assert {p: s.nbw / 2 for p, s in scores.items()} == {A: 1, B: 2, C: 3, D: 1, E: 1}
    assert {p: s.mms / 2 for p, s in scores.items()} == {A: 33, B: 33, C: 33, D: 31, E: 30}


def test_absence_points_count_when_set():
    s = compute_scores(data(dict(nbw2_absent=1, mms2_absent=1)), [1, 2, 3])
    assert s[D].og.nbw2 == [0, 1, 3]  # half a point for the absence, one for the bye


def test_round_down_counts_whole_points_of_byes_and_absences():
    s = compute_scores(data(dict(nbw2_absent=1, mms2_absent=1, round_down_nbw_mms=True)), [1, 2, 3])
    assert s[D].og.nbw2 == [0, 0, 2]


@pytest.mark.parametrize(
    "crit, expected",
    [
        ("SOSW", {A: 6, B: 5, C: 4, D: 3, E: 3}),
        ("SOSW-1", {A: 5, B: 4, C: 3, D: 3, E: 3}),
        ("SOSW-2", {A: 3, B: 3, C: 2, D: 3, E: 2}),
        # unplayed rounds: the player's own initial MMS; handicap corrects the opponent's MMS
        ("SOSM", {A: 94, B: 96, C: 97, D: 93, E: 97}),
        ("SOSM-1", {A: 66, B: 66, C: 66, D: 63, E: 68}),
        ("SOSM-2", {A: 33, B: 33, C: 33, D: 33, E: 35}),
        ("SOSOSW", {A: 12, B: 13, C: 14, D: 4, E: 11}),
        ("SOSOSM", {A: 290, B: 288, C: 283, D: 277, E: 277}),
        ("CUSSW", {A: 2, B: 4, C: 6, D: 1, E: 3}),
        ("CUSSM", {A: 98, B: 97, C: 96, D: 91, E: 90}),
    ],
)
def test_opponent_criteria(scores, crit, expected):
    got = {p: s.value(crit) / 2 for p, s in scores.items()}
    assert got == expected


def test_sodos_counts_beaten_opponents_only(scores):
    assert {p: s.value("SODOSW") / 4 for p, s in scores.items()} == {A: 1, B: 2, C: 4, D: 0, E: 0}
    assert {p: s.value("SODOSM") / 4 for p, s in scores.items()} == {A: 28, B: 63, C: 97, D: 0, E: 0}


def test_standings_order_and_columns():
    st = overall_standings(data())
    assert [c.header for c in st.columns] == ["MMS", "SOSM", "SOSOSM"]
    assert [(r.place_display, r.entrant.id, r.values) for r in st.rows] == [
        ("1", C, ("33", "97", "283")),
        ("2", B, ("33", "96", "288")),
        ("3", A, ("33", "94", "290")),
        ("4", D, ("31", "93", "277")),
        ("5", E, ("30", "97", "277")),
    ]


def test_crosstable_cells():
    st = overall_standings(data())
    by_id = {r.entrant.id: r for r in st.rows}
    # numbers: C 1, B 2, A 3, D 4, E 5
    assert [c.code for c in by_id[A].cells] == ["2-/b0", "5+/b2", "1-/w0"]
    assert [c.code for c in by_id[D].cells] == ["1-/w0", "0-", "0+"]
    assert [c.code for c in by_id[E].cells] == ["0+", "3-/w2", "2-/w0"]


def test_wins_criteria_in_swiss_order():
    st = overall_standings(data(criteria=("nbw", "sos", "sosos")))
    assert [r.entrant.id for r in st.rows] == [C, B, A, E, D]
    assert [r.values for r in st.rows][3:] == [("1", "3", "11"), ("1", "3", "4")]
    assert [r.place for r in st.rows] == [1, 2, 3, 4, 5]
    # without SOSOS, D and E share the fourth place, listed by name as OpenGotha lists them
    st = overall_standings(data(criteria=("nbw", "sos")))
    assert [(r.place_display, r.number, r.entrant.id) for r in st.rows][3:] == [("4=", 4, D), ("4=", 5, E)]


def test_half_points_are_shown_as_decimals():
    d = TournamentData(
        (Entrant(1, "X", "x", 0), Entrant(2, "Y", "y", 0)),
        (RoundInfo(1, "Go"),),
        (Game(1, 1, 1, 2, "D"),),
        settings=Settings(criteria=("nbw", "mms", "sodos")),
    )
    st = overall_standings(d)
    assert [r.values for r in st.rows] == [("0.5", "30.5", "0.25")] * 2
    assert [r.place_display for r in st.rows] == ["1=", "1="]
    assert [c.code for c in st.rows[0].cells] in (["2=/b0"], ["2=/w0"])
