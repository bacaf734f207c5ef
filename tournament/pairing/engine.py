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
   every pair by the blossom duals, :mod:`.fast`).
5. Colours, handicap and komi by the round's discipline, table numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import costs as C
from .bye import ByeChoice, choose_bye
from .handicap import go_pseudo_rank, go_handicap, setting_for, signed_advantage
from .matching import max_weight_matching
from .model import Discipline, Game, Tournament
from .scores import PlayerScores, crit_value, score_table


@dataclass(frozen=True)
class Options:
    # players whose score groups and in-group places are computed: "round"
    # (everybody taking part in the round, as pairgoth/OpenGotha 3.5x) or
    # "all" (every registered player)
    group_population: str = "round"
    # fields up to this size are matched by rustworkx over every pair; larger
    # ones by column generation from each player's best candidates, proven
    # optimal over every pair by the blossom algorithm's duals (see .fast)
    dense_limit: int = 400
    candidates: int = 4
    # up to this size the costs are computed pair by pair in Python, above
    # it with numpy (the same integers, see tests)
    python_limit: int = 64


@dataclass
class Pairing:
    round: int
    games: list[Game]
    bye: str | None
    bye_choice: ByeChoice | None = None
    costs: dict = field(default_factory=dict)  # frozenset({a, b}) -> PairCost
    warnings: list[str] = field(default_factory=list)
    unpaired: list[str] = field(default_factory=list)
    context: "RoundContext | None" = None

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

    def as_dict(self) -> dict:
        return {
            "round": self.round,
            "games": [{"table": g.table, "white": g.white, "black": g.black, "handicap": g.handicap}
                      for g in sorted(self.games, key=lambda g: g.table)],
            "bye": self.bye,
        }


@dataclass
class RoundContext:
    tournament: Tournament
    round: int
    discipline: Discipline
    scores: dict[str, PlayerScores]
    seats: dict[str, C.Seat]
    ctx: C.Context

    def cost(self, a: str, b: str) -> C.PairCost:
        return C.pair_cost(self.ctx, self.seats[a], self.seats[b])


def _jhalf(v: int) -> int:
    q = abs(v) // 2
    return q if v >= 0 else -q


def _same_discipline_rounds(t: Tournament, round_number: int) -> set[int]:
    d = t.discipline(round_number)
    return {r for r in range(1, round_number) if t.discipline(r) == d}


def build_context(t: Tournament, round_number: int, population: list[str],
                  options: Options = Options()) -> RoundContext:
    """Scores and seats for every player in ``population`` before ``round_number``."""
    P = t.params
    rn = round_number - 1
    idx = rn - 1
    history = [g for g in t.games if g.round < round_number]
    byes = [b for b in t.byes if b.round < round_number]
    scores = score_table(t.players, history, byes, P.general, max(round_number - 1, 1))
    main = P.main_criterion
    by_key = {p.key: p for p in t.players}

    if options.group_population == "all":
        grouped = [p.key for p in t.players]
    else:
        grouped = list(population)
    group_of = {k: _jhalf(crit_value(scores[k], main, idx)) for k in grouped}
    for k in population:
        group_of.setdefault(k, _jhalf(crit_value(scores[k], main, idx)))

    pp = P.pairing
    additional = pp.additional_criterion1 if rn < pp.last_round_for_seed_system1 else pp.additional_criterion2
    crits = list(P.placement) + ([additional] if additional not in ("NULL", "") else [])

    def sort_key(k):
        s = scores[k]
        p = by_key[k]
        return tuple(-crit_value(s, c, idx) for c in crits) + (f"{p.name} {p.first_name}",)

    groups: dict[int, list[str]] = {}
    for k in grouped:
        groups.setdefault(group_of[k], []).append(k)
    place, size = {}, {}
    for g, members in groups.items():
        members.sort(key=sort_key)
        for i, k in enumerate(members):
            place[k] = i
            size[k] = len(members)

    if main == "MMS":
        lo = P.general.mm_floor - 1 + 30
        hi = P.general.mm_bar + 2 + rn + 30
        score_range = hi - lo + 1
    else:
        score_range = rn + 1

    disc = t.discipline(round_number)
    same_disc = _same_discipline_rounds(t, round_number)
    rematch_rounds = same_disc if P.rematch_scope == "discipline" else set(range(1, round_number))

    seats = {}
    for k in population:
        p = by_key[k]
        s = scores[k]
        du = dd = 0
        wb = 0
        played = set()
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
        cat = 0
        lim = P.general.lower_category_limits
        if P.general.number_of_categories > 1 and lim:
            cat = next((c for c, low in enumerate(lim) if p.rank >= low), len(lim))
        seats[k] = C.Seat(
            key=k, random_name=p.name + p.first_name, rank=p.rank, club=p.club, country=p.country,
            group=group_of[k], group_size=size.get(k, 1), place=place.get(k, 0),
            nb_du=du, nb_dd=dd, wb=wb,
            nbw2=crit_value(s, "NBW", idx), mms2=crit_value(s, "MMS", idx), smms=s.smms,
            category=cat, played=frozenset(played),
        )

    hp = P.handicap

    even = round_number in t.even_rounds

    def advantage(a: C.Seat, b: C.Seat) -> int:
        return 0 if even else signed_advantage(disc, a.rank, b.rank, a.mms2, b.mms2, hp)

    ctx = C.Context(params=P, round_index=rn, score_range=score_range, handicap=advantage,
                    clubs_groups=t.clubs_groups)
    return RoundContext(t, round_number, disc, scores, seats, ctx)


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
    hp = rc.tournament.params.handicap
    stones = 0
    if rc.round in rc.tournament.even_rounds and rc.discipline is not Discipline.NINUKI:
        return Game(round=rc.round, white=white.key, black=black.key, handicap=0, table=table,
                    komi=rc.tournament.params.general.komi)
    if rc.discipline in (Discipline.GO, Discipline.RUND):
        stones = go_handicap(go_pseudo_rank(white.rank, white.mms2, hp),
                             go_pseudo_rank(black.rank, black.mms2, hp), hp)
        stones = max(stones, 0)
    setting = setting_for(rc.discipline, white.rank, black.rank, stones, rc.tournament.params.general.komi)
    return Game(round=rc.round, white=white.key, black=black.key, handicap=setting.stones,
                table=table, komi=setting.komi, reverse_komi=setting.reverse)


