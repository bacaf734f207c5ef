"""The end of a Go game on the live board (issue #22): after two passes the players mark the dead stones on
their phones, both agree, and the result under the marks is proposed and confirmed; play resumed; the
referee called; Keima-Go and 1000-Volt-Go say that every stone on the board counts."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from tournament.models import AuditEntry, Discipline, Game, LiveRecord, Round
from tournament.models.game import ResultState
from tournament.services.results import result_confirm

pytestmark = pytest.mark.usefixtures("english_visitor")

#: Go 9x9 (alice Black, bob White): two walls (E for Black, F for White), then White leaves a chain of two
#: stones (B5, B6) inside Black's area and both pass. Komi 7: all stones alive, Black's area is nobody's and
#: White wins by 35; with B5-B6 dead Black counts 45 to 36 and wins by 2.
WALLS = [p for row in range(1, 10) for p in (f"E{row}", f"F{row}")]
MOVES = WALLS + ["pass", "B5", "pass", "B6", "pass", "pass"]


@pytest.fixture
def go_game(day):
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.FINISHED)
    round2 = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2, status=Round.Status.PUBLISHED)
    return Game.objects.create(round=round2, table=1, black=day.game.black, white=day.game.white, komi=7)


def url(name, day, game):
    return reverse(name, args=[day.tournament.slug, game.pk])


def live(game) -> LiveRecord:
    return LiveRecord.objects.get(game=game)


def post(client, day, game, name, data, user=None):
    if user:
        client.force_login(day.user(user))
    return client.post(url(name, day, game), data, HTTP_X_LIVE_BOARD="1")


def play(client, day, game, moves):
    for i, point in enumerate(moves):
        found = LiveRecord.objects.filter(game=game).first()
        response = post(
            client,
            day,
            game,
            "live_move",
            {"version": found.version if found else 0, "point": point},
            "alice" if i % 2 == 0 else "bob",
        )
        assert response.status_code == 200, response.content.decode()[:300]


def text(response) -> str:
    return html.unescape(response.content.decode())


def test_two_passes_begin_the_marking_and_both_agree_to_the_count_without_the_dead_chain(client, day, go_game):
    play(client, day, go_game, MOVES)
    go_game.refresh_from_db()
    assert go_game.result_state == ResultState.PENDING  # two passes propose nothing yet in Go
    page = text(client.get(url("live_board", day, go_game)))
    assert "Two passes: mark the dead stones" in page
    assert "Count (area): Black 9, White 38, komi 7: W+36." in page
    assert page.count('name="point"') == 81  # every point can be tapped: stones too

    # Black taps B5: the chain B5-B6 is dead; White's phone shows it with the new count
    marks_version = live(go_game).marks_version
    response = post(client, day, go_game, "live_mark", {"marks_version": marks_version, "point": "B5"}, "alice")
    assert response.status_code == 200
    assert live(go_game).marks == {"dead": ["B5", "B6"], "neutral": []}
    white = text(client.get(url("live_state", day, go_game)))  # (logged in as alice; the fragment is the same)
    client.force_login(day.user("bob"))
    white = text(client.get(url("live_state", day, go_game)))
    assert "Count (area): Black 45, White 36, komi 7: B+2. Removed as dead: 0 black, 2 white stones." in white
    assert white.count('class="dead white"') == 2

    # Bob agrees first, then Alice: the result under the marks is proposed by Alice; Bob confirms
    version = live(go_game).marks_version
    assert post(client, day, go_game, "live_agree", {"marks_version": version}, "bob").status_code == 200
    assert live(go_game).agreed("white") and not live(go_game).agreed("black")
    assert Game.objects.get(pk=go_game.pk).result_state == ResultState.PENDING
    assert post(client, day, go_game, "live_agree", {"marks_version": version}, "alice").status_code == 200
    game = Game.objects.get(pk=go_game.pk)
    assert (game.result, game.method, game.result_state) == ("B", "score", ResultState.REPORTED)
    assert game.marks == {"dead": ["B5", "B6"], "neutral": []}
    assert game.verdict["score"] == "B+2" and game.verdict["agrees"] and game.verdict["marks"] == game.marks
    assert game.reported_by == day.user("alice") and game.record == " ".join(MOVES)
    result_confirm(game=game, user=day.user("bob"), version=game.version)
    actions = list(
        AuditEntry.objects.filter(object_id=game.pk, object_type="game").order_by("id").values_list("action", flat=True)
    )
    assert actions == [
        "game.live.mark",
        "game.live.agree",
        "game.live.agree",
        "game.result.report",
        "game.result.confirm",
    ]


def test_a_change_of_the_marks_withdraws_the_agreement(client, day, go_game):
    play(client, day, go_game, MOVES)
    v = live(go_game).marks_version
    assert post(client, day, go_game, "live_agree", {"marks_version": v}, "alice").status_code == 200
    assert live(go_game).agreed("black")
    assert post(client, day, go_game, "live_mark", {"marks_version": v, "point": "B6"}, "bob").status_code == 200
    record = live(go_game)
    assert not record.agreed("black") and record.marks["dead"] == ["B5", "B6"]
    # an agreement to the marks as they were is refused: the phone is shown the marks as they are
    response = post(client, day, go_game, "live_agree", {"marks_version": v}, "alice")
    assert response.status_code == 409
    assert "The marks changed on another phone meanwhile" in text(response)
    assert not live(go_game).agreed("black")


def test_resuming_play_lets_the_opponent_of_the_asker_play_first(client, day, go_game):
    play(client, day, go_game, MOVES)
    v = live(go_game).marks_version
    post(client, day, go_game, "live_mark", {"marks_version": v, "point": "B5"}, "alice")
    # White passed last and asks: both passes are taken out, Black plays first
    record = live(go_game)
    response = post(client, day, go_game, "live_resume", {"version": record.version}, "bob")
    assert response.status_code == 200
    record = live(go_game)
    assert record.move_list == MOVES[:-2] and record.marks == {} and record.move_count == len(MOVES) - 2
    assert "Black to play." in text(response)
    entry = AuditEntry.objects.get(action="game.live.resume")
    assert entry.after == {"moves": len(MOVES) - 2, "asked_by": "white"}
    # the game goes on: Black captures the chain, then two passes again
    play(client, day, go_game, ["A5", "C5", "B7", "C6", "B4", "pass", "pass"])


def test_the_second_pass_is_taken_back_only_until_anybody_marked(client, day, go_game):
    play(client, day, go_game, MOVES)
    client.force_login(day.user("bob"))
    assert "live-undo" in text(client.get(url("live_board", day, go_game)))
    post(client, day, go_game, "live_mark", {"marks_version": 0, "point": "B5"}, "alice")
    client.force_login(day.user("bob"))
    assert "live-undo" not in text(client.get(url("live_board", day, go_game)))
    response = post(client, day, go_game, "live_undo", {"version": live(go_game).version})
    assert response.status_code == 422


def test_calling_the_referee_sends_the_marks_each_player_made(client, day, go_game):
    play(client, day, go_game, MOVES)
    post(client, day, go_game, "live_mark", {"marks_version": 0, "point": "B5"}, "alice")
    post(client, day, go_game, "live_mark", {"marks_version": 1, "point": "B5"}, "bob")  # alive again
    record = live(go_game)
    assert record.black_marks == {"dead": ["B5", "B6"], "neutral": []}
    assert record.white_marks == {"dead": [], "neutral": []}
    response = post(
        client,
        day,
        go_game,
        "live_call_referee",
        {"marks_version": record.marks_version, "reason": "B5 lives"},
        "alice",
    )
    assert response.status_code == 200
    game = Game.objects.get(pk=go_game.pk)
    assert game.result_state == ResultState.DISPUTED and game.marks == {"dead": [], "neutral": []}
    entry = AuditEntry.objects.get(action="game.result.report", object_id=game.pk)
    assert entry.reason.startswith("Called from the live board") and entry.reason.endswith("B5 lives")
    assert "The result went to a referee" in text(response)


def test_keima_and_volt_say_what_becomes_of_dead_stones_before_the_passes(client, day):
    for kind, words in [
        ("keima", "All stones on the board live"),
        ("volt", "Dead stones must be captured on the board"),
        ("go", "After two passes the players mark the dead stones"),
    ]:
        discipline = Discipline.objects.create(tournament=day.tournament, name=kind, kind=kind, board_size=9)
        round_ = Round.objects.create(
            tournament=day.tournament,
            discipline=discipline,
            number=Round.objects.count() + 1,
            status=Round.Status.PUBLISHED,
        )
        game = Game.objects.create(round=round_, table=1, black=day.game.black, white=day.game.white)
        client.force_login(day.user("alice"))
        assert words in text(client.get(url("live_board", day, game))), kind


def test_the_other_phones_poll_sees_a_mark_and_without_javascript_a_tap_posts_the_form(client, day, go_game):
    play(client, day, go_game, MOVES)
    client.force_login(day.user("bob"))
    state = url("live_state", day, go_game)
    etag = client.get(state)["ETag"]
    assert client.get(state, HTTP_IF_NONE_MATCH=etag).status_code == 304  # nothing changed: an empty answer
    client.force_login(day.user("alice"))
    response = client.post(url("live_mark", day, go_game), {"marks_version": 0, "point": "B6"})  # no X-Live-Board
    assert response.status_code == 302 and response["Location"] == url("live_board", day, go_game)
    client.force_login(day.user("bob"))
    answer = client.get(state, HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and "B+2" in text(answer)


def test_the_game_page_shows_every_mark_agreement_and_resumption_in_its_history(client, day, go_game):
    play(client, day, go_game, MOVES)
    post(client, day, go_game, "live_mark", {"marks_version": 0, "point": "B5"}, "alice")
    post(client, day, go_game, "live_agree", {"marks_version": 1}, "bob")
    post(client, day, go_game, "live_resume", {"version": live(go_game).version}, "alice")
    client.force_login(day.user("alice"))
    history = text(client.get(url("game", day, go_game)))
    for words in (
        "dead stones marked on the live board",
        "dead: B5, B6",
        "count agreed on the live board",
        "count: B+2",
        "play resumed after the passes",
        "asked by: Black",
    ):
        assert words in history, words
