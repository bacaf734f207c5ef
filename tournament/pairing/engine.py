"""Pair one round: ``pair_round(tournament, round_number, ...)``.

1. Scores of every player from all earlier rounds, whatever their discipline.
2. The players present in the round, minus kept games and fixed pairs; if
   their number is odd, the bye (OpenGotha's rule, :mod:`.bye`).
3. A :class:`~.costs.Seat` for each player: score group, place in the group,
   draw-ups/downs, colour balance (within the round's discipline), earlier
   opponents (whole tournament or same discipline, ``rematch_scope``).
4. OpenGotha's cost for every allowed pair (forbidden pairs get no edge) and
   one maximum-weight matching over the whole field (:mod:`.matching`; above
   ``Options.dense_limit`` players column generation proven optimal over
   every pair by the blossom duals, :mod:`.fast`). Among equally good
   pairings the tie rule of :mod:`.matching` decides (a fixed tie weight per
   pair of places in the field order), never the order the matcher visits
   pairs in: a file gives the same pairing on every machine.
5. Colours, handicap and komi by the round's discipline, table numbers.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypedDict

from . import costs as C
from . import tables
from .bye import ByeChoice, choose_bye, given_by_hand
from .context import Options, Pair, RoundContext
from .direct import direct_confrontation, simplified_direct_confrontation
from .handicap import rule_for
from .matching import max_weight_matching
from .model import Game, Tournament
from .scores import PlayerScores, crit_value, score_table


class GameJSON(TypedDict):
    table: int
    white: str
    black: str
    handicap: int


class PairingJSON(TypedDict):
    """What ``pair_opengotha`` prints (a stable contract): :meth:`Pairing.as_dict`."""

    round: int
    games: list[GameJSON]
    bye: str | None


@dataclass
class Pairing:
    round: int
    games: list[Game]
    bye: str | None
    context: RoundContext
    bye_choice: ByeChoice | None = None
    costs: dict[Pair, C.PairCost] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    unpaired: list[str] = field(default_factory=list)

    @property
    def total_cost(self) -> int:
        """The sum of the games' costs, each seen from White (as explanations show them)."""
        return sum(c.total for c in self.costs.values())

    @property
    def weight(self) -> int:
        """What the matching maximises: each pair's cost seen from the player first in
        the field order (OpenGotha's random seeding part makes a pair's cost depend on
        the order). Two optimal pairings have the same weight; their ``total_cost``
        may differ."""
        rc = self.context
        order = {k: i for i, k in enumerate(field_order(rc, [k for g in self.games for k in (g.white, g.black)]))}
        total = 0
        for g in self.games:
            a, b = sorted((g.white, g.black), key=order.__getitem__)
            total += rc.cost(a, b).total
        return total

    def as_dict(self) -> PairingJSON:
        return {
            "round": self.round,
            "games": [
                {"table": g.table, "white": g.white, "black": g.black, "handicap": g.handicap}
                for g in sorted(self.games, key=lambda g: g.table)
            ],
            "bye": self.bye,
        }


def _jhalf(v: int) -> int:
    q = abs(v) // 2
    return q if v >= 0 else -q


def _same_discipline_rounds(t: Tournament, round_number: int) -> set[int]:
    """Earlier rounds of the same game (whatever their handicap policy)."""
    kind = t.discipline(round_number).kind
    return {r for r in range(1, round_number) if t.discipline(r).kind == kind}


