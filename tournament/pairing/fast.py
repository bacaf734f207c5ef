"""The same OpenGotha cost as :mod:`.costs`, for a whole field at once (numpy),
and the matching of fields too large for a blossom over every pair.

``cost_matrix(rc, keys)`` gives the n x n matrix of ``pair_cost(...).total``
(tests check that the two agree to the unit).

``solve_large`` pairs the whole field as one problem -- it is never cut into
chunks -- in two stages:

1. an exact maximum-weight matching (rustworkx) over a candidate graph: for
   every player the partners around its ideal seeding partner in its own
   score group, and its best partners by cost reduced by both players' best
   possible half-weights, overall and in other groups;
2. exact re-matching, over *every* pair, of the players of consecutive games
   in a sliding window (half-overlapping), first in field order (score group,
   then place), then in "boundary" order (the bottom of each group next to
   the top of the group below, where draw-ups and draw-downs are decided),
   repeated on the windows that changed until nothing improves.  Each window
   keeps its players among themselves, so the total only goes up;
3. a last check over the whole field: partners are exchanged between any two
   games while that raises the total.

Up to ``Options.dense_limit`` players (400 by default) the engine uses one
blossom over all pairs instead, which is exact by construction.  Above it
the result is optimal inside every window but optimality over the whole
field is not proven: on the synthetic benchmark fields (1,000 players, three
seeds; 2,000 players, two seeds) it equals the all-pairs optimum exactly
(with a 140-player window one 2,000-player field missed it by 4,340,965, less
than one seeding step -- hence 160 above 1,200 players).
``Options(dense_limit=10**6)`` forces the exact all-pairs matching (minutes
for 1,000 players).
"""

from __future__ import annotations

import numpy as np

from . import costs as C
from .handicap import MIN_RANK, table_even_row
from .matching import max_weight_matching
from .model import Discipline, DUDDMode, SeedSystem


