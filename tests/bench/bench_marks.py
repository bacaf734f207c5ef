"""Benchmark of the end of a Go game (games/go/marks.py): a chain toggled and the board counted.

Run ``python tests/bench/bench_marks.py`` from the repository root.  It
plays a random legal game with a fixed seed (9x9, 13x13, 19x19; stones on
four ninths of the points, then two passes), then times, best of five:

1. ``Marking.toggle`` of every chain on the board in turn, each followed by
   ``count()`` (what the live board does for every tap), per tap;
2. the same under ``japanese``;
3. a record replayed with every White chain marked dead (``dead=``), and
   the same record as SGF whose ``TB``/``TW`` name them, against the
   replay without marks.

The live board counts after every tap and on every poll, so a tap and its
count should stay well under a millisecond on 19x19.  Not collected by
pytest (the name does not start with ``test_``).
"""

from __future__ import annotations

import random
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from games import go  # noqa: E402
from games.coords import Point  # noqa: E402
from games.go import WHITE, Game, Marking, Marks  # noqa: E402
from games.sample import go_family_record  # noqa: E402


def best(fn, number: int = 1) -> float:
    return min(timeit.repeat(fn, number=number, repeat=5)) / number


def main() -> int:
    for size in (9, 13, 19):
        record = go_family_record(random.Random(22), Game(size=size))
        for rules in ("chinese", "japanese"):
            game = go.replay(record, size=size, rules=rules).game
            chains = [next(iter(members)) for _, members, _ in game.position.groups()]
            points = [Point(*game.graph.point(p)) for p in chains]

            def taps(points=points, game=game) -> None:
                marking = Marking(game)
                for p in points:
                    marking = marking.toggle(p).marking
                    marking.count()

            per_tap = best(taps) / max(1, len(points))
            print(f"{size}x{size} {rules}: {len(points)} chains, toggle + count {per_tap * 1e6:.0f} us a tap")
        game = go.replay(record, size=size).game
        white = [Point(*game.graph.point(p)) for p, c in enumerate(game.position.stones) if c == WHITE]
        sgf = go.write_sgf(game, marks=Marks.of(white, size=size))
        plain = best(lambda record=record, size=size: go.replay(record, size=size), 5)
        marked = best(lambda record=record, size=size, white=white: go.replay(record, size=size, dead=white), 5)
        from_sgf = best(lambda sgf=sgf: go.replay(sgf), 5)
        print(
            f"{size}x{size} replay of {game.move_number} moves: {plain * 1e3:.2f} ms, "
            f"with {len(white)} dead White stones given {marked * 1e3:.2f} ms, from the SGF's TB/TW {from_sgf * 1e3:.2f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
