"""The large-field matching (above Options.dense_limit) against the exact all-pairs blossom."""

import sys
from pathlib import Path

from tournament.pairing.engine import Options, pair_round

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from bench_pairing import synthetic  # noqa: E402


def test_450_players_reach_the_all_pairs_optimum():
    t = synthetic(450, seed=1).before(5)
    fast = pair_round(t, 5)  # 441 present: above the dense limit
    assert len(fast.games) * 2 + (fast.bye is not None) == sum(p.present(5) for p in t.players)
    exact = pair_round(t, 5, options=Options(dense_limit=10**6))
    assert fast.total_cost == exact.total_cost
    assert not fast.warnings