def build_context(  # noqa: C901
    t: Tournament, round_number: int, population: list[str], options: Options = Options(), *, ranked: bool = True
) -> RoundContext:
    """Scores and seats for every player in ``population`` before ``round_number``.

    ``ranked=False``: without what only the pairing's costs read -- the
    players' places in their score groups (and so the opponents' scores,
    direct confrontation and the list order): colours, handicaps and
    rematches of given games, for hand edits and their checks, at a
    fraction of the work.
    """
    P = t.params
    rn = round_number - 1
    idx = rn - 1
    history = [g for g in t.games if g.round < round_number]
    byes = [b for b in t.byes if b.round < round_number]
    scores = score_table(t.players, history, byes, P.general, max(round_number - 1, 1), opponents=ranked)
    main = P.main_criterion
    by_key = {p.key: p for p in t.players}

    population_rule = options.group_population or ("all" if options.dialect == "3.51.02" else "round")
    if population_rule == "all":
        grouped = [p.key for p in t.players]
    else:
        grouped = list(population)
    # OpenGotha's fillPairingInfo: the main scores a group can have, and
    # the groups numbered category by category (the best category first)
    if main == "MMS":
        lo, hi = P.general.mm_floor - 1 + 30, P.general.mm_bar + 2 + rn + 30
    elif main == "CPS":
        lo, hi = 0, 2**rn
    else:
        lo, hi = 0, rn
    span = hi - lo + 1
    score_range = span * max(P.general.number_of_categories, 1)  # numberOfGroups

    def group_number(k: str) -> int:
        return _jhalf(crit_value(scores[k], main, idx)) - scores[k].category * span

    group_of = {k: group_number(k) for k in grouped}
    for k in population:
        group_of.setdefault(k, group_number(k))

    pp = P.pairing
    # as the seed system (costs.seed_system): system 1's criterion before the
    # file's last round for it
    additional = pp.additional_criterion1 if rn < pp.last_round_for_seed_system1 else pp.additional_criterion2
    crits = list(P.placement) + ([additional] if additional not in ("NULL", "") else [])

    direct = direct_confrontation_before(t, scores, P.placement, idx, history) if ranked else {}

    def value(k: str, c: str) -> int:
        return direct.get(k, 0) if c in ("DC", "SDC") else crit_value(scores[k], c, idx)

    def sort_key(k: str) -> tuple[int | str, ...]:
        p = by_key[k]
        # OpenGotha's ScoredPlayerComparator: the criteria, then name, then first name
        return tuple(-value(k, c) for c in crits) + (p.name, p.first_name)

    groups: dict[int, list[str]] = {}
    for k in grouped if ranked else ():
        groups.setdefault(group_of[k], []).append(k)
    place: dict[str, int] = {}
    size: dict[str, int] = {}
    for members in groups.values():
        members.sort(key=sort_key)
        for i, k in enumerate(members):
            place[k] = i
            size[k] = len(members)

    disc = t.discipline(round_number)
    same_disc = _same_discipline_rounds(t, round_number)
    rematch_rounds = same_disc if P.rematch_scope == "discipline" else set(range(1, round_number))

    seats: dict[str, C.Seat] = {}
    for k in population:
        p = by_key[k]
        s = scores[k]
        du = dd = 0
        wb = 0
        played: set[str] = set()
        for r in range(rn):
            g = s.games[r]
            if g is None:
                continue
            opp = g.opponent(k)
            mine = _jhalf(crit_value(s, main, r - 1))
            theirs = _jhalf(crit_value(scores[opp], main, r - 1))
            if mine < theirs:
                du += 1
            elif mine > theirs:
                dd += 1
            if g.handicap == 0 and (r + 1) in same_disc:
                wb += 1 if g.white == k else -1
            if (r + 1) in rematch_rounds:
                played.add(opp)
        cat = s.category
        seats[k] = C.Seat(
            key=k,
            random_name=p.name + p.first_name,
            rank=p.rank,
            club=p.club,
            country=p.country,
            group=group_of[k],
            group_size=size.get(k, 1),
            place=place.get(k, 0),
            nb_du=du,
            nb_dd=dd,
            wb=wb,
            nbw2=crit_value(s, "NBW", idx),
            mms2=crit_value(s, "MMS", idx),
            smms=s.smms,
            category=cat,
            played=frozenset(played),
        )

    rule = rule_for(disc, P.handicap, P.general.komi)

    def advantage(a: C.Seat, b: C.Seat) -> int:
        return rule.advantage(a.rank, b.rank, a.mms2, b.mms2)

    ctx = C.Context(
        params=P,
        round_index=rn,
        score_range=score_range,
        handicap=advantage,
        clubs_groups=t.clubs_groups,
        dialect=options.dialect,
        cross_category=options.crossing,
    )

    def standings_key(k: str) -> tuple[int | str, ...]:
        p = by_key[k]
        return tuple(-value(k, c) for c in P.placement) + (p.name, p.first_name)

    # OpenGotha's list of players to pair: the standings before the round
    # (placement criteria, then name and first name)
    list_order = {k: i for i, k in enumerate(sorted(population, key=standings_key))} if ranked else {}
    return RoundContext(t, round_number, disc, scores, seats, ctx, rule, list_order)


@dataclass(frozen=True)
class _Ref:
    id: str


