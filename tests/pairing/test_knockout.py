"""The knockout bracket (:mod:`tournament.pairing.knockout`) on plain data: seeding, byes, advancement, the
game for third place, games without a winner, the final places."""

from __future__ import annotations

import pytest

from tournament import result_codes as codes
from tournament.pairing.knockout import (
    BracketError,
    DrawRule,
    PlayedGame,
    bracket,
    bracket_order,
    bracket_size,
    colours,
    final_places,
    group_seeds,
    meeting_stage,
    next_games,
)

SEEDS = [f"p{i}" for i in range(1, 9)]  # p1 the first seed


def first_pairs(b):
    return [(m.top, m.bottom) for m in b.stages[0]]


def play(b, round_, winners: dict[str, str] | None = None, draws=(), table0=1):
    """The next round's games with each winner given (the higher seed by default, as White)."""
    games = []
    for t, g in enumerate(next_games(b), table0):
        if g.higher in draws:
            result = codes.DRAW
        else:
            won = (winners or {}).get(g.match.code, g.higher)
            result = codes.WHITE if won == g.higher else codes.BLACK
        games.append(PlayedGame(round_, g.higher, g.lower, result, t))
    return games


def test_the_order_of_seeded_sports():
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    for size in (2, 4, 8, 16, 32, 64):
        order = bracket_order(size)
        assert sorted(order) == list(range(1, size + 1))
        assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
        # seeds 1 and 2 meet in the final at the earliest, 1-4 in the semi-finals
        line = {s: i for i, s in enumerate(order)}
        assert meeting_stage(line[1], line[2]) == size.bit_length() - 1
    with pytest.raises(BracketError):
        bracket_order(6)


def test_eight_seeded_1v8_4v5_2v7_3v6():
    b = bracket(SEEDS)
    assert first_pairs(b) == [("p1", "p8"), ("p4", "p5"), ("p2", "p7"), ("p3", "p6")]
    assert [m.state for m in b.stages[0]] == ["ready"] * 4
    assert [m.state for m in b.stages[1] + b.stages[2]] == ["waiting"] * 3
    assert [(g.higher, g.lower) for g in next_games(b)] == [("p1", "p8"), ("p4", "p5"), ("p2", "p7"), ("p3", "p6")]


def test_byes_for_the_top_seeds():
    assert bracket_size(6) == 8 and bracket_size(8) == 8 and bracket_size(9) == 16
    b = bracket(SEEDS[:6])
    assert first_pairs(b) == [("p1", None), ("p4", "p5"), ("p2", None), ("p3", "p6")]
    assert [m.state for m in b.stages[0]] == ["bye", "ready", "bye", "ready"]
    assert [(g.higher, g.lower) for g in next_games(b)] == [("p4", "p5"), ("p3", "p6")]
    b = bracket(SEEDS[:6], [play(b, 5, {"1-2": "p5"})])
    # the byes wait in the semi-finals for the winners of the first stage
    assert [(m.top, m.bottom) for m in b.stages[1]] == [("p1", "p5"), ("p2", "p3")]
    assert [(g.higher, g.lower) for g in next_games(b)] == [("p1", "p5"), ("p2", "p3")]
    # three players: seed 1 straight into the final
    b3 = bracket(SEEDS[:3])
    assert first_pairs(b3) == [("p1", None), ("p2", "p3")]


def test_a_whole_bracket_with_third_place_and_the_final_places():
    rounds = []
    b = bracket(SEEDS, third_place=True)
    upsets = {"1-2": "p5", "1-4": "p6"}  # seed 5 beats 4, seed 6 beats 3
    rounds.append(play(b, 5, upsets))
    b = bracket(SEEDS, rounds, third_place=True)
    assert [(m.top, m.bottom) for m in b.stages[1]] == [("p1", "p5"), ("p2", "p6")]
    assert b.third is not None and b.third.state == "waiting"
    rounds.append(play(b, 6, {"2-1": "p5"}))
    b = bracket(SEEDS, rounds, third_place=True)
    assert (b.final.top, b.final.bottom) == ("p5", "p2")
    assert (b.third.top, b.third.bottom) == ("p1", "p6")
    nxt = next_games(b)
    assert [(g.match.code, g.higher, g.lower) for g in nxt] == [("3-1", "p2", "p5"), ("3-3rd", "p1", "p6")]
    assert final_places(b)[0].first == 5  # the quarter-finals' losers are placed already
    rounds.append(play(b, 7, {"3-1": "p5", "3-3rd": "p6"}))
    b = bracket(SEEDS, rounds, third_place=True)
    assert b.complete and b.champion == "p5" and next_games(b) == []
    places = [(p.first, p.last, p.players, p.how) for p in final_places(b)]
    assert places == [
        (1, 1, ("p5",), "champion"),
        (2, 2, ("p2",), "final"),
        (3, 3, ("p6",), "third"),
        (4, 4, ("p1",), "fourth"),
        (5, 8, ("p3", "p4", "p7", "p8"), "stage"),
    ]


