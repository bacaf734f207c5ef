"""The matching of fields too large for a blossom over every pair, proven optimal.

``solve_large`` pairs the whole field as one problem -- it is never cut into
chunks.  Up to ``Options.dense_limit`` players (400) rustworkx's blossom
algorithm runs over every allowed pair.  Above it, column generation with a
proof of optimality (``certified_matching``):

1. each player's best candidates (``_candidates``: the players around its
   ideal seeding partner in its own group, its best partners by cost
   reduced by both players' best half-weights, overall and in other groups)
   form a sparse graph;
2. the exact blossom algorithm in C (:file:`_blossom.c`, 128-bit integers,
   the algorithm of rustworkx and networkx) matches that graph and returns
   its optimal duals: a value y_v per player, a value z_B >= 0 per blossom
   (odd set of players);
3. the reduced cost y_i + y_j + sum(z_B, B holds i and j) - w_ij of *every*
   allowed pair of the field is checked (n x n, exact: in C in int64, one pass
   along each row, when the numbers are small enough, else a float pre-filter
   with a wide margin and an exact Python-int recheck of every doubtful pair);
4. pairs with a negative reduced cost are added (the most negative ones of
   each player) and the graph is solved again, starting from the last duals
   and matching; when no pair is negative, the matching is optimal;
5. among the optimal matchings the tie rule picks one (:func:`_tie_broken`):
   one more exact matching over the pairs of reduced cost 0 only (every
   optimal matching uses only those), with each pair's tie weight
   (:func:`.matching.tie_weights`, from the two players' places in the field
   order: OpenGotha's list, then the keys) below the costs' last unit -- the
   same rule, and so the same pairing, as rustworkx over every pair.

Why the result is optimal: the duals are a feasible solution of the dual of
Edmonds' matching LP (with odd-set constraints, whose optimum is reached by
a matching) for the *whole* field -- every allowed pair satisfies its
constraint, checked in step 3 -- and the matching meets complementary
slackness (matched pairs have reduced cost 0, blossoms with z_B > 0 are full;
``_check_complementarity`` checks this again in Python integers), so by LP
duality no matching of the field weighs more.  Maximum cardinality is exact
too: every weight gets the same bonus K > (n/2) * (largest weight range), so
a matching with one more game always weighs more, and among matchings of one
size the bonus changes nothing.  When the matching pairs everybody the
perfect-matching LP (free y) is used -- an odd field gets a stand-in player
who may meet anybody at cost 0, so that one player is left out as any
maximum-cardinality matching would; a candidate graph without a perfect
matching (a few players left out: an odd score group among its own
candidates) first gets every allowed pair of those players; when no such
matching exists (forbidden pairs), the general LP (y >= 0, y = 0 for unpaired players).  The candidates
only decide how fast this goes, never the result: not which optimum either
(step 5). Each player's best candidates are chosen with ties to the lower place
(:func:`smallest_per_row`), not by ``np.argpartition``, whose choice among
equal values differs between numpy versions and processors.
``Options(dense_limit=10**6)`` forces rustworkx over all pairs (minutes for
1,000 players).  If the C extension is not built, fields above the limit
also fall back to that.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import costs as C
from .context import Options, Pair, RoundContext
from .cost_matrix import BoolArray, IntArray, cost_matrix
from .matching import (
    DualSolution,
    available,
    matching_with_duals,
    max_weight_matching,
    reduced_costs,
    slackness_errors,
    tie_bits,
    tie_weights,
)
from .model import SeedSystem

#: Vertex duals and a matching to start the blossom algorithm from (:func:`.matching.matching_with_duals`).
Start = tuple[list[int], list[int]]


@dataclass
class Stats:
    """How the last large-field matching went (for the benchmark)."""

    players: int = 0
    rounds: int = 0  # exact matchings solved
    initial_edges: int = 0
    added_edges: int = 0
    exact_check: str = ""  # "int64" or "float+exact"
    mode: str = ""  # "perfect" or "plain" (see certified_matching)
    mode_switch: int = 0
    widened: int = 0  # times the players a "perfect" solve left out got every allowed pair of theirs
    tie_edges: int = 0  # pairs the tie rule matched over (those of reduced cost 0)
    violated: list[int] = field(default_factory=list)  # pairs (both ways) each check found violated
    seconds: dict[str, float] = field(default_factory=dict)  # CPU seconds of each stage (process time)

    def reset(self, players: int, mode: str = "") -> None:
        """Start over for a new matching, in place (whoever imported ``last_stats`` reads it)."""
        Stats.__init__(self, players=players, mode=mode)


last_stats = Stats()

# At most this many violated pairs per player are added per round (the most
# violated ones); every violated pair is found, only the additions are capped.
ADD_PER_PLAYER = 8
# A "perfect" solve that leaves at most this many players out (the candidates have no perfect
# matching, e.g. an odd score group alone among its candidates) gives them every allowed pair
# and goes on; more, and the matching is proven the general way ("plain": cold starts, slow).
WIDEN_MOST = 64
# candidates in a player's own score group: this many places either side of
# its ideal seeding partner (the optimum often pairs 5-10 places away)
CANDIDATE_WINDOW = 10


def solve_large(
    rc: RoundContext, keys: list[str], forbidden: Collection[Pair], options: Options
) -> list[tuple[str, str]]:
    import time

    n = len(keys)
    t0 = time.process_time()
    W = cost_matrix(rc, keys)
    costs = time.process_time() - t0
    allowed = np.ones((n, n), dtype=bool)
    np.fill_diagonal(allowed, False)
    if forbidden:
        pos = {k: i for i, k in enumerate(keys)}
        for pr in forbidden:
            a, b = tuple(pr)
            if a in pos and b in pos:
                allowed[pos[a], pos[b]] = allowed[pos[b], pos[a]] = False
    if n > options.dense_limit and not available():
        import warnings

        warnings.warn(
            "tournament.pairing._blossom is not built (pip install -e .): "
            "matching every pair with rustworkx, slow for large fields",
            RuntimeWarning,
            stacklevel=2,
        )
    if n <= options.dense_limit or not available():
        last_stats.reset(players=n, mode="all pairs (rustworkx)")
        ii, jj = np.nonzero(np.triu(allowed, 1))
        edges = [(i, j, int(W[i, j])) for i, j in zip(ii.tolist(), jj.tolist())]
        pairs = max_weight_matching(n, edges)
    else:
        t0 = time.process_time()
        ii, jj = _candidates(rc, keys, W, allowed, options.candidates)
        candidates = time.process_time() - t0
        pairs = certified_matching(W, allowed, ii, jj, overwrite=True)
        last_stats.seconds |= {"costs": round(costs, 3), "candidates": round(candidates, 3)}
    return [(keys[i], keys[j]) for i, j in pairs]


def cardinality_bonus(n: int, W: IntArray, allowed: BoolArray) -> int:
    """K such that, with K added to every edge, any matching with one more
    edge weighs more: K > (n // 2) * (max w - min(min w, 0))."""
    if not allowed.any():
        return 1
    hi = int(W.max(where=allowed, initial=np.iinfo(np.int64).min))
    lo = int(W.min(where=allowed, initial=np.iinfo(np.int64).max))
    return (n // 2 + 1) * (abs(hi) + abs(min(lo, 0)) + 1)


def certified_matching(
    W: IntArray,
    allowed: BoolArray,
    ii: ArrayLike,
    jj: ArrayLike,
    stats: Stats | None = None,
    warm: bool = True,
    *,
    overwrite: bool = False,
) -> list[tuple[int, int]]:
    """Maximum-cardinality, maximum-weight matching of the whole field, proven
    optimal by an LP-duality certificate over every allowed pair.

    Column generation: solve the candidate graph (edges ii[k]-jj[k]) exactly
    with :func:`.matching.matching_with_duals` on weights W + K, check every
    allowed pair's reduced cost against the duals, add violated pairs, re-solve
    (from the last duals and matching: warm start); stop when no pair is
    violated.  Returns sorted pairs (i, j), i < j.  ``overwrite``: W is the caller's no
    more and is changed in place (:func:`_take_over`) rather than copied: 200 MB less at
    5,000 players.
    """
    import time

    st = stats if stats is not None else last_stats
    n = W.shape[0]
    st.reset(players=n)
    if n < 2:
        return []
    # a pair's weight is W[i, j] for i < j in field order (OpenGotha's cost
    # is not always symmetric, e.g. the random part of split-and-random)
    if n and max(int(W.max()), -int(W.min())) >= 1 << 61:
        raise ValueError("pair costs of 2^61 or more are not supported")  # 2 W must fit in int64
    # an odd field: a stand-in player who may meet anybody at cost 0.
    # Perfect matchings of field + stand-in are the field's matchings
    # leaving one player out, all weighing the same plus a constant
    W = _take_over(W, n + n % 2) if overwrite else _symmetric(W, n + n % 2)
    allowed = allowed & allowed.T
    real = n
    if n % 2:
        allowed = np.pad(allowed, ((0, 1), (0, 1)), constant_values=True)
        allowed[n, n] = False
        n += 1
    K = cardinality_bonus(n, W, allowed)
    in_graph = np.zeros((n, n), dtype=bool)
    ii = np.asarray(ii, dtype=np.int64)
    jj = np.asarray(jj, dtype=np.int64)
    in_graph[ii, jj] = True
    in_graph[jj, ii] = True
    if n > real:
        in_graph[real, :] = in_graph[:, real] = True
    in_graph &= allowed
    # the graph's pairs i < j as keys i * n + j, sorted: the order of np.nonzero(np.triu(in_graph, 1))
    edges = _pair_keys(np.nonzero(in_graph), n)
    st.initial_edges = len(edges)
    wmax = 2 * max(int(W.max()), -int(W.min())) if n else 0
    # "perfect" mode: max_cardinality with free vertex duals, sound while the
    # matching covers everybody (perfect-matching LP); if the graph has no
    # perfect matching, "plain": cold starts, duals >= 0, unmatched players'
    # duals 0 (matching LP)
    mode = "perfect"
    init = _first_start(W, in_graph, edges, K) if (warm and mode == "perfect") else None
    while True:
        t0 = time.process_time()
        us, vs = edges // n, edges % n
        ws = [w + K for w in W[us, vs].tolist()]
        if init is not None:
            sol = matching_with_duals(n, us.tolist(), vs.tolist(), ws, True, init[0], init[1])
        else:
            sol = matching_with_duals(n, us.tolist(), vs.tolist(), ws, mode == "perfect")
        st.rounds += 1
        t1 = time.process_time()
        st.seconds[f"solve{st.rounds}"] = round(t1 - t0, 3)
        if mode == "perfect" and min(sol.mate) == -1:
            # somebody left out: the candidates have no perfect matching. A few such players:
            # every allowed pair of theirs joins the graph and "perfect" goes on; otherwise
            # (or if they have no pair left to add) the field may have none: prove the optimum
            # the general way, "plain"
            free = np.flatnonzero(np.array(sol.mate) == -1)
            more = allowed[free] & ~in_graph[free] if len(free) <= WIDEN_MOST else None
            if more is not None and more.any():
                fr, fc = np.nonzero(more)
                added = _pair_keys((free[fr], fc), n)
                au, av = added // n, added % n
                in_graph[au, av] = True
                in_graph[av, au] = True
                edges = np.union1d(edges, added)
                st.added_edges += len(au)
                st.widened += 1
                init = _first_start(W, in_graph, edges, K) if warm else None
                continue
            mode, init = "plain", None
            st.mode_switch = st.rounds
            continue
        # the most violated pairs of every player with a violation
        (rr, cc), violated, in_own, tight = _violations(sol, K, W, allowed, in_graph, st, wmax)
        st.seconds[f"check{st.rounds}"] = round(time.process_time() - t1, 3)
        st.violated.append(violated)
        if not violated:
            break
        if in_own:  # the solver's own duals must fit its own edges
            raise AssertionError("blossom duals violate an edge of the solved graph")
        fresh = ~in_graph[rr, cc]
        added = np.unique(_pair_keys((rr[fresh], cc[fresh]), n))
        au, av = added // n, added % n
        in_graph[au, av] = True
        in_graph[av, au] = True
        edges = np.union1d(edges, added)
        st.added_edges += len(au)
        init = _warm_start(sol, K, W, au, av, edges) if (warm and mode == "perfect") else None
    # complementary slackness (exact, Python ints): matched pairs tight,
    # z > 0 only on full blossoms, z >= 0; in "plain" mode also y >= 0 and
    # y = 0 on unmatched players
    _check_complementarity(sol, K, W, mode == "perfect", allowed)
    st.mode = mode + (" + stand-in" if n > real else "")
    t0 = time.process_time()
    pairs = _tie_broken(sol, W, allowed, tight, real, st)
    st.seconds["ties"] = round(time.process_time() - t0, 3)
    return pairs


def _symmetric(W: IntArray, m: int) -> IntArray:
    """W's pairs i < j, mirrored (W[j, i] = W[i, j]), in a new m x m matrix (m > n: the stand-in's
    row and column 0): a block of rows at a time, no other n x n temporary."""
    n = len(W)
    out = np.zeros((m, m), dtype=np.int64)
    for r0 in range(0, n, _BLOCK):
        r1 = min(n, r0 + _BLOCK)
        out[r0:r1, r1:n] = W[r0:r1, r1:n]
        out[r1:n, r0:r1] = W[r0:r1, r1:n].T
        d = np.triu(W[r0:r1, r0:r1], 1)
        out[r0:r1, r0:r1] = d + d.T
    return out


def _take_over(W: IntArray, m: int) -> IntArray:
    """What :func:`_symmetric` gives, in W's own memory: the pairs i < j mirrored in place,
    then (m > n) the matrix grown by the stand-in's row and column of 0, its rows moved
    within the grown buffer from the last one back."""
    n = len(W)
    if not (W.flags.c_contiguous and W.flags.owndata):
        return _symmetric(W, m)
    for r0 in range(0, n, _BLOCK):
        r1 = min(n, r0 + _BLOCK)
        W[r1:n, r0:r1] = W[r0:r1, r1:n].T
        d = np.triu(W[r0:r1, r0:r1], 1)
        W[r0:r1, r0:r1] = d + d.T
    if m == n:
        return W
    W.resize((m, m), refcheck=False)  # the buffer grows (the old rows still n wide, at its start)
    flat = W.reshape(-1)
    for i in range(n - 1, 0, -1):
        flat[i * m : i * m + n] = flat[i * n : i * n + n]
    W[:, n:] = 0
    W[n:, :] = 0
    return W


def _tie_broken(
    sol: DualSolution, W: IntArray, allowed: BoolArray, tight: tuple[IntArray, IntArray], real: int, st: Stats
) -> list[tuple[int, int]]:
    """The optimal matching the tie rule picks, whatever candidates found the optimum.

    Every optimal matching uses only pairs whose reduced cost under the proven
    duals is 0 (``tight``; complementary slackness holds for every optimal
    matching with every optimal dual), and a matching of the most players over
    those pairs with the most weight is optimal.  So one more exact matching over
    the tight pairs only, on weights (w - lo) * M + t (t a pair's
    :func:`tie_weights`, M larger than any matching's total of them), gives the
    optimum by the costs and, among the optima, the one with the most tie
    weight: a function of the costs and of the field order alone.  Two optima
    with equal tie weights would need tie weights that sum alike over an
    alternating cycle (below one in 2^bits per tight pair: the isolation lemma).
    """
    n = len(W)
    keys = _pair_keys(tight, n)
    us, vs = keys // n, keys % n
    st.tie_edges = len(us)
    inner, ok = W[:real, :real], allowed[:real, :real]
    lo, hi = (0, 0)
    if ok.any():
        lo = int(inner.min(where=ok, initial=np.iinfo(np.int64).max))
        hi = int(inner.max(where=ok, initial=np.iinfo(np.int64).min))
    bits = tie_bits(real, lo, hi)
    M = (real // 2 + 1) << bits
    inside = vs < real  # the stand-in's pairs (an odd field) weigh 0: who sits out is decided by the rest
    ws = np.zeros(len(us), dtype=object)
    ws[inside] = [
        (w - lo) * M + t
        for w, t in zip(W[us[inside], vs[inside]].tolist(), tie_weights(us[inside], vs[inside], bits).tolist())
    ]
    best = matching_with_duals(n, us.tolist(), vs.tolist(), ws.tolist(), True)
    pairs = sorted((i, j) for i, j in best.pairs() if j < real)
    before = [(i, j) for i, j in sol.pairs() if j < real]
    if (len(pairs), sum(int(W[i, j]) for i, j in pairs)) != (len(before), sum(int(W[i, j]) for i, j in before)):
        raise AssertionError("the tie rule's matching is not optimal")
    return pairs


def _first_start(W: IntArray, in_graph: BoolArray, edges: IntArray, K: int) -> Start:
    """Duals and matching for the first solve: every player's dual starts at
    its best weight in the graph (feasible: y_i + y_j >= 2 w_ij), then
    :func:`_tighten` lowers them and matches tight pairs greedily."""
    n = len(W)
    best = W.max(axis=1, where=in_graph, initial=np.iinfo(np.int64).min)
    d = np.where(best == np.iinfo(np.int64).min, 0, best)
    return _tighten(W, edges, K, d.tolist(), [-1] * n)


def _tighten(W: IntArray, edges: IntArray, K: int, d: list[int], mate: list[int]) -> Start:
    """Greedy start for the blossom algorithm (``d``: duals minus K).

    Each unmatched player's dual is lowered to the least feasible value (some
    pair of it becomes tight) and it is matched to an unmatched partner over
    a tight pair, if any.  Duals stay feasible and matched pairs tight; the
    unmatched players' duals are then made of one parity, as the algorithm
    needs.  Fewer unmatched players: fewer stages of the algorithm.
    """
    n = len(d)
    if max(map(abs, d), default=0) >= 1 << 61:  # keep int64 exact: no greedy step
        D = [x + K for x in d]
        return [x + (x & 1 if mate[v] == -1 else 0) for v, x in enumerate(D)], mate
    dv = np.array(d, dtype=np.int64)
    free = np.array([m == -1 for m in mate])
    us, vs = edges // n, edges % n
    # each player's partners in the graph, in increasing order: the pairs both ways, by (player, partner)
    ends = np.concatenate((us * n + vs, vs * n + us))
    ends.sort()
    start = np.searchsorted(ends, np.arange(n + 1, dtype=np.int64) * n)
    partners = ends % n
    for v in np.nonzero(free)[0].tolist():
        if not free[v]:
            continue
        nb = partners[start[v] : start[v + 1]]
        if len(nb) == 0:
            continue
        need = 2 * W[v, nb] - dv[nb]
        low = int(need.max())
        if low < dv[v]:
            dv[v] = low
        tight = nb[(need == dv[v]) & free[nb]]
        if len(tight):
            u = int(tight[0])
            mate[v], mate[u] = u, v
            free[v] = free[u] = False
    on = 2 * W[us, vs] == dv[us] + dv[vs]
    _augment(n, us[on].tolist(), vs[on].tolist(), mate)
    D = [x + K for x in dv.tolist()]
    for v in range(n):
        if mate[v] == -1 and D[v] & 1:
            D[v] += 1
    return D, mate


#: Vertices one search for an augmenting path of :func:`_augment` visits at most.
_AUGMENT_REACH = 64


def _augment(n: int, us: list[int], vs: list[int], mate: list[int]) -> None:
    """More matched players for the start, in place: augmenting paths over the tight pairs
    (``us[k]``-``vs[k]``), each search short (:data:`_AUGMENT_REACH`) and blind to blossoms
    -- a path it finds is simple, so a sound augmentation; the ones it misses the blossom
    algorithm finds.  A greedy start leaves about half of a large field unmatched; each
    unmatched pair is a stage of the algorithm."""
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in zip(us, vs):
        adj[a].append(b)
        adj[b].append(a)
    for root in range(n):
        if mate[root] != -1 or not adj[root]:
            continue
        seen = {root}
        came: dict[int, tuple[int, int]] = {}  # outer vertex -> (outer before it, its old partner)
        stack = [(root, iter(adj[root]))]
        end = -1
        while stack and end < 0 and len(seen) < _AUGMENT_REACH:
            x, it = stack[-1]
            for y in it:
                if y in seen:
                    continue
                seen.add(y)
                z = mate[y]
                if z == -1:
                    end = y
                    break
                if z not in seen:
                    seen.add(z)
                    came[z] = (x, y)
                    stack.append((z, iter(adj[z])))
                    break
            else:
                stack.pop()
        if end < 0:
            continue
        x = stack[-1][0]
        mate[x], mate[end] = end, x
        while x != root:
            px, y = came[x]
            mate[px], mate[y] = y, px
            x = px


def _warm_start(sol: DualSolution, K: int, W: IntArray, au: IntArray, av: IntArray, edges: IntArray) -> Start:
    """Initial duals and matching for the next round from the last solution.

    Blossom duals are folded into vertex duals (each vertex gets the z of
    every blossom holding it: edges only gain slack), then each end of a
    newly added, violated pair is raised by half the violation; matched pairs
    that stay tight are kept, then :func:`_tighten`.
    """
    n = sol.n
    D = list(sol.vertex)
    order, span = sol.layout()
    step = [0] * (n + 1)  # in the order that keeps blossoms together: +z where one begins, -z where it ends
    for b, (lo, hi) in span.items():
        z = sol.blossom[b]
        step[lo] += z
        step[hi] -= z
    held = 0
    for p, v in enumerate(order):
        held += step[p]
        D[v] += held
    raise_ = [0] * n
    for i, j, w in zip(au.tolist(), av.tolist(), W[au, av].tolist()):
        s = D[i] + D[j] - 2 * (w + K)
        if s < 0:
            h = (-s + 1) // 2
            raise_[i] = max(raise_[i], h)
            raise_[j] = max(raise_[j], h)
    D = [d + r for d, r in zip(D, raise_)]
    mate = [-1] * n
    for i, j in sol.pairs():
        if D[i] + D[j] == 2 * (int(W[i, j]) + K):
            mate[i], mate[j] = j, i
    return _tighten(W, edges, K, [x - K for x in D], mate)


_INT64_LIMIT = 1 << 60  # tests set 0 to force the float + exact path


#: In the reduced costs of :func:`_violations`' float path: no violation in this place.
_NOT_VIOLATED = np.inf


def _violations(
    sol: DualSolution, K: int, W: IntArray, allowed: BoolArray, in_graph: BoolArray, st: Stats, wmax: int
) -> tuple[tuple[IntArray, IntArray], int, bool, tuple[IntArray, IntArray]]:
    """Each player's :data:`ADD_PER_PLAYER` most violated allowed pairs (rows, columns: the
    most negative reduced costs, ties to the lower column), how many allowed pairs are
    violated, whether one of them is in ``in_graph`` (the graph just solved), and the allowed
    pairs whose reduced cost is exactly 0 (tight; rows, columns).  Both (i, j) and (j, i) of
    each pair.

    Reduced cost of (i, j) for weights W + K, doubled:
    (2 y_i - K) + (2 y_j - K) + 2 * Z_ij - 2 W_ij, Z_ij the blossom duals
    over the blossoms holding both.  In int64 when every term is small
    enough (|sum| < 2^62; ``wmax``: 2 max |W|), in C (:func:`_reduced_costs`, which keeps
    only each row's most violated pairs: no list of every violation, millions in a first
    check of a round 1); otherwise a float pre-filter with a generous tolerance and an exact
    Python-int recheck of the doubtful pairs.
    """
    n = sol.n
    d = [y - K for y in sol.vertex]
    zsum = sum(z for z in sol.blossom.values() if z > 0)
    lim = _INT64_LIMIT
    r = min(ADD_PER_PLAYER, n - 1)
    if max(map(abs, d), default=0) < lim and 2 * zsum < lim and wmax < lim:
        st.exact_check = "int64"
        return _reduced_costs(sol, np.array(d, dtype=np.int64), W, allowed, in_graph, r)
    st.exact_check = "float+exact"
    leaves = sol.leaves()
    fv = np.array([float(x) for x in d])
    S = fv[:, None] + fv[None, :] - 2.0 * W.astype(np.float64)
    for b, z in sol.blossom.items():
        if z > 0:
            idx = np.array(leaves[b])
            S[np.ix_(idx, idx)] += 2.0 * float(z)
    scale = 2 * max(map(abs, d), default=0) + 2 * zsum + wmax
    tol = scale * 1e-14 + 16.0  # float rounding (< 1e-15 * scale) stays far below this
    viol = allowed & (S < -tol)
    tight = np.zeros_like(viol)
    doubtful = np.nonzero(allowed & (np.abs(S) <= tol))
    for i, j in zip(*(x.tolist() for x in doubtful)):
        rc = sol.reduced_cost(i, j, int(W[i, j]) + K)
        if rc < 0:
            viol[i, j] = True
        elif rc == 0:
            tight[i, j] = True
    hit = np.nonzero(viol.any(axis=1))[0].astype(np.int64)
    ti, tj = (x.astype(np.int64) for x in np.nonzero(tight))
    sub = np.where(viol[hit], S[hit], _NOT_VIOLATED)
    at, cc = smallest_per_row(sub, r)
    ok = sub[at, cc] < _NOT_VIOLATED
    picks = (hit[at][ok], cc[ok].astype(np.int64))
    return picks, int(np.count_nonzero(viol)), bool((viol & in_graph).any()), (ti, tj)


def _pair_keys(pairs: tuple[NDArray[np.integer], ...], n: int) -> IntArray:
    """Pairs (rows, columns) as the keys i * n + j of (i, j), i < j, in increasing order
    (each pair once, however often and either way round it is listed)."""
    a, b = (np.asarray(x, dtype=np.int64) for x in pairs)
    keys: IntArray = np.unique(np.minimum(a, b) * n + np.maximum(a, b))
    return keys


#: Rows of the n x n work done at once (:func:`_symmetric`, :func:`_candidates`): about 1 MB at 5,000 players,
#: so that the few passes over a block find it in the processor's cache.
_BLOCK = 32


def _reduced_costs(
    sol: DualSolution, d: IntArray, W: IntArray, allowed: BoolArray, in_graph: BoolArray, r: int
) -> tuple[tuple[IntArray, IntArray], int, bool, tuple[IntArray, IntArray]]:
    """Every allowed pair's doubled reduced cost d_i + d_j + 2 Z_ij - 2 W_ij in int64 (the
    caller checked that no term reaches 2^60), Z_ij the sum of z over the blossoms (z > 0)
    holding both i and j: what :func:`_violations` returns -- each row's ``r`` most negative
    ones (rows, columns; ties to the lower column), how many are negative, whether one of
    those is in ``in_graph``, and (rows, columns) of those at 0, both (i, j) and (j, i).

    Blossoms nest (a chain of thousands at 5,000 players), so adding each blossom's z
    to its block of pairs would cost the sum of their sizes squared.  Instead, in an
    order of the vertices that keeps each blossom together (:meth:`.DualSolution.layout`),
    Z[i, .] is piecewise constant: +z where a blossom holding i begins, -z where it
    ends, a running sum along the row: one pass over the matrix, in C
    (:file:`_blossom.c`'s ``reduced_costs``).
    """
    n = sol.n
    order, span = sol.layout()
    lo = np.zeros(2 * n, dtype=np.int64)
    hi = np.zeros(2 * n, dtype=np.int64)
    z = np.zeros(2 * n, dtype=np.int64)
    for b, (b_lo, b_hi) in span.items():
        lo[b], hi[b] = b_lo, b_hi
        z[b] = max(sol.blossom[b], 0)
    pi, pj, ti, tj, violated, in_own = reduced_costs(
        np.ascontiguousarray(d, dtype=np.int64),
        np.ascontiguousarray(W, dtype=np.int64),
        np.ascontiguousarray(allowed, dtype=bool),
        np.ascontiguousarray(in_graph, dtype=bool),
        np.array(order, dtype=np.int64),
        np.array(sol.parent, dtype=np.int64),
        lo,
        hi,
        z,
        r,
    )
    picks = (np.frombuffer(pi, dtype=np.int64), np.frombuffer(pj, dtype=np.int64))
    tight = (np.frombuffer(ti, dtype=np.int64), np.frombuffer(tj, dtype=np.int64))
    return picks, violated, in_own > 0, tight


def _check_complementarity(sol: DualSolution, K: int, W: IntArray, perfect: bool, allowed: BoolArray) -> None:
    """The rest of the proof, in Python integers, independent of the solver
    (:func:`.matching.slackness_errors`; dual feasibility on every pair is what
    :func:`_violations` checked)."""
    problems = slackness_errors(sol, lambda v, u: int(W[v, u]) + K, lambda v, u: bool(allowed[v, u]), perfect)
    if problems:
        raise AssertionError("matching certificate fails: " + "; ".join(problems[:5]))


def smallest_per_row(values: NDArray[np.int64] | NDArray[np.float64], k: int) -> tuple[IntArray, IntArray]:
    """(rows, columns) of each row's k smallest values, ties to the lower column.

    The same on every machine: ``np.argpartition`` picks among equal values by
    its selection kernel, which differs between numpy versions and processors;
    here only the k-th value (which any selection finds alike) comes from it.
    """
    kth = np.partition(values, k - 1, axis=1)[:, k - 1 : k]
    below = values < kth
    tied = values == kth
    need = k - np.count_nonzero(below, axis=1)
    for i in np.nonzero(np.count_nonzero(tied, axis=1) > need)[0].tolist():
        tied[i, np.flatnonzero(tied[i])[need[i] :]] = False
    rows, cols = np.nonzero(below | tied)
    return rows, cols


def _candidates(
    rc: RoundContext, keys: list[str], W: IntArray, allowed: BoolArray, k: int
) -> tuple[IntArray, IntArray]:
    """Candidate edges for a large field: each player's best partners.

    - in its own score group, the players around its ideal partner for the
      seed system (fold: place s-1-p; slip: p +- s/2; random: the other half);
    - its best partners by cost *reduced* by both players' best possible
      half-weights (so that a few universally attractive players do not
      take every list), overall and among the other groups.
    """
    n = len(keys)
    seats = [rc.seats[x] for x in keys]
    groups: dict[int, list[int]] = {}
    for i, s_ in enumerate(seats):
        groups.setdefault(s_.group, []).append(i)
    rows, cols = [], []
    system = C.seed_system(rc.ctx)
    w = CANDIDATE_WINDOW
    for members in groups.values():
        members.sort(key=lambda i: seats[i].place)
        size = len(members)
        for pos, i in enumerate(members):
            if system is SeedSystem.SPLIT_AND_FOLD:
                ideals = [size - 1 - pos]
            elif system is SeedSystem.SPLIT_AND_SLIP:
                ideals = [pos + size // 2, pos - size // 2, pos + (size + 1) // 2, pos - (size + 1) // 2]
            else:
                ideals = [pos + size // 2, pos - size // 2]
            for ideal in ideals:
                for q in range(max(0, ideal - w), min(size, ideal + w + 1)):
                    if q != pos:
                        rows.append(i)
                        cols.append(members[q])
    u = W.max(axis=1, where=allowed, initial=-1) // 2
    kk = min(k, n - 1)
    grp = np.array([s_.group for s_ in seats])
    k2 = min(max(4, k // 4), n - 1)
    far = -(np.iinfo(np.int64).min // 2)  # after every allowed pair
    for r0 in range(0, n, _BLOCK):  # row by row: a block at a time
        r1 = min(n, r0 + _BLOCK)
        # minus the reduced weight: the best candidates are the smallest
        neg = u[r0:r1, None] + u[None, :] - W[r0:r1]
        neg[~allowed[r0:r1]] = far
        top_r, top_c = smallest_per_row(neg, kk)
        rows.extend((top_r + r0).tolist())
        cols.extend(top_c.tolist())
        neg[grp[r0:r1, None] == grp[None, :]] = far
        top_r, top_c = smallest_per_row(neg, k2)
        rows.extend((top_r + r0).tolist())
        cols.extend(top_c.tolist())
    r = np.array(rows)
    c = np.array(cols)
    ok = allowed[r, c]
    r, c = r[ok], c[ok]
    return np.minimum(r, c), np.maximum(r, c)
