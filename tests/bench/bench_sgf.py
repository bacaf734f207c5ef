"""Benchmark of the SGF reader (games/sgf.py): parse time for 100,000 nodes, and how it scales.

Run ``python tests/bench/bench_sgf.py`` from the repository root.  It reads
records of 25,000 to 200,000 move nodes (one per line, as SGF editors write
them; and all on one line) and prints the best of five runs of
:func:`games.sgf.parse`, of :meth:`SGFGame.moves` and of asking every move's
line and column.  The time per node should stay flat (the reader is linear;
``tests/games/test_sgf.py`` counts its work).  Target: 100,000 nodes well
under 0.5 s.  Not collected by pytest (the name does not start with
``test_``).
"""

from __future__ import annotations

import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from games import sgf  # noqa: E402


def record(n: int, newline: str = "\n") -> str:
    moves = "".join(f";{'BW'[i % 2]}[{chr(97 + i % 19)}{chr(97 + i // 19 % 19)}]{newline}" for i in range(n))
    return f"(;FF[4]GM[1]SZ[19]{newline}{moves})"


def best(fn) -> float:
    return min(timeit.repeat(fn, number=1, repeat=5))


def main() -> int:
    for layout, newline in (("a node per line", "\n"), ("one line", "")):
        print(f"{layout}:")
        for n in (25_000, 50_000, 100_000, 200_000):
            text = record(n, newline)
            parse = best(lambda text=text: sgf.parse(text))
            game = sgf.parse(text)
            moves = best(game.moves)
            where = best(lambda game=game: [(m.line, m.column) for m in game.moves()])
            print(
                f"  {n:>7,} nodes ({len(text) / 1e6:.1f} MB): parse {parse:.3f} s "
                f"({parse / n * 1e6:.2f} us/node), moves() {moves:.3f} s, "
                f"moves() with line and column {where:.3f} s"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
