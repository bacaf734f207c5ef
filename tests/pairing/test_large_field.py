"""The large-field matching (above Options.dense_limit): column generation
proven optimal by the blossom duals, against the exact all-pairs blossom."""

import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.pairing import fast
from tournament.pairing.context import Options
from tournament.pairing.cost_matrix import cost_matrix
from tournament.pairing.engine import build_context, pair_round
from tournament.pairing.matching import available, max_weight_matching

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from bench_pairing import synthetic

needs_c = pytest.mark.skipif(not available(), reason="tournament.pairing._blossom is not built")


def all_pairs(W, allowed):
    """rustworkx over every allowed pair (weight of {i, j}: W[min, max])."""
    ii, jj = np.nonzero(np.triu(allowed & allowed.T, 1))
    return max_weight_matching(len(W), list(zip(ii.tolist(), jj.tolist(), W[ii, jj].tolist())))


def value(W, pairs):
    return len(pairs), sum(int(W[min(a, b), max(a, b)]) for a, b in pairs)


def field(n, seed):
    t = synthetic(n, seed=seed).before(5)
    keys = [p.key for p in t.players if p.present(5)]
    rc = build_context(t, 5, keys)
    keys.sort(key=lambda k: (-rc.seats[k].group, rc.seats[k].place, k))
    return rc, keys, cost_matrix(rc, keys)


@needs_c
def test_450_players_reach_the_all_pairs_optimum():
    t = synthetic(450, seed=1).before(5)
    big = pair_round(t, 5)  # 441 present: above the dense limit
    assert len(big.games) * 2 + (big.bye is not None) == sum(p.present(5) for p in t.players)
    assert fast.last_stats.players > Options().dense_limit and fast.last_stats.rounds >= 1
    exact = pair_round(t, 5, options=Options(dense_limit=10**6))
    assert big.total_cost == exact.total_cost
    assert big.games == exact.games  # the tie rule: the same optimum, whichever way it was found
    assert not big.warnings


@needs_c
@pytest.mark.slow
def test_1000_players_reach_the_all_pairs_optimum():
    rc, keys, W = field(1000, seed=2)  # rustworkx over all pairs: ~12 s
    n = len(keys)
    allowed = ~np.eye(n, dtype=bool)
    ii, jj = fast._candidates(rc, keys, W, allowed, 4)
    stats = fast.Stats()
    got = fast.certified_matching(W, allowed, ii, jj, stats)
    assert value(W, got) == value(W, all_pairs(W, allowed))
    assert len(got) == n // 2


@needs_c
def test_a_missing_optimal_edge_is_found_by_the_certificate():
    rc, keys, W = field(160, seed=4)
    n = len(keys) - len(keys) % 2
    W = W[:n, :n]
    allowed = ~np.eye(n, dtype=bool)
    best = all_pairs(W, allowed)
    # candidates: each player's 6 best partners, but never a pair of the optimum
    order = np.argsort(-np.triu(W, 1) - np.triu(W, 1).T, axis=1)[:, :6]
    opt = {frozenset(p) for p in best}
    cand = [(i, int(j)) for i in range(n) for j in order[i] if i != j and frozenset((i, int(j))) not in opt]
    ii, jj = np.array(cand).T
    stats = fast.Stats()
    got = fast.certified_matching(W, allowed, ii, jj, stats)
    assert value(W, got) == value(W, best)
    assert stats.rounds > 1 and stats.added_edges > 0
    assert {frozenset(p) for p in got} - {frozenset(map(int, c)) for c in cand}  # edges found by the check


@needs_c
@pytest.mark.parametrize("n, mode", [(40, "plain"), (41, "perfect + stand-in")])
def test_no_perfect_matching_and_the_float_check(monkeypatch, n, mode):
    rng = np.random.default_rng(5)
    W = rng.integers(0, 10**17, size=(n, n))
    allowed = ~np.eye(n, dtype=bool)
    allowed[0, :] = allowed[:, 0] = False  # player 0 may meet nobody
    cand = [(i, (i + 1) % n) for i in range(n)]
    ii, jj = np.array(cand).T
    want = value(W, all_pairs(W, allowed))
    assert want[0] == (n - 1) // 2
    stats = fast.Stats()
    assert value(W, fast.certified_matching(W, allowed, ii, jj, stats)) == want
    assert stats.mode == mode
    monkeypatch.setattr(fast, "_INT64_LIMIT", 0)  # duals checked with floats + exact recheck
    stats = fast.Stats()
    assert fast.certified_matching(W, allowed, ii, jj, stats) == all_pairs(W, allowed)
    assert stats.exact_check == "float+exact"


