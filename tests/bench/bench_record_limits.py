"""Benchmark of the record length limits: replaying the longest records each game accepts.

Run ``python tests/bench/bench_record_limits.py`` from the repository root.
For every game and board it prints the limit (:meth:`RuleSet.max_moves`,
:meth:`Game.max_moves`), the length of the longest legal record made here
(fixed seed), the best of three replays of it in process, the time per move
and that time scaled to a record at the limit; then the time to refuse a
record one move over the limit and an SGF of 199,000 empty nodes.

The records:

- Go, 1000-Volt-Go: random legal stones (no passes while a stone is
  legal), up to the limit exactly: their rules allow endless games, and
  random play keeps capturing, so it reaches the limit.
- Keima-Go: the same, two stones a turn.  Random play fills the board with
  single-point eyes after about a hundred stones and must pass (captures
  are rare with two stones in keima shape), so the record is short and the
  time is scaled to the limit.
- Ninuki-Renju: random legal stones that do not end the game, a pass after
  every two stones (passes lengthen a record most cheaply), until no stone
  can be placed without ending the game; then two passes.  The bound is not
  reached (it counts a pass after every stone and 16 captured stones), so
  the time is also scaled to the bound.

Not collected by pytest (the name does not start with ``test_``).
"""

from __future__ import annotations

import random
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from games import go, keima, ninuki, volt  # noqa: E402
from games.go import IllegalMove  # noqa: E402
from games.limits import RecordTooLong  # noqa: E402

KNIGHTS = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]


def go_record(game_class, size: int, rng: random.Random) -> list[str]:
    """Random legal moves up to the limit (a pass only when no stone is legal)."""
    game = game_class(size=size)
    limit = game_class.max_moves(size)
    names: list[str] = []
    keima_game = getattr(game, "half_turn", "no") != "no"
    while len(names) < limit:
        empty = [p for p, c in enumerate(game.position.stones) if not c]
        rng.shuffle(empty)
        played = False
        for p in empty:
            if keima_game and len(names) + 2 > limit:
                break
            trial = game.copy() if keima_game else game
            try:
                trial.play_point(p)
            except IllegalMove:
                continue
            if keima_game:  # a turn is two stones: find the second before keeping the first
                x, y = game.graph.point(p)
                partners = [trial.graph.index(x + dx, y + dy) for dx, dy in KNIGHTS]
                partners = [q for q in partners if q is not None]
                rng.shuffle(partners)
                for q in partners:
                    try:
                        trial.play_point(q)
                    except IllegalMove:
                        continue
                    names += [game.point_name(p), game.point_name(q)]
                    game = trial
                    played = True
                    break
                if not played:
                    continue
            else:
                names.append(game.point_name(p))
                played = True
            break
        if not played:
            if game.moves and game.moves[-1].point is None or len(names) + 1 > limit:
                break
            game.play_point(None)
            names.append("pass")
    return names


def ninuki_record(rules: ninuki.RuleSet, rng: random.Random) -> list[str]:
    board = ninuki.Board(rules)
    names: list[str] = []
    points = [ninuki.Point(x, y) for y in range(board.size) for x in range(board.size)]
    board.push(ninuki.Point(board.size // 2, board.size // 2))
    names.append(board.moves[-1].name())
    stones_since_pass = 1
    while True:
        if stones_since_pass >= 2:
            try:
                board.push(None)  # not as move 3 in pente (an opening error)
            except ninuki.IllegalMove:
                pass
            else:
                names.append("pass")
                stones_since_pass = 0
                continue
        rng.shuffle(points)
        for p in points:
            try:
                board.push(p)
            except ninuki.IllegalMove:
                continue
            if board.outcome is not None or board.pending is not None:
                board.pop()
                continue
            names.append(p.name())
            stones_since_pass += 1
            break
        else:
            if names[-1] != "pass":
                board.push(None)
                names.append("pass")
            board.push(None)
            names.append("pass")
            return names


def best(fn) -> float:
    return min(timeit.repeat(fn, number=1, repeat=3))


def report(name: str, limit: int, record: str, replay, over: str, empty_sgf: str) -> None:
    moves = len(record.split())
    verdict = replay(record)
    assert verdict.legal, verdict.error
    seconds = best(lambda: replay(record))
    per_move = seconds / moves
    refuse = best(lambda: _refused(replay, over))
    refuse_sgf = best(lambda: _refused(replay, empty_sgf))
    print(
        f"{name:26} limit {limit:5}: legal record of {moves:5} moves replayed in {seconds * 1000:6.1f} ms "
        f"({per_move * 1e6:5.1f} us/move; at the limit ~{per_move * limit * 1000:6.1f} ms); "
        f"refused: {limit + 1} moves in {refuse * 1000:.1f} ms, 199,000 empty nodes in {refuse_sgf * 1000:.1f} ms"
    )


def _refused(replay, record: str) -> None:
    try:
        replay(record)
    except RecordTooLong:
        return
    raise AssertionError("not refused")


def main() -> int:
    rng = random.Random(2024)
    empty = ";" * 199_000
    for module, game_class, size in [
        (go, go.Game, 9),
        (go, go.Game, 13),
        (go, go.Game, 19),
        (keima, keima.KeimaGame, 9),
        (volt, volt.VoltGame, 9),
        (volt, volt.VoltGame, 13),
    ]:
        limit = game_class.max_moves(size)
        record = " ".join(go_record(game_class, size, rng))
        report(
            f"{game_class.title} {size}x{size}",
            limit,
            record,
            lambda r, m=module, s=size: m.replay(r, size=s),
            " ".join(["pass"] * (limit + 1)),
            f"(;SZ[{size}]{empty})",
        )
    for preset, size in [("hannover", 19), ("hannover", 21), ("japanese", 15), ("pbmserv", 19), ("pente", 19)]:
        rules = ninuki.RuleSet.preset(preset, size=size)
        limit = rules.max_moves()
        record = " ".join(ninuki_record(rules, rng))
        report(
            f"Ninuki {preset} {size}x{size}",
            limit,
            record,
            lambda r, ru=rules: ninuki.replay(r, ru),
            " ".join(["pass"] * (limit + 1)),
            f"(;SZ[{size}]{empty})",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