def _norm_pairs(pairs) -> set[frozenset]:
    return {frozenset(p) for p in pairs}


def pair_round(t: Tournament, round_number: int, *, forbidden=(), fixed=(), keep=(),
               bye: str | None = None, options: Options = Options()) -> Pairing:
    """Pair ``round_number`` of ``t``.

    forbidden: pairs of keys that must never meet (hard constraint).
    fixed: pairs of keys that must meet in this round (colours by the rules).
    keep: games of this round to keep exactly as they are (manual edits).
    bye: force this player to get the bye (otherwise OpenGotha's choice when
    the number of players to pair is odd).
    Games and byes of ``round_number`` and later in ``t`` are ignored.
    """
    by_key = {p.key: p for p in t.players}
    present = [p for p in t.players if p.present(round_number)]
    present_keys = {p.key for p in present}
    warnings: list[str] = []
    busy: set[str] = set()
    for g in keep:
        busy |= {g.white, g.black}
    fixed = [tuple(p) for p in fixed]
    for a, b in fixed:
        for k in (a, b):
            if k in busy:
                raise ValueError(f"{k} is in two fixed or kept pairs")
            if k not in by_key:
                raise ValueError(f"unknown player {k!r} in a fixed pair")
            if k not in present_keys:
                warnings.append(f"{k} is marked absent but is in a fixed pair")
            busy.add(k)
    forbidden_set = _norm_pairs(forbidden)
    for a, b in fixed:
        if frozenset((a, b)) in forbidden_set:
            raise ValueError(f"{a} and {b} are both a fixed and a forbidden pair")
    to_pair = [p for p in present if p.key not in busy]
    population = [p.key for p in present] + [k for k in busy if k not in present_keys]
    rc = build_context(t, round_number, population, options)

    bye_choice = None
    if bye is not None:
        if bye in busy:
            raise ValueError(f"{bye} cannot get the bye: already paired")
        to_pair = [p for p in to_pair if p.key != bye]
        bye_choice = ByeChoice(bye, 0, "bye given by hand")
    elif len(to_pair) % 2 == 1:
        byes_so_far: dict[str, int] = {}
        for b in t.byes:
            if b.round < round_number:
                byes_so_far[b.player] = byes_so_far.get(b.player, 0) + 1
        bye_choice = choose_bye(to_pair, rc.scores, byes_so_far, round_number - 1, t.params.mcmahon)
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

    games = [make_game(rc, a, b) for a, b in list(fixed) + pairs]
    costs = {frozenset((g.white, g.black)): rc.cost(g.white, g.black) for g in games}
    for g, pc in ((g, costs[frozenset((g.white, g.black))]) for g in games):
        if pc.terms["duplicate"] == 0:
            warnings.append(f"rematch: {g.white} - {g.black}")
    games = number_tables(rc, games, keep)
    return Pairing(round_number, list(keep) + games, bye_choice.player if bye_choice else None,
                   bye_choice, costs, warnings, unpaired, rc)


def field_order(rc: RoundContext, keys) -> list[str]:
    """The canonical order of the players to pair: score group, then place in the group, then key."""
    return sorted(keys, key=lambda k: (-rc.seats[k].group, rc.seats[k].place, k))


def number_tables(rc: RoundContext, games: list[Game], keep=()) -> list[Game]:
    """Best games first: higher main score, then stronger players; kept tables stay."""
    from dataclasses import replace

    used = {g.table for g in keep}
    by_key = {p.key: p for p in rc.tournament.players}

    def strength(g):
        a, b = rc.seats[g.white], rc.seats[g.black]
        pa, pb = by_key[g.white], by_key[g.black]
        return (-max(a.group, b.group), -(a.group + b.group), -max(pa.rating, pb.rating),
                -max(a.rank, b.rank), g.white)

    out = []
    table = 0
    for g in sorted(games, key=strength):
        table += 1
        while table in used:
            table += 1
        out.append(replace(g, table=table))
    return out


def solve(rc: RoundContext, keys: list[str], forbidden: set, options: Options) -> list[tuple[str, str]]:
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
