"""OpenGotha's pairing cost, criterion by criterion, in exact integers.

Each criterion is its own function of a :class:`Context` and two players'
:class:`Seat` (what the pairing needs to know about a player in this round)
and returns an int.  :func:`pair_cost` adds them into a :class:`PairCost`,
whose ``total`` is what the matching maximises (1 + the nine terms, as in
OpenGotha's weight dumps).

The formulas follow OpenGotha 3.51 (``Tournament.costValue``): integer
arithmetic where OpenGotha uses ``long`` (Java division truncates towards
zero, :func:`jdiv`), double precision truncated to an integer where it uses
``double`` -- Python floats are the same IEEE doubles, so the results agree
to the unit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from tournament.ranks import MAX_RANK, MIN_RANK

from .model import DUDDMode, Parameters, SeedSystem

TERMS = (
    "duplicate",
    "random",
    "colour_balance",
    "category",
    "score_difference",
    "dudd",
    "seeding",
    "handicap",
    "geography",
)
# the names OpenGotha's weight dumps use for the same terms
DUMP_NAMES = dict(
    zip(
        TERMS,
        (
            "baseDuplicateGameCost",
            "baseRandomCost",
            "baseBWBalanceCost",
            "mainCategoryCost",
            "mainScoreDiffCost",
            "mainDUDDCost",
            "mainSeedCost",
            "secHandiCost",
            "secGeoCost",
        ),
    )
)


def jdiv(a: int, b: int) -> int:
    """Java's integer division (truncates towards zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def det_random(max_value: int, name1: str, name2: str) -> int:
    """OpenGotha's deterministic 'random' number in 0..max_value from two names.

    Symmetric: the names are put in order first and the draw is reversed
    when they were swapped, as OpenGotha 3.5x does.
    """
    inverse = False
    if name1 > name2:
        name1, name2 = name2, name1
        inverse = True
    s = (name1 + name2).encode("utf-16-le")
    n = 0
    for i in range(len(s) // 2):
        c = s[2 * i] | (s[2 * i + 1] << 8)
        n += c * (i + 1)
    n = (n * 1234567) % (max_value + 1)
    return max_value - n if inverse else n


@dataclass
class Seat:
    """What the cost needs to know about one player in the round being paired."""

    key: str
    random_name: str  # name + first name, as OpenGotha hashes it
    rank: int
    club: str
    country: str
    group: int  # main score (MMS or NBW, whole points) before the round
    group_size: int = 1
    place: int = 0  # place inside the group, 0 = best
    nb_du: int = 0
    nb_dd: int = 0
    wb: int = 0  # games as White minus games as Black (even games of this discipline)
    nbw2: int = 0
    mms2: int = 0
    smms: int = 0
    category: int = 0
    played: frozenset[str] = frozenset()  # keys of earlier opponents that count as rematches


#: Which OpenGotha the costs follow where two differ: "fixtures" (the shared fixtures' cost dumps, the 3.52
#: line) or "3.51.02" (the published jar), see docs/opengotha-fidelity.md.
Dialect = Literal["fixtures", "3.51.02"]
#: Who meets whom across rank categories, where a category's odd player must leave it: "nearest" (the
#: site's: the pair of neighbouring categories nearest in score, then in rank) or "opengotha" (OpenGotha's:
#: no score-difference weight across categories, so any player of the neighbouring category will do).
CrossCategory = Literal["nearest", "opengotha"]
#: The rank part of the distance across categories: a rank is 1/RANK_STEPS of a score point, so the score
#: decides first and the ranks only among equal scores (ranks span less than 64: 30k to 9p).
RANK_STEPS = 64
assert MAX_RANK - MIN_RANK < RANK_STEPS


@dataclass
class Context:
    params: Parameters
    round_index: int  # OpenGotha's 0-based round number
    score_range: int  # OpenGotha's numberOfGroups
    handicap: Callable[[Seat, Seat], int]  # signed: > 0 when the first plays White with handicap
    clubs_groups: tuple[tuple[str, ...], ...] = ()
    dialect: Dialect = "fixtures"
    cross_category: CrossCategory = "nearest"


@dataclass(frozen=True)
class PairCost:
    a: str
    b: str
    terms: dict[str, int] = field(default_factory=dict)  # TERMS -> value

    @property
    def total(self) -> int:
        return 1 + sum(self.terms.values())


def concavity(weight: int, x: float, k: float) -> int:
    return int(weight * (1.0 - x) * (1.0 + k * x))


def duplicate(ctx: Context, p: Seat, q: Seat) -> int:
    return 0 if q.key in p.played else ctx.params.pairing.avoid_duplicate


def random_cost(ctx: Context, p: Seat, q: Seat) -> int:
    pp = ctx.params.pairing
    if pp.random <= 0:
        return 0
    return det_random(pp.random, p.random_name, q.random_name)


def colour_balance(ctx: Context, p: Seat, q: Seat) -> int:
    if ctx.handicap(p, q) != 0:
        return 0
    w = ctx.params.pairing.balance_wb
    if p.wb * q.wb < 0:
        return w
    if (p.wb == 0 and abs(q.wb) >= 2) or (q.wb == 0 and abs(p.wb) >= 2):
        return jdiv(w, 2)
    return 0


def category(ctx: Context, p: Seat, q: Seat) -> int:
    n = ctx.params.general.number_of_categories
    if n <= 1:
        return 0
    x = abs(p.category - q.category) / n
    return concavity(ctx.params.pairing.avoid_mixing_categories, x, ctx.params.pairing.nx1_factor)


def category_span(ctx: Context) -> int:
    """How many score groups each category has (OpenGotha numbers them category after category)."""
    return ctx.score_range // max(ctx.params.general.number_of_categories, 1)


def cross_category_distance(ctx: Context, p: Seat, q: Seat) -> float:
    """How far apart two players of different categories are, in score groups: their main scores' difference
    (the groups without the categories' offsets), and a rank's difference as 1/:data:`RANK_STEPS` of a point
    (the bar and the floor give players of many ranks one score: the nearest rank then meets)."""
    span = category_span(ctx)
    main = abs((p.group + p.category * span) - (q.group + q.category * span))
    return main + abs(p.rank - q.rank) / RANK_STEPS


def score_difference(ctx: Context, p: Seat, q: Seat) -> int:
    """The nearer the scores, the more. Across categories OpenGotha gives nothing (its groups are split by
    category: any player of the neighbouring category will do); the site's ``cross_category="nearest"``
    weighs the distance in scores and ranks (:func:`cross_category_distance`), so the category's odd player
    meets the nearest player of the next category."""
    if p.category != q.category:
        if ctx.cross_category != "nearest":
            return 0
        x = cross_category_distance(ctx, p, q) / ctx.score_range
    else:
        x = abs(p.group - q.group) / ctx.score_range
    return concavity(ctx.params.pairing.minimize_score_difference, x, ctx.params.pairing.nx1_factor)


def dudd_scenario(p: Seat, q: Seat) -> int:
    s = 2
    if p.nb_du > 0 and p.group < q.group:
        s -= 1
    if p.nb_dd > 0 and p.group > q.group:
        s -= 1
    if q.nb_du > 0 and q.group < p.group:
        s -= 1
    if q.nb_dd > 0 and q.group > p.group:
        s -= 1
    if s != 0 and p.nb_du > 0 and p.nb_dd < p.nb_du and p.group > q.group:
        s += 1
    if s != 0 and p.nb_dd > 0 and p.nb_du < p.nb_dd and p.group < q.group:
        s += 1
    if s != 0 and q.nb_du > 0 and q.nb_dd < q.nb_du and q.group > p.group:
        s += 1
    if s != 0 and q.nb_dd > 0 and q.nb_du < q.nb_dd and q.group < p.group:
        s += 1
    return s


def _mode_part(half: int, mode: DUDDMode, s: Seat) -> int:
    if mode is DUDDMode.TOP:
        return jdiv(half * (s.group_size - 1 - s.place), s.group_size)
    if mode is DUDDMode.MID:
        return jdiv(half * (s.group_size - 1 - abs(2 * s.place - s.group_size + 1)), s.group_size)
    return jdiv(half * s.place, s.group_size)


def dudd(ctx: Context, p: Seat, q: Seat) -> int:
    """Draw-up/draw-down: which player of the upper group meets which of the lower.

    OpenGotha 3.51.02 gives none between groups 4 or more apart; the shared
    fixtures' cost dumps (a later OpenGotha) give it at any distance, and
    they win (docs/opengotha-fidelity.md)."""
    if p.group == q.group or (ctx.dialect == "3.51.02" and abs(p.group - q.group) >= 4):
        return 0
    pp = ctx.params.pairing
    weight = jdiv(pp.dudd_weight, 5)
    upper, lower = (p, q) if p.group > q.group else (q, p)
    cost = _mode_part(jdiv(weight, 2), pp.dudd_upper_mode, upper)
    cost += _mode_part(jdiv(weight, 2), pp.dudd_lower_mode, lower)
    s = dudd_scenario(p, q)
    if s == 1:
        cost += weight
    elif s == 2 or (s > 2 and not pp.compensate_dudd):
        cost += 2 * weight
    elif s == 3:
        cost += 3 * weight
    elif s == 4:
        cost += 4 * weight
    gap = abs(p.category - q.category) + 1
    cost = jdiv(jdiv(jdiv(jdiv(cost, gap), gap), gap), gap)
    return max(cost, 0)


def seed_system(ctx: Context) -> SeedSystem:
    pp = ctx.params.pairing
    # system 1 up to the file's last round for it (1-based): OpenGotha reads
    # the setting minus one and compares its 0-based round with ``<=``
    return pp.seed_system1 if ctx.round_index < pp.last_round_for_seed_system1 else pp.seed_system2


def seeding(ctx: Context, p: Seat, q: Seat) -> int:
    if p.group != q.group:
        return 0
    pp = ctx.params.pairing
    size, c1, c2 = p.group_size, p.place, q.place
    w = pp.maximize_seeding
    system = seed_system(ctx)
    if system is SeedSystem.SPLIT_AND_RANDOM:
        if (2 * c1 < size <= 2 * c2) or (2 * c2 < size <= 2 * c1):
            rng = int(w * 0.2)
            return w - det_random(rng, p.random_name, q.random_name)
        return 0
    if system is SeedSystem.SPLIT_AND_FOLD:
        if size <= 1:
            return w
        x = c1 + c2 - (size - 1)
        return w - jdiv(jdiv(jdiv(w * x, size - 1) * x, 1), size - 1)
    x = 2 * abs(c1 - c2) - size
    return w - jdiv(jdiv(w * x, size) * x, size)


def _sec_case(ctx: Context, s: Seat) -> bool:
    g, pp = ctx.params.general, ctx.params.pairing
    nbw2_threshold = g.number_of_rounds if pp.nbw_threshold_active else 2 * g.number_of_rounds
    strong = 2 * s.rank + s.nbw2 >= 2 * pp.rank_threshold
    many_wins = s.nbw2 >= nbw2_threshold
    above_bar = pp.bar_threshold_active and s.smms >= g.mm_bar + 30
    return strong or many_wins or above_bar


def handicap_cost(ctx: Context, p: Seat, q: Seat) -> int:
    pp, g = ctx.params.pairing, ctx.params.general
    if pp.minimize_handicap == 0:
        return 0
    max_mms = g.mm_bar + 2 + 30 + ctx.round_index
    m1 = max_mms if _sec_case(ctx, p) else jdiv(p.mms2, 2)
    m2 = max_mms if _sec_case(ctx, q) else jdiv(q.mms2, 2)
    if ctx.params.mcmahon:
        rng = ctx.score_range
    else:
        rng = g.mm_bar - g.mm_floor + 3 + ctx.round_index
    x = abs(m1 - m2) / rng
    return concavity(pp.minimize_handicap, x, pp.nx1_factor)


def _common_group(ctx: Context, p: Seat, q: Seat) -> bool:
    return any(p.club in grp and q.club in grp for grp in ctx.clubs_groups)


def geography(ctx: Context, p: Seat, q: Seat) -> int:
    pp = ctx.params.pairing
    geo_max = pp.avoid_same_geo
    rng = ctx.score_range
    k = pp.nx1_factor
    country_ratio = 0.0
    if p.country.lower() != q.country.lower() and pp.prefer_mms_diff_rather_than_same_country != 0:
        country_ratio = min(pp.prefer_mms_diff_rather_than_same_country / rng, 1.0)
    club_ratio = 0.0
    common_club = p.club.lower() == q.club.lower()
    common_group = _common_group(ctx, p, q)
    cf = pp.prefer_mms_diff_rather_than_same_club
    if cf != 0 and not common_club:
        club_ratio = cf / 2.0 / rng if common_group else cf * 1.2 / rng
    club_ratio = min(club_ratio, 1.0)
    ratio = max(country_ratio, club_ratio) + min(country_ratio, club_ratio) / 2.0
    if ratio > 0.0:
        ratio += 0.5 / rng
    db = geo_max * (1.0 - ratio) * (1.0 + k * ratio)
    nominal = pp.minimize_score_difference - int(db)
    nominal = min(nominal, geo_max)
    if ctx.dialect == "3.51.02":  # in full for every pair
        return nominal
    case = _sec_case(ctx, p) + _sec_case(ctx, q)
    if case == 2:
        return geo_max
    if case == 1:
        return jdiv(geo_max + nominal, 2)
    return nominal


CRITERIA = (
    ("duplicate", duplicate),
    ("random", random_cost),
    ("colour_balance", colour_balance),
    ("category", category),
    ("score_difference", score_difference),
    ("dudd", dudd),
    ("seeding", seeding),
    ("handicap", handicap_cost),
    ("geography", geography),
)


def pair_cost(ctx: Context, p: Seat, q: Seat) -> PairCost:
    return PairCost(p.key, q.key, {name: fn(ctx, p, q) for name, fn in CRITERIA})
