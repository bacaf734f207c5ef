"""OpenGotha's cost (:mod:`.costs`) for a whole field at once, with numpy.

``cost_matrix(rc, keys)`` gives the n x n matrix of ``pair_cost(...).total``
(tests check that the two agree to the unit), built from small lookup tables:
the large-field matching (:mod:`.fast`) reads every pair's cost from it.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import costs as C
from .context import RoundContext
from .handicap import MIN_RANK
from .model import DUDDMode, SeedSystem

IntArray = NDArray[np.int64]
BoolArray = NDArray[np.bool_]


def _jdiv(a: ArrayLike, b: ArrayLike) -> IntArray:
    """Java long division, element-wise (truncation towards zero)."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    q = np.abs(a) // np.abs(b)
    out: IntArray = np.where((a >= 0) == (b > 0), q, -q)
    return out


def _concavity(weight: int, x: NDArray[np.float64], k: float) -> IntArray:
    return (float(weight) * (1.0 - x) * (1.0 + k * x)).astype(np.int64)


def _cross_category(ctx: C.Context, group: IntArray, cat: IntArray, rank: IntArray, rows: slice) -> IntArray:
    """The score-difference weight of every pair of ``rows`` as if across categories
    (:func:`.costs.score_difference`: the distance in scores and ranks, :func:`.costs.cross_category_distance`)."""
    pp = ctx.params.pairing
    main = group + cat * C.category_span(ctx)
    x = (
        np.abs(main[rows, None] - main[None, :]) + np.abs(rank[rows, None] - rank[None, :]) / C.RANK_STEPS
    ) / ctx.score_range
    return _concavity(pp.minimize_score_difference, x, pp.nx1_factor)


#: Rows of the matrix worked out at once: each term's temporary arrays stay a few MB, whatever the field.
BLOCK = 64