def test_without_third_place_the_semi_finals_losers_share_third():
    rounds = []
    for r in (1, 2, 3):
        rounds.append(play(bracket(SEEDS, rounds), r))
    b = bracket(SEEDS, rounds)
    assert b.third is None
    places = [(p.first, p.last, p.players) for p in final_places(b)]
    assert places == [(1, 1, ("p1",)), (2, 2, ("p2",)), (3, 4, ("p3", "p4")), (5, 8, ("p5", "p6", "p7", "p8"))]


def test_a_draw_the_higher_seed_goes_on():
    b = bracket(SEEDS)
    games = play(b, 1, draws={"p4"})  # jigo between 4 and 5: seed 4 goes on
    games[0] = PlayedGame(1, "p8", "p1", codes.BOTH_LOSE, 1)  # a double forfeit: seed 1 goes on
    b = bracket(SEEDS, [games])
    m = b.stages[0]
    assert (m[0].winner, m[0].decided_by) == ("p1", "seed")
    assert (m[1].winner, m[1].decided_by) == ("p4", "seed")
    assert (m[2].winner, m[2].decided_by) == ("p2", "game")


def test_a_draw_and_the_replay_rule():
    b = bracket(SEEDS, rule=DrawRule.REPLAY)
    first = play(b, 1, draws={"p4"})
    b = bracket(SEEDS, [first], rule=DrawRule.REPLAY)
    assert b.stages[0][1].state == "replay" and b.current_stage() == 1
    # the next round is the replay only (the semi-final of the decided side waits for its stage)
    nxt = next_games(b)
    assert [(g.higher, g.lower, g.replay) for g in nxt] == [("p4", "p5", True)]
    replay = [PlayedGame(2, "p5", "p4", codes.WHITE, 1)]  # seed 5 wins the replay as White
    b = bracket(SEEDS, [first, replay], rule=DrawRule.REPLAY)
    assert b.stages[0][1].winner == "p5" and len(b.stages[0][1].games) == 2
    assert [(g.higher, g.lower) for g in next_games(b)] == [("p1", "p5"), ("p2", "p3")]


def test_no_next_round_while_a_game_has_no_result():
    b = bracket(SEEDS)
    games = play(b, 1)
    games[2] = PlayedGame(1, "p2", "p7", codes.UNKNOWN, 3)
    b = bracket(SEEDS, [games])
    assert [m.code for m in b.playing()] == ["1-3"] and next_games(b) == []


def test_a_game_of_no_match_is_a_stray():
    b = bracket(SEEDS, [[PlayedGame(1, "p1", "p2", codes.WHITE, 1), PlayedGame(1, "p1", "p8", codes.WHITE, 2)]])
    assert [(g.white, g.black) for g in b.strays] == [("p1", "p2")]
    assert b.stages[0][0].winner == "p1"


def test_groups_winners_first_and_apart_from_their_runners_up():
    # two groups of two: A1 v B2 and B1 v A2
    seeds = group_seeds([["A1", "A2"], ["B1", "B2"]])
    assert seeds == ["A1", "B1", "A2", "B2"]
    assert first_pairs(bracket(seeds)) == [("A1", "B2"), ("B1", "A2")]
    # four groups of two: a group's two meet in the final at the earliest
    groups = [[f"{g}1", f"{g}2"] for g in "ABCD"]
    seeds = group_seeds(groups)
    b = bracket(seeds)
    line = {k: i for i, k in enumerate(k for m in b.stages[0] for k in (m.top, m.bottom))}
    for g in "ABCD":
        assert meeting_stage(line[f"{g}1"], line[f"{g}2"]) == 3
    assert seeds[:4] == ["A1", "B1", "C1", "D1"]
    # groups of unequal sizes and three qualifiers each
    seeds = group_seeds([["A1", "A2", "A3"], ["B1", "B2", "B3"], ["C1", "C2"]])
    assert sorted(seeds) == sorted(["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2"])
    assert seeds[:3] == ["A1", "B1", "C1"]


def test_colours_by_nigiri():
    b = bracket(SEEDS[:4])
    assert colours(next_games(b), [True, False]) == [("p1", "p4"), ("p3", "p2")]
    with pytest.raises(BracketError):
        colours(next_games(b), [True])


@pytest.mark.parametrize("seeds", [["a"], ["a", "a"], [str(i) for i in range(129)]])
def test_refused(seeds):
    with pytest.raises(BracketError):
        bracket(seeds)


def test_every_size_runs_to_a_champion():
    for n in range(2, 34):
        seeds = [f"s{i}" for i in range(1, n + 1)]
        rounds = []
        for r in range(1, 10):
            b = bracket(seeds, rounds, third_place=True)
            if b.complete:
                break
            rounds.append(play(b, r, draws={seeds[0]} if r == 1 else ()))
        b = bracket(seeds, rounds, third_place=True)
        assert b.complete and b.champion == "s1"
        places = final_places(b)
        placed = [k for p in places for k in p.players]
        assert sorted(placed) == sorted(seeds)
        assert places[-1].last == n