def _jdiv(a, b):
    """Java long division, element-wise (truncation towards zero)."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    q = np.abs(a) // np.abs(b)
    return np.where((a >= 0) == (b > 0), q, -q)


def _concavity(weight: int, x, k: float):
    return (float(weight) * (1.0 - x) * (1.0 + k * x)).astype(np.int64)


def cost_matrix(rc, keys: list[str]) -> np.ndarray:
    """n x n matrix of OpenGotha's total cost (diagonal 0), built from small lookup tables."""
    ctx = rc.ctx
    P = ctx.params
    pp, gp, hp = P.pairing, P.general, P.handicap
    seats = [rc.seats[k] for k in keys]
    n = len(seats)
    if n == 0:
        return np.zeros((0, 0), dtype=np.int64)
    idx = {k: i for i, k in enumerate(keys)}

    def vec(attr):
        return np.fromiter((getattr(s_, attr) for s_ in seats), dtype=np.int64, count=n)

    group, size, place = vec("group"), vec("group_size"), vec("place")
    du, dd, wb = vec("nb_du"), vec("nb_dd"), vec("wb")
    rank, mms2, cat = vec("rank"), vec("mms2"), vec("category")
    k = pp.nx1_factor
    G1, G2 = group[:, None], group[None, :]

    # score difference: a function of |group difference| (same category)
    D = np.abs(G1 - G2)
    dmax = int(D.max())
    sco_tab = np.array([int(pp.minimize_score_difference * (1.0 - d / ctx.score_range) * (1.0 + k * (d / ctx.score_range)))
                        for d in range(dmax + 1)], dtype=np.int64)
    total = sco_tab[D]
    if gp.number_of_categories > 1:
        same_cat = cat[:, None] == cat[None, :]
        total = np.where(same_cat, total, 0)
        cd = np.abs(cat[:, None] - cat[None, :])
        cat_tab = np.array([C.concavity(pp.avoid_mixing_categories, c / gp.number_of_categories, k)
                            for c in range(int(cd.max()) + 1)], dtype=np.int64)
        total += cat_tab[cd]
    total += 1 + pp.avoid_duplicate

    # duplicate: the (few) earlier opponents
    rows, cols = [], []
    for i, s_ in enumerate(seats):
        for o in s_.played:
            j = idx.get(o)
            if j is not None:
                rows.append(i)
                cols.append(j)
    if rows:
        total[np.array(rows), np.array(cols)] -= pp.avoid_duplicate

    # random (rare: a Python loop over the pairs)
    if pp.random > 0:
        for i in range(n):
            for j in range(i + 1, n):
                v = C.random_cost(ctx, seats[i], seats[j])
                total[i, j] += v
                total[j, i] += v

    # colour balance, only where the game would be even
    disc = rc.discipline
    if disc is Discipline.NINUKI:
        free = None
    elif disc in (Discipline.KEIMA, Discipline.VOLT):
        free = np.abs(rank[:, None] - rank[None, :]) <= table_even_row(disc)
    else:
        pr = _jdiv(mms2, 2) + MIN_RANK if hp.based_on_mms else rank
        pr = np.minimum(pr, hp.no_handicap_threshold)
        free = (np.abs(pr[:, None] - pr[None, :]) <= hp.correction) if hp.ceiling > 0 else None
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
    bw = bw_tab[wcode[:, None], wcode[None, :]]
    total += bw if free is None else np.where(free, bw, 0)

    # draw-up / draw-down
    weight = C.jdiv(pp.dudd_weight, 5)
    halfw = C.jdiv(weight, 2)

    def mode_part(mode):
        if mode is DUDDMode.TOP:
            return halfw * (size - 1 - place) // size
        if mode is DUDDMode.MID:
            return halfw * (size - 1 - np.abs(2 * place - size + 1)) // size
        return halfw * place // size

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
    i_upper = G1 > G2
    dud_up = up[:, None] + low[None, :] + ex_tab[code_u[:, None], code_l[None, :]]
    dud = np.where(i_upper, dud_up, dud_up.T)
    if gp.number_of_categories > 1:
        gap = np.abs(cat[:, None] - cat[None, :]) + 1
        for _ in range(4):
            dud = dud // gap
    total += np.where(G1 != G2, np.maximum(dud, 0), 0)

    # seeding, group by group
    wseed = pp.maximize_seeding
    system = C.seed_system(ctx)
    for g in np.unique(group).tolist():
        members = np.nonzero(group == g)[0]
        sz = int(size[members[0]])
        c1, c2 = place[members][:, None], place[members][None, :]
        if system is SeedSystem.SPLIT_AND_RANDOM:
            seed = np.zeros((len(members), len(members)), dtype=np.int64)
            rng = int(wseed * 0.2)
            ii, jj = np.nonzero(((2 * c1 < sz) & (2 * c2 >= sz)) | ((2 * c1 >= sz) & (2 * c2 < sz)))
            for a_, b_ in zip(ii.tolist(), jj.tolist()):
                seed[a_, b_] = wseed - C.det_random(rng, seats[members[a_]].random_name,
                                                    seats[members[b_]].random_name)
        elif system is SeedSystem.SPLIT_AND_FOLD:
            if sz > 1:
                xx = c1 + c2 - (sz - 1)
                seed = wseed - _jdiv(_jdiv(wseed * xx, sz - 1) * xx, sz - 1)
            else:
                seed = np.full((1, 1), wseed, dtype=np.int64)
        else:
            xx = 2 * np.abs(c1 - c2) - sz
            seed = wseed - _jdiv(_jdiv(wseed * xx, sz) * xx, sz)
        total[np.ix_(members, members)] += seed

    # secondary criteria
    sec = np.fromiter((C._sec_case(ctx, s_) for s_ in seats), dtype=bool, count=n)
    if pp.minimize_handicap:
        max_mms = gp.mm_bar + 2 + 30 + ctx.round_index
        m = np.where(sec, max_mms, _jdiv(mms2, 2))
        rng = ctx.score_range if P.mcmahon else gp.mm_bar - gp.mm_floor + 3 + ctx.round_index
        dm = np.abs(m[:, None] - m[None, :])
        hd_tab = np.array([C.concavity(pp.minimize_handicap, d / rng, k) for d in range(int(dm.max()) + 1)],
                          dtype=np.int64)
        total += hd_tab[dm]
    club_code = _codes([s_.club for s_ in seats])
    country_code = _codes([s_.country for s_ in seats])
    code = (country_code[:, None] == country_code[None, :]).astype(np.int8)
    code += 2 * (club_code[:, None] == club_code[None, :])
    if ctx.clubs_groups:
        common = np.zeros((n, n), dtype=bool)
        clubs = [s_.club for s_ in seats]
        for grp in ctx.clubs_groups:
            mm = np.array([c_ in grp for c_ in clubs])
            common |= mm[:, None] & mm[None, :]
        code += 4 * common
    code += 8 * (sec[:, None].astype(np.int8) + sec[None, :].astype(np.int8))
    geo_tab = np.array([_geo_value(ctx, bool(c_ & 1), bool(c_ & 2), bool(c_ & 4), c_ >> 3) for c_ in range(24)],
                       dtype=np.int64)
    total += geo_tab[code]
    np.fill_diagonal(total, 0)
    return total


def _codes(values: list[str]) -> np.ndarray:
    table: dict[str, int] = {}
    return np.fromiter((table.setdefault(v, len(table)) for v in values), dtype=np.int64, count=len(values))


