"""Keima-Go against sgfmill (each stone one Go move, no ko) and a literal count, on random games."""

import random

import pytest

sgfmill_boards = pytest.importorskip("sgfmill.boards")

from games.go import IllegalMove  # noqa: E402
from games.keima import KeimaGame  # noqa: E402

KNIGHTS = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]


def literal_keima_count(board, n: int) -> dict:
    """RULES.md: stones, plus empty points whose orthogonal neighbours include stones of one colour only."""
    score = {"b": 0, "w": 0}
    for row in range(n):
        for col in range(n):
            c = board.get(row, col)
            if c is not None:
                score[c] += 1
                continue
            around = {
                board.get(r, k)
                for r, k in ((row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1))
                if 0 <= r < n and 0 <= k < n
            } - {None}
            if len(around) == 1:
                score[around.pop()] += 1
    return {"black": score["b"], "white": score["w"]}


def test_random_keima_games_agree_with_sgfmill():
    n = 9
    stones = captures = 0
    for seed in range(300):
        rng = random.Random(seed)
        game = KeimaGame(size=n, komi=0)
        other = sgfmill_boards.Board(n)
        while not game.is_over() and game.move_number < 150:
            if game.half_turn is None:
                options = [p for p, c in enumerate(game.position.stones) if not c] if rng.random() > 0.04 else []
            else:
                x, y = game.graph.point(game.half_turn)
                options = [q for q in (game.graph.index(x + dx, y + dy) for dx, dy in KNIGHTS) if q is not None]
            rng.shuffle(options)
            for p in options[:15]:
                x, y = game.graph.point(p)
                colour = "b" if game.to_move == 1 else "w"
                try:
                    move = game.play_point(p)
                except IllegalMove as e:
                    assert e.reason in ("occupied", "suicide", "not-keima"), e.reason
                    if e.reason == "suicide":  # sgfmill agrees: the stone would not stay
                        trial = other.copy()
                        trial.play(y, x, colour)
                        assert trial.get(y, x) is None
                    continue
                other.play(y, x, colour)  # sgfmill has no ko rule: neither has Keima-Go
                stones += 1
                captures += len(move.captured)
                break
            else:
                if game.half_turn is not None:
                    break  # a first stone without a partner: the record stops mid-turn
                game.play_point(None)
            assert game.position.stones == bytes({None: 0, "b": 1, "w": 2}[c] for row in other.board for c in row)
        black, white = game.score()
        assert {"black": black, "white": white} == literal_keima_count(other, n)
    print(f"Keima-Go 9x9: 300 games, {stones} stones, {captures} captured")
    assert stones > 10000 and captures > 100
