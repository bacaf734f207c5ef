"""The same pairing on every machine (issue #32, item 3): among equally good
pairings the tie rule decides (OpenGotha's list, then the players' keys, give
each pair a fixed tie weight: tournament/pairing/matching.py), never the order
in which candidates were chosen, listed or visited -- which differ between
numpy versions and processors (``np.argpartition`` among equal values)."""

import os
import random
from dataclasses import replace

import numpy as np
import pytest

from tests.numpy_dispatch import dispatch_targets, running_targets
from tournament.pairing import fast
from tournament.pairing.context import Options
from tournament.pairing.matching import available, max_weight_matching, tie_bits, tie_weights
from tournament.pairing.model import GeneralParams, PairingParams, Parameters, Player, Tournament, player_key

from .helpers import play

needs_c = pytest.mark.skipif(not available(), reason="tournament.pairing._blossom is not built")


def tied_field(n: int, seed: int = 3) -> Tournament:
    """Three ranks, three clubs, no seeding weight: a pair's cost depends only on
    the two groups and clubs, so most pairs cost exactly what many others do."""
    rnd = random.Random(seed)
    players = tuple(
        Player(
            key=player_key(f"T{i:03d}", "X"),
            name=f"T{i:03d}",
            first_name="X",
            rank=rnd.choice([-10, -9, -8]),
            club=f"C{rnd.randrange(3)}",
            country="DE",
        )
        for i in range(n)
    )
    params = Parameters(
        general=GeneralParams(number_of_rounds=4, mm_floor=-20, mm_bar=0),
        pairing=PairingParams(maximize_seeding=0),
    )
    return play(Tournament(players=players, params=params), 1, seed=seed)


def games(t: Tournament, r: int, **options) -> set[tuple[str, str]]:
    from tournament.pairing.engine import pair_round

    return {(g.white, g.black) for g in pair_round(t, r, options=Options(**options)).games}


_smallest_per_row = fast.smallest_per_row


def last_first(values, k):
    """smallest_per_row with ties to the *higher* column: another machine's choice."""
    rows, cols = _smallest_per_row(values[:, ::-1], k)
    return rows, values.shape[1] - 1 - cols


def test_smallest_per_row_breaks_ties_by_column():
    rng = np.random.default_rng(7)
    values = rng.integers(0, 3, size=(40, 30)).astype(np.float64)
    values[5, :] = np.inf
    rows, cols = fast.smallest_per_row(values, 6)
    want = [(i, j) for i in range(40) for j in sorted(sorted(range(30), key=lambda j: values[i, j])[:6])]
    assert list(zip(rows.tolist(), cols.tolist())) == want  # Python's stable sort: ties to the lower column


def test_tie_weights_are_fixed_numbers():
    us, vs = np.array([0, 0, 1, 7]), np.array([1, 2, 2, 900])
    assert tie_weights(us, vs, 40).tolist() == tie_weights(us, vs, 40).tolist()
    assert all(0 <= t < 2**40 for t in tie_weights(us, vs, 40).tolist())
    # a value that any machine computes alike (SplitMix64 of the places 0 and 1)
    assert tie_weights(np.array([0]), np.array([1]), 64).tolist() == [0x910A2DEC89025CC1]
    assert tie_bits(400, 0, 10**15) == 40 and tie_bits(5000, 0, 10**17) == 29


def test_the_small_field_matching_does_not_depend_on_the_order_of_its_pairs():
    """rustworkx among equal weights follows the order it is given the pairs in; with the tie rule it does not."""
    rng = random.Random(1)
    n = 60
    edges = [(i, j, rng.choice([10, 11])) for i in range(n) for j in range(i + 1, n)]
    want = max_weight_matching(n, edges)
    for _ in range(3):
        shuffled = [(j, i, w) if rng.random() < 0.5 else (i, j, w) for i, j, w in edges]
        rng.shuffle(shuffled)
        assert max_weight_matching(n, shuffled) == want


@needs_c
def test_certified_matching_is_the_same_whatever_the_candidates():
    """Equal costs everywhere (three values): column generation from different
    candidate graphs, in different orders, and rustworkx over every pair agree pair for pair."""
    rng = np.random.default_rng(11)
    n = 90
    W = rng.integers(0, 3, size=(n, n)) * 1000
    allowed = ~np.eye(n, dtype=bool)
    ii, jj = np.nonzero(np.triu(allowed, 1))
    want = max_weight_matching(n, list(zip(ii.tolist(), jj.tolist(), W[ii, jj].tolist())))
    first = set()
    for seed in range(4):
        r = np.random.default_rng(seed)
        cand = r.choice(len(ii), size=3 * n, replace=False)
        r.shuffle(cand)
        got = fast.certified_matching(W, allowed, ii[cand], jj[cand], fast.Stats())
        assert got == want
    # without the tie rule, the candidates would decide among the optima
    for seed in range(4):
        r = np.random.default_rng(seed)
        cand = r.choice(len(ii), size=3 * n, replace=False)
        stats = fast.Stats()
        fast.certified_matching(W, allowed, ii[cand], jj[cand], stats)
        first.add(stats.tie_edges)
    assert max(first) > n // 2  # many tight pairs: many optimal matchings to choose from


@needs_c
def test_a_large_field_is_paired_alike_whatever_the_candidates(monkeypatch):
    """A field of many equal costs paired by column generation (a low dense_limit
    forces it) as by rustworkx over every pair, and again with the candidates'
    ties taken from the other end (as another numpy might) and fewer candidates."""
    t = tied_field(160)
    assert len({g.round for g in t.games}) == 1
    want = games(t, 2)  # rustworkx over every pair
    assert games(t, 2, dense_limit=40) == want
    assert games(t, 2, dense_limit=40, candidates=1) == want
    with monkeypatch.context() as m:
        m.setattr(fast, "smallest_per_row", last_first)
        assert games(t, 2, dense_limit=40) == want
        # the test has teeth: without the tie rule the candidates' ties change the pairing
        m.setattr(fast, "_tie_broken", lambda sol, W, allowed, tight, real, st: sorted(sol.pairs()))
        reversed_ties = games(t, 2, dense_limit=40)
    monkeypatch.setattr(fast, "_tie_broken", lambda sol, W, allowed, tight, real, st: sorted(sol.pairs()))
    assert games(t, 2, dense_limit=40) != reversed_ties


def test_the_field_order_decides_not_the_input_order():
    """The players listed in another order (the file's, the database's): the same games."""
    t = tied_field(50)
    shuffled = list(t.players)
    random.Random(5).shuffle(shuffled)
    assert games(replace(t, players=tuple(shuffled)), 2) == games(t, 2)


def test_numpy_runs_without_the_targets_it_was_told_to_leave():
    """``make test-dispatch`` runs this module with every dispatch target disabled
    (tests/numpy_dispatch.py): none of them may run, or that step tests nothing."""
    disabled = set(os.environ.get("NPY_DISABLE_CPU_FEATURES", "").replace(",", " ").split())
    assert disabled <= set(dispatch_targets())  # numpy only warns about a name it does not know
    assert not disabled & set(running_targets())
