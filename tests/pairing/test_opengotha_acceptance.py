"""OpenGotha's own pairings of six tournaments (34 rounds), read in place from ../shared/opengotha/."""

from __future__ import annotations

import pytest

from tests.shared import needs_shared
from tournament.pairing.engine import pair_round

from .og_fixtures import CHUNKED, ROUNDS, dump, expected, tournament

pytestmark = needs_shared("opengotha")

# Rounds where our pairing differs from OpenGotha's but has exactly its total
# cost by OpenGotha's own dump (several optimal pairings; OpenGotha's pick
# depends on the order it visits players, ours on the tie rule of
# tournament/pairing/matching.py).  Kept explicit so that a change in the list
# shows up.
EQUAL_OPTIMAL = {
    ("simpleswiss", 7),
    ("notsosimpleswiss", 6),
    ("notsosimpleswiss", 8),
}


def outcome(name: str, r: int):
    t = tournament(name)
    pairing = pair_round(t.before(r), r)
    games, og_bye = expected(name, r)
    present = {p.key for p in t.players if p.present(r)}
    in_games = {k for w, b, _ in games for k in (w, b)}
    left_out = present - in_games - {og_bye}
    if og_bye is None and len(left_out) == 1:
        # OpenGotha left one present player unpaired without recording a bye
        # (KPMC round 2): that player is the one who has to sit out.
        og_bye = left_out.pop()
    got = {(g.white, g.black, g.handicap) for g in pairing.games}
    d = dump(name, r)

    def total(pairs):
        return sum(d[frozenset(p)]["total"] for p in pairs)

    ours = total((g.white, g.black) for g in pairing.games)
    theirs = total((w, b) for w, b, _ in games)
    if got == games and pairing.bye == og_bye:
        return "identical", ours, theirs
    if ours == theirs:
        return "equal-optimal", ours, theirs
    return "different", ours, theirs


@pytest.mark.parametrize("name,r", ROUNDS, ids=[f"{n}-R{r}" for n, r in ROUNDS])
def test_round_matches_opengotha(name, r):
    kind, ours, theirs = outcome(name, r)
    if (name, r) in CHUNKED:
        # OpenGotha paired this round in score chunks: ours must be at least as good
        assert ours >= theirs
        return
    if (name, r) in EQUAL_OPTIMAL:
        assert kind == "equal-optimal", (kind, ours - theirs)
    else:
        assert kind == "identical", (kind, ours - theirs)


@pytest.mark.parametrize("name,r", ROUNDS, ids=[f"{n}-R{r}" for n, r in ROUNDS])
def test_every_pair_cost_matches_dump(name, r):
    t = tournament(name).before(r)
    pairing = pair_round(t, r)
    rc = pairing.context
    d = dump(name, r)
    assert d, "empty dump"
    checked = 0
    for pair, terms in d.items():
        a, b = tuple(pair)
        pc = rc.cost(a, b)
        for term, value in pc.terms.items():
            assert abs(value - terms[term]) <= 10, (a, b, term, value, terms[term])
        assert abs(pc.total - terms["total"]) <= 10
        checked += 1
    assert checked == len(d)
