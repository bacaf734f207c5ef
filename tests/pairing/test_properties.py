"""Property tests over random tournaments (hypothesis)."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import rustworkx as rx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.pairing.context import Options
from tournament.pairing.cost_matrix import NameHashes, cost_matrix
from tournament.pairing.costs import det_random
from tournament.pairing.engine import build_context, pair_round
from tournament.pairing.model import Bye, Discipline, Result

from .helpers import play, tournament

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def random_round(draw):
    n = draw(st.integers(2, 18))
    seed = draw(st.integers(0, 10_000))
    absent = draw(st.sampled_from([0.0, 0.1, 0.3]))
    played = draw(st.integers(0, 3))
    t = tournament(n, seed=seed, absent_rate=absent)
    disc = draw(
        st.sampled_from(
            [{}, {1: Discipline("ninuki"), 2: Discipline("keima"), 3: Discipline("volt"), 4: Discipline("go")}]
        )
    )
    t = replace(t, disciplines=disc)
    rnd = random.Random(seed)
    for r in range(1, played + 1):
        p = pair_round(t, r)
        games = [replace(g, result=rnd.choice(list(Result)[1:])) for g in p.games]
        t = replace(t, games=t.games + tuple(games), byes=t.byes + ((Bye(r, p.bye),) if p.bye else ()))
    keys = [pl.key for pl in t.players]
    forbidden = []
    for _ in range(draw(st.integers(0, 3))):
        a, b = rnd.sample(keys, 2) if len(keys) >= 2 else (keys[0], keys[0])
        if a != b:
            forbidden.append((a, b))
    return t, played + 1, forbidden


def paired_keys(p):
    return [k for g in p.games for k in (g.white, g.black)]


@SETTINGS
@given(random_round())
def test_everyone_present_is_paired_once_or_gets_the_bye(case):
    t, r, forbidden = case
    p = pair_round(t, r, forbidden=forbidden)
    seen = paired_keys(p) + ([p.bye] if p.bye else []) + p.unpaired
    present = sorted(pl.key for pl in t.players if pl.present(r))
    assert sorted(seen) == present
    assert len(set(seen)) == len(seen)
    if not forbidden:
        assert not p.unpaired


@SETTINGS
@given(random_round())
def test_no_forbidden_pair_ever(case):
    t, r, forbidden = case
    p = pair_round(t, r, forbidden=forbidden)
    bad = {frozenset(f) for f in forbidden}
    assert not any(frozenset((g.white, g.black)) in bad for g in p.games)


@SETTINGS
@given(random_round())
def test_no_rematch_when_one_can_be_avoided(case):
    t, r, _ = case
    p = pair_round(t, r)
    rematches = [g for g in p.games if p.costs[frozenset((g.white, g.black))].terms["duplicate"] == 0]
    if not rematches:
        return
    # a rematch is only allowed when no pairing of the same players avoids all of them
    keys = paired_keys(p)
    seats = p.context.seats
    g = rx.PyGraph()
    g.add_nodes_from(keys)
    for i, a in enumerate(keys):
        for j in range(i + 1, len(keys)):
            if keys[j] not in seats[a].played:
                g.add_edge(i, j, 1)
    best = rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: 1)
    assert len(best) < len(keys) // 2


@SETTINGS
@given(random_round())
def test_same_input_same_pairing(case):
    t, r, forbidden = case
    a = pair_round(t, r, forbidden=forbidden)
    b = pair_round(t, r, forbidden=list(reversed(forbidden)))
    assert a.as_dict() == b.as_dict()


@SETTINGS
@given(random_round())
def test_numpy_costs_equal_pair_by_pair_costs(case):
    t, r, _ = case
    keys = [pl.key for pl in t.players if pl.present(r)]
    for dialect in ("fixtures", "3.51.02"):
        rc = build_context(t, r, keys, Options(dialect=dialect))
        W = cost_matrix(rc, keys)
        for i, a in enumerate(keys):
            for j, b in enumerate(keys):
                if i != j:
                    assert W[i, j] == rc.cost(a, b).total


@SETTINGS
@given(random_round())
def test_large_field_path_reaches_the_exact_optimum(case):
    t, r, _ = case
    exact = pair_round(t, r)
    fast = pair_round(t, r, options=Options(dense_limit=2, python_limit=2, candidates=2))
    # the weight the matching maximises; total_cost (each game seen from White)
    # may differ between two optimal pairings, as the random seeding part of a
    # pair's cost depends on the order of the two players
    assert fast.weight == exact.weight


@SETTINGS
@given(random_round(), st.randoms(use_true_random=False))
def test_order_of_the_players_does_not_matter(case, rnd):
    t, r, forbidden = case
    shuffled = list(t.players)
    rnd.shuffle(shuffled)
    a = pair_round(t, r, forbidden=forbidden)
    b = pair_round(replace(t, players=tuple(shuffled)), r, forbidden=forbidden)
    assert a.as_dict() == b.as_dict()


def test_two_optimal_pairings_the_tie_rule_picks_one():
    """Found by the property test above: six players, first round, split-and-random
    seeding, two optimal pairings of equal weight whose sums of the costs seen from
    White differ (the random part depends on the order of the two players). The
    exact blossom and the column generation once found one each; the tie rule
    (tournament/pairing/matching.py) now makes both find the same one."""
    t = tournament(6, seed=178, absent_rate=0.0)
    exact = pair_round(t, 1)
    fast = pair_round(t, 1, options=Options(dense_limit=2, python_limit=2, candidates=2))
    assert exact.weight == fast.weight
    assert exact.games == fast.games


NAMES = ["Ann", "Änne", "Łukasz", "李", "😀x", "Zoë", "ann", "", "O'Neil", "Møller-Ñ"]


@SETTINGS
@given(st.integers(2, 14), st.integers(0, 10_000), st.sampled_from([0, 1, 7, 1000]), st.integers(1, 2))
def test_the_random_parts_for_all_pairs_at_once_equal_pair_by_pair(n, seed, random_weight, r):
    """The seeding's split-and-random draw (round 1) and the random cost, for every pair at once
    (:class:`.cost_matrix.NameHashes`, numpy), equal :func:`.costs.det_random` pair by pair: names
    with umlauts, characters outside the BMP (two UTF-16 units), equal and empty first names."""
    rnd = random.Random(seed)
    t = tournament(n, seed=seed)
    people = tuple(
        replace(p, name=rnd.choice(NAMES) + str(i), first_name=rnd.choice(NAMES)) for i, p in enumerate(t.players)
    )
    params = replace(t.params, pairing=replace(t.params.pairing, random=random_weight))
    t = replace(t, players=people, params=params)
    if r == 2:
        t = play(t, 1, seed=seed)
    keys = [pl.key for pl in t.players if pl.present(r)]
    rc = build_context(t, r, keys)
    W = cost_matrix(rc, keys)
    for i, a in enumerate(keys):
        for j, b in enumerate(keys):
            if i < j:  # the matching's weight of the pair; the random cost's draw of (i, j) is on (j, i) too
                cost = rc.cost(a, b)
                assert W[i, j] == cost.total
                assert W[j, i] == rc.cost(b, a).total - rc.cost(b, a).terms["random"] + cost.terms["random"]


def test_name_hashes_equal_det_random_for_any_names_and_ranges():
    """Long names (the int64 bound: then pair by pair), a range of 0 and large ranges."""
    rnd = random.Random(3)
    alphabet = "abzÄß李😀 -"
    names = ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 40))) for _ in range(60)] + ["x", "x"]
    a = [rnd.randrange(len(names)) for _ in range(3000)]
    b = [rnd.randrange(len(names)) for _ in range(3000)]
    for listed in (names, names + ["😀" * 5000]):
        hashes = NameHashes(listed)
        assert hashes.exact == (listed is names)
        for top in (0, 1, 5, 1_000_000, 10**12):
            got = hashes.det_random(top, np.array(a), np.array(b)).tolist()
            assert got == [det_random(top, listed[x], listed[y]) for x, y in zip(a, b)]