def _geo_value(ctx, same_country: bool, same_club: bool, common_group: bool, case: int) -> int:
    """geography() for one combination (players' clubs and countries reduced to flags)."""
    def seat(club, country, strong):
        return C.Seat(key="", random_name="", rank=100 if strong else -1000, club=club, country=country,
                      group=0, nbw2=0, smms=-1000)

    # build two stand-in seats with the wanted equalities and threshold states
    pa = seat("A", "X", case >= 1)
    pb = seat("A" if same_club else "B", "X" if same_country else "Y", case >= 2)
    saved = ctx.clubs_groups
    if common_group:
        ctx = C.Context(ctx.params, ctx.round_index, ctx.score_range, ctx.handicap, (("A", "B"),))
    else:
        ctx = C.Context(ctx.params, ctx.round_index, ctx.score_range, ctx.handicap, ())
    del saved
    return C.geography(ctx, pa, pb)


def solve_large(rc, keys: list[str], forbidden: set, options) -> list[tuple[str, str]]:
    n = len(keys)
    W = cost_matrix(rc, keys)
    allowed = np.ones((n, n), dtype=bool)
    np.fill_diagonal(allowed, False)
    if forbidden:
        pos = {k: i for i, k in enumerate(keys)}
        for pr in forbidden:
            a, b = tuple(pr)
            if a in pos and b in pos:
                allowed[pos[a], pos[b]] = allowed[pos[b], pos[a]] = False
    if n <= options.dense_limit:
        ii, jj = np.nonzero(np.triu(allowed, 1))
    else:
        ii, jj = _candidates(rc, keys, W, allowed, options.candidates)
    edges = [(i, j, int(W[i, j])) for i, j in zip(ii.tolist(), jj.tolist())]
    pairs = max_weight_matching(n, edges)
    if n > options.dense_limit:
        place = np.array([rc.seats[x].place for x in keys])
        group = np.array([rc.seats[x].group for x in keys])
        size = np.array([rc.seats[x].group_size for x in keys])
        # field order: by score group, then place in the group
        order = np.lexsort((place, -group))
        boundary = _boundary_order(group, place, size)
        window = options.window or (100 if n <= 1200 else 160)
        dirty = None
        for _ in range(options.window_rounds):
            pairs, c1 = _window_search(W, allowed, pairs, order, window, options.window_passes, dirty)
            pairs, c2 = _window_search(W, allowed, pairs, boundary, window, options.window_passes,
                                       None if dirty is None else dirty | c1)
            if not (c1 or c2):
                break
            dirty = c1 | c2
        # last safety net over the whole field: exchange partners between any
        # two games while that raises the total
        pairs = _two_opt(W, allowed, pairs)
    return [(keys[i], keys[j]) for i, j in pairs]


def _boundary_order(group, place, size):
    """Players ordered so that each group boundary (bottom of a group, top of
    the next lower group) is contiguous."""
    # distance of each player to its group's lower boundary, signed so that the
    # bottom of group g and the top of the group below sort next to each other
    below = size - 1 - place  # 0 for the last of the group
    key_boundary = np.where(place <= below, -group + 0.5, -group)  # upper half belongs to the boundary above
    key_dist = np.where(place <= below, -place, below)
    return np.lexsort((key_dist, key_boundary))


