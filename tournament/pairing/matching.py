"""Maximum-weight matching with exact integer weights.

``max_weight_matching``: rustworkx's blossom algorithm, on Python ints
converted to 128-bit integers, so weights of 10^17 keep their last unit.
``max_cardinality`` is set: everybody is paired whenever the allowed edges
make it possible.  Used for fields up to ``Options.dense_limit`` players.

``matching_with_duals``: the same algorithm (a C port of van Rantwijk's
``mwmatching.py``, :file:`_blossom.c`, 128-bit integers) that also returns
the optimal dual solution -- vertex duals, the final blossoms and their duals.
With them anybody can check that a matching is optimal without trusting the
solver (:func:`certificate_errors`); :mod:`.fast` uses them to prove that a
matching found on a subset of the edges is optimal for every pair.
"""

from __future__ import annotations

from dataclasses import dataclass

import rustworkx as rx

try:
    from . import _blossom
except ImportError:  # not built: `pip install -e .` compiles it (setup.py)
    _blossom = None


def max_weight_matching(n: int, edges: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """Pairs (i, j), i < j, of a maximum-cardinality, maximum-weight matching.

    ``edges`` are (i, j, weight) with 0 <= i, j < n and integer weights.
    """
    g = rx.PyGraph(multigraph=False)
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    mate = rx.max_weight_matching(g, max_cardinality=True, weight_fn=_identity)
    return sorted((min(a, b), max(a, b)) for a, b in mate)


def _identity(w):
    return w


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

    def pairs(self) -> list[tuple[int, int]]:
        return [(v, u) for v, u in enumerate(self.mate) if u > v]

    def leaves(self) -> dict[int, list[int]]:
        """Vertices of each blossom."""
        out: dict[int, list[int]] = {b: [] for b in self.blossom}
        for v in range(self.n):
            b = self.parent[v]
            while b != -1:
                out[b].append(v)
                b = self.parent[b]
        return out

    def ancestors(self, v: int) -> list[int]:
        out = []
        b = self.parent[v]
        while b != -1:
            out.append(b)
            b = self.parent[b]
        return out

    def reduced_cost(self, i: int, j: int, w: int) -> int:
        """Doubled reduced cost of edge (i, j) of weight w (exact)."""
        common = set(self.ancestors(i)).intersection(self.ancestors(j))
        return self.vertex[i] + self.vertex[j] + 2 * sum(self.blossom[b] for b in common) - 2 * w


def available() -> bool:
    return _blossom is not None


def matching_with_duals(n: int, us, vs, ws, max_cardinality: bool = False,
                        dual: list[int] | None = None, mate: list[int] | None = None) -> DualSolution:
    """Maximum-weight matching of the graph with edges (us[k], vs[k], ws[k]),
    ws Python ints (|w| < 2^100), and the optimal duals.

    ``dual``/``mate``: optional warm start (with ``max_cardinality``): feasible
    doubled vertex duals, the unmatched vertices' all of one parity, and a
    matching of tight edges (partner or -1).
    """
    if _blossom is None:
        raise ImportError("tournament.pairing._blossom is not built: run `pip install -e .`")
    mate, dual, parent = _blossom.solve(n, us, vs, ws, max_cardinality, dual, mate)
    blossoms = {b: dual[b] for b in range(n, 2 * n) if parent[b] != -2}
    return DualSolution(n, mate, dual[:n], blossoms, parent)


def certificate_errors(sol: DualSolution, edges) -> list[str]:
    """Why ``sol`` would not be a proof of optimality for ``edges`` (empty: it is).

    Checks the LP-duality conditions of Edmonds' matching polytope with
    odd-set constraints: y >= 0, z >= 0; every edge's reduced cost >= 0;
    matched edges have reduced cost 0; unmatched vertices have y = 0;
    blossoms with z > 0 are full ((|B| - 1) / 2 matched edges inside).
    Then no matching of these edges weighs more.
    """
    errors = []
    mate = sol.mate
    if any(y < 0 for y in sol.vertex):
        errors.append("negative vertex dual")
    if any(z < 0 for z in sol.blossom.values()):
        errors.append("negative blossom dual")
    for v in range(sol.n):
        if mate[v] == -1 and sol.vertex[v] != 0:
            errors.append(f"unmatched vertex {v} has a dual")
        if mate[v] != -1 and mate[mate[v]] != v:
            errors.append(f"mate of {v} inconsistent")
    seen_matched = 0
    for i, j, w in edges:
        s = sol.reduced_cost(i, j, w)
        if s < 0:
            errors.append(f"edge {i}-{j} violated by {s}")
        if mate[i] == j:
            seen_matched += 1
            if s != 0:
                errors.append(f"matched edge {i}-{j} not tight ({s})")
    if seen_matched != len(sol.pairs()):
        errors.append("a matched pair is not an edge")
    for b, leaves in sol.leaves().items():
        if sol.blossom[b] > 0:
            inside = set(leaves)
            matched_inside = sum(1 for v in leaves if mate[v] in inside) // 2
            if len(leaves) % 2 != 1 or matched_inside != (len(leaves) - 1) // 2:
                errors.append(f"blossom {b} has a dual but is not full")
    return errors
