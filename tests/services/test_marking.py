"""The end of a Go game on the live board, service by service (issue #22): who may mark, agree, resume
play and call the referee; what each stores; Keima-Go and 1000-Volt-Go count at once; the referee decides
with the marks, and the decision keeps them."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from tournament.models import AuditEntry, Discipline, Game, LiveRecord, Round
from tournament.models.game import ResultState
from tournament.services import live as live_services
from tournament.services import marking
from tournament.services.live import LiveError
from tournament.services.replays import kept_replay, replay_key
from tournament.services.results import ResultError, result_adjudicate

pytestmark = pytest.mark.usefixtures("english")

#: Go 9x9, komi 7 (alice Black, bob White): Black's wall on E, White's on F; White's chain B5-B6 inside
#: Black's area. All alive: W+36; B5-B6 dead: B+2.
WALLS = [p for row in range(1, 10) for p in (f"E{row}", f"F{row}")]
MOVES = WALLS + ["pass", "B5", "pass", "B6", "pass", "pass"]


def _go_round(day, kind="go", komi=7):
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.FINISHED)
    discipline = (
        day.go
        if kind == "go"
        else Discipline.objects.create(
            tournament=day.tournament, name=kind, kind=kind, board_size=9, komi=komi, position=3
        )
    )
    return Round.objects.create(
        tournament=day.tournament, discipline=discipline, number=2, status=Round.Status.PUBLISHED
    )


@pytest.fixture
def ended(day):
    """The Go game after its two passes, recorded live."""
    game = Game.objects.create(round=_go_round(day), table=1, black=day.game.black, white=day.game.white, komi=7)
    LiveRecord.objects.create(game=game, moves=" ".join(MOVES), entries=[["alice", 0]] * len(MOVES), version=len(MOVES))
    return game


def fresh(game) -> Game:
    return Game.objects.select_related("round__discipline", "round__tournament", "black", "white").get(pk=game.pk)


def live(game) -> LiveRecord:
    return LiveRecord.objects.get(game=game)


def test_only_who_enters_the_moves_marks_and_agrees(day, ended):
    for name in ("carol", "referee", "organizer", "nobody"):
        for call in (
            lambda u: marking.mark(game=fresh(ended), user=u, marks_version=0, point="B5"),
            lambda u: marking.agree(game=fresh(ended), user=u, marks_version=0),
            lambda u: marking.call_referee(game=fresh(ended), user=u, marks_version=0),
            lambda u: marking.resume(game=fresh(ended), user=u, version=live(ended).version, side="black"),
        ):
            with pytest.raises(PermissionDenied):
                call(day.user(name))
    assert live(ended).marks == {} and live(ended).marks_version == 0
    assert not AuditEntry.objects.filter(action__startswith="game.live").exists()


def test_a_player_speaks_for_their_own_side_only(day, ended):
    with pytest.raises(LiveError, match="Say who asks to resume play"):
        marking.resume(game=fresh(ended), user=day.user("alice"), version=live(ended).version, side="white")
    marking.agree(game=fresh(ended), user=day.user("alice"), marks_version=0)
    record = live(ended)
    assert record.agreed("black") and not record.agreed("white")
    assert record.black_marks == {"dead": [], "neutral": []} and record.white_marks is None
    # a second tap (or the player's second phone) changes nothing
    version = record.version
    marking.agree(game=fresh(ended), user=day.user("alice"), marks_version=0)
    assert live(ended).version == version


def test_the_scorer_marks_and_agrees_for_both_and_a_player_confirms(day, ended):
    live_services.set_scorer(game=fresh(ended), user=day.user("organizer"), username="carol")
    marking.mark(game=fresh(ended), user=day.user("carol"), marks_version=0, point="B6")
    record = live(ended)
    assert record.marks["dead"] == ["B5", "B6"] and record.black_marks is None and record.white_marks is None
    played = marking.agree(game=fresh(ended), user=day.user("carol"), marks_version=1)
    game = played.game
    assert (game.result, game.result_state, game.reported_by) == ("B", ResultState.REPORTED, day.user("carol"))
    with pytest.raises(LiveError, match="board is closed"):
        marking.mark(game=fresh(ended), user=day.user("alice"), marks_version=1, point="B6")


def test_marks_that_cannot_stand_are_refused_in_words(day, ended):
    with pytest.raises(LiveError, match="not a point"):
        marking.mark(game=fresh(ended), user=day.user("alice"), marks_version=0, point="Z99!")
    with pytest.raises(LiveError, match="not on the board"):
        marking.mark(game=fresh(ended), user=day.user("alice"), marks_version=0, point="T19")
    marking.mark(game=fresh(ended), user=day.user("alice"), marks_version=0, point="A1")  # an empty point: neutral
    assert live(ended).marks == {"dead": [], "neutral": ["A1"]}


def test_nothing_is_marked_while_the_game_goes_on(day):
    game = Game.objects.create(round=_go_round(day), table=1, black=day.game.black, white=day.game.white, komi=7)
    LiveRecord.objects.create(game=game, moves="E5 pass", entries=[["alice", 0], ["bob", 0]], version=2)
    with pytest.raises(LiveError, match="after two passes"):
        marking.mark(game=fresh(game), user=day.user("alice"), marks_version=0, point="E5")
    with pytest.raises(LiveError, match="after two passes"):
        marking.resume(game=fresh(game), user=day.user("alice"), version=2)


@pytest.mark.parametrize("kind", ["keima", "volt"])
def test_keima_and_volt_count_every_stone_at_once_after_two_passes(day, kind):
    game = Game.objects.create(
        round=_go_round(day, kind, 5), table=1, black=day.game.black, white=day.game.white, komi=5
    )
    moves = ["E5", "F7", "pass", "pass"] if kind == "keima" else ["E5", "pass", "pass"]
    for i, point in enumerate(moves):
        live_services.place(game=fresh(game), user=day.user("alice"), version=i, point=point)
    game = fresh(game)
    assert game.result_state == ResultState.REPORTED and game.marks is None
    with pytest.raises(LiveError):
        marking.mark(game=game, user=day.user("alice"), marks_version=0, point="E5")


def test_two_passes_in_go_propose_nothing_until_both_agree(day):
    game = Game.objects.create(round=_go_round(day), table=1, black=day.game.black, white=day.game.white, komi=7)
    for i, point in enumerate(MOVES):
        live_services.place(game=fresh(game), user=day.user("alice" if i % 2 == 0 else "bob"), version=i, point=point)
    assert (
        fresh(game).result_state == ResultState.PENDING
        and not AuditEntry.objects.filter(action="game.result.report").exists()
    )


def test_the_referee_decides_with_the_marks_and_the_decision_keeps_them(day, ended):
    marking.mark(game=fresh(ended), user=day.user("alice"), marks_version=0, point="B5")
    marking.mark(game=fresh(ended), user=day.user("bob"), marks_version=1, point="B5")
    game = marking.call_referee(game=fresh(ended), user=day.user("bob"), marks_version=2, reason="B5 lives").game
    assert (
        game.result == "W" and game.result_state == ResultState.DISPUTED and game.marks == {"dead": [], "neutral": []}
    )
    decided = result_adjudicate(
        game=fresh(ended),
        user=day.user("referee"),
        version=game.version,
        result="B",
        method="score",
        reason="White's B5-B6 cannot make two eyes.",
        marks={"dead": ["B6"], "neutral": []},
    )
    assert decided.result_state == ResultState.ADJUDICATED and decided.marks == {"dead": ["B5", "B6"], "neutral": []}
    assert decided.verdict["score"] == "B+2" and decided.verdict["agrees"] and decided.verdict["marks"] == decided.marks
    entry = AuditEntry.objects.get(action="game.result.adjudicate")
    assert entry.after["marks"] == decided.marks and entry.before["marks"] == {"dead": [], "neutral": []}
    # the kept replay is the one counted with the decided marks
    assert kept_replay(game=decided).result == "B+2"
    assert replay_key(game=decided) != replay_key(game=game)


def test_the_referee_marks_are_checked_too(day, ended):
    game = marking.call_referee(game=fresh(ended), user=day.user("alice"), marks_version=0).game
    with pytest.raises(ResultError, match="There is no stone on A1"):
        result_adjudicate(
            game=game, user=day.user("referee"), version=game.version, result="B", reason="r", marks={"dead": ["A1"]}
        )
