"""Shared places, direct confrontation, and the three overall modes."""

from __future__ import annotations

from fractions import Fraction

from tournament.pairing.model import GeneralParams
from tournament.standings import (
    Bye,
    Entrant,
    Game,
    RoundInfo,
    Settings,
    TournamentData,
    discipline_standings,
    overall_standings,
    place_points,
)
from tournament.standings.ranking import direct_confrontation
from tournament.standings.scores import compute_scores


def entrants(n, rank=0):
    return tuple(Entrant(i, f"P{i}", "x", rank) for i in range(1, n + 1))


def test_equal_players_share_the_place_and_the_next_place_skips():
    d = TournamentData(
        entrants(5),
        (RoundInfo(1, "Go"),),
        (Game(1, 1, 1, 2, "B"), Game(1, 2, 3, 4, "B")),
        (Bye(1, 5),),
        Settings(criteria=("nbw",), general=GeneralParams(nbw2_bye=0, mms2_bye=0)),
    )
    st = overall_standings(d)
    assert [(r.place_display, r.number) for r in st.rows] == [("1=", 1), ("1=", 2), ("3=", 3), ("3=", 4), ("3=", 5)]
    assert {r.entrant.id for r in st.rows[:2]} == {1, 3}


def test_direct_confrontation_within_a_tied_group():
    d = TournamentData(
        entrants(4),
        (RoundInfo(1, "Go"), RoundInfo(2, "Go")),
        (
            Game(1, 1, 1, 2, "W"),
            Game(1, 2, 3, 4, "B"),  # 2 beats 1, 3 beats 4
            Game(2, 1, 2, 3, "W"),
            Game(2, 2, 4, 1, "W"),
        ),  # 3 beats 2, 1 beats 4
        settings=Settings(criteria=("nbw", "dc")),
    )
    st = overall_standings(d)
    # 3 has 2 wins; 1 and 2 have one each, and 2 beat 1
    assert [(r.entrant.id, r.place_display, r.values) for r in st.rows] == [
        (3, "1", ("2", "0")),
        (2, "2", ("1", "1")),
        (1, "3", ("1", "0")),
        (4, "4", ("0", "0")),
    ]


def test_direct_confrontation_chains_and_cycles():
    players = entrants(4)
    scores = compute_scores(TournamentData(players, (RoundInfo(1, "Go"),)), [1])
    group = [scores[i] for i in (1, 2, 3, 4)]
    chain = [Game(1, 1, 1, 2, "B"), Game(2, 1, 2, 3, "B")]
    assert direct_confrontation(group, chain) == {1: 2, 2: 1, 3: 0, 4: 0}
    cycle = chain + [Game(3, 1, 3, 1, "B")]
    assert direct_confrontation(group, cycle) == {1: 0, 2: 0, 3: 0, 4: 0}
    by_default = [Game(1, 1, 1, 2, "B", by_default=True)]
    assert direct_confrontation(group, by_default) == {1: 0, 2: 0, 3: 0, 4: 0}


def test_direct_confrontation_lets_the_later_criteria_decide_where_the_games_say_nothing():
    """A beat B; C and D played nobody in the group. The criteria after DC
    (here one number, higher better) order everyone the games leave open:
    D (best) stays above A, C between A and B only by its criterion.

        D 4   ·
        A 3   A ──beat──> B 1
        C 2   ·
    """
    players = entrants(4)
    scores = compute_scores(TournamentData(players, (RoundInfo(1, "Go"),)), [1])
    group = [scores[i] for i in (1, 2, 3, 4)]
    A, B, C, D = 1, 2, 3, 4
    games = [Game(1, 1, A, B, "B")]
    secondary = {A: (3,), B: (1,), C: (2,), D: (4,)}
    assert direct_confrontation(group, games, secondary) == {D: 3, A: 2, C: 1, B: 0}
    # without later criteria the games alone speak: A above B, C and D undecided
    assert direct_confrontation(group, games) == {A: 1, B: 0, C: 0, D: 0}


def test_direct_confrontation_of_opengothas_own_example():
    """The example in OpenGotha's Confrontation.java: 1, 2, 3 beat each other
    in a cycle; 1 and 3 beat 4; 5 beat 2; 6 played nobody.

        5 ──> 2 ──> 3 ──> 1 ──> 2      (cycle 1 2 3: one block)
              1 ──> 4,  3 ──> 4

    A win over one member of the cycle is a win over the block, so 5 is on
    top although its later criterion is the lowest; 1 and 3 (equal later
    criterion) share the next place; 2 follows, then 4 (beaten by the
    block), then 6 (lowest criterion, no games).
    """
    players = entrants(6)
    scores = compute_scores(TournamentData(players, (RoundInfo(1, "Go"),)), [1])
    group = [scores[i] for i in range(1, 7)]
    wins = [(3, 1), (1, 2), (2, 3), (1, 4), (3, 4), (5, 2)]
    games = [Game(r, 1, w, loser, "B") for r, (w, loser) in enumerate(wins, 1)]
    secondary = {1: (4,), 2: (3,), 3: (4,), 4: (4,), 5: (1,), 6: (2,)}
    assert direct_confrontation(group, games, secondary) == {5: 5, 1: 4, 3: 4, 2: 2, 4: 1, 6: 0}


