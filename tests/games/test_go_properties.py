"""Property tests for the Go family: stone counts against captures; SGF round trip."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import go, keima, volt
from games.go import BLACK, WHITE, IllegalMove, write_sgf
from games.go.scoring import area_score, keima_score
from games.keima import KeimaGame
from games.volt import VoltGame

GAMES = [go.Game, KeimaGame, VoltGame]
REPLAY = {go.Game: go.replay, KeimaGame: keima.replay, VoltGame: volt.replay}

KNIGHTS = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]
sizes = st.sampled_from([3, 5, 7, 9])
# A move is a point index (reduced modulo the board) or -1 for a pass.
moves = st.lists(st.integers(min_value=-1, max_value=400), max_size=120)


def play_some(game_class, size, choices, handicap=0):
    """Play the legal ones among ``choices``; return the game and the moves tried."""
    game = game_class(size=size, handicap=handicap)
    n = size * size
    for c in choices:
        if game.is_over():
            break
        p = None if c < 0 else c % n
        if isinstance(game, KeimaGame) and game.half_turn is not None:
            # The second stone of a Keima-Go turn: one of the eight knight's moves.
            x, y = game.graph.point(game.half_turn)
            dx, dy = KNIGHTS[(c + 1) % 8]
            p = game.graph.index(x + dx, y + dy)
            if p is None:
                continue
        try:
            game.play_point(p)
        except IllegalMove:
            continue
    return game


@pytest.mark.parametrize("game_class", GAMES, ids=lambda c: c.name)
@settings(max_examples=120, deadline=None)
@given(size=sizes, choices=moves)
def test_stone_counts_match_stones_placed_minus_stones_removed(game_class, size, choices):
    game = play_some(game_class, size, choices)
    placed = {BLACK: 0, WHITE: 0}
    removed = {BLACK: 0, WHITE: 0}
    for m in game.moves:
        if m.point is None:
            continue
        placed[m.colour] += 1
        removed[3 - m.colour] += len(m.captured)
        removed[m.colour] += len(m.lost)
    for colour in (BLACK, WHITE):
        assert game.position.count(colour) == placed[colour] - removed[colour]
    if game_class is not VoltGame:
        assert all(m.lost == () for m in game.moves)  # only 1000-Volt-Go removes own stones
    # Every group on the board has a liberty after every move.
    assert all(libs for _, _, libs in game.position.groups())
    # Scores never count more points than the board has.
    assert sum(area_score(game.position)) <= size * size
    assert sum(keima_score(game.position)) <= size * size


@pytest.mark.parametrize("game_class", GAMES, ids=lambda c: c.name)
@settings(max_examples=80, deadline=None)
@given(
    size=sizes,
    choices=moves,
    handicap=st.integers(min_value=0, max_value=2),
    komi=st.sampled_from([0, 0.5, 4, -2, 7.5]),
)
def test_sgf_round_trip(game_class, size, choices, handicap, komi):
    if handicap * game_class.stones_per_handicap >= size * size // 2:
        handicap = 0
    game = play_some(game_class, size, choices, handicap)
    game.komi = komi
    text = write_sgf(game)
    again = REPLAY[game_class](text)
    assert again.legal
    assert [(m.colour, m.point) for m in again.game.moves] == [(m.colour, m.point) for m in game.moves]
    assert again.game.position == game.position
    assert again.result == game.result() and again.game.komi == komi
    assert write_sgf(again.game) == text


@settings(max_examples=80, deadline=None)
@given(size=sizes, choices=moves)
def test_plain_notation_round_trip(size, choices):
    game = play_some(go.Game, size, choices)
    text = " ".join("pass" if m.point is None else game.point_name(m.point) for m in game.moves)
    again = go.replay(text, size=size)
    assert again.game.keys == game.keys
