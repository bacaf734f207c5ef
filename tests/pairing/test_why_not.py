""" "Why not these two?" on plain data (issue #34, item 6): the reasons, and one new matching with the two
fixed together -- its total against a pairing with the pair fixed by the engine itself, the pairs that
change, kept games and byes staying."""

from __future__ import annotations

import time

from tournament.pairing.context import Options
from tournament.pairing.engine import pair_round
from tournament.pairing.explain import why_not

from .helpers import play, tournament


def _round(t, number, **kw):
    p = pair_round(t, number, **kw)
    return p, [(g.white, g.black) for g in p.games], [p.bye] if p.bye else []


def _codes(facts) -> list[str]:
    return [r["code"] for r in facts["reasons"]]


def test_forcing_two_players_costs_what_the_engine_s_own_fixed_pairing_costs():
    t = play(tournament(20, seed=11), 3, seed=11)
    p, games, byes = _round(t, 4)
    a, b = games[0][0], games[-1][1]  # the top board's White and the last board's Black
    facts = why_not(t, 4, games, byes, a, b)
    assert facts["total_now"] == p.weight
    forced = pair_round(t, 4, fixed=[(a, b)])
    assert facts["total_with"] == forced.weight
    assert facts["total_with"] <= facts["total_now"]
    changes = facts["changes"]
    assert changes is not None and changes["added"][0] == [a, b]
    now = {frozenset(g) for g in games}
    after = (now - {frozenset(x) for x in changes["removed"]}) | {frozenset(x) for x in changes["added"]}
    assert after == {frozenset((g.white, g.black)) for g in forced.games}
    # the two's own games go; every player is still paired once
    assert {frozenset(g) for g in games if a in g or b in g} <= {frozenset(x) for x in changes["removed"]}
    assert sorted(k for pair in after for k in pair) == sorted(k for g in games for k in g)
    assert "score" in _codes(facts)
    sa, sb = next(r for r in facts["reasons"] if r["code"] == "score")["scores_x2"]
    assert sa != sb
    lost = {n: changes["terms_removed"][n] - changes["terms_added"][n] for n in changes["terms_added"]}
    assert sum(lost.values()) == facts["total_now"] - facts["total_with"]


def test_a_rematch_a_forbidden_pair_a_kept_game_and_the_bye():
    t = play(tournament(9, seed=5), 2, seed=5)
    first = [g for g in t.games if g.round == 1][0]
    p, games, byes = _round(t, 3)
    facts = why_not(t, 3, games, byes, first.white, first.black)
    if frozenset((first.white, first.black)) not in {frozenset(g) for g in games}:
        rematch = next(r for r in facts["reasons"] if r["code"] == "rematch")
        assert rematch["rounds"] == [1]
    a, b = games[0][0], games[1][0]
    forbidden = why_not(t, 3, games, byes, a, b, forbidden=[frozenset((a, b))])
    assert "forbidden" in _codes(forbidden) and forbidden["total_with"] is None
    # a kept game stays where it is; one of the two in it is named
    kept = frozenset(games[2])
    held = why_not(t, 3, games, byes, a, b, kept=[kept])
    assert held["changes"] is not None and kept not in {frozenset(x) for x in held["changes"]["removed"]}
    (bye,) = byes
    with_bye = why_not(t, 3, games, byes, bye, a)
    assert "bye" in _codes(with_bye)
    # the bye's player now plays: somebody else is left without a game
    assert with_bye["changes"] is not None and len(with_bye["changes"]["unpaired"]) == 1
    paired = why_not(t, 3, games, byes, *games[0])
    assert _codes(paired) == ["paired"]
    absent = why_not(t, 3, games, byes, a, "NOBODY")
    assert _codes(absent) == ["not-in-round"] and absent["reasons"][0]["player"] == "NOBODY"


def test_a_round_past_the_dense_limit_is_matched_again_near_the_two():
    """500 players: the 400 nearest the two and their partners are matched again (bounded work), the others
    keep their pairs; never better than the engine's own pairing of the whole round with the pair fixed
    (how far below it is printed). The CPU time is printed
    (2,000 players: ``tests/bench/bench_why_not.py``)."""
    t = play(tournament(500, seed=7), 1, seed=7)
    p, games, byes = _round(t, 2)
    a, b = games[0][0], games[len(games) // 2][1]
    start = time.process_time()
    facts = why_not(t, 2, games, byes, a, b)
    print(f"why-not at 500 players: {time.process_time() - start:.2f} CPU-s")
    assert facts["total_now"] == p.weight
    assert 398 <= facts["window"] <= 402
    best = pair_round(t, 2, fixed=[(a, b)]).weight
    assert facts["total_with"] is not None and facts["total_with"] <= best
    changes = facts["changes"]
    assert changes is not None
    now = {frozenset(g) for g in games}
    after = (now - {frozenset(x) for x in changes["removed"]}) | {frozenset(x) for x in changes["added"]}
    assert sorted(k for pair in after for k in pair) == sorted(k for g in games for k in g)
    print(f"  window of {facts['window']}: {best - facts['total_with']} below the whole round's best")
    # a window of 20 around the top two boards: a feasible pairing with the two together, whole pairs kept
    near = why_not(t, 2, games, byes, games[0][0], games[1][1], options=Options(dense_limit=20))
    assert near["window"] <= 22
    assert near["total_with"] <= pair_round(t, 2, fixed=[(games[0][0], games[1][1])]).weight
    assert len(near["changes"]["removed"]) <= 11
