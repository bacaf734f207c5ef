"""Direct confrontation (DC) and simplified direct confrontation (SDC), as OpenGotha computes them.

Among players tied on every placement criterion before DC or SDC, the games
they played against each other decide.  The standings (:mod:`tournament.standings.ranking`)
and the pairing (:func:`tournament.pairing.engine.direct_confrontation_before`,
the standings before a round) use the same functions, each with its own players and games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Protocol, TypeVar

from .model import Result

#: A player's id: the pairing's keys (str), or the standings' ids (the site's primary keys, OpenGotha's keys).
Id = TypeVar("Id", bound=int | str)
Id_co = TypeVar("Id_co", bound=int | str, covariant=True)
#: A player's values on the criteria after DC (higher is better).
Values = tuple[int | Fraction, ...]


class HasId(Protocol[Id_co]):
    """A player of a tied group: the standings' :class:`~tournament.standings.scores.Scores`, or the pairing's stand-in."""

    @property
    def id(self) -> Id_co: ...


class PlayedGame(Protocol[Id_co]):
    """A game as direct confrontation reads it: the standings' or the pairing's (a win is ``B`` or ``W`` in both)."""

    @property
    def black(self) -> Id_co: ...
    @property
    def white(self) -> Id_co: ...
    @property
    def result(self) -> str: ...
    @property
    def by_default(self) -> bool: ...


def direct_confrontation(
    group: Sequence[HasId[Id]], games: Iterable[PlayedGame[Id]], secondary: Mapping[Id, Values] | None = None
) -> dict[Id, int]:
    """DC among players tied on every criterion before it, as OpenGotha computes it.

    The games within the group make a graph of wins (games by default do
    not count; two players who met more than once count if one of them won
    more of their games). Players in a cycle of wins are one block: they
    share every win and loss the block has against the others, and none
    among themselves (a win over one of them is a win over all of them).
    Then the group is ranked from the bottom: of the
    players who beat nobody still unranked, those with the lowest
    ``secondary`` values (the criteria after DC, higher is better) take the
    lowest place, together if equal, and so on up. DC is the number of
    places above the lowest: a player ranks above everyone they beat,
    directly or through a chain of wins, and where the games say nothing
    the criteria after DC decide (Matthieu Walraet's topological sort in
    OpenGotha, with "winners favoured" and "transitivity preserved").
    As in OpenGotha, a win edge is drawn only when one player won exactly one
    game more than the other.
    """
    ids = {s.id for s in group}
    secondary = secondary or {}
    net = _net_wins(games, ids)
    beats: dict[Id, list[Id]] = {i: [] for i in ids}
    for (a, b), v in net.items():
        if v == 1:
            beats[a].append(b)
    component = _components(ids, beats)
    members: dict[int, list[Id]] = {}
    for i in ids:
        members.setdefault(component[i], []).append(i)
    # whom each block beat: a win over one member of a block is a win over
    # all of it, and every member of the winning block counts it as its own
    beaten: dict[int, set[Id]] = {}
    for a, targets in beats.items():
        for b in targets:
            if component[a] != component[b]:
                beaten.setdefault(component[a], set()).update(members[component[b]])
    unranked_beaten = {i: len(beaten.get(component[i], ())) for i in ids}
    counted_by: dict[Id, list[Id]] = {i: [] for i in ids}
    for c, losers in beaten.items():
        for b in losers:
            counted_by[b].extend(members[c])
    remaining = set(ids)
    rank: dict[Id, int] = {}
    while remaining:
        candidates = [i for i in remaining if unranked_beaten[i] == 0]
        lowest = min(secondary.get(i, ()) for i in candidates)
        peeled = [i for i in candidates if secondary.get(i, ()) == lowest]
        place = 1 + len(remaining) - len(peeled)
        for i in peeled:
            rank[i] = place
            remaining.discard(i)
            for j in counted_by[i]:
                unranked_beaten[j] -= 1
    worst = max(rank.values(), default=0)
    return {i: worst - rank[i] for i in ids}


def simplified_direct_confrontation(group: Sequence[HasId[Id]], games: Iterable[PlayedGame[Id]]) -> dict[Id, int]:
    """OpenGotha's SDC among players tied on every criterion before it.

    Only when every two players of the group have a net result between them
    (more wins than losses one way; games by default do not count): each
    player's SDC is the number of the group's players they beat. Otherwise 0
    for everybody.
    """
    ids = [s.id for s in group]
    members = set(ids)
    net = _net_wins(games, members)
    if any(net.get((a, b), 0) == 0 for a in ids for b in ids if a != b):
        return {i: 0 for i in ids}
    return {a: sum(1 for b in ids if a != b and net[(a, b)] > 0) for a in ids}


def _components(ids: set[Id], beats: dict[Id, list[Id]]) -> dict[Id, int]:
    """Strongly connected components (Kosaraju, iterative)."""
    order: list[Id] = []
    seen: set[Id] = set()
    for start in sorted(ids):
        if start in seen:
            continue
        seen.add(start)
        stack = [(start, iter(beats[start]))]
        while stack:
            node, it = stack[-1]
            for nxt in it:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, iter(beats[nxt])))
                    break
            else:
                stack.pop()
                order.append(node)
    reverse: dict[Id, list[Id]] = {i: [] for i in ids}
    for a, targets in beats.items():
        for b in targets:
            reverse[b].append(a)
    component: dict[Id, int] = {}
    for c, start in enumerate(reversed(order)):
        if start in component:
            continue
        component[start] = c
        todo = [start]
        while todo:
            node = todo.pop()
            for nxt in reverse[node]:
                if nxt not in component:
                    component[nxt] = c
                    todo.append(nxt)
    return component


def _net_wins(games: Iterable[PlayedGame[Id]], members: set[Id]) -> dict[tuple[Id, Id], int]:
    """Wins minus losses of each ordered pair of ``members`` against each other (games played,
    not by default; a draw counts for neither): ``net[(a, b)]`` is how many more games a won than b."""
    net: dict[tuple[Id, Id], int] = {}
    for g in games:
        if g.by_default or g.black not in members or g.white not in members:
            continue
        if g.result == Result.BLACK_WINS:
            winner, loser = g.black, g.white
        elif g.result == Result.WHITE_WINS:
            winner, loser = g.white, g.black
        else:
            continue
        net[(winner, loser)] = net.get((winner, loser), 0) + 1
        net[(loser, winner)] = net.get((loser, winner), 0) - 1
    return net
