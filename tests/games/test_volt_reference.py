"""1000-Volt-Go against a slow, literal reading of the rules in RULES.md, on random games.

The reference below shares no code with games/: a board is a dict of
``(x, y) -> "B"/"W"``, and each sentence of the rules is one step.
"""

import random

import pytest

from games.go import IllegalMove
from games.volt import VoltGame

DIRECTIONS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def reference_move(board: dict, n: int, p: tuple, me: str) -> dict:
    """The board after ``me`` places a stone at the empty point ``p``."""
    other = "W" if me == "B" else "B"
    board = dict(board)
    board[p] = me
    # "in each of the four directions the nearest stone on that line (at any distance) moves"
    for dx, dy in DIRECTIONS:
        x, y = p[0] + dx, p[1] + dy
        while 0 <= x < n and 0 <= y < n and (x, y) not in board:
            x, y = x + dx, y + dy
        if not (0 <= x < n and 0 <= y < n):
            continue
        q = (x, y)
        colour = board.pop(q)
        if colour == me:  # "pushed away until it meets another stone or the edge"
            while 0 <= x + dx < n and 0 <= y + dy < n and (x + dx, y + dy) not in board:
                x, y = x + dx, y + dy
        else:  # "pulled towards the placed stone until it is adjacent to it or meets another stone"
            while (x - dx, y - dy) != p and (x - dx, y - dy) not in board:
                x, y = x - dx, y - dy
        board[(x, y)] = colour
    # "Then opponent groups without liberties are removed, then the mover's own groups"
    for colour in (other, me):
        for group in groups(board, n, colour):
            if not any(
                0 <= a < n and 0 <= b < n and (a, b) not in board
                for gx, gy in group
                for a, b in ((gx + 1, gy), (gx - 1, gy), (gx, gy + 1), (gx, gy - 1))
            ):
                for s in group:
                    del board[s]
    return board


def groups(board: dict, n: int, colour: str) -> list[set]:
    seen, out = set(), []
    for s, c in board.items():
        if c != colour or s in seen:
            continue
        group, todo = {s}, [s]
        while todo:
            x, y = todo.pop()
            for t in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if board.get(t) == colour and t not in group:
                    group.add(t)
                    todo.append(t)
        seen |= group
        out.append(group)
    return out


def engine_board(game) -> dict:
    n = game.graph.size
    return {(p % n, p // n): "B" if c == 1 else "W" for p, c in enumerate(game.position.stones) if c}


@pytest.mark.parametrize("size, games, length", [(5, 150, 60), (9, 120, 120)])
def test_random_games_agree_with_the_literal_reading(size, games, length):
    slid = removed_own = ko = played = 0
    for seed in range(games):
        rng = random.Random(seed)
        game = VoltGame(size=size)
        board: dict = {}
        history = [frozenset()]  # positions after each move
        for _ in range(length):
            me = "B" if game.to_move == 1 else "W"
            p = (rng.randrange(size), rng.randrange(size))
            if p in board:
                with pytest.raises(IllegalMove, match="occupied"):
                    game.play(p)
                continue
            if rng.random() < 0.03:
                game.play(None)
                history.append(history[-1])
                if game.is_over():
                    break
                continue
            after = reference_move(board, size, p, me)
            # "a move may not recreate the whole-board position as it stood just before the opponent's last move"
            if len(history) >= 2 and frozenset(after.items()) == history[-2]:
                with pytest.raises(IllegalMove, match="ko"):
                    game.play(p)
                ko += 1
                continue
            move = game.play(p)
            played += 1
            slid += len(set(after.items()) - set(board.items())) > 1
            removed_own += bool(move.lost)
            board = after
            history.append(frozenset(board.items()))
            assert engine_board(game) == board, f"seed {seed}, move {game.move_number}"
    print(f"{size}x{size}: {played} stones played, {slid} slid others, {removed_own} self-captures, {ko} ko refusals")
    assert slid > games and removed_own > 0  # the random games really slide and self-capture
