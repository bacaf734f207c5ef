"""Random legal records, for the demo tournament and the benchmarks.

:meth:`games.registry.Variant.sample` calls these: a record made by playing
random legal moves through the engine, so it replays as legal by
construction.

>>> import random, games
>>> record = games.variant("keima").sample(random.Random(1))
>>> games.variant("keima").replay(record).legal
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from games.coords import Point

if TYPE_CHECKING:
    from games.go import Game
    from games.ninuki import RuleSet

__all__ = ["ninuki_record", "go_family_record"]


def ninuki_record(rng: random.Random, rules: RuleSet, max_moves: int = 90) -> str:
    """A Ninuki game under ``rules`` (a :class:`games.ninuki.RuleSet`), played
    near the centre so that it gets somewhere: it ends in a five or captures,
    or stops unfinished after ``max_moves``."""
    from games import ninuki

    board = ninuki.Board(rules)
    size = board.size
    centre = size // 2
    moves: list[str] = []
    radius = 3
    point: Point | None
    while not board.is_game_over() and len(moves) < max_moves:
        if not moves:
            point = Point(centre, centre)
        else:
            near = [
                Point(x, y)
                for x in range(max(0, centre - radius), min(size, centre + radius + 1))
                for y in range(max(0, centre - radius), min(size, centre + radius + 1))
            ]
            rng.shuffle(near)
            point = next((p for p in near if board.is_legal(p)), None)
            if point is None:
                radius += 1
                continue
        board.push(point)
        moves.append(str(point))
    return " ".join(moves)


def go_family_record(rng: random.Random, game: Game, stones: int | None = None) -> str:
    """A game of the Go family from ``game`` (a fresh :class:`games.go.Game`
    or subclass, with its size, komi and handicap): random legal stones, then
    two passes; ``stones`` defaults to four ninths of the board's points (36
    on 9x9)."""
    if stones is None:
        stones = 4 * len(game.position.stones) // 9
    names: list[str] = []
    passes_needed = False
    while not game.is_over():
        at_turn_start = getattr(game, "half_turn", None) is None and not game.in_handicap
        if at_turn_start and (passes_needed or len(names) >= stones):
            game.play(None)
            names.append("pass")
            passes_needed = True
            continue
        candidates = game.legal_points()
        rng.shuffle(candidates)
        chosen = None
        for p in candidates:
            trial = game.copy()
            trial.play_point(p)
            # Keima-Go: the first stone of a turn needs a partner.
            if getattr(trial, "half_turn", None) is not None and not trial.legal_points():
                continue
            chosen = p
            break
        if chosen is None:
            if at_turn_start:
                game.play(None)
                names.append("pass")
                continue
            raise RuntimeError("no legal second stone")  # excluded by the look-ahead above
        game.play_point(chosen)
        names.append(game.point_name(chosen))
    return " ".join(names)
