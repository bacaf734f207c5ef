"""Benchmark of the Go-family validators: moves per second, in process and as a whole process.

Run ``python tests/bench/bench_go.py`` from the repository root.  It makes
random legal games with a fixed seed (Go 19x19, Keima-Go 9x9, 1000-Volt-Go
9x9; random stones, a pass where none of 20 tries is legal), then

1. times replaying them in process (parsing the plain notation and playing);
2. times ``python -m games.go|keima|volt FILE`` on one long game as a whole
   process (interpreter start, reading, replaying, JSON output).

Not collected by pytest (the name does not start with ``test_``).
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from games import go, keima, volt  # noqa: E402
from games.go import IllegalMove  # noqa: E402

KNIGHTS = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]


def random_game(game_class, size: int, length: int, rng: random.Random) -> str:
    """A random legal record of at most ``length`` moves (shorter if two passes end it)."""
    game = game_class(size=size)
    names = []
    while len(names) < length:
        if getattr(game, "half_turn", None) is not None:
            x, y = game.graph.point(game.half_turn)
            options = [game.graph.index(x + dx, y + dy) for dx, dy in KNIGHTS]
            options = [p for p in options if p is not None]
        else:
            options = [p for p, c in enumerate(game.position.stones) if not c]
        rng.shuffle(options)
        for p in options[:20]:
            try:
                game.play_point(p)
            except IllegalMove:
                continue
            names.append(game.point_name(p))
            break
        else:
            if getattr(game, "half_turn", None) is not None:
                break  # a first stone without a partner: stop the game here
            game.play_point(None)
            names.append("pass")
            if game.is_over():
                return " ".join(names)
    return " ".join(names)


def main() -> int:
    rng = random.Random(7)
    cases = [
        ("go", go, go.Game, 19, 300, 100),
        ("keima", keima, keima.KeimaGame, 9, 80, 300),
        ("volt", volt, volt.VoltGame, 9, 120, 300),
    ]
    for name, module, game_class, size, length, count in cases:
        records = [random_game(game_class, size, length, rng) for _ in range(count)]
        moves = sum(len(r.split()) for r in records)
        start = time.perf_counter()
        for r in records:
            v = module.replay(r, size=size)
            assert v.legal, v.error
        seconds = time.perf_counter() - start
        print(
            f"{name:6} {size}x{size}: {count} games, {moves} moves replayed in {seconds:.2f} s "
            f"= {moves / seconds:,.0f} moves/s in process"
        )
        longest = max(records, key=len)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(longest)
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", f"games.{name}", "--size", str(size), f.name],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        seconds = time.perf_counter() - start
        Path(f.name).unlink()
        if proc.returncode != 0:
            print(proc.stdout, proc.stderr)
            return 1
        print(f"{'':6} python -m games.{name} on one game of {len(longest.split())} moves: {seconds * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
