"""Explanations: a pair's cost term by term, and why a player got the bye.

One builder: :func:`pair_facts` and :func:`bye_facts` give the facts as plain
data. The site keeps them with the round (``PairingRecord``, by
:func:`table_facts`) and words them for the reader
(:mod:`tournament.pairing_words`); the command line (``pair_opengotha``)
words the same facts in English (:func:`explain_pairing`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from .context import Options, Pair, RoundContext
from .costs import TERMS, PairCost
from .model import Tournament
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
    #: the formula the pairing weighed the bye by (:data:`.bye.Formula`)
    formula: str
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
        "formula": c.formula,
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


# --- "Why not these two?" ---------------------------------------------------------------------------------


class ChangedPairs(TypedDict):
    #: the round's pairs that would go, and those that would come (the two first), as player keys
    removed: list[list[str]]
    added: list[list[str]]
    #: each cost term summed over the pairs that would go, and over those that would come
    terms_removed: dict[str, int]
    terms_added: dict[str, int]
    #: who would be left without a game (the bye moved, when one of the two had it)
    unpaired: list[str]


class WhyNotFacts(TypedDict):
    players: list[str]
    #: why not, as codes with their data (words in :func:`tournament.pairing_words.why_not_lines`)
    reasons: list[dict[str, Any]]
    #: the two's pair as the pairing sees it (:func:`pair_facts`); None when they cannot be paired
    facts: PairFacts | None
    #: the pairing's total value (what the matching maximises) now, and with the two together
    total_now: int
    total_with: int | None
    #: the handicap and komi their game would have
    handicap: int | None
    changes: ChangedPairs | None
    #: a round larger than the engine's dense matching (``Options.dense_limit``): the number of players
    #: matched again, those nearest the two and their partners in the standings; the others keep their pairs
    window: NotRequired[int]


def why_not(
    t: Tournament,
    round_number: int,
    games: Sequence[tuple[str, str]],
    byes: Collection[str],
    a: str,
    b: str,
    *,
    forbidden: Collection[Pair] = frozenset(),
    kept: Collection[Pair] = frozenset(),
    options: Options = Options(),
) -> WhyNotFacts:
    """Why ``a`` and ``b`` were not paired in the round whose pairs are ``games`` (White, Black) and byes
    ``byes``, and what pairing them would cost: the two's pair cost term by term, the reasons as codes,
    and one new matching of the rest of the round with the two fixed together -- the games ``kept``
    (fixed or made by hand) stay, the byes too (but one of the two's) -- with the pairing's total value
    now and then, and the pairs that would change. The work is bounded: up to ``options.dense_limit``
    players (400) the whole round is matched again (the engine's dense matching, :func:`.engine.solve`:
    the same optimum as pairing the round with the pair fixed); in a larger round the 400 players
    nearest the two and their partners in the standings before the round (``window``), whole pairs,
    the others keeping theirs -- the best pairing with the two together that changes only those."""
    from .engine import build_context, field_order, make_game, solve

    # a game of somebody the tournament's data no longer holds stays as it is, outside the question
    known = {p.key for p in t.players}
    games = [g for g in games if g[0] in known and g[1] in known]
    byes = [k for k in byes if k in known]
    population = [k for pair in games for k in pair] + [k for k in byes if k not in {x for p in games for x in p}]
    seated = set(population)
    out: WhyNotFacts = {
        "players": [a, b],
        "reasons": [],
        "facts": None,
        "total_now": 0,
        "total_with": None,
        "handicap": None,
        "changes": None,
    }
    missing = [k for k in (a, b) if k not in seated]
    for k in missing:
        out["reasons"].append({"code": "not-in-round", "player": k})
    current = {frozenset(p) for p in games}
    if frozenset((a, b)) in current:
        out["reasons"].append({"code": "paired"})
        return out
    if missing:
        return out
    rc = build_context(t, round_number, population, options)
    order = {k: i for i, k in enumerate(field_order(rc, population))}

    def value(pair: Collection[str]) -> int:
        x, y = sorted(pair, key=order.__getitem__)
        return rc.cost(x, y).total

    out["total_now"] = sum(value(p) for p in current)
    for k in (a, b):
        if k in byes:
            out["reasons"].append({"code": "bye", "player": k})
    pinned = {frozenset(p) for p in kept} & current
    for p in pinned:
        for k in (a, b):
            if k in p:
                out["reasons"].append({"code": "kept", "player": k})
    if frozenset((a, b)) in {frozenset(p) for p in forbidden}:
        out["reasons"].append({"code": "forbidden"})
        return out
    facts = pair_facts(rc_pairing(rc), a, b)
    out["facts"] = facts
    game = make_game(rc, a, b)
    out["handicap"] = game.handicap
    out["reasons"] += _reasons(rc, a, b, facts, game.handicap)
    # the rest matched again around the two: kept games and the other byes stay
    stay = {p for p in pinned if a not in p and b not in p}
    fixed_players = {k for p in stay for k in p} | {a, b} | (set(byes) - {a, b})
    free = [k for k in population if k not in fixed_players]
    if len(free) > options.dense_limit:  # bounded: the players nearest the two and their partners
        window = _window(free, current, order, (a, b), options.dense_limit)
        stay |= {p for p in current if not p & window and a not in p and b not in p}
        free = [k for k in free if k in window]
        out["window"] = len(free)
    free = field_order(rc, free)
    pairs = solve(rc, free, frozenset(frozenset(p) for p in forbidden), options)
    new = {frozenset(p) for p in pairs} | stay | {frozenset((a, b))}
    matched = {k for p in new for k in p}
    removed = sorted((sorted(p, key=order.__getitem__) for p in current - new), key=lambda p: order[p[0]])
    added = [[a, b]] + sorted(
        (sorted(p, key=order.__getitem__) for p in new - current - {frozenset((a, b))}), key=lambda p: order[p[0]]
    )
    out["total_with"] = sum(value(p) for p in new)

    def terms(pairs_: list[list[str]]) -> dict[str, int]:
        sums = dict.fromkeys(TERMS, 0)
        for x, y in pairs_:
            for name, v in rc.cost(x, y).terms.items():
                sums[name] += v
        return sums

    out["changes"] = {
        "removed": removed,
        "added": added,
        "terms_removed": terms(removed),
        "terms_added": terms(added),
        "unpaired": [k for k in free if k not in matched],
    }
    return out


def _window(
    free: list[str], current: Collection[Pair], order: dict[str, int], two: tuple[str, str], size: int
) -> set[str]:
    """The ``size`` players (about) of ``free`` nearest in the field order (the standings before the round) to
    the two and to their partners, whole pairs of the round: the rest of the round keeps its pairs."""
    partner = {x: y for p in current for x, y in (tuple(p), tuple(p)[::-1])}
    centres = [order[k] for k in (*two, *(partner[k] for k in two if k in partner))]
    chosen: set[str] = set()
    allowed = set(free)
    for k in sorted(free, key=lambda k: (min(abs(order[k] - c) for c in centres), order[k])):
        if len(chosen) >= size:
            break
        chosen.add(k)
        if partner.get(k) in allowed:
            chosen.add(partner[k])
    return chosen


def rc_pairing(rc: RoundContext) -> Pairing:
    """A pairing of nothing in ``rc``'s round: what :func:`pair_facts` reads (its context)."""
    from .engine import Pairing

    return Pairing(rc.round, [], None, rc)


def _reasons(rc: RoundContext, a: str, b: str, facts: PairFacts, handicap: int) -> list[dict[str, Any]]:
    """What stands against the pair in the pairing's terms: a rematch (its rounds), other categories,
    other scores, the colours, the handicap, the club or country."""
    out: list[dict[str, Any]] = []
    if facts["rematch"]:
        rounds = [g.round for g in rc.tournament.games if g.round < rc.round and {g.white, g.black} == {a, b}]
        out.append({"code": "rematch", "rounds": sorted(set(rounds))})
    ca, cb = facts["categories"]
    if ca != cb and rc.tournament.params.general.number_of_categories > 1:
        out.append({"code": "categories", "categories": [ca, cb]})
    sa, sb = facts["scores_x2"]
    if sa != sb:
        out.append({"code": "score", "score_name": facts["score_name"], "scores_x2": [sa, sb]})
    wa, wb = facts["colour_balance"]
    if handicap == 0 and wa * wb > 0:
        out.append({"code": "colour", "colour_balance": [wa, wb]})
    if handicap > 0:
        out.append({"code": "handicap", "handicap": handicap})
    if facts["same_club"]:
        out.append({"code": "club", "club": facts["clubs"][0]})
    elif facts["same_country"]:
        out.append({"code": "country", "country": facts["countries"][0]})
    return out
