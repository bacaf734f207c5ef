"""Benchmark of the Ninuki validator: moves per second, whole process.

Run ``python tests/bench/bench_ninuki.py`` from the repository root.  It

1. writes the moves of ``../shared/pente-archive/games.jsonl`` to a temporary
   file (one game per line) and times ``python -m games.ninuki --rules pente
   --lines FILE`` as a whole process (interpreter start, reading, parsing,
   replaying, JSON output);
2. does the same with ``--rules hannover`` on long random Ninuki games (made
   here with a fixed seed, legal under ``hannover``, so every Black move goes
   through the double-three test);
3. prints the in-process figures (parsing and replaying only) beside them.

The byte-code of ``games`` is compiled first (``compileall``), as an
installation does; ``--no-compile`` times the cold start instead.  Not
collected by pytest (the name does not start with ``test_``).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = ROOT / ".." / "shared" / "pente-archive" / "games.jsonl"
sys.path.insert(0, str(ROOT))

from games.coords import Point  # noqa: E402
from games.ninuki import Board, IllegalMove, replay, write_text  # noqa: E402


def random_games(count: int, length: int, seed: int = 1) -> list[str]:
    """Long random legal hannover games: mostly uniform over the board (so
    that the games last), partly near the last stones (so that threes,
    captures and fives happen)."""
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        board = Board("hannover")
        board.push(Point(9, 9))
        recent = [Point(9, 9)]
        while board.ply < length and board.outcome is None:
            for _ in range(30):
                if rnd.random() < 0.85:
                    pt = Point(rnd.randrange(19), rnd.randrange(19))
                else:
                    base = rnd.choice(recent[-12:])
                    pt = Point(base.x + rnd.randint(-2, 2), base.y + rnd.randint(-2, 2))
                if not pt.on_board(19):
                    continue
                try:
                    board.push(pt)
                except IllegalMove:
                    continue
                recent.append(pt)
                break
            else:
                legal = board.legal_moves()
                if not legal:
                    break
                pt = rnd.choice(legal)
                board.push(pt)
                recent.append(pt)
        out.append(write_text(board.moves))
    return out


def whole_process(rules: str, path: str, repeat: int) -> tuple[float, float, int]:
    """Best wall-clock time and best CPU time (user + system) of the process."""
    best = best_cpu = None
    moves = 0
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        p = subprocess.run(
            [sys.executable, "-m", "games.ninuki", "--rules", rules, "--lines", path],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
        if p.returncode not in (0, 1):
            sys.exit(f"the validator failed: {p.stderr}")
        moves = sum(json.loads(line)["moves"] for line in p.stdout.splitlines())
        best = elapsed if best is None else min(best, elapsed)
    return best, best_cpu, moves


def in_process(rules: str, lines: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    moves = sum(replay(line, rules).moves for line in lines)
    return time.perf_counter() - start, moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="random hannover games (default 400)")
    ap.add_argument("--length", type=int, default=300, help="moves per random game at most (default 300)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each; the best is reported")
    ap.add_argument("--no-compile", action="store_true", help="do not compile the byte-code first")
    args = ap.parse_args()
    if not args.no_compile:
        compileall.compile_dir(str(ROOT / "games"), quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        pente = [json.loads(line)["moves"] for line in ARCHIVE.open()]
        pente_path = os.path.join(tmp, "pente.txt")
        Path(pente_path).write_text("\n".join(pente) + "\n")
        t0 = time.perf_counter()
        hannover = random_games(args.games, args.length)
        made = time.perf_counter() - t0
        hannover_path = os.path.join(tmp, "hannover.txt")
        Path(hannover_path).write_text("\n".join(hannover) + "\n")
        print(f"{len(pente)} Pente archive games; {len(hannover)} random hannover games made in {made:.1f} s")
        for name, rules, path, lines in (
            ("pente archive", "pente", pente_path, pente),
            ("hannover random", "hannover", hannover_path, hannover),
        ):
            wall, cpu, moves = whole_process(rules, path, args.repeat)
            inner, moves2 = in_process(rules, lines)
            assert moves == moves2
            print(
                f"{name:16s} {moves:7d} moves | whole process: wall {wall:5.3f} s = {moves / wall:8,.0f} moves/s,"
                f" cpu {cpu:5.3f} s = {moves / cpu:8,.0f} moves/s | in process: {moves / inner:8,.0f} moves/s"
            )
    print(
        f"(load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores: wall-clock figures suffer"
        " when other work runs; the cpu figures less so)"
    )


if __name__ == "__main__":
    main()
