"""Benchmark: "why not these two?" on a round of 2,000 players (not collected by pytest).

    .venv/bin/python tests/bench/bench_why_not.py [players] [repeat]

A plain tournament of ``players`` (the pairing tests' builder), one round played, round 2 paired by the
engine; then :func:`tournament.pairing.explain.why_not` for a few pairs of round 2 (the top board's
White with the middle board's Black, the last board's, ...), in CPU seconds, beside the CPU time of
pairing the round itself: the question's work is one matching of the round, never more.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))


def main() -> None:
    from tests.pairing.helpers import play, tournament
    from tournament.pairing.engine import pair_round
    from tournament.pairing.explain import why_not

    size = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    t = play(tournament(size, seed=7), 1, seed=7)
    start = time.process_time()
    p = pair_round(t, 2)
    pairing = time.process_time() - start
    games = [(g.white, g.black) for g in sorted(p.games, key=lambda g: g.table)]
    byes = [p.bye] if p.bye else []
    print(f"{size} players: pairing round 2 {pairing:.2f} CPU-s")
    for i in range(repeat):
        a, b = games[0][0], games[(i + 1) * len(games) // (repeat + 1)][1]
        start = time.process_time()
        facts = why_not(t, 2, games, byes, a, b)
        cpu = time.process_time() - start
        changes = facts["changes"] or {"removed": []}
        print(
            f"  why not {a} and {b}: {cpu:.2f} CPU-s, total {facts['total_now']} -> {facts['total_with']}, "
            f"{len(changes['removed'])} pairs change"
        )


if __name__ == "__main__":
    main()
