"""The compiled blossom matcher (``_blossom.c``) against rustworkx, and its
duals as a proof of optimality (feasible and complementary on every edge)."""

from __future__ import annotations

import random

import pytest
import rustworkx as rx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.pairing.matching import DualSolution, available, certificate_errors, matching_with_duals

pytestmark = pytest.mark.skipif(not available(), reason="tournament.pairing._blossom is not built")

MANY = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def rustworkx_matching(n, edges, max_cardinality):
    g = rx.PyGraph(multigraph=False)
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    return rx.max_weight_matching(g, max_cardinality=max_cardinality, weight_fn=lambda w: w)


def value(edges, pairs):
    w = {(min(a, b), max(a, b)): x for a, b, x in edges}
    return len(pairs), sum(w[min(a, b), max(a, b)] for a, b in pairs)


def solve(n, edges, max_cardinality, dual=None, mate=None) -> DualSolution:
    return matching_with_duals(
        n, [e[0] for e in edges], [e[1] for e in edges], [e[2] for e in edges], max_cardinality, dual, mate
    )


def certificate(sol: DualSolution, edges, max_cardinality: bool) -> list[str]:
    """The proof conditions.  Maximum weight: as matching.certificate_errors.
    Maximum cardinality: the same with every vertex dual raised by one offset
    so that the smallest is 0 (van Rantwijk's verifyOptimum): unmatched
    vertices must carry the smallest dual."""
    if not max_cardinality:
        return certificate_errors(sol, edges)
    off = max(0, -min(sol.vertex, default=0))
    errors = [e for e in certificate_errors(sol, edges) if "negative vertex" not in e and "unmatched" not in e]
    errors += [
        f"unmatched {v} above the smallest dual" for v in range(sol.n) if sol.mate[v] == -1 and sol.vertex[v] + off != 0
    ]
    return errors


@st.composite
def graphs(draw):
    n = draw(st.integers(0, 16))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs))) if pairs else []
    kind = draw(st.sampled_from(["small", "near1e17", "mixed", "negative"]))
    if kind == "small":
        w = st.integers(0, 12)
    elif kind == "near1e17":
        w = st.integers(10**17 - 50, 10**17 + 50)
    elif kind == "mixed":
        w = st.one_of(st.integers(0, 10), st.integers(10**17 - 5, 10**17), st.integers(-(10**17), 10**17))
    else:
        w = st.integers(-20, 5)
    edges = [(i, j, draw(w)) for i, j in chosen]
    if draw(st.booleans()):
        edges = [(j, i, x) for i, j, x in edges]  # either orientation
    return n, edges


@MANY
@given(graphs(), st.booleans())
def test_same_optimum_as_rustworkx_and_a_valid_certificate(graph, max_cardinality):
    n, edges = graph
    sol = solve(n, edges, max_cardinality)
    assert value(edges, sol.pairs()) == value(edges, rustworkx_matching(n, edges, max_cardinality))
    assert certificate(sol, edges, max_cardinality) == []


def test_thousands_of_random_graphs():
    rnd = random.Random(20261121)
    for _ in range(3000):
        n = rnd.randint(2, 24)
        p = rnd.random()
        big = rnd.random() < 0.5
        edges = [
            (i, j, rnd.randint(10**17 - 10**6, 10**17) if big else rnd.randint(0, 30))
            for i in range(n)
            for j in range(i + 1, n)
            if rnd.random() < p
        ]
        mc = rnd.random() < 0.5
        sol = solve(n, edges, mc)
        assert value(edges, sol.pairs()) == value(edges, rustworkx_matching(n, edges, mc))
        assert certificate(sol, edges, mc) == []


def test_a_few_hundred_vertices():
    rnd = random.Random(3)
    n = 300
    edges = [(i, j, rnd.randint(0, 10**17)) for i in range(n) for j in range(i + 1, n) if rnd.random() < 0.05]
    for mc in (False, True):
        sol = solve(n, edges, mc)
        assert value(edges, sol.pairs()) == value(edges, rustworkx_matching(n, edges, mc))
        assert certificate(sol, edges, mc) == []


def test_blossom_duals_are_reported():
    # a triangle of heavy edges and a pendant: the optimum needs an odd set
    edges = [(0, 1, 10), (1, 2, 10), (0, 2, 10), (2, 3, 1)]
    sol = solve(4, edges, False)
    assert certificate_errors(sol, edges) == []
    assert value(edges, sol.pairs()) == (2, 11)
    with_z = solve(3, edges[:3], False)
    assert with_z.blossom and max(with_z.blossom.values()) > 0
    assert certificate_errors(with_z, edges[:3]) == []


