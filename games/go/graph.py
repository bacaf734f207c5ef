"""A Go board as a graph: points are the integers ``0..n-1``, each with its neighbours.

The rules of capture, liberties and area scoring only ever ask "which points
touch this one", so :class:`Graph` is all the Go core needs.  Square boards
(:func:`square`) also know their geometry (``size``, :meth:`Graph.index`,
:meth:`Graph.point`), which the variants that look along lines or jump like a
knight (Keima-Go, 1000-Volt-Go) and the coordinate notation use.  Another board
shape, such as the circular Rund-Go board, can be given as data with
:func:`from_edges`.

>>> b = square(9)
>>> len(b), b.index(0, 0), b.neighbours[b.index(0, 0)]
(81, 0, (1, 9))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

__all__ = ["Graph", "square", "from_edges"]


@dataclass(frozen=True, eq=False)
class Graph:
    """A board: ``neighbours[p]`` are the points adjacent to point ``p``.

    ``size`` is the side of a square board (points ``p = y * size + x``, ``x``
    the column from the left, ``y`` the row from the bottom, both zero-based)
    and ``None`` for boards of another shape.
    """

    name: str
    neighbours: tuple[tuple[int, ...], ...]
    size: int | None = None

    def __len__(self) -> int:
        return len(self.neighbours)

    @property
    def points(self) -> range:
        return range(len(self.neighbours))

    def index(self, x: int, y: int) -> int | None:
        """The point at column ``x``, row ``y`` of a square board, or ``None`` off the board."""
        n = self.size
        if n is None:
            raise ValueError(f"board {self.name!r} is not square")
        if 0 <= x < n and 0 <= y < n:
            return y * n + x
        return None

    def point(self, p: int) -> tuple[int, int]:
        """``(x, y)`` of point ``p`` on a square board."""
        if self.size is None:
            raise ValueError(f"board {self.name!r} is not square")
        return p % self.size, p // self.size


@cache
def square(n: int) -> Graph:
    """The ``n`` x ``n`` Go board (shared, immutable)."""
    if n < 1:
        raise ValueError("a board needs at least one point")
    nbrs = []
    for y in range(n):
        for x in range(n):
            adj = []
            if y > 0:
                adj.append((y - 1) * n + x)
            if x > 0:
                adj.append(y * n + x - 1)
            if x < n - 1:
                adj.append(y * n + x + 1)
            if y < n - 1:
                adj.append((y + 1) * n + x)
            nbrs.append(tuple(sorted(adj)))
    return Graph(f"{n}x{n}", tuple(nbrs), n)


def from_edges(name: str, count: int, edges: Iterable[tuple[int, int]]) -> Graph:
    """A board of ``count`` points joined by the undirected ``edges``.

    For board shapes other than squares (a circular Rund-Go board, say).
    """
    adj: list[set[int]] = [set() for _ in range(count)]
    for a, b in edges:
        if not (0 <= a < count and 0 <= b < count) or a == b:
            raise ValueError(f"bad edge {a}-{b} for {count} points")
        adj[a].add(b)
        adj[b].add(a)
    return Graph(name, tuple(tuple(sorted(s)) for s in adj))
