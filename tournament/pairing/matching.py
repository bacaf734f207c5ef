"""Maximum-weight matching with exact integer weights.

rustworkx's blossom algorithm works on Python ints converted to 128-bit
integers, so weights of 10^17 keep their last unit.  ``max_cardinality`` is
set: everybody is paired whenever the allowed edges make it possible.
"""

from __future__ import annotations

import rustworkx as rx


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