def test_a_wrong_certificate_is_refused():
    edges = [(0, 1, 5), (1, 2, 6), (2, 3, 5)]
    sol = solve(4, edges, False)
    assert certificate_errors(sol, edges) == []
    # the same duals do not prove anything for a heavier extra edge
    assert certificate_errors(sol, edges + [(0, 3, 100)]) != []


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 8), st.randoms(use_true_random=False), st.booleans())
def test_warm_start_from_any_feasible_duals(half, rnd, big):
    """Perfect matching exists: from any feasible duals (unmatched ones of
    one parity) and matching of tight edges, the optimum is the same."""
    n = 2 * half
    ids = list(range(n))
    rnd.shuffle(ids)
    pairs = {(min(a, b), max(a, b)) for a, b in zip(ids[::2], ids[1::2])}
    pairs |= {tuple(sorted(rnd.sample(range(n), 2))) for _ in range(rnd.randint(0, n * n // 2))}
    edges = [(i, j, rnd.randint(-(10**17), 10**17) if big else rnd.randint(-5, 15)) for i, j in sorted(pairs)]
    best = [max(w for a, b, w in edges if v in (a, b)) for v in range(n)]
    D = [b + rnd.choice([0, 0, 1, 2, 7]) for b in best]
    mate = [-1] * n
    for a, b, w in rnd.sample(edges, min(2, len(edges))):
        if mate[a] == mate[b] == -1:
            need = 2 * w - D[b]
            if all(need + D[c if a == d else d] - 2 * x >= 0 for c, d, x in edges if a in (c, d) and {c, d} != {a, b}):
                D[a] = need
                mate[a], mate[b] = b, a
    D = [d + (d & 1 if mate[v] == -1 else 0) for v, d in enumerate(D)]
    sol = solve(n, edges, True, D, mate)
    assert value(edges, sol.pairs()) == value(edges, rustworkx_matching(n, edges, True))
    assert len(sol.pairs()) == half
    # perfect: the perfect-matching LP certificate (vertex duals free)
    assert [e for e in certificate_errors(sol, edges) if "negative vertex" not in e] == []


def test_bad_warm_starts_are_refused():
    edges = [(0, 1, 5), (2, 3, 5), (0, 2, 1)]
    with pytest.raises(ValueError):
        solve(4, edges, True, [4, 4, 10, 10])  # 0-1 infeasible
    with pytest.raises(ValueError):
        solve(4, edges, True, [6, 6, 10, 10], [1, 0, -1, -1])  # 0-1 not tight
    with pytest.raises(ValueError):
        solve(4, edges, True, [5, 6, 10, 10])  # unmatched of both parities
    with pytest.raises(ValueError):
        solve(4, edges, False, [6, 6, 10, 10])  # warm start without max_cardinality


def most_violated(want: dict, r: int) -> list[tuple[int, int]]:
    """Each row's r most violated pairs (smallest reduced cost, ties to the lower column), rows in order."""
    picks = []
    for i in sorted({i for (i, _), s in want.items() if s < 0}):
        row = sorted((s, j) for (a, j), s in want.items() if a == i and s < 0)
        picks += [(i, j) for _, j in row[:r]]
    return picks


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(2, 40),
    st.randoms(use_true_random=False),
    st.sampled_from([3, 1000, 10**15]),
    st.sampled_from([1, 2, 8, 40]),
)
def test_the_check_in_c_gives_every_pairs_exact_reduced_cost(n, rnd, scale, r):
    """``reduced_costs`` (C, int64, one pass per row along the blossom layout) against
    :meth:`DualSolution.reduced_cost` (Python ints, the blossom tree walked up) on every pair
    of a field, under the duals of a solved candidate graph (nested blossoms with z > 0, many
    pairs at 0 and below 0 when the weights are few): the same pairs at 0, the same number
    below 0 and each row's same ``r`` most violated pairs in the same order (ties to the lower
    column: what ``smallest_per_row`` would pick), whichever order the row is walked in."""
    import numpy as np

    from tournament.pairing import fast

    W = np.array([[rnd.randint(0, scale) for _ in range(n)] for _ in range(n)], dtype=np.int64)
    W = np.triu(W, 1) + np.triu(W, 1).T
    allowed = ~np.eye(n, dtype=bool)
    for _ in range(rnd.randint(0, n)):
        a, b = rnd.randrange(n), rnd.randrange(n)
        allowed[a, b] = allowed[b, a] = False
    edges = [(i, j, int(W[i, j])) for i in range(n) for j in range(i + 1, n) if allowed[i, j] and rnd.random() < 0.4]
    sol = solve(n, edges, True)
    graph = np.zeros((n, n), dtype=bool)
    for i, j in rnd.sample([(i, j) for i in range(n) for j in range(n)], n):
        graph[i, j] = True
    (pi, pj), violated, in_graph, (ti, tj) = fast._reduced_costs(
        sol, np.array(sol.vertex, dtype=np.int64), W, allowed, graph, r
    )
    want = {(i, j): sol.reduced_cost(i, j, int(W[i, j])) for i in range(n) for j in range(n) if allowed[i, j]}
    assert list(zip(pi.tolist(), pj.tolist())) == most_violated(want, r)
    assert violated == sum(1 for s in want.values() if s < 0)
    assert in_graph == any(s < 0 and graph[p] for p, s in want.items())
    assert sorted(zip(ti.tolist(), tj.tolist())) == sorted(p for p, s in want.items() if s == 0)
    assert all(s >= 0 for (i, j), s in want.items() if (min(i, j), max(i, j), int(W[i, j])) in edges)
    # the float check (numbers too large for int64, exact floats here) finds the same pairs
    wmax = 2 * int(np.abs(W).max())
    exact = fast._violations(sol, 0, W, allowed, graph, fast.Stats(), wmax)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(fast, "_INT64_LIMIT", 0)
        stats = fast.Stats()
        floats = fast._violations(sol, 0, W, allowed, graph, stats, wmax)
    assert stats.exact_check == "float+exact"
    assert sorted(zip(*(x.tolist() for x in floats[0]))) == sorted(zip(*(x.tolist() for x in exact[0])))
    assert floats[1:3] == exact[1:3]
    assert sorted(zip(*(x.tolist() for x in floats[3]))) == sorted(zip(*(x.tolist() for x in exact[3])))


def test_the_check_in_c_has_blossoms_to_walk():
    """The fields of the test above do reach blossoms with a dual (a triangle of heavy pairs and a
    light way out: the odd cycle becomes a blossom), so its one pass along the layout is tried."""
    import numpy as np

    from tournament.pairing import fast

    edges = [(0, 1, 10), (1, 2, 10), (0, 2, 10), (2, 3, 1)]
    sol = solve(4, edges, True)
    assert any(z > 0 for z in sol.blossom.values())
    W = np.zeros((4, 4), dtype=np.int64)
    for i, j, w in edges:
        W[i, j] = W[j, i] = w
    W[1, 3] = W[3, 1] = 40  # a pair the duals do not cover: violated
    allowed = ~np.eye(4, dtype=bool)
    graph = np.zeros((4, 4), dtype=bool)
    (pi, pj), violated, in_graph, (ti, tj) = fast._reduced_costs(
        sol, np.array(sol.vertex, dtype=np.int64), W, allowed, graph, 3
    )
    want = {(i, j): sol.reduced_cost(i, j, int(W[i, j])) for i in range(4) for j in range(4) if i != j}
    assert {(i, j): 0 for i, j in zip(ti.tolist(), tj.tolist())} == {p: 0 for p, s in want.items() if s == 0}
    assert list(zip(pi.tolist(), pj.tolist())) == most_violated(want, 3) == [(1, 3), (3, 1)]
    assert violated == 2 and not in_graph


def test_the_check_in_c_refuses_arrays_of_the_wrong_size():
    import numpy as np

    from tournament.pairing.matching import reduced_costs

    z = np.zeros(8, dtype=np.int64)
    square = np.ones((4, 4), bool)
    with pytest.raises(ValueError):
        reduced_costs(
            np.zeros(4, dtype=np.int64), np.zeros((4, 3), dtype=np.int64), square, square, np.arange(4), z, z, z, z, 2
        )
    with pytest.raises(ValueError):
        reduced_costs(
            np.zeros(4, dtype=np.int64),
            np.zeros((4, 4), dtype=np.int64),
            square,
            square,
            np.array([0, 1, 2, 9]),
            z,
            z,
            z,
            z,
            2,
        )
    with pytest.raises(ValueError):
        reduced_costs(
            np.zeros(4, dtype=np.int64),
            np.zeros((4, 4), dtype=np.int64),
            square,
            np.ones((4, 3), bool),
            np.arange(4),
            z,
            z,
            z,
            z,
            2,
        )
    with pytest.raises(ValueError):  # no pairs to keep
        reduced_costs(
            np.zeros(4, dtype=np.int64), np.zeros((4, 4), dtype=np.int64), square, square, np.arange(4), z, z, z, z, 0
        )