def _window_search(W, allowed, pairs, order, window: int, passes: int = 3, dirty=None):
    """Re-match exactly, over every pair, the players of consecutive games.

    Games are ordered by their best player's position in the field; a window
    of ``window`` players slides by half its width.  Each re-match keeps the
    window's players among themselves, so the total never decreases.
    """
    rank_of = np.empty(len(order), dtype=np.int64)
    rank_of[order] = np.arange(len(order))
    pairs = list(pairs)
    half = max(1, window // 4)
    # dirty: players whose partner changed since the last look (None: all)
    all_changed: set[int] = set()
    for _ in range(passes):
        pairs.sort(key=lambda pr: min(rank_of[pr[0]], rank_of[pr[1]]))
        changed: set[int] = set()
        start = 0
        while start < len(pairs):
            block = pairs[start:start + 2 * half]
            nodes = np.array([x for pr in block for x in pr])
            if len(nodes) >= 4 and (dirty is None or any(int(x) in dirty for x in nodes)):
                sub = W[np.ix_(nodes, nodes)]
                ok = allowed[np.ix_(nodes, nodes)]
                ii, jj = np.nonzero(np.triu(ok, 1))
                edges = list(zip(ii.tolist(), jj.tolist(), sub[ii, jj].tolist()))
                new = max_weight_matching(len(nodes), edges)
                if len(new) == len(block):
                    old_total = sum(int(W[a, b]) for a, b in block)
                    new_block = [(int(min(nodes[a], nodes[b])), int(max(nodes[a], nodes[b]))) for a, b in new]
                    if sum(int(W[a, b]) for a, b in new_block) > old_total:
                        pairs[start:start + 2 * half] = new_block
                        changed |= {x for pr in set(new_block) - set(block) for x in pr}
            if start + 2 * half >= len(pairs):
                break
            start += half
        all_changed |= changed
        if not changed:
            break
        dirty = changed
    return sorted(pairs), all_changed


def _two_opt(W, allowed, pairs, max_passes: int = 50):
    """Swap partners between two games (anywhere in the field) while the total rises."""
    if len(pairs) < 2:
        return pairs
    A = np.array([p[0] for p in pairs])
    B = np.array([p[1] for p in pairs])
    for _ in range(max_passes):
        cur = W[A, B]
        base = cur[:, None] + cur[None, :]
        g1 = W[A[:, None], A[None, :]] + W[B[:, None], B[None, :]] - base
        g1[~(allowed[A[:, None], A[None, :]] & allowed[B[:, None], B[None, :]])] = -1
        g2 = W[A[:, None], B[None, :]] + W[B[:, None], A[None, :]] - base
        g2[~(allowed[A[:, None], B[None, :]] & allowed[B[:, None], A[None, :]])] = -1
        np.fill_diagonal(g1, -1)
        np.fill_diagonal(g2, -1)
        best = np.maximum(g1, g2)
        kk, ll = np.nonzero(np.triu(best > 0, 1))
        if len(kk) == 0:
            break
        touched: set[int] = set()
        for o in np.argsort(-best[kk, ll], kind="stable").tolist():
            k_, l_ = int(kk[o]), int(ll[o])
            if k_ in touched or l_ in touched:
                continue
            touched |= {k_, l_}
            a, b, c, d = A[k_], B[k_], A[l_], B[l_]
            if g1[k_, l_] >= g2[k_, l_]:
                A[k_], B[k_], A[l_], B[l_] = a, c, b, d
            else:
                A[k_], B[k_], A[l_], B[l_] = a, d, b, c
    return sorted((int(min(a, b)), int(max(a, b))) for a, b in zip(A.tolist(), B.tolist()))


def _candidates(rc, keys, W, allowed, k):
    """Candidate edges for a large field: each player's best partners.

    - in its own score group, the players around its ideal partner for the
      seed system (fold: place s-1-p; slip: p +- s/2; random: the other half);
    - its best partners by cost *reduced* by both players' best possible
      half-weights (so that a few universally attractive players do not
      take every list), overall and among the other groups.
    """
    n = len(keys)
    seats = [rc.seats[x] for x in keys]
    groups: dict[int, list[int]] = {}
    for i, s_ in enumerate(seats):
        groups.setdefault(s_.group, []).append(i)
    rows, cols = [], []
    system = C.seed_system(rc.ctx)
    w = max(2, k // 8)
    for members in groups.values():
        members.sort(key=lambda i: seats[i].place)
        size = len(members)
        for pos, i in enumerate(members):
            if system is SeedSystem.SPLIT_AND_FOLD:
                ideals = [size - 1 - pos]
            elif system is SeedSystem.SPLIT_AND_SLIP:
                ideals = [pos + size // 2, pos - size // 2, pos + (size + 1) // 2, pos - (size + 1) // 2]
            else:
                ideals = [pos + size // 2, pos - size // 2]
            for c in ideals:
                for q in range(max(0, c - w), min(size, c + w + 1)):
                    if q != pos:
                        rows.append(i)
                        cols.append(members[q])
    masked0 = np.where(allowed, W, -1)
    u = masked0.max(axis=1) // 2
    red = np.where(allowed, W - u[:, None] - u[None, :], np.iinfo(np.int64).min // 2)
    kk = min(k, n - 1)
    top = np.argpartition(-red, kk - 1, axis=1)[:, :kk]
    rows.extend(np.repeat(np.arange(n), kk).tolist())
    cols.extend(top.ravel().tolist())
    grp = np.array([s_.group for s_ in seats])
    other = np.where(grp[:, None] != grp[None, :], red, np.iinfo(np.int64).min // 2)
    k2 = min(max(4, k // 4), n - 1)
    top2 = np.argpartition(-other, k2 - 1, axis=1)[:, :k2]
    rows.extend(np.repeat(np.arange(n), k2).tolist())
    cols.extend(top2.ravel().tolist())
    r = np.array(rows)
    c = np.array(cols)
    ok = allowed[r, c]
    r, c = r[ok], c[ok]
    return np.minimum(r, c), np.maximum(r, c)