@st.composite
def problems(draw):
    n = draw(st.integers(2, 24))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    scale = draw(st.sampled_from([5, 1000, 10**17]))
    W = rng.integers(0, scale, size=(n, n), endpoint=True)
    allowed = ~np.eye(n, dtype=bool)
    for _ in range(draw(st.integers(0, n))):  # forbidden pairs
        a, b = rng.integers(0, n, size=2)
        allowed[a, b] = allowed[b, a] = False
    np.fill_diagonal(allowed, False)
    k = draw(st.integers(0, 3))
    cand = [(i, int(j)) for i in range(n) for j in rng.choice(n, size=min(k, n), replace=False) if i != j]
    ii, jj = np.array(cand).T if cand else (np.zeros(0, int), np.zeros(0, int))
    return W, allowed, ii, jj


@needs_c
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems(), st.booleans())
def test_column_generation_equals_all_pairs(problem, warm):
    W, allowed, ii, jj = problem
    got = fast.certified_matching(W, allowed, ii, jj, fast.Stats(), warm=warm)
    assert got == all_pairs(W, allowed)  # the same optimum (the tie rule), so the same value
    assert all(allowed[a, b] for a, b in got)


@needs_c
@pytest.mark.parametrize("n", [120, 121])
def test_the_matrix_taken_over_in_place_gives_the_same_matching(n):
    """pair_round hands its cost matrix over (``overwrite``: mirrored and, for an odd field, grown by
    the stand-in in its own memory); the matching is the one a copy gives, and the same as before."""
    rc, keys, W = field(n + 4, seed=5)
    W = W[:n, :n].copy()
    W[3, 7] += 12345  # not symmetric: the pair's weight is W[i, j] for i < j
    allowed = ~np.eye(n, dtype=bool)
    ii, jj = fast._candidates(rc, keys[:n], W, allowed, 4)
    want = fast.certified_matching(W, allowed, ii, jj, fast.Stats())
    kept = W.copy()
    got = fast.certified_matching(W, allowed, ii, jj, fast.Stats(), overwrite=True)
    assert got == want
    assert np.array_equal(fast._symmetric(kept, n + n % 2), W)


@needs_c
@pytest.mark.parametrize("sizes", [(31, 29), (21, 21, 19)])
def test_candidates_without_a_perfect_matching_get_the_left_out_players_pairs(sizes):
    """Candidates in odd cliques (no perfect matching: a player of each left out; an odd field's
    stand-in takes one) on a field that has one: the left-out players get every allowed pair of
    theirs and the proof stays the perfect-matching one (warm starts) -- the same matching as
    rustworkx over every pair, as the general proof gives when it is forced."""
    n = sum(sizes)
    rng = np.random.default_rng(n)
    W = rng.integers(0, 4, size=(n, n)) * 1000 + rng.integers(0, 3, size=(n, n))
    allowed = ~np.eye(n, dtype=bool)
    clique = np.repeat(np.arange(len(sizes)), sizes)
    cand = [(i, j) for i in range(n) for j in range(i + 1, n) if clique[i] == clique[j]]
    ii, jj = np.array(cand).T
    want = all_pairs(W, allowed)
    stats = fast.Stats()
    assert fast.certified_matching(W, allowed, ii, jj, stats) == want
    assert stats.widened >= 1 and stats.mode.startswith("perfect") and not stats.mode_switch
    forced = fast.Stats()
    with pytest.MonkeyPatch.context() as m:
        m.setattr(fast, "WIDEN_MOST", 0)  # the general proof, as before
        assert fast.certified_matching(W, allowed, ii, jj, forced) == want
    assert forced.mode.startswith("plain") and not forced.widened