def direct_confrontation_before(
    t: Tournament, scores: dict[str, PlayerScores], placement: Sequence[str], idx: int, games: Sequence[Game]
) -> dict[str, int]:
    """DC or SDC of every player in the standings before the round, as OpenGotha
    computes them for its pairing (over every registered player, from the games
    before the round); {} when neither is a placement criterion."""
    names = [c for c in placement if c in ("DC", "SDC")]
    if not names or idx < 0:
        return {}
    i = list(placement).index(names[0])
    before, after = placement[:i], placement[i + 1 :]
    groups: dict[tuple[int, ...], list[str]] = {}
    for p in t.players:
        groups.setdefault(tuple(crit_value(scores[p.key], c, idx) for c in before), []).append(p.key)
    out: dict[str, int] = {}
    for keys in groups.values():
        if len(keys) < 2:
            continue
        group = [_Ref(k) for k in keys]
        if names[0] == "DC":
            secondary = {k: tuple(crit_value(scores[k], c, idx) for c in after) for k in keys}
            out.update(direct_confrontation(group, games, secondary))
        else:
            out.update(simplified_direct_confrontation(group, games))
    return out


def make_game(rc: RoundContext, a: str, b: str, table: int = 0) -> Game:
    """OpenGotha's ``gameBetween``: colours, handicap and komi for a pair."""
    p, q = rc.seats[a], rc.seats[b]
    adv = rc.ctx.handicap(p, q)
    if adv > 0:
        white, black = p, q
    elif adv < 0:
        white, black = q, p
    elif p.wb > q.wb:
        white, black = q, p
    elif p.wb < q.wb:
        white, black = p, q
    elif C.det_random(1, p.random_name, q.random_name) == 0:
        white, black = p, q
    else:
        white, black = q, p
    setting = rc.handicap.setting(white.rank, black.rank, white.mms2, black.mms2)
    return Game(
        round=rc.round,
        white=white.key,
        black=black.key,
        handicap=setting.stones,
        table=table,
        komi=setting.komi,
        reverse_komi=setting.reverse,
    )


def _norm_pairs(pairs: Iterable[Iterable[str]]) -> set[Pair]:
    return {frozenset(p) for p in pairs}


def pair_round(  # noqa: C901
    t: Tournament,
    round_number: int,
    *,
    forbidden: Iterable[Iterable[str]] = (),
    fixed: Iterable[Iterable[str]] = (),
    keep: Sequence[Game] = (),
    bye: str | None = None,
    options: Options = Options(),
    table_rules: tables.TableRules = tables.NO_RULES,
    held_tables: Mapping[str, int] | None = None,
) -> Pairing:
    """Pair ``round_number`` of ``t``.

    forbidden: pairs of keys that must never meet (hard constraint).
    fixed: pairs of keys that must meet in this round (colours by the rules).
    keep: games of this round to keep exactly as they are (manual edits).
    bye: force this player to get the bye (otherwise OpenGotha's choice when
    the number of players to pair is odd).
    table_rules, held_tables: the tables to skip or keep for the top boards, and the
    tables players hold by hand (:mod:`tournament.pairing.tables`).
    Games and byes of ``round_number`` and later in ``t`` are ignored.
    """
    by_key = {p.key: p for p in t.players}
    present = [p for p in t.players if p.present(round_number)]
    present_keys = {p.key for p in present}
    warnings: list[str] = []
    busy: set[str] = set()
    for g in keep:
        busy |= {g.white, g.black}
    fixed_pairs = [_two(p) for p in fixed]
    for a, b in fixed_pairs:
        for k in (a, b):
            if k in busy:
                raise ValueError(f"{k} is in two fixed or kept pairs")
            if k not in by_key:
                raise ValueError(f"unknown player {k!r} in a fixed pair")
            if k not in present_keys:
                warnings.append(f"{k} is marked absent but is in a fixed pair")
            busy.add(k)
    forbidden_set = _norm_pairs(forbidden)
    for a, b in fixed_pairs:
        if frozenset((a, b)) in forbidden_set:
            raise ValueError(f"{a} and {b} are both a fixed and a forbidden pair")
    to_pair = [p for p in present if p.key not in busy]
    population = [p.key for p in present] + [k for k in busy if k not in present_keys]
    rc = build_context(t, round_number, population, options)

    bye_choice: ByeChoice | None = None
    if bye is not None:
        if bye in busy:
            raise ValueError(f"{bye} cannot get the bye: already paired")
        to_pair = [p for p in to_pair if p.key != bye]
        bye_choice = given_by_hand(bye)
    elif len(to_pair) % 2 == 1:
        byes_so_far: dict[str, int] = {}
        for earlier in t.byes:
            if earlier.round < round_number:
                byes_so_far[earlier.player] = byes_so_far.get(earlier.player, 0) + 1
        ordered = sorted(to_pair, key=lambda p: rc.list_order[p.key])
        # 3.51.02 weighs every bye by rank + 2 MMS, Swiss too
        mcmahon = t.params.mcmahon or options.dialect == "3.51.02"
        bye_choice = choose_bye(ordered, rc.scores, byes_so_far, round_number - 1, mcmahon)
        to_pair = [p for p in to_pair if p.key != bye_choice.player]

    # canonical field order (score group, then place in the group, which ends
    # on the name): among equally good pairings the choice then depends only on
    # the tournament, not on the order the caller listed the players in
    keys = field_order(rc, [p.key for p in to_pair])
    pairs = solve(rc, keys, forbidden_set, options)
    matched = {k for pr in pairs for k in pr}
    unpaired = [k for k in keys if k not in matched]
    if unpaired:
        warnings.append("no pairing allowed by the constraints for: " + ", ".join(unpaired))

    games = [make_game(rc, a, b) for a, b in fixed_pairs + pairs]
    costs = {frozenset((g.white, g.black)): rc.cost(g.white, g.black) for g in games}
    for g, pc in ((g, costs[frozenset((g.white, g.black))]) for g in games):
        if pc.terms["duplicate"] == 0:
            warnings.append(f"rematch: {g.white} - {g.black}")
    games = number_tables(rc, games, keep, table_rules, held_tables)
    return Pairing(
        round_number,
        list(keep) + games,
        bye_choice.player if bye_choice else None,
        rc,
        bye_choice,
        costs,
        warnings,
        unpaired,
    )


