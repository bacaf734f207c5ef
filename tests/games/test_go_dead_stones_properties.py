"""Property tests for the end of a Go game: random games, random dead chains and neutral points."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games import go
from games.coords import Point
from games.go import BLACK, EMPTY, WHITE, Game, Marking, Marks
from games.go.scoring import area_score
from tests.games.test_go_properties import moves, play_some, sizes

taps = st.lists(st.integers(min_value=0, max_value=400), max_size=12)


def ended(size, choices, rules="chinese"):
    """A random legal game of Go on ``size``, ended by two passes, counted by ``rules``."""
    played = play_some(Game, size, choices)
    game = Game(size=size, rules=rules)
    for m in played.moves:
        game.play_point(m.point)
    while not game.is_over():
        game.play_point(None)
    return game


def tapped(game, points):
    """The marking after tapping ``points`` (indices reduced modulo the board) in turn."""
    marking = Marking(game)
    n = len(game.graph)
    for p in points:
        marking = marking.toggle(Point(*game.graph.point(p % n))).marking
    return marking


@settings(max_examples=80, deadline=None)
@given(size=sizes, choices=moves)
def test_no_marks_under_chinese_is_the_count_of_the_board_as_it_stands(size, choices):
    game = ended(size, choices)
    assert (game.outcome().black, game.outcome().white) == area_score(game.position)
    assert Marking(game).count() == game.outcome() == game.outcome(Marks())


@settings(max_examples=80, deadline=None)
@given(size=sizes, choices=moves, points=taps, chain=st.integers(min_value=0, max_value=400))
def test_a_chain_marked_dead_and_alive_again_restores_the_count(size, choices, points, chain):
    for rules in ("chinese", "japanese"):
        game = ended(size, choices, rules)
        marking = tapped(game, points)
        p = Point(*game.graph.point(chain % len(game.graph)))
        there = marking.toggle(p)
        back = there.marking.toggle(p)
        assert back.marking.marks == marking.marks and back.marking.count() == marking.count()
        assert set(back.points) == set(there.points) and (there.mark, back.mark) in {
            ("dead", "alive"),
            ("alive", "dead"),
            ("neutral", "unmarked"),
            ("unmarked", "neutral"),
        }


@settings(max_examples=80, deadline=None)
@given(size=sizes, choices=moves, points=taps)
def test_under_chinese_black_white_and_neutral_make_the_board(size, choices, points):
    game = ended(size, choices)
    marking = tapped(game, points)
    count = marking.count()
    owner, after = game.owners(marking.marks)
    neutral = owner.count(EMPTY)
    assert count.black + count.white + neutral == len(game.graph)
    # Independently: the area of the board with the dead stones taken off, less the
    # points marked neutral in each colour's area.
    board = game.position.copy()
    dead = {game.graph.index(*p) for p in marking.marks.dead}
    board.remove(dead)
    black, white = area_score(board)
    regions = {q: c for q, c in enumerate(go.scoring.territory_owner(board))}
    marked = [regions[game.graph.index(*p)] for p in marking.marks.neutral]
    assert (count.black, count.white) == (black - marked.count(BLACK), white - marked.count(WHITE))
    assert sum(count.dead) == len(dead)


@settings(max_examples=80, deadline=None)
@given(size=sizes, choices=moves, points=taps)
def test_japanese_is_chinese_less_the_living_stones_plus_prisoners_and_dead(size, choices, points):
    chinese = ended(size, choices, "chinese")
    japanese = ended(size, choices, "japanese")
    marks = tapped(chinese, points).marks
    area, territory = chinese.outcome(marks), japanese.outcome(marks)
    _, after = chinese.owners(marks)
    captured = {BLACK: 0, WHITE: 0}  # the opponent's stones each colour took, from the moves
    for m in chinese.moves:
        captured[m.colour] += len(m.captured)
    assert territory.black == area.black - after.count(BLACK) + captured[BLACK] + area.dead[1]
    assert territory.white == area.white - after.count(WHITE) + captured[WHITE] + area.dead[0]
    assert territory.prisoners == (captured[BLACK], captured[WHITE])


@settings(max_examples=60, deadline=None)
@given(size=sizes, choices=moves, points=taps)
def test_marks_survive_json_and_sgf(size, choices, points):
    game = ended(size, choices, "japanese")
    marking = tapped(game, points)
    assert Marking.from_dict(game, marking.as_dict()) == marking
    again = go.replay(go.write_sgf(game, marks=marking.marks), rules="japanese", neutral=marking.marks.neutral)
    assert again.outcome == marking.count()
    assert (again.marks or Marks()).dead == marking.marks.dead
