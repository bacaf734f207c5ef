"""Explanations: a pair's cost term by term, and why a player got the bye."""

from __future__ import annotations

from .costs import TERMS, PairCost


def pair_facts(pairing, a: str, b: str) -> dict:
    """Why pairing ``a`` with ``b`` costs what it costs (whether or not they were paired): the cost
    term by term and what lay behind it, as plain data. The site keeps this per table with the
    round (``Round.pairing_record``) and words it for the reader; the command line notes it below."""
    rc = pairing.context
    pc: PairCost = rc.cost(a, b)
    sa, sb = rc.seats[a], rc.seats[b]
    return {
        "players": [a, b],
        "total": pc.total,
        "terms": {t: pc.terms[t] for t in TERMS},
        "groups": [sa.group, sb.group],
        "places": [sa.place, sb.place],
        "group_size": sa.group_size,
        "clubs": [sa.club, sb.club],
        "countries": [sa.country, sb.country],
        "same_club": bool(sa.club) and sa.club == sb.club,
        "same_country": bool(sa.country) and sa.country == sb.country,
        "colour_balance": [sa.wb, sb.wb],
        "rematch": pc.terms["duplicate"] == 0,
    }


def table_facts(pairing) -> dict[str, dict]:
    """:func:`pair_facts` of every game, by table (White first, as the costs are seen)."""
    seats = pairing.context.seats
    out = {}
    for g in pairing.games:
        if g.white in seats and g.black in seats:
            facts = pair_facts(pairing, g.white, g.black)
            out[str(g.table)] = {"white": int(g.white), "black": int(g.black), **facts}
    return out


def bye_facts(pairing, name=str) -> dict | None:
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


def explain_pair(pairing, a: str, b: str) -> dict:
    """The command line's explanation of a pair: the cost and notes in words (English)."""
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


def explain_bye(pairing) -> dict | None:
    facts = bye_facts(pairing)
    if facts is None:
        return None
    return {
        "player": facts["player"],
        "weight": facts["weight"],
        "reason": facts["reason"],
        "next_candidates": [{"player": k, "weight": w} for k, w in facts["runners_up"]],
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