def cost_matrix(rc: RoundContext, keys: list[str]) -> IntArray:  # noqa: C901
    """n x n matrix of OpenGotha's total cost (diagonal 0), built from small lookup tables.

    The terms of every pair (score, categories, colours, draw-ups and -downs, handicap, geography) are
    computed a block of rows at a time (:data:`BLOCK`), into the one n x n matrix: at 5,000 players
    that matrix is 200 MB, the temporaries of a block 10 MB. Then the few pairs of the duplicates, the
    random part and the seeding, group by group.
    """
    ctx = rc.ctx
    P = ctx.params
    pp, gp = P.pairing, P.general
    seats = [rc.seats[k] for k in keys]
    n = len(seats)
    if n == 0:
        return np.zeros((0, 0), dtype=np.int64)
    idx = {k: i for i, k in enumerate(keys)}

    def vec(attr: str) -> IntArray:
        return np.fromiter((getattr(s_, attr) for s_ in seats), dtype=np.int64, count=n)

    group, size, place = vec("group"), vec("group_size"), vec("place")
    du, dd, wb = vec("nb_du"), vec("nb_dd"), vec("wb")
    rank, mms2, cat = vec("rank"), vec("mms2"), vec("category")
    k = pp.nx1_factor
    categories = gp.number_of_categories > 1

    # score difference: a function of |group difference| (same category)
    dmax = int(group.max() - group.min())
    sco_tab = np.array(
        [
            int(pp.minimize_score_difference * (1.0 - d / ctx.score_range) * (1.0 + k * (d / ctx.score_range)))
            for d in range(dmax + 1)
        ],
        dtype=np.int64,
    )
    if categories:
        cat_tab = np.array(
            [
                C.concavity(pp.avoid_mixing_categories, c / gp.number_of_categories, k)
                for c in range(int(cat.max() - cat.min()) + 1)
            ],
            dtype=np.int64,
        )

    # colour balance, only where the game would be even
    # (the round's handicap rule, .handicap.HandicapRule, for every pair at once)
    rule = rc.handicap
    limit = rule.even_limit
    if limit is not None:
        level = _jdiv(mms2, 2) + MIN_RANK if rule.hp.based_on_mms else rank
        if rule.style == "opengotha":
            level = np.minimum(level, rule.hp.no_handicap_threshold)
    wcode = np.where(wb < 0, 0, np.where(wb == 0, 1, 2)) + 3 * (np.abs(wb) >= 2)
    bw_tab = np.zeros((6, 6), dtype=np.int64)
    half = C.jdiv(pp.balance_wb, 2)
    for a_ in range(6):
        for b_ in range(6):
            sa, sb = a_ % 3 - 1, b_ % 3 - 1
            big_a, big_b = a_ >= 3, b_ >= 3
            if sa * sb < 0:
                bw_tab[a_, b_] = pp.balance_wb
            elif (sa == 0 and big_b) or (sb == 0 and big_a):
                bw_tab[a_, b_] = half

    # draw-up / draw-down
    weight = C.jdiv(pp.dudd_weight, 5)
    halfw = C.jdiv(weight, 2)

    def mode_part(mode: DUDDMode) -> IntArray:
        part: IntArray
        if mode is DUDDMode.TOP:
            part = halfw * (size - 1 - place) // size
        elif mode is DUDDMode.MID:
            part = halfw * (size - 1 - np.abs(2 * place - size + 1)) // size
        else:
            part = halfw * place // size
        return part

    up, low = mode_part(pp.dudd_upper_mode), mode_part(pp.dudd_lower_mode)
    # scenario from per-player flags, as upper and as lower player of the pair
    dec_u, inc_u = (dd > 0), (du > 0) & (dd < du)
    dec_l, inc_l = (du > 0), (dd > 0) & (du < dd)
    code_u = dec_u * 2 + inc_u
    code_l = dec_l * 2 + inc_l
    ex_tab = np.zeros((4, 4), dtype=np.int64)
    for cu in range(4):
        for cl in range(4):
            sc = 2 - (cu >> 1) - (cl >> 1)
            if sc != 0:
                sc += (cu & 1) + (cl & 1)
            if sc == 1:
                ex_tab[cu, cl] = weight
            elif sc == 2 or (sc > 2 and not pp.compensate_dudd):
                ex_tab[cu, cl] = 2 * weight
            elif sc == 3:
                ex_tab[cu, cl] = 3 * weight
            elif sc == 4:
                ex_tab[cu, cl] = 4 * weight

    # secondary criteria: handicap and geography
    sec = np.fromiter((C._sec_case(ctx, s_) for s_ in seats), dtype=bool, count=n)
    if pp.minimize_handicap:
        max_mms = gp.mm_bar + 2 + 30 + ctx.round_index
        m = np.where(sec, max_mms, _jdiv(mms2, 2))
        rng = ctx.score_range if P.mcmahon else gp.mm_bar - gp.mm_floor + 3 + ctx.round_index
        hd_tab = np.array(
            [C.concavity(pp.minimize_handicap, d / rng, k) for d in range(int(m.max() - m.min()) + 1)],
            dtype=np.int64,
        )
    club_code = _codes([s_.club.lower() for s_ in seats])
    country_code = _codes([s_.country.lower() for s_ in seats])
    in_group = []
    if ctx.clubs_groups:
        clubs = [s_.club for s_ in seats]
        in_group = [np.array([c_ in grp for c_ in clubs]) for grp in ctx.clubs_groups]
    geo_tab = np.array(
        [_geo_value(ctx, bool(c_ & 1), bool(c_ & 2), bool(c_ & 4), c_ >> 3) for c_ in range(24)], dtype=np.int64
    )
    sec8 = sec.astype(np.int8)

    total: IntArray = np.empty((n, n), dtype=np.int64)
    for r0 in range(0, n, BLOCK):
        rows = slice(r0, min(n, r0 + BLOCK))
        G1, G2 = group[rows, None], group[None, :]
        out = total[rows]
        gap = np.abs(G1 - G2)
        np.take(sco_tab, gap, out=out)
        if categories:
            cd = np.abs(cat[rows, None] - cat[None, :])
            across = cd != 0
            if ctx.cross_category == "nearest":
                out[across] = _cross_category(ctx, group, cat, rank, rows)[across]
            else:
                out[across] = 0
            out += cat_tab[cd]
        out += 1 + pp.avoid_duplicate
        bw = bw_tab[wcode[rows, None], wcode[None, :]]
        if limit is not None:
            bw[np.abs(level[rows, None] - level[None, :]) > limit] = 0
        out += bw
        # draw-up / draw-down: the upper player's part and the lower one's
        dud = np.where(
            G1 > G2,
            up[rows, None] + low[None, :] + ex_tab[code_u[rows, None], code_l[None, :]],
            up[None, :] + low[rows, None] + ex_tab[code_u[None, :], code_l[rows, None]],
        )
        if categories:
            cgap = np.abs(cat[rows, None] - cat[None, :]) + 1
            for _ in range(4):
                dud //= cgap
        np.maximum(dud, 0, out=dud)
        dud[gap == 0] = 0
        if ctx.dialect == "3.51.02":  # none between groups 4 or more apart
            dud[gap >= 4] = 0
        out += dud
        if pp.minimize_handicap:
            out += hd_tab[np.abs(m[rows, None] - m[None, :])]
        code = (country_code[rows, None] == country_code[None, :]).astype(np.int8)
        code += 2 * (club_code[rows, None] == club_code[None, :])
        if in_group:
            common = np.zeros(code.shape, dtype=bool)
            for mm in in_group:
                common |= mm[rows, None] & mm[None, :]
            code += 4 * common
        code += 8 * (sec8[rows, None] + sec8[None, :])
        out += geo_tab[code]

    # duplicate: the (few) earlier opponents
    rows_, cols = [], []
    for i, s_ in enumerate(seats):
        for o in s_.played:
            j = idx.get(o)
            if j is not None:
                rows_.append(i)
                cols.append(j)
    if rows_:
        total[np.array(rows_), np.array(cols)] -= pp.avoid_duplicate

    names = NameHashes([s_.random_name for s_ in seats])
    # random: each pair's draw for (i, j), i < j, on both (i, j) and (j, i)
    if pp.random > 0:
        for r0 in range(0, n, BLOCK):
            r1 = min(n, r0 + BLOCK)
            a, b = np.broadcast_arrays(np.arange(r0, r1)[:, None], np.arange(r0 + 1, n)[None, :])
            v = names.det_random(pp.random, a, b)
            v[b <= a] = 0
            total[r0:r1, r0 + 1 :] += v
            total[r0 + 1 :, r0:r1] += v.T

    # seeding, group by group
    wseed = pp.maximize_seeding
    system = C.seed_system(ctx)
    for g in sorted(set(group.tolist())):  # (np.unique would import numpy.ma: 30 ms of start-up)
        members = np.nonzero(group == g)[0]
        sz = int(size[members[0]])
        c1, c2 = place[members][:, None], place[members][None, :]
        if system is SeedSystem.SPLIT_AND_RANDOM:
            seed = np.zeros((len(members), len(members)), dtype=np.int64)
            rng_ = int(wseed * 0.2)
            ii, jj = np.nonzero(((2 * c1 < sz) & (2 * c2 >= sz)) | ((2 * c1 >= sz) & (2 * c2 < sz)))
            seed[ii, jj] = wseed - names.det_random(rng_, members[ii], members[jj])
        elif system is SeedSystem.SPLIT_AND_FOLD:
            if sz > 1:
                xx = c1 + c2 - (sz - 1)
                seed = wseed - _jdiv(_jdiv(wseed * xx, sz - 1) * xx, sz - 1)
            else:
                seed = np.full((1, 1), wseed, dtype=np.int64)
        else:
            xx = 2 * np.abs(c1 - c2) - sz
            seed = wseed - _jdiv(_jdiv(wseed * xx, sz) * xx, sz)
        lo = int(members[0])
        if int(members[-1]) - lo + 1 == len(members):  # the group's players side by side: a plain block
            total[lo : lo + len(members), lo : lo + len(members)] += seed
        else:
            total[np.ix_(members, members)] += seed
    np.fill_diagonal(total, 0)
    return total


