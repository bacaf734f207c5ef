"""Maximum-weight matching with exact integer weights.

``max_weight_matching``: rustworkx's blossom algorithm, on Python ints
converted to 128-bit integers, so weights of 10^17 keep their last unit.
``max_cardinality`` is set: everybody is paired whenever the allowed edges
make it possible.  Used for fields up to ``Options.dense_limit`` players.

The tie rule: among matchings of equal weight, the one whose pairs' tie
weights (:func:`tie_weights`, a fixed pseudo-random number per pair of places
in the field order) sum highest.  Each weight w becomes (w - lo) * M + t with
M above any matching's total of tie weights, so the optimum by the weights
stays the optimum and the tie weights only choose among optima; by the
isolation lemma two optima are left tied with a chance of at most
(pairs) / 2^bits (bits: 40 up to 1,000 players with OpenGotha's default
weights, 37 at 5,000: :func:`tie_bits`).  Any exact
matcher then returns the same matching, whatever order it visits the pairs
in: rustworkx over every pair, the large-field matching from its candidates
(:mod:`.fast`), another numpy or rustworkx version, another processor.

``matching_with_duals``: the same algorithm (a C port of van Rantwijk's
``mwmatching.py``, :file:`_blossom.c`, 128-bit integers) that also returns
the optimal dual solution -- vertex duals, the final blossoms and their duals.
With them anybody can check that a matching is optimal without trusting the
solver (:func:`certificate_errors`); :mod:`.fast` uses them to prove that a
matching found on a subset of the edges is optimal for every pair.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import rustworkx as rx
from numpy.typing import NDArray

try:
    from . import _blossom
except ImportError:  # not built: `pip install -e .` compiles it (setup.py)
    _blossom = None  # type: ignore[assignment]  # the extension is optional: None stands for "not built"

#: An edge (i, j, weight) between vertices i and j.
Edge = tuple[int, int, int]


def max_weight_matching(n: int, edges: list[Edge]) -> list[tuple[int, int]]:
    """Pairs (i, j), i < j, of a maximum-cardinality, maximum-weight matching.

    ``edges`` are (i, j, weight) with 0 <= i, j < n and integer weights.
    Among matchings of equal weight, the one with the most tie weight
    (:func:`tie_weights` of the vertices' numbers): the result depends on the
    weights and the vertices' numbering alone, never on the order of ``edges``
    or on how rustworkx visits them among equals.
    """
    g: rx.PyGraph[int, int] = rx.PyGraph(multigraph=False)
    g.add_nodes_from(range(n))
    if edges:
        lo = min(w for _, _, w in edges)
        bits = tie_bits(n, lo, max(w for _, _, w in edges))
        scale = (n // 2 + 1) << bits  # more than any matching's total of tie weights
        us = np.array([min(i, j) for i, j, _ in edges], dtype=np.int64)
        vs = np.array([max(i, j) for i, j, _ in edges], dtype=np.int64)
        ties = tie_weights(us, vs, bits).tolist()
        g.add_edges_from([(i, j, (w - lo) * scale + t) for (i, j, w), t in zip(edges, ties)])
    mate = rx.max_weight_matching(g, max_cardinality=True, weight_fn=_identity)
    return sorted((min(a, b), max(a, b)) for a, b in mate)


def _identity(w: int) -> int:
    return w


#: Bits of a pair's tie weight (:func:`tie_weights`) at most; fewer where the costs' range needs them.
TIE_BITS = 40


def tie_bits(n: int, lo: int, hi: int) -> int:
    """How many bits the tie weights of a field of ``n`` players with pair costs in
    [lo, hi] get: up to :data:`TIE_BITS`, so that (w - lo) * ((n // 2 + 1) << bits)
    plus a tie weight stays below 2^99 (the blossom's 128-bit integers take |w| < 2^100)."""
    return max(0, min(TIE_BITS, 98 - (hi - lo).bit_length() - (n // 2 + 1).bit_length()))


def tie_weights(us: NDArray[np.int64], vs: NDArray[np.int64], bits: int) -> NDArray[np.uint64]:
    """The tie weight of each pair (us[k], vs[k]), us < vs, of vertex numbers (the
    players' places in the field order: OpenGotha's list, then the keys): a fixed
    number below 2^bits, the top bits of SplitMix64 of the two places -- the same
    on every machine (unsigned 64-bit arithmetic, which wraps)."""
    x = (us.astype(np.uint64) << np.uint64(32)) | vs.astype(np.uint64)
    x = x + np.uint64(0x9E3779B97F4A7C15)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    x = x ^ (x >> np.uint64(31))
    out: NDArray[np.uint64] = x >> np.uint64(64 - bits) if bits else np.zeros_like(x)
    return out


@dataclass
class DualSolution:
    """A matching with the optimal dual solution of the matching LP.

    Doubling convention of the blossom algorithm: ``vertex[v]`` is 2 y_v and
    ``blossom[b]`` is z_b (b >= n numbers a blossom); ``parent`` is the blossom
    tree (-1 at the top).  The doubled reduced cost of an edge (i, j, w) is
    ``vertex[i] + vertex[j] + 2 * (z of every blossom holding i and j) - 2 w``.
    """

    n: int
    mate: list[int]
    vertex: list[int]
    blossom: dict[int, int]  # blossom id -> z, for the blossoms that exist
    parent: list[int]  # -2: blossom id not in use
    _places: tuple[list[int], dict[int, tuple[int, int]], dict[int, int]] | None = field(
        default=None, repr=False, compare=False
    )
    _layout: tuple[list[int], dict[int, tuple[int, int]]] | None = field(default=None, repr=False, compare=False)

    def pairs(self) -> list[tuple[int, int]]:
        return [(v, u) for v, u in enumerate(self.mate) if u > v]

    def leaves(self) -> dict[int, list[int]]:
        """Vertices of each blossom."""
        order, span = self.layout()
        return {b: order[lo:hi] for b, (lo, hi) in span.items()}

    def layout(self) -> tuple[list[int], dict[int, tuple[int, int]]]:
        """The vertices in an order that keeps each blossom's together, and each blossom's
        place in it: its vertices are ``order[lo:hi]`` (one walk of the blossom tree; worked out
        once, the solution is not changed after the solver)."""
        if self._layout is not None:
            return self._layout
        n = self.n
        children: dict[int, list[int]] = {}
        tops = []
        for x, p in enumerate(self.parent):
            if p == -1:
                tops.append(x)
            elif p >= 0:
                children.setdefault(p, []).append(x)
        order: list[int] = []
        span: dict[int, tuple[int, int]] = {}
        start: dict[int, int] = {}
        stack = tops[::-1]
        while stack:
            x = stack.pop()
            if x < 0:  # a blossom's end
                span[~x] = (start[~x], len(order))
            elif x < n:
                order.append(x)
            else:
                start[x] = len(order)
                stack.append(~x)
                stack.extend(reversed(children.get(x, ())))
        self._layout = (order, {b: span[b] for b in self.blossom})
        return self._layout

    def ancestors(self, v: int) -> list[int]:
        out = []
        b = self.parent[v]
        while b != -1:
            out.append(b)
            b = self.parent[b]
        return out

    def reduced_cost(self, i: int, j: int, w: int) -> int:
        """Doubled reduced cost of edge (i, j) of weight w (exact)."""
        return self.vertex[i] + self.vertex[j] + 2 * self.common_z(i, j) - 2 * w

    def common_z(self, i: int, j: int) -> int:
        """The sum of z over the blossoms holding both i and j: the z of the smallest one
        and of every blossom around it (the blossom tree is walked up from i until a
        blossom holds j too, by the places of :meth:`layout`)."""
        if self._places is None:
            order, span = self.layout()
            place = [0] * self.n
            for p, v in enumerate(order):
                place[v] = p
            around: dict[int, int] = {}  # blossom -> its z and the z of every blossom holding it
            for b in sorted(span, key=lambda b: span[b][1] - span[b][0], reverse=True):
                up = self.parent[b]
                around[b] = self.blossom[b] + (around[up] if up >= 0 else 0)
            self._places = (place, span, around)
        place, span, around = self._places
        p = place[j]
        b = self.parent[i]
        while b != -1:
            lo, hi = span[b]
            if lo <= p < hi:
                return around[b]
            b = self.parent[b]
        return 0


def available() -> bool:
    return _blossom is not None


def matching_with_duals(
    n: int,
    us: Sequence[int],
    vs: Sequence[int],
    ws: Sequence[int],
    max_cardinality: bool = False,
    dual: list[int] | None = None,
    mate: list[int] | None = None,
) -> DualSolution:
    """Maximum-weight matching of the graph with edges (us[k], vs[k], ws[k]),
    ws Python ints (|w| < 2^100), and the optimal duals.

    ``dual``/``mate``: optional warm start (with ``max_cardinality``): feasible
    doubled vertex duals, the unmatched vertices' all of one parity, and a
    matching of tight edges (partner or -1).
    """
    if _blossom is None:
        raise ImportError("tournament.pairing._blossom is not built: run `pip install -e .`")
    mates, duals, parent = _blossom.solve(n, us, vs, ws, max_cardinality, dual, mate)
    blossoms = {b: duals[b] for b in range(n, 2 * n) if parent[b] != -2}
    return DualSolution(n, mates, duals[:n], blossoms, parent)


def reduced_costs(
    d: NDArray[Any],
    W: NDArray[Any],
    allowed: NDArray[Any],
    graph: NDArray[Any],
    order: NDArray[Any],
    parent: NDArray[Any],
    lo: NDArray[Any],
    hi: NDArray[Any],
    z: NDArray[Any],
    k: int,
) -> tuple[bytes, bytes, bytes, bytes, int, int]:
    """The C check of a dual solution over every allowed pair of a field (:file:`_blossom.c`'s
    ``reduced_costs``; :func:`.fast._reduced_costs` says what it takes and gives)."""
    if _blossom is None:
        raise ImportError("tournament.pairing._blossom is not built: run `pip install -e .`")
    return _blossom.reduced_costs(d, W, allowed, graph, order, parent, lo, hi, z, k)


def certificate_errors(sol: DualSolution, edges: Sequence[Edge]) -> list[str]:
    """Why ``sol`` would not be a proof of optimality for ``edges`` (empty: it is).

    Checks the LP-duality conditions of Edmonds' matching polytope with
    odd-set constraints: every edge's reduced cost >= 0, and complementary
    slackness (:func:`slackness_errors`). Then no matching of these edges
    weighs more.
    """
    weights = {(min(i, j), max(i, j)): w for i, j, w in edges}
    errors = [f"edge {i}-{j} violated by {s}" for i, j, w in edges if (s := sol.reduced_cost(i, j, w)) < 0]
    return errors + slackness_errors(
        sol, lambda v, u: weights[(min(v, u), max(v, u))], lambda v, u: (min(v, u), max(v, u)) in weights
    )


def slackness_errors(
    sol: DualSolution, weight: Callable[[int, int], int], is_edge: Callable[[int, int], bool], perfect: bool = False
) -> list[str]:
    """The complementary-slackness half of the proof, in Python integers:
    a matching of edges (``is_edge(v, u)``), matched edges tight (reduced cost
    0 at ``weight(v, u)``), z >= 0 and z > 0 only on full blossoms; a perfect
    matching (``perfect``: the perfect-matching LP, free y), or else y >= 0
    and y = 0 on unmatched vertices. Dual feasibility on every edge is the
    caller's other half."""
    errors = []
    mate = sol.mate
    for v, u in enumerate(mate):
        if u != -1 and (mate[u] != v or not is_edge(v, u)):
            errors.append(f"{v}-{u} is not a matched edge")
    if any(z < 0 for z in sol.blossom.values()):
        errors.append("negative blossom dual")
    if perfect:
        if -1 in mate:
            errors.append("not a perfect matching")
    elif any(y < 0 for y in sol.vertex):
        errors.append("negative vertex dual")
    for v, u in enumerate(mate):
        if u == -1 and sol.vertex[v] != 0:
            errors.append(f"unmatched vertex {v} has a dual")
        elif u > v and is_edge(v, u) and sol.reduced_cost(v, u, weight(v, u)) != 0:
            errors.append(f"matched edge {v}-{u} not tight")
    for b, leaves in sol.leaves().items():
        if sol.blossom[b] > 0:
            inside = set(leaves)
            if len(leaves) % 2 != 1 or sum(1 for v in leaves if mate[v] in inside) != len(leaves) - 1:
                errors.append(f"blossom {b} has a dual but is not full")
    return errors