def test_direct_confrontation_in_the_standings_keeps_the_later_criteria():
    """nbw, DC, then SOS: the tied players are ordered by SOS unless a game between them says otherwise.

    One win each: 1, 2, 4, 5. Among them 1 beat 2 and 2 beat 5; 4 met none
    of them. SOS: 1 has 3, 2 and 4 have 2, 5 has 1. 5 is lowest (beat
    nobody of them, lowest SOS); 2 and 4 are next, equal by SOS and not
    separated by a game; 1 is above 2 by their game.
    """
    d = TournamentData(
        entrants(6),
        (RoundInfo(1, "Go"), RoundInfo(2, "Go")),
        (
            Game(1, 1, 1, 2, "B"),
            Game(1, 2, 3, 4, "B"),
            Game(1, 3, 5, 6, "B"),
            Game(2, 1, 1, 3, "W"),
            Game(2, 2, 2, 5, "B"),
            Game(2, 3, 4, 6, "B"),
        ),
        settings=Settings(criteria=("nbw", "dc", "sos")),
    )
    st = overall_standings(d)
    ranked = [(r.entrant.id, r.values) for r in st.rows]
    wins = {pid: int(v[0]) for pid, v in ranked}
    assert [pid for pid, _v in ranked if wins[pid] == 1] == [1, 2, 4, 5]
    assert ranked[0][0] == 3  # two wins
    place = {r.entrant.id: r.place_display for r in st.rows}
    assert place[2] == place[4] != place[1] and place[5] not in (place[2], place[1])


def three_disciplines(mode, best_of=None):
    """X, Y, Z: Go in rounds 1-2, Ninuki in round 3, a bye each round.

    Go: Z 2 wins, X and Y 1 each (shared 2nd of 3 -> 50 points, Z 100).
    Ninuki: X (bye) and Y (won) 1, Z 0 -> X, Y 100, Z 0.
    """
    X, Y, Z = 1, 2, 3
    return TournamentData(
        (Entrant(X, "Xaver", "x", 0, 30), Entrant(Y, "Yilmaz", "y", 0, 30), Entrant(Z, "Zoller", "z", 0, 30)),
        (RoundInfo(1, "Go"), RoundInfo(2, "Go"), RoundInfo(3, "Ninuki")),
        (Game(1, 1, X, Y, "B"), Game(2, 1, Z, X, "B"), Game(3, 1, Y, Z, "B")),
        (Bye(1, Z), Bye(2, Y), Bye(3, X)),
        Settings(criteria=("nbw",), overall=mode, best_of=best_of),
    )


def test_per_discipline_rankings():
    d = three_disciplines("total")
    go = discipline_standings(d, "Go")
    assert go.rounds == (1, 2)
    assert [(r.entrant.surname, r.place_display) for r in go.rows] == [
        ("Zoller", "1"),
        ("Xaver", "2="),
        ("Yilmaz", "2="),
    ]
    ninuki = discipline_standings(d, "Ninuki")
    assert [(r.entrant.surname, r.place_display) for r in ninuki.rows] == [
        ("Xaver", "1="),
        ("Yilmaz", "1="),
        ("Zoller", "3"),
    ]


def test_total_mode_counts_every_round():
    st = overall_standings(three_disciplines("total"))
    assert [r.place_display for r in st.rows] == ["1=", "1=", "1="]
    assert all(r.values == ("2",) for r in st.rows)


def test_place_points_mode():
    st = overall_standings(three_disciplines("place-points"))
    assert [c.header for c in st.columns] == ["Pts", "Go", "Ninuki", "NBW"]
    assert [(r.entrant.surname, r.place_display, r.values) for r in st.rows] == [
        ("Xaver", "1=", ("150", "50", "100", "2")),
        ("Yilmaz", "1=", ("150", "50", "100", "2")),
        ("Zoller", "3", ("100", "100", "0", "2")),
    ]


def test_best_of_mode_counts_the_best_k():
    st = overall_standings(three_disciplines("best-of", best_of=1))
    assert [(r.entrant.surname, r.place_display, r.values) for r in st.rows] == [
        ("Xaver", "1=", ("100", "(50)", "100", "2")),
        ("Yilmaz", "1=", ("100", "(50)", "100", "2")),
        ("Zoller", "1=", ("100", "100", "(0)", "2")),
    ]


def test_place_points_scale():
    assert place_points(1, 5) == 100
    assert place_points(5, 5) == 0
    assert place_points(2, 4) == Fraction(200, 3)
    assert place_points(1, 1) == 100
