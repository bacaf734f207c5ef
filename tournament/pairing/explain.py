"""Explanations: a pair's cost term by term, and why a player got the bye."""

from __future__ import annotations

from .costs import TERMS, PairCost


def explain_pair(pairing, a: str, b: str) -> dict:
    """Cost of pairing a with b in this round (whether or not they were paired)."""
    rc = pairing.context
    pc: PairCost = rc.cost(a, b)
    sa, sb = rc.seats[a], rc.seats[b]
    notes = []
    if pc.terms["duplicate"] == 0:
        notes.append("they have already played each other")
    if sa.group != sb.group:
        notes.append(f"score groups differ: {sa.group} vs {sb.group}")
    else:
        notes.append(f"same score group {sa.group}, places {sa.place} and {sb.place} of {sa.group_size}")
    if sa.club == sb.club and sa.club:
        notes.append(f"same club {sa.club}")
    if sa.country == sb.country and sa.country:
        notes.append(f"same country {sa.country}")
    notes.append(f"colour balances {sa.wb:+d} and {sb.wb:+d}")
    return {
        "players": [a, b],
        "terms": {t: pc.terms[t] for t in TERMS},
        "total": pc.total,
        "notes": notes,
    }


def explain_bye(pairing) -> dict | None:
    c = pairing.bye_choice
    if c is None:
        return None
    return {
        "player": c.player,
        "weight": c.weight,
        "reason": c.reason,
        "next_candidates": [{"player": k, "weight": w} for k, w in c.runners_up],
    }


def explain_pairing(pairing) -> dict:
    return {
        "games": [
            explain_pair(pairing, g.white, g.black)
            for g in sorted(pairing.games, key=lambda g: g.table)
            if g.white in pairing.context.seats and g.black in pairing.context.seats
        ],
        "bye": explain_bye(pairing),
        "total": pairing.total_cost,
        "warnings": list(pairing.warnings),
    }
