"""Explanations: a pair's cost term by term, and why a player got the bye.

One builder: :func:`pair_facts` and :func:`bye_facts` give the facts as plain
data. The site keeps them with the round (``PairingRecord``, by
:func:`table_facts`) and words them for the reader
(:mod:`tournament.pairing_words`); the command line (``pair_opengotha``)
words the same facts in English (:func:`explain_pairing`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypedDict

from .costs import TERMS, PairCost
from .scores import crit_value

if TYPE_CHECKING:
    from .engine import Pairing


class PairFacts(TypedDict):
    players: list[str]
    total: int
    terms: dict[str, int]
    groups: list[int]
    places: list[int]
    group_size: int
    score_name: str
    scores_x2: list[int]
    categories: list[int]
    clubs: list[str]
    countries: list[str]
    same_club: bool
    same_country: bool
    colour_balance: list[int]
    rematch: bool


class TableFacts(PairFacts):
    white: int
    black: int


class ByeFacts(TypedDict):
    player: str
    weight: int
    reason: str
    mcmahon: bool
    runners_up: list[list[str | int]]


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


def pair_facts(pairing: Pairing, a: str, b: str) -> PairFacts:
    """Why pairing ``a`` with ``b`` costs what it costs (whether or not they were paired): the cost
    term by term and what lay behind it."""
    rc = pairing.context
    pc: PairCost = rc.cost(a, b)
    sa, sb = rc.seats[a], rc.seats[b]
    main = rc.tournament.params.main_criterion
    # the main score before the round, doubled as OpenGotha keeps it (the standings show it halved)
    scores_x2 = [crit_value(rc.scores[k], main, rc.round - 2) for k in (a, b)]
    return {
        "players": [a, b],
        "total": pc.total,
        "terms": {t: pc.terms[t] for t in TERMS},
        # the engine's score groups (numbered category after category) and places in them (0 = best)
        "groups": [sa.group, sb.group],
        "places": [sa.place, sb.place],
        "group_size": sa.group_size,
        "score_name": main,
        "scores_x2": scores_x2,
        "categories": [sa.category, sb.category],
        "clubs": [sa.club, sb.club],
        "countries": [sa.country, sb.country],
        "same_club": bool(sa.club) and sa.club == sb.club,
        "same_country": bool(sa.country) and sa.country == sb.country,
        "colour_balance": [sa.wb, sb.wb],
        "rematch": pc.terms["duplicate"] == 0,
    }


def table_facts(pairing: Pairing) -> dict[str, TableFacts]:
    """:func:`pair_facts` of every game, by table (White first, as the costs are seen)."""
    seats = pairing.context.seats
    out: dict[str, TableFacts] = {}
    for g in pairing.games:
        if g.white in seats and g.black in seats:
            facts = pair_facts(pairing, g.white, g.black)
            out[str(g.table)] = {"white": int(g.white), "black": int(g.black), **facts}
    return out


def bye_facts(pairing: Pairing, name: Callable[[str], str] = str) -> ByeFacts | None:
    """Why the bye went where it went: the player, their weight, the reason and the runners-up
    (``name`` turns a player's key into what the reader sees)."""
    c = pairing.bye_choice
    if c is None:
        return None
    return {
        "player": name(c.player),
        "weight": c.weight,
        "reason": c.reason,
        "mcmahon": pairing.context.tournament.params.mcmahon,
        "runners_up": [[name(k), w] for k, w in c.runners_up],
    }


def explain_pair(pairing: Pairing, a: str, b: str) -> PairExplanation:
    """The command line's explanation of a pair: its cost and notes in words (English)."""
    f = pair_facts(pairing, a, b)
    (ga, gb), (pa, pb) = f["groups"], f["places"]
    notes = []
    if f["rematch"]:
        notes.append("they have already played each other")
    if ga != gb:
        notes.append(f"score groups differ: {ga} vs {gb}")
    else:
        notes.append(f"same score group {ga}, places {pa} and {pb} of {f['group_size']}")
    if f["same_club"]:
        notes.append(f"same club {f['clubs'][0]}")
    if f["same_country"]:
        notes.append(f"same country {f['countries'][0]}")
    wa, wb = f["colour_balance"]
    notes.append(f"colour balances {wa:+d} and {wb:+d}")
    return {"players": f["players"], "terms": f["terms"], "total": f["total"], "notes": notes}


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
