"""Rank categories paired apart (issue #31 item 15): a category's odd player meets the nearest player of
the neighbouring category, never any player of it.

OpenGotha 3.51.02 gives no score-difference weight across categories, so in a McMahon of 40 players
in four categories of odd sizes (``oracle/categories_field.py``) its jar pairs 2d against 8k with 7
stones and, in round 2, 10k against 22k with 9 (``oracle_answers/cats-40.pairings.json``). The site
weighs the distance across categories in scores, then ranks (``costs.cross_category_distance``); the
3.51.02 dialect and ``pair_opengotha`` keep the jar's way (``test_opengotha_351`` and
``test_opengotha_351_costs`` compare them with the jar, round by round and pair by pair).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tournament.pairing import categories
from tournament.pairing.context import Options
from tournament.pairing.cost_matrix import cost_matrix
from tournament.pairing.engine import pair_round
from tournament.pairing.model import GeneralParams, Parameters, Player, Tournament, player_key
from tournament.pairing.scores import crit_value, score_table
from tournament.ranks import parse_rank

from .opengotha.oracle import categories_field as field40


def _mms(t: Tournament, r: int) -> dict[str, int]:
    """Every player's McMahon score before round ``r``, in whole points as the score groups hold them."""
    scores = score_table(t.players, t.games, t.byes, t.params.general, max(r - 1, 1), opponents=False)
    return {k: crit_value(s, "MMS", r - 2) // 2 for k, s in scores.items()}


def _category(t: Tournament) -> dict[str, int]:
    limits = t.params.general.lower_category_limits
    return {p.key: categories.number(p.rank, limits) for p in t.players}


def _crossing(t: Tournament, games) -> list[tuple[str, str]]:
    cat = _category(t)
    return [(w, b) for w, b, *_ in games if cat[w] != cat[b]]


def _odd_boundaries(t: Tournament, present: set[str]) -> int:
    """The fewest pairs across categories: a category with an odd number of players (with the one it
    took from the category above) sends one to the next."""
    cat = _category(t)
    carry = crossings = 0
    for c in range(t.params.general.number_of_categories):
        carry = (sum(1 for k in present if cat[k] == c) + carry) % 2
        crossings += carry
    return crossings - carry  # the last category's odd player takes the bye


def widened(t: Tournament, r: int, games) -> list[str]:
    """Every cross-category game that a swap would make nearer without widening another game as much:
    for a game (a, b) across categories and a game (c, d) inside the category of a (or of b), c meeting b
    and a meeting d (neither a rematch) must not make the two games' score gaps smaller in sum."""
    mms, cat = _mms(t, r), _category(t)
    played = {frozenset((g.white, g.black)) for g in t.games}
    pairs = [(w, b) for w, b, *_ in games]

    def gap(x: str, y: str) -> int:
        return abs(mms[x] - mms[y])

    found = []
    for a, b in _crossing(t, games):
        for x, y in ((a, b), (b, a)):
            for c0, d0 in pairs:
                for c, d in ((c0, d0), (d0, c0)):
                    if not (cat[c] == cat[d] == cat[x]) or x in (c, d):
                        continue
                    if {frozenset((c, y)), frozenset((x, d))} & played:
                        continue
                    if gap(c, y) + gap(x, d) < gap(x, y) + gap(c, d):
                        found.append(f"R{r}: {x} ({mms[x]}) - {y} ({mms[y]}); {c} ({mms[c]}) - {y} would be nearer")
    return found


def test_the_jar_pairs_a_categorys_odd_player_with_a_far_player_of_the_next():
    """What OpenGotha 3.51.02 does with the field: the recorded answers, read as a director would."""
    t = field40.field()
    rank = {p.key: p.rank for p in t.players}
    first, second = field40.answers()[:2]
    far = {(rank[w], rank[b], h) for w, b, h in first["games"] if (w, b) in _crossing(t, first["games"])}
    assert (parse_rank("2d"), parse_rank("8k"), 7) in far
    after_one = field40.before(2)
    far = {(rank[w], rank[b], h) for w, b, h in second["games"] if (w, b) in _crossing(after_one, second["games"])}
    assert (parse_rank("10k"), parse_rank("22k"), 9) in far
    assert widened(t, 1, first["games"]) and widened(after_one, 2, second["games"])


def test_round_1_the_odd_players_meet_the_nearest_of_the_next_category_without_handicap():
    t = field40.field()
    p = pair_round(t, 1)
    rank = {pl.key: pl.rank for pl in t.players}
    crossing = {frozenset((w, b)) for w, b in _crossing(t, [(g.white, g.black) for g in p.games])}
    # the weakest of A (1d, three of them) meets the strongest of B (1k); the weakest of C (19k) the
    # strongest of D (20k): no handicap, as the handicap rule gives a score gap of one point
    assert sorted(sorted(rank[k] for k in pair) for pair in crossing) == sorted(
        [sorted([parse_rank("1d"), parse_rank("1k")]), sorted([parse_rank("20k"), parse_rank("19k")])]
    )
    assert all(g.handicap == 0 for g in p.games if frozenset((g.white, g.black)) in crossing)
    # the 3.51.02 dialect and an explicit rule of OpenGotha pair as the jar: far apart
    for options in (Options(dialect="3.51.02"), Options(cross_category="opengotha")):
        jar_way = pair_round(t, 1, options=options)
        assert widened(t, 1, [(g.white, g.black) for g in jar_way.games])


def _random_field(seed: int) -> Tournament:
    """40 players of random ranks in three or four categories of odd sizes, each of a club of their own."""
    rnd = random.Random(seed)
    while True:
        ranks = sorted((rnd.randint(-28, 5) for _ in range(40)), reverse=True)
        limits = tuple(sorted(rnd.sample(range(-22, 2), rnd.choice([2, 3])), reverse=True))
        sizes = [sum(1 for r in ranks if categories.number(r, limits) == c) for c in range(len(limits) + 1)]
        if sum(s % 2 for s in sizes) >= 2 and min(sizes) >= 7:
            break
    players = tuple(
        Player(key=player_key(f"R{i:02d}", "X"), name=f"R{i:02d}", first_name="X", rank=rank, club=f"C{i:02d}")
        for i, rank in enumerate(ranks)
    )
    general = GeneralParams(
        number_of_rounds=4, mm_bar=0, mm_floor=-20, number_of_categories=len(limits) + 1, lower_category_limits=limits
    )
    return Tournament(players=players, params=Parameters(general=general))


@pytest.mark.parametrize("seed", [None, *range(8)], ids=["cats-40", *(f"random-{s}" for s in range(8))])
def test_every_round_the_fewest_cross_category_games_and_none_wider_than_the_nearest(seed):
    """Four rounds, results by ``categories_field.result``: in each the fewest games across categories,
    each between neighbouring categories, and none a swap would make nearer (in McMahon score) without
    widening a game inside a category as much."""
    t = field40.field() if seed is None else _random_field(seed)
    cat = _category(t)
    for r in range(1, 5):
        p = pair_round(t, r)
        games = [(g.white, g.black, g.handicap) for g in p.games]
        crossing = _crossing(t, games)
        assert len(crossing) == _odd_boundaries(t, {pl.key for pl in t.players}), f"R{r}"
        assert all(abs(cat[a] - cat[b]) == 1 for a, b in crossing), f"R{r}"
        assert widened(t, r, games) == []
        t = field40.played(t, r, games, p.bye)


@pytest.mark.parametrize("rule", ["nearest", "opengotha"])
def test_the_cost_matrix_weighs_the_categories_as_the_pair_costs(rule):
    """The large-field matching reads its costs from :func:`cost_matrix`: the same integers as the
    pair by pair costs, across categories too, with either rule."""
    t = field40.before(3)
    p = pair_round(t, 3, options=Options(cross_category=rule))
    keys = sorted(p.context.seats)
    matrix = cost_matrix(p.context, keys)
    for i, a in enumerate(keys):
        for j, b in enumerate(keys):
            if i < j:
                assert matrix[i, j] == p.context.cost(a, b).total, (a, b)


def test_a_swiss_with_categories_too_meets_the_nearest_in_wins_then_rank():
    """The main score need not be McMahon's: in a Swiss the odd player of a category meets the player of
    the next with the nearest number of wins, then the nearest rank (round 1: all without wins)."""
    t = field40.field()
    swiss = replace(t, params=replace(t.params, placement=("NBW", "SOSW", "SOSOSW")))
    p = pair_round(swiss, 1)
    rank = {pl.key: pl.rank for pl in t.players}
    crossing = _crossing(swiss, [(g.white, g.black) for g in p.games])
    assert sorted(sorted((rank[a], rank[b])) for a, b in crossing) == sorted(
        [sorted([parse_rank("1d"), parse_rank("1k")]), sorted([parse_rank("20k"), parse_rank("19k")])]
    )


def test_pair_opengotha_pairs_the_categories_as_opengotha(tmp_path):
    """``pair_opengotha`` pairs an OpenGotha file as OpenGotha: across categories by OpenGotha's rule (the
    rest by the default dialect, the 3.52 line's costs); round 1 of the field, where the two OpenGothas
    agree, has exactly the jar's total by the jar's own costs (``cats-40.costs.json``)."""
    import io
    import json

    from tournament import pair_opengotha
    from tournament.files.opengotha import read_tournament, write_tournament

    from .test_opengotha_351_costs import jar, jar_costs

    for answer in field40.answers():
        r = answer["round"]
        path = tmp_path / f"cats-40-{r}.xml"
        path.write_text(write_tournament(field40.before(r)), encoding="utf-8")
        out = io.StringIO()
        assert pair_opengotha.main([str(path), "--round", str(r)], stdout=out) == 0
        ours = {frozenset((g["white"], g["black"])) for g in json.loads(out.getvalue())["games"]}
        file = read_tournament(path).before(r)
        opengotha = pair_round(file, r, options=Options(cross_category="opengotha"))
        assert ours == {frozenset((g.white, g.black)) for g in opengotha.games}, f"R{r}"
        if r == 1:
            costs = {frozenset(pair): c for pair, c in jar_costs(jar("cats-40", r)).items()}
            assert sum(costs[p] for p in ours) == sum(costs[frozenset((w, b))] for w, b, _ in answer["games"])
            assert widened(file, r, [tuple(p) for p in ours])