def _two(pair: Iterable[str]) -> tuple[str, str]:
    """A fixed pair as two keys."""
    a, b = pair
    return a, b


def field_order(rc: RoundContext, keys: Iterable[str]) -> list[str]:
    """The order of the players to pair: OpenGotha's list (the standings before the
    round). A pair's cost is seen from the player first in it (the random part of
    split-and-random seeding depends on it, as in OpenGotha)."""
    return sorted(keys, key=lambda k: (rc.list_order.get(k, len(rc.list_order)), k))


def number_tables(
    rc: RoundContext,
    games: list[Game],
    keep: Sequence[Game] = (),
    rules: tables.TableRules = tables.NO_RULES,
    held: Mapping[str, int] | None = None,
) -> list[Game]:
    """Best games first: higher main score, then stronger players; kept tables stay, the rest by
    :func:`tournament.pairing.tables.number` (excluded, reserved and hand-set tables)."""
    by_key = {p.key: p for p in rc.tournament.players}

    def strength(g: Game) -> tuple[int, int, int, int, str]:
        a, b = rc.seats[g.white], rc.seats[g.black]
        pa, pb = by_key[g.white], by_key[g.black]
        return (-max(a.group, b.group), -(a.group + b.group), -max(pa.rating, pb.rating), -max(a.rank, b.rank), g.white)

    ordered = sorted(games, key=strength)
    numbers = tables.number([(g.white, g.black) for g in ordered], rules, held=held, taken={g.table for g in keep})
    return [replace(g, table=table) for g, (table, _by_hand) in zip(ordered, numbers, strict=True)]


def solve(rc: RoundContext, keys: list[str], forbidden: Collection[Pair], options: Options) -> list[tuple[str, str]]:
    """One maximum-weight matching over the whole list of players."""
    n = len(keys)
    if n < 2:
        return []
    if n <= options.python_limit:
        seats = [rc.seats[k] for k in keys]
        edges = []
        for i in range(n):
            p = seats[i]
            for j in range(i + 1, n):
                q = seats[j]
                if forbidden and frozenset((p.key, q.key)) in forbidden:
                    continue
                edges.append((i, j, C.pair_cost(rc.ctx, p, q).total))
        return [(keys[i], keys[j]) for i, j in max_weight_matching(n, edges)]
    from .fast import solve_large

    return solve_large(rc, keys, forbidden, options)
