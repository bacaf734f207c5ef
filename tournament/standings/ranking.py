"""Ordering players by the chosen criteria, direct confrontation, and ties.

Players equal on every criterion share a place (``3=``); the place of the
next player counts everyone ahead (``1, 2=, 2=, 4``).  Within a tie the
rows are listed by rank, then name, and numbered 1..n without gaps: that
number is what crosstables and the EGD file use for opponents.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .criteria import get
from .model import BLACK, WHITE, Game
from .scores import Scores


def direct_confrontation(group: Sequence[Scores], games: Iterable[Game]) -> dict[int, int]:
    """DC among players tied on every criterion before it.

    A player ranks above everyone they beat, directly or through a chain of
    wins within the group (OpenGotha's topological sort of the group's
    games); players in a cycle of wins, or without games between them, tie.
    The value is the length of the longest chain of wins below the player.
    Games by default do not count.
    """
    ids = {s.id for s in group}
    net: dict[tuple[int, int], int] = {}
    for g in games:
        if g.by_default or g.black not in ids or g.white not in ids:
            continue
        if g.result == BLACK:
            winner, loser = g.black, g.white
        elif g.result == WHITE:
            winner, loser = g.white, g.black
        else:
            continue
        net[(winner, loser)] = net.get((winner, loser), 0) + 1
        net[(loser, winner)] = net.get((loser, winner), 0) - 1
    beats: dict[int, list[int]] = {i: [] for i in ids}
    for (a, b), v in net.items():
        if v > 0:
            beats[a].append(b)
    component = _components(ids, beats)
    # condensed graph, longest path to a sink
    comp_edges: dict[int, set[int]] = {}
    for a, targets in beats.items():
        for b in targets:
            if component[a] != component[b]:
                comp_edges.setdefault(component[a], set()).add(component[b])
    depth: dict[int, int] = {}

    def longest(c: int) -> int:
        stack = [(c, False)]
        while stack:
            node, done = stack.pop()
            if node in depth:
                continue
            children = comp_edges.get(node, ())
            if done:
                depth[node] = 1 + max((depth[k] for k in children), default=-1)
                continue
            stack.append((node, True))
            stack.extend((k, False) for k in children if k not in depth)
        return depth[c]

    return {i: longest(component[i]) for i in ids}


def _components(ids: set[int], beats: dict[int, list[int]]) -> dict[int, int]:
    """Strongly connected components (Kosaraju, iterative)."""
    order: list[int] = []
    seen: set[int] = set()
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
    reverse: dict[int, list[int]] = {i: [] for i in ids}
    for a, targets in beats.items():
        for b in targets:
            reverse[b].append(a)
    component: dict[int, int] = {}
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


def tiebreak_key(s: Scores) -> tuple:
    e = s.entrant
    return (-e.rank, e.surname.casefold(), e.given_name.casefold(), str(e.id))


def order(scores: Iterable[Scores], criteria: Sequence[str], games: Sequence[Game],
          leading: dict[int, tuple] | None = None) -> list[tuple[Scores, tuple, int, bool]]:
    """``(scores, key, place, tied)`` for every player, best first.

    ``leading`` puts extra values before the criteria (the overall points of
    the Pentamind modes).
    """
    scores = list(scores)
    lead = leading or {}
    crits = [get(c) for c in criteria]
    keys = {s.id: lead.get(s.id, ()) + tuple(c.value(s) for c in crits) for s in scores}
    if "dc" in criteria:
        i = len(lead.get(scores[0].id, ())) if scores and lead else 0
        i += list(criteria).index("dc")
        groups: dict[tuple, list[Scores]] = {}
        for s in scores:
            groups.setdefault(keys[s.id][:i], []).append(s)
        by_id = {s.id: s for s in scores}
        for group in groups.values():
            if len(group) > 1:
                for pid, dc in direct_confrontation(group, games).items():
                    if dc:
                        k = keys[pid]
                        keys[pid] = k[:i] + (dc,) + k[i + 1:]
                        by_id[pid].dc = dc
    scores.sort(key=tiebreak_key)
    scores.sort(key=lambda s: keys[s.id], reverse=True)
    out = []
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
