"""Ordering players by the chosen criteria, direct confrontation, and ties.

Players equal on every criterion share a place (``3=``); the place of the
next player counts everyone ahead (``1, 2=, 2=, 4``).  Within a tie the
rows are listed as OpenGotha lists them (name, then first name, compared
character by character), and numbered 1..n without gaps: that number is what
crosstables and the EGD file use for opponents.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Protocol, TypeVar

from .criteria import get
from .model import BLACK, WHITE, Game, PlayerId
from .scores import Scores

#: A player's id: the standings' ids, or the pairing's keys (:func:`tournament.pairing.engine.direct_confrontation_before`).
Id = TypeVar("Id", bound=PlayerId)
Id_co = TypeVar("Id_co", bound=PlayerId, covariant=True)
#: A player's values in the order: criteria (ints) after a leading overall score (place points, a Fraction).
Key = tuple[int | Fraction, ...]
#: A player in the order: (scores, key, place, tied with others).
Ranked = tuple[Scores, Key, int, bool]


class HasId(Protocol[Id_co]):
    """A player of a tied group: the standings' :class:`~.scores.Scores`, or the pairing's stand-in."""

    @property
    def id(self) -> Id_co: ...


class PlayedGame(Protocol[Id_co]):
    """A game as direct confrontation reads it: the standings' or the pairing's (results ``B`` and ``W`` alike)."""

    @property
    def black(self) -> Id_co: ...
    @property
    def white(self) -> Id_co: ...
    @property
    def result(self) -> str: ...
    @property
    def by_default(self) -> bool: ...


def direct_confrontation(
    group: Sequence[HasId[Id]], games: Iterable[PlayedGame[Id]], secondary: Mapping[Id, Key] | None = None
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


def tiebreak_key(s: Scores) -> tuple[str, str, str]:
    """OpenGotha's ``ScoredPlayerComparator`` on equal scores: name, then first name."""
    e = s.entrant
    return (e.surname, e.given_name, str(e.id))


def order(
    scores: Iterable[Scores],
    criteria: Sequence[str],
    games: Sequence[Game],
    leading: Mapping[PlayerId, Key] | None = None,
    shown: set[PlayerId] | None = None,
) -> list[Ranked]:
    """``(scores, key, place, tied)`` for every player, best first.

    ``leading`` puts extra values before the criteria (the overall points of
    the Pentamind modes). ``shown``: the players listed; as in OpenGotha the
    others still count in the direct confrontation of their group (DC is
    computed over every player) and are left out before places are given.
    """
    scores = list(scores)
    lead = leading or {}
    crits = [get(c) for c in criteria]
    for s in scores:
        s.dc = s.sdc = 0
    keys = {s.id: lead.get(s.id, ()) + tuple(c.value(s) for c in crits) for s in scores}
    direct = [c for c in criteria if c in ("dc", "sdc")]
    if direct:
        code = direct[0]
        i = len(lead.get(scores[0].id, ())) if scores and lead else 0
        i += list(criteria).index(code)
        groups: dict[Key, list[Scores]] = {}
        for s in scores:
            groups.setdefault(keys[s.id][:i], []).append(s)
        by_id = {s.id: s for s in scores}
        for group in groups.values():
            if len(group) <= 1:
                continue
            if code == "dc":
                secondary = {s.id: keys[s.id][i + 1 :] for s in group}  # the criteria after DC
                values = direct_confrontation(group, games, secondary)
            else:
                values = simplified_direct_confrontation(group, games)
            for pid, value in values.items():
                k = keys[pid]
                keys[pid] = k[:i] + (value,) + k[i + 1 :]
                setattr(by_id[pid], code, value)
    scores.sort(key=tiebreak_key)
    scores.sort(key=lambda s: keys[s.id], reverse=True)
    if shown is not None:
        scores = [s for s in scores if s.id in shown]
    out: list[Ranked] = []
    place = 0
    for n, s in enumerate(scores):
        key = keys[s.id]
        if n == 0 or key != out[-1][1]:
            place = n + 1
        out.append((s, key, place, False))
    counts: dict[int, int] = {}
    for _s, _k, p, _t in out:
        counts[p] = counts.get(p, 0) + 1
    return [(s, k, p, counts[p] > 1) for s, k, p, _t in out]


def _net_wins(games: Iterable[PlayedGame[Id]], members: set[Id]) -> dict[tuple[Id, Id], int]:
    """Wins minus losses of each ordered pair of ``members`` against each other (games played,
    not by default; a draw counts for neither): ``net[(a, b)]`` is how many more games a won than b."""
    net: dict[tuple[Id, Id], int] = {}
    for g in games:
        if g.by_default or g.black not in members or g.white not in members:
            continue
        if g.result == BLACK:
            winner, loser = g.black, g.white
        elif g.result == WHITE:
            winner, loser = g.white, g.black
        else:
            continue
        net[(winner, loser)] = net.get((winner, loser), 0) + 1
        net[(loser, winner)] = net.get((loser, winner), 0) - 1
    return net
