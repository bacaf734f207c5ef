"""Ordering players by the chosen criteria, direct confrontation (:mod:`tournament.pairing.direct`), and ties.

Players equal on every criterion share a place (``3=``); the place of the
next player counts everyone ahead (``1, 2=, 2=, 4``).  Within a tie the
rows are listed as OpenGotha lists them (name, then first name, compared
character by character), and numbered 1..n without gaps: that number is what
crosstables and the EGD file use for opponents.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from tournament.pairing.direct import Values, direct_confrontation, simplified_direct_confrontation

from .criteria import get
from .model import Game, PlayerId
from .scores import Scores

#: A player's values in the order: criteria (ints) after a leading overall score (place points, a Fraction).
Key = Values
#: A player in the order: (scores, key, place, tied with others).
Ranked = tuple[Scores, Key, int, bool]


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


__all__ = ["Key", "Ranked", "direct_confrontation", "order", "simplified_direct_confrontation", "tiebreak_key"]
