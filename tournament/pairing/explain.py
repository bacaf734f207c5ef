"""Explanations: a pair's cost term by term, and why a player got the bye."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from .costs import TERMS, PairCost

if TYPE_CHECKING:
    from .engine import Pairing


class PairExplanation(TypedDict):
    players: list[str]
    terms: dict[str, int]
    total: int
    notes: list[str]


class Candidate(TypedDict):
    player: str
    weight: int


class ByeExplanation(TypedDict):
    player: str
    weight: int
    reason: str
    next_candidates: list[Candidate]


class PairingExplanation(TypedDict):
    games: list[PairExplanation]
    bye: ByeExplanation | None
    total: int
    warnings: list[str]


def explain_pair(pairing: Pairing, a: str, b: str) -> PairExplanation:
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


def explain_bye(pairing: Pairing) -> ByeExplanation | None:
    c = pairing.bye_choice
    if c is None:
        return None
    return {
        "player": c.player,
        "weight": c.weight,
        "reason": c.reason,
        "next_candidates": [{"player": k, "weight": w} for k, w in c.runners_up],
    }


def explain_pairing(pairing: Pairing) -> PairingExplanation:
    seats = pairing.context.seats
    return {
        "games": [
            explain_pair(pairing, g.white, g.black)
            for g in sorted(pairing.games, key=lambda g: g.table)
            if g.white in seats and g.black in seats
        ],
        "bye": explain_bye(pairing),
        "total": pairing.total_cost,
        "warnings": list(pairing.warnings),
    }
