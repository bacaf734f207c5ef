"""Property tests: random legal games, board invariants, text and SGF agree."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.coords import Point
from games.ninuki import Board, IllegalMove, replay, write_sgf, write_text

RULES = st.sampled_from(["hannover", "japanese", "pbmserv", "pente"])


def random_game(rules: str, rnd, max_moves: int):
    """Play random legal moves (near the stones, so that captures, fives and
    double-threes happen) until the game ends or ``max_moves``."""
    board = Board(rules)
    n = board.size
    c = n // 2
    board.push(Point(c, c))
    while board.ply < max_moves and board.outcome is None:
        if board.ply >= 3 and rnd.random() < 0.02:
            board.push(None)
            continue
        for _ in range(50):
            spread = 4
            pt = Point(c + rnd.randint(-spread, spread), c + rnd.randint(-spread, spread))
            if board.ply == 1 and board.rules.second_move_max is not None:
                pt = Point(c + rnd.randint(-1, 1), c + rnd.randint(-1, 1))
            try:
                board.push(pt)
                break
            except IllegalMove:
                continue
        else:  # the random draws were unlucky: take any legal point
            legal = board.legal_moves()
            board.push(legal[0] if legal else None)
    return board


def check_invariants(board: Board):
    stones = board.stones()
    black = sum(1 for m, i in zip(board.moves, range(len(board.moves))) if m is not None and i % 2 == 0)
    white = sum(1 for m, i in zip(board.moves, range(len(board.moves))) if m is not None and i % 2 == 1)
    caps = board.captures
    assert sum(1 for v in stones.values() if v == "black") == black - 2 * caps["white"]
    assert sum(1 for v in stones.values() if v == "white") == white - 2 * caps["black"]


@settings(max_examples=40, deadline=None)
@given(rules=RULES, rnd=st.randoms(use_true_random=False), max_moves=st.integers(1, 120))
def test_random_legal_games_replay_legal(rules, rnd, max_moves):
    board = random_game(rules, rnd, max_moves)
    check_invariants(board)
    v = replay(write_text(board.moves), rules)
    assert v.legal and v.moves == board.ply
    expected = board.outcome.result if board.outcome else "unfinished"
    assert v.outcome == expected
    assert v.reason == (board.outcome.reason if board.outcome else None)
    assert v.captures == board.captures
    assert v.board.stones() == board.stones()
    # the same record as SGF, and numbered text, give the same verdict
    for record in (write_sgf(board.moves, board.size), write_text(board.moves, numbered=True)):
        assert replay(record, rules).as_dict() == v.as_dict()


@settings(max_examples=25, deadline=None)
@given(rules=RULES, rnd=st.randoms(use_true_random=False), max_moves=st.integers(1, 80))
def test_pop_takes_back_exactly(rules, rnd, max_moves):
    board = random_game(rules, rnd, max_moves)
    snapshots = []
    replayed = Board(rules)
    for m in board.moves:
        snapshots.append((replayed.stones(), replayed.captures, replayed.pending, replayed.outcome))
        replayed.push(m)
    while replayed.ply:
        replayed.pop()
        assert (replayed.stones(), replayed.captures, replayed.pending, replayed.outcome) == snapshots[replayed.ply]


@settings(max_examples=25, deadline=None)
@given(rules=RULES, rnd=st.randoms(use_true_random=False), cut=st.integers(0, 60))
def test_truncated_records_are_legal_and_extended_ones_after_end(rules, rnd, cut):
    board = random_game(rules, rnd, 100)
    moves = board.moves
    v = replay(moves[:cut] if cut else moves[:1], rules)
    assert v.legal
    if board.outcome is not None:
        v = replay(moves + [Point(0, 0)], rules)
        assert not v.legal and v.error.reason == "after-end" and v.error.move_number == len(moves) + 1
        assert v.moves == len(moves)


@settings(max_examples=30, deadline=None)
@given(rnd=st.randoms(use_true_random=False))
def test_legal_moves_agree_with_push(rnd):
    board = random_game("hannover", rnd, 30)
    if board.outcome is not None:
        assert board.legal_moves() == []
        return
    legal = set(board.legal_moves())
    for pt in list(board.stones())[:5]:
        assert pt not in legal
    for pt in list(legal)[:10]:
        assert board.is_legal(pt)


@settings(max_examples=60, deadline=None)
@given(
    rules=RULES,
    moves=st.lists(
        st.one_of(
            st.none(),
            st.builds(Point, st.integers(6, 12), st.integers(6, 12)),
            st.builds(Point, st.integers(19, 24), st.integers(0, 18)),
        ),
        max_size=60,
    ),
)
def test_any_record_and_its_sgf_get_the_same_verdict(rules, moves):
    moves = [Point(9, 9)] + moves
    text = replay(write_text(moves), rules, size=19)
    sgf = replay(write_sgf(moves, 19), rules, size=19)
    assert text.as_dict() == sgf.as_dict()
    assert replay(moves, rules, size=19).as_dict() == text.as_dict()
