"""Stones on a board graph: groups, liberties, placing a stone with captures.

A :class:`Position` is a mutable array of point colours (``EMPTY``,
``BLACK``, ``WHITE``) over a :class:`~games.go.graph.Graph`.  It knows no turn
order and no ko: those belong to the game rules (:mod:`games.go.game` and the
variants).  :meth:`Position.play` is ordinary Go: the stone is placed,
opponent groups left without liberties are removed, and a move that leaves
its own group without liberties is refused as suicide.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from games.common import Colour
from games.go.graph import Graph

__all__ = ["EMPTY", "BLACK", "WHITE", "opponent", "colour_name", "Position", "PlayError"]

EMPTY, BLACK, WHITE = 0, 1, 2

_NAMES: dict[int, Colour] = {BLACK: "black", WHITE: "white"}


def opponent(colour: int) -> int:
    """The other colour (``BLACK`` <-> ``WHITE``)."""
    return 3 - colour


def colour_name(colour: int) -> Colour:
    return _NAMES[colour]


class PlayError(Exception):
    """A single stone cannot be placed; ``reason`` is ``"occupied"`` or ``"suicide"``."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Position:
    """The stones on a board: ``stones[p]`` is ``EMPTY``, ``BLACK`` or ``WHITE``."""

    __slots__ = ("graph", "stones")

    def __init__(self, graph: Graph, stones: Iterable[int] | None = None):
        self.graph = graph
        self.stones = bytearray(len(graph)) if stones is None else bytearray(stones)
        if len(self.stones) != len(graph):
            raise ValueError("stones do not fit the board")

    def copy(self) -> Position:
        new = Position.__new__(Position)
        new.graph = self.graph
        new.stones = bytearray(self.stones)
        return new

    def key(self) -> bytes:
        """A hashable snapshot of the stones (for ko and repetition checks)."""
        return bytes(self.stones)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.graph is other.graph and self.stones == other.stones

    # mutable, so not hashable (hash position.key() instead): Python sets __hash__ to None beside
    # this __eq__; typeshed declares it the same way
    __hash__: ClassVar[None]  # type: ignore[assignment]

    def count(self, colour: int) -> int:
        return self.stones.count(colour)

    def group(self, p: int) -> tuple[set[int], set[int]]:
        """The stones of the group at ``p`` and its liberties."""
        if self.stones[p] == EMPTY:
            raise ValueError(f"no stone at point {p}")
        liberties: set[int] = set()
        members = self._flood(p, liberties)
        assert members is not None  # None only for a search that stops at a liberty
        return members, liberties

    def dead_group(self, p: int) -> list[int] | None:
        """The stones of the group at ``p`` if it has no liberty, else ``None`` (stops at the first liberty)."""
        members = self._flood(p, None)
        return None if members is None else list(members)

    def _flood(self, p: int, liberties: set[int] | None) -> set[int] | None:
        """The stones of the group at ``p``, its liberties added to ``liberties``;
        with ``liberties`` ``None``, ``None`` at the first liberty (the group lives)."""
        stones, nbrs = self.stones, self.graph.neighbours
        colour = stones[p]
        members = {p}
        todo = [p]
        while todo:
            q = todo.pop()
            for r in nbrs[q]:
                c = stones[r]
                if c == EMPTY:
                    if liberties is None:
                        return None
                    liberties.add(r)
                elif c == colour and r not in members:
                    members.add(r)
                    todo.append(r)
        return members

    def remove_dead(self, points: Iterable[int], colour: int) -> list[int]:
        """Remove the groups of ``colour`` without liberties that hold one of ``points``; return their points."""
        removed: list[int] = []
        stones, flood = self.stones, self._flood
        for q in points:
            if stones[q] == colour:
                dead = flood(q, None)
                if dead is not None:
                    self.remove(dead)
                    removed.extend(dead)
        return removed

    def remove(self, points: Iterable[int]) -> None:
        stones = self.stones
        for q in points:
            stones[q] = EMPTY

    def capture_around(self, p: int, colour: int) -> list[int]:
        """Remove the groups of ``colour`` next to ``p`` that have no liberty; return their points."""
        return self.remove_dead(self.graph.neighbours[p], colour)

    def play(self, p: int, colour: int) -> list[int]:
        """Place a ``colour`` stone at ``p`` as in Go; return the captured points.

        Raises :class:`PlayError` (``"occupied"``, ``"suicide"``) and then
        leaves the position unchanged.
        """
        stones = self.stones
        if stones[p] != EMPTY:
            raise PlayError("occupied")
        stones[p] = colour
        captured = self.capture_around(p, opponent(colour))
        if not captured and self._flood(p, None) is not None:
            stones[p] = EMPTY
            raise PlayError("suicide")
        return captured

    def groups(self) -> list[tuple[int, set[int], set[int]]]:
        """Every group on the board as ``(colour, stones, liberties)``."""
        seen: set[int] = set()
        out = []
        for p, c in enumerate(self.stones):
            if c != EMPTY and p not in seen:
                members, libs = self.group(p)
                seen |= members
                out.append((c, members, libs))
        return out