class NameHashes:
    """:func:`.costs.det_random` for many pairs of players at once, from three numbers per name.

    Its hash of name1 + name2 (UTF-16 code units c_k, sum of c_k * (k + 1)) is
    H(name1) + L(name1) * S(name2) + H(name2), with H a name's own hash, S the sum of
    its code units and L their number; which name comes first is their order as strings
    (``rank``). Exact in int64 while the largest hash times 1234567 stays below 2^63
    (names of thousands of characters); otherwise, and for a range below 0, the pairs
    go through :func:`.costs.det_random` one by one.
    """

    def __init__(self, names: list[str]) -> None:
        self.names = names
        units = [np.frombuffer(x.encode("utf-16-le"), dtype="<u2").astype(np.int64) for x in names]
        self.h = np.array([int(u @ np.arange(1, len(u) + 1)) for u in units], dtype=np.int64)
        self.s = np.array([int(u.sum()) for u in units], dtype=np.int64)
        self.length = np.array([len(u) for u in units], dtype=np.int64)
        order = {x: r for r, x in enumerate(sorted(set(names)))}
        self.rank = np.array([order[x] for x in names], dtype=np.int64)
        top = 2 * int(self.h.max(initial=0)) + int(self.length.max(initial=0)) * int(self.s.max(initial=0))
        self.exact = top * 1234567 < 1 << 63

    def det_random(self, max_value: int, a: NDArray[np.integer], b: NDArray[np.integer]) -> IntArray:
        """``det_random(max_value, names[a[k]], names[b[k]])`` for every k (same shape as ``a``)."""
        a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
        if max_value < 0 or not self.exact:
            return np.array(
                [C.det_random(max_value, self.names[x], self.names[y]) for x, y in zip(a.ravel(), b.ravel())],
                dtype=np.int64,
            ).reshape(a.shape)
        inverse = self.rank[a] > self.rank[b]
        first, second = np.where(inverse, b, a), np.where(inverse, a, b)
        hashed = self.h[first] + self.length[first] * self.s[second] + self.h[second]
        out: IntArray = (hashed * 1234567) % (max_value + 1)
        return np.where(inverse, max_value - out, out)


def _codes(values: list[str]) -> np.ndarray:
    table: dict[str, int] = {}
    return np.fromiter((table.setdefault(v, len(table)) for v in values), dtype=np.int64, count=len(values))


def _geo_value(ctx: C.Context, same_country: bool, same_club: bool, common_group: bool, case: int) -> int:
    """geography() for one combination (players' clubs and countries reduced to flags)."""

    def seat(club: str, country: str, strong: bool) -> C.Seat:
        return C.Seat(
            key="",
            random_name="",
            rank=100 if strong else -1000,
            club=club,
            country=country,
            group=0,
            nbw2=0,
            smms=-1000,
        )

    # build two stand-in seats with the wanted equalities and threshold states
    pa = seat("A", "X", case >= 1)
    pb = seat("A" if same_club else "B", "X" if same_country else "Y", case >= 2)
    saved = ctx.clubs_groups
    groups = (("A", "B"),) if common_group else ()
    ctx = replace(ctx, clubs_groups=groups)
    del saved
    return C.geography(ctx, pa, pb)
