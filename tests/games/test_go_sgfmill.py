"""Cross-check of the plain Go engine against sgfmill (an independent implementation).

Random games are played with both engines side by side.  At every move:
the same board after it (so the same captures), the same verdict on
suicide (sgfmill allows self-capture: the played stone disappears) and on
ko (sgfmill's simple-ko point is exactly the move our whole-board ko rule
forbids).  At the end: the same area score.  Figures for the report come
from ``CROSS_CHECK`` below (1,760 games, some 220,000 moves).
"""

import random

import pytest

sgfmill_boards = pytest.importorskip("sgfmill.boards")

from games.go import Game, IllegalMove  # noqa: E402
from games.go.scoring import area_score  # noqa: E402

_COLOUR = {None: 0, "b": 1, "w": 2}
_SGFMILL = {1: "b", 2: "w"}

#: (board size, games, moves per game)
CROSS_CHECK = [(9, 1500, 110), (13, 200, 220), (19, 60, 400)]


def sgfmill_stones(board) -> bytes:
    return bytes(_COLOUR[c] for row in board.board for c in row)


def play_random_game(size: int, length: int, seed: int, stats: dict) -> None:
    rng = random.Random(seed)
    game = Game(size=size, komi=0)
    other = sgfmill_boards.Board(size)
    ko_point = None  # sgfmill's simple-ko point for the move to come
    for _ in range(length):
        colour = game.to_move
        played = False
        if rng.random() > 0.03:  # now and then a pass
            empties = [p for p, c in enumerate(game.position.stones) if c == 0]
            for p in rng.sample(empties, min(12, len(empties))):
                x, y = game.graph.point(p)
                try:
                    move = game.play_point(p)
                except IllegalMove as e:
                    if e.reason == "ko":
                        stats["ko"] += 1
                        assert ko_point == (y, x), f"our ko at {(y, x)}, sgfmill's at {ko_point}"
                    else:
                        assert e.reason == "suicide", e.reason
                        stats["suicide"] += 1
                        trial = other.copy()
                        trial.play(y, x, _SGFMILL[colour])
                        assert trial.get(y, x) is None, "sgfmill keeps a stone we call suicide"
                    continue
                assert ko_point != (y, x), "sgfmill forbids this retake by simple ko"
                ko_point = other.play(y, x, _SGFMILL[colour])
                assert other.get(y, x) == _SGFMILL[colour]
                stats["captured"] += len(move.captured)
                stats["moves"] += 1
                played = True
                break
        if not played:
            game.play_point(None)
            ko_point = None
            stats["passes"] += 1
        assert game.position.stones == sgfmill_stones(other)
        if game.is_over():
            break
    black, white = area_score(game.position)
    assert black - white == other.area_score()
    stats["games"] += 1


@pytest.mark.parametrize("size, games, length", CROSS_CHECK)
def test_random_games_agree_with_sgfmill(size, games, length):
    stats = dict.fromkeys(["games", "moves", "passes", "captured", "ko", "suicide"], 0)
    for seed in range(games):
        play_random_game(size, length, seed * 1000 + size, stats)
    print(f"{size}x{size}: {stats}")
    assert stats["games"] == games
    # The random games must really exercise the rules being compared.
    assert stats["captured"] > games and stats["suicide"] > 0
    assert stats["ko"] > 0 or size > 13  # kos are rare in random play on big boards
