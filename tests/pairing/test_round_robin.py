"""The round robin's schedule (:mod:`tournament.pairing.round_robin`) against FIDE's printed Berger tables.

FIDE Handbook C.05, Annex 1 ("Berger Tables for Round-Robin Tournaments"),
the first named playing White. OpenGotha has no schedule of its own (its
round-robin frame only lets the organizer make each game by hand), so these
printed tables are the reference.
"""

from __future__ import annotations

import pytest

from tournament.pairing.round_robin import RobinRound, berger_table, rounds_needed, schedule

FIDE = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: [
        "1-8 2-7 3-6 4-5",
        "8-5 6-4 7-3 1-2",
        "2-8 3-1 4-7 5-6",
        "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4",
        "4-8 5-3 6-2 7-1",
    ],
    10: [
        "1-10 2-9 3-8 4-7 5-6",
        "10-6 7-5 8-4 9-3 1-2",
        "2-10 3-1 4-9 5-8 6-7",
        "10-7 8-6 9-5 1-4 2-3",
        "3-10 4-2 5-1 6-9 7-8",
        "10-8 9-7 1-6 2-5 3-4",
        "4-10 5-3 6-2 7-1 8-9",
        "10-9 1-8 2-7 3-6 4-5",
        "5-10 6-4 7-3 8-2 9-1",
    ],
}


def written(r: RobinRound[int]) -> str:
    return " ".join(f"{w}-{b}" for w, b in r.games)


@pytest.mark.parametrize("n", sorted(FIDE))
def test_fide_tables_literally(n):
    table = berger_table(n)
    assert [written(r) for r in table] == FIDE[n]
    assert [r.number for r in table] == list(range(1, n))
    assert all(r.bye is None for r in table)


@pytest.mark.parametrize("n", [3, 5, 7, 9])
def test_odd_field_plays_the_next_table_with_the_last_seat_as_bye(n):
    """FIDE: with an odd number, the player drawn against the missing highest number has the bye."""
    table = berger_table(n)
    for r, printed in zip(table, FIDE.get(n + 1) or [written(x) for x in berger_table(n + 1)]):
        games = [tuple(map(int, g.split("-"))) for g in printed.split()]
        assert r.games == tuple(g for g in games if n + 1 not in g)
        assert r.bye == next(w if b == n + 1 else b for w, b in games if n + 1 in (w, b))


def test_five_players_worked_example():
    assert [(written(r), r.bye) for r in berger_table(5)] == [
        ("2-5 3-4", 1),
        ("5-3 1-2", 4),
        ("3-1 4-5", 2),
        ("1-4 2-3", 5),
        ("4-2 5-1", 3),
    ]


@pytest.mark.parametrize("n", range(2, 25))
def test_every_pair_exactly_once_one_game_a_round(n):
    table = berger_table(n)
    assert len(table) == rounds_needed(n)
    met = [frozenset(g) for r in table for g in r.games]
    assert len(met) == len(set(met)) == n * (n - 1) // 2
    for r in table:
        seated = [p for g in r.games for p in g] + ([r.bye] if r.bye is not None else [])
        assert sorted(seated) == list(range(1, n + 1))
        assert (r.bye is not None) == (n % 2 == 1)


@pytest.mark.parametrize("n", range(3, 25, 2))
def test_odd_field_one_bye_each(n):
    assert sorted(r.bye for r in berger_table(n)) == list(range(1, n + 1))


@pytest.mark.parametrize("n", range(2, 25))
def test_colours_balanced(n):
    """Whites and blacks equal, or one more of one; a colour repeated at most once in a row (odd: never)."""
    colours: dict[int, str] = {}
    for r in berger_table(n):
        for w, b in r.games:
            colours[w] = colours.get(w, "") + "W"
            colours[b] = colours.get(b, "") + "B"
    for seat, seq in colours.items():
        assert abs(seq.count("W") - seq.count("B")) <= n % 2 ^ 1, (seat, seq)
        repeats = sum(a == b for a, b in zip(seq, seq[1:]))
        assert "WWW" not in seq and "BBB" not in seq
        assert repeats <= (0 if n % 2 else 1), (seat, seq)


def test_schedule_puts_keys_on_seats():
    rounds = schedule(["a", "b", "c"])
    assert [(r.games, r.bye) for r in rounds] == [
        ((("b", "c"),), "a"),
        ((("a", "b"),), "c"),
        ((("c", "a"),), "b"),
    ]


def test_refusals():
    assert rounds_needed(1) == 0 and rounds_needed(0) == 0
    with pytest.raises(ValueError):
        berger_table(1)
    with pytest.raises(ValueError):
        schedule(["a", "a", "b"])


def _field():
    from tournament.pairing.model import Discipline, Player, Tournament

    players = (
        Player("a", "Albers", "Alice", rank=-2),
        Player("b", "Brandt", "Bernd", rank=-8),
        Player("c", "Celik", "Cem", rank=-8, rating=1300),
        Player("d", "Dvořák", "Dana", rank=-8),
    )
    disciplines = {1: Discipline(), 2: Discipline(), 3: Discipline(), 4: Discipline(handicap="none")}
    return Tournament(players=players, disciplines=disciplines)


def test_seating_by_rank_then_rating_then_name():
    from tournament.pairing.round_robin import seating

    assert seating(_field().players) == ["a", "c", "b", "d"]


def test_round_games_berger_colours_unless_a_handicap_gives_white_to_the_stronger():
    from tournament.pairing.round_robin import round_games, seating

    t = _field()
    rounds = schedule(seating(t.players))
    # round 3 of four: 2-4 3-1, seat 3 (b) White against seat 1 (a), six ranks stronger
    assert rounds[2].games == (("c", "d"), ("b", "a"))
    games = round_games(t, rounds[2], 3)
    assert [(g.table, g.white, g.black) for g in games] == [(1, "c", "d"), (2, "a", "b")]
    even, handicap = games
    assert (even.handicap, even.komi) == (0, 7.5)
    assert handicap.handicap == 5 and handicap.komi == 0.5  # six ranks, OpenGotha's correction of one
    # the same pair in a discipline without handicap: the table's colours, even
    again = round_games(t, rounds[2], 4)
    assert [(g.white, g.black, g.handicap) for g in again] == [("c", "d", 0), ("b", "a", 0)]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 10])
def test_a_double_round_robin_meets_each_pair_twice_with_the_colours_swapped(n):
    keys = [f"p{i}" for i in range(n)]
    rounds = schedule(keys, double=True)
    assert len(rounds) == rounds_needed(n, double=True) == 2 * rounds_needed(n)
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    games = [g for r in rounds for g in r.games]
    assert sorted(games) == sorted({(w, b) for w in keys for b in keys if w != b})  # each pair, both colours
    half = len(rounds) // 2
    for first, second in zip(rounds[:half], rounds[half:]):
        assert second.games == tuple((b, w) for w, b in first.games) and second.bye == first.bye
