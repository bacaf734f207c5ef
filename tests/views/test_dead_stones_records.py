"""Records after the game (issue #22, item 4): a Go record ending in two passes carries its dead stones (a
field beside the record, or SGF TB/TW); the claim is checked with them; one whose claim does not match goes
to the referee, who marks the dead stones on the board and decides; the SGF download carries the dead
stones and the official result.  And the rules pages explain the end of each Go-family game."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

import games
from tournament.models import AuditEntry, Game, Round
from tournament.models.game import ResultState
from tournament.services.results import result_confirm

pytestmark = pytest.mark.usefixtures("english_visitor")

#: Go 9x9, komi 7: Black's wall on E, White's on F, White's chain B5-B6 inside Black's area, two passes.
#: All alive: W+36; B5-B6 dead: B+2 (Black 45, White 36).
WALLS = [p for row in range(1, 10) for p in (f"E{row}", f"F{row}")]
RECORD = " ".join(WALLS + ["pass", "B5", "pass", "B6", "pass", "pass"])


@pytest.fixture
def go_game(day):
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.FINISHED)
    round2 = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2, status=Round.Status.PUBLISHED)
    return Game.objects.create(round=round2, table=1, black=day.game.black, white=day.game.white, komi=7)


def report(client, day, game, **fields):
    client.force_login(day.user("alice"))
    data = {"version": game.version, "result": "B", "method": "score", "record": RECORD, **fields}
    return client.post(reverse("game_report", args=[day.tournament.slug, game.pk]), data)


def page(response) -> str:
    return html.unescape(response.content.decode())


def test_the_dead_stones_beside_the_record_make_the_claim_agree(client, day, go_game):
    client.force_login(day.user("alice"))
    form = page(client.get(reverse("game_report", args=[day.tournament.slug, go_game.pk])))
    assert 'name="dead"' in form and 'name="neutral"' in form
    response = report(client, day, go_game, dead="b5", neutral="")
    assert response.status_code == 302
    game = Game.objects.get(pk=go_game.pk)
    assert game.result_state == ResultState.REPORTED and game.marks == {"dead": ["B5", "B6"], "neutral": []}
    assert game.verdict["agrees"] and game.verdict["score"] == "B+2"
    detail = page(client.get(reverse("game", args=[day.tournament.slug, game.pk])))
    assert "The record agrees: Black wins B+2 after 24 moves (two passes). Dead stones: B5, B6." in detail


def test_the_ninuki_report_has_no_dead_stones_field(client, day):
    client.force_login(day.user("alice"))
    form = page(client.get(reverse("game_report", args=[day.tournament.slug, day.game.pk])))
    assert 'name="dead"' not in form


def test_dead_stones_from_the_sgfs_tb_and_tw(client, day, go_game):
    variant = games.variant("go")
    replay = variant.replay(RECORD, size=9, komi=7, dead=["B5"])
    sgf = variant.write_sgf(replay)
    assert "TB[" in sgf
    response = report(client, day, go_game, record=sgf)
    assert response.status_code == 302
    game = Game.objects.get(pk=go_game.pk)
    assert game.verdict["agrees"] and game.verdict["marks"] == {"dead": ["B5", "B6"], "neutral": []}
    assert game.marks is None  # the record itself names them


def test_marks_that_do_not_fit_are_said_on_the_form(client, day, go_game):
    response = report(client, day, go_game, dead="A1")
    assert response.status_code == 200
    assert "There is no stone on A1 to mark dead." in page(response)
    response = report(client, day, go_game, dead=", ".join(["A1"] * 82))
    assert "At most 81 points: the board has no more." in page(response)
    response = report(client, day, go_game, record="E5 F5", dead="E5")
    assert "The record does not end with two passes" in page(response)
    assert Game.objects.get(pk=go_game.pk).result_state == ResultState.PENDING


def test_a_record_without_its_dead_stones_goes_to_the_referee_who_marks_them_and_decides(client, day, go_game):
    response = report(client, day, go_game)  # B claimed, the count without dead stones says W+36
    assert response.status_code == 422
    assert "The record ends differently: White wins W+36" in page(response)
    response = report(client, day, go_game, send_to_referee="on")
    game = Game.objects.get(pk=go_game.pk)
    assert game.result_state == ResultState.DISPUTED and game.marks is None

    client.force_login(day.user("referee"))
    url = reverse("game", args=[day.tournament.slug, game.pk])
    detail = page(client.get(url))
    assert 'id="marking"' in detail and detail.count('name="tap"') == 81
    assert "Count (area): Black 9, White 38, komi 7: W+36." in detail
    # the referee taps B6: the whole chain is dead, the count follows, the decision form carries the marks
    detail = page(client.get(url, {"dead": "", "neutral": "", "tap": "B6"}))
    assert "Count (area): Black 45, White 36, komi 7: B+2." in detail
    assert 'name="dead" value="B5,B6"' in detail
    assert 'class="dead white"' in detail
    response = client.post(
        reverse("game_adjudicate", args=[day.tournament.slug, game.pk]),
        {
            "version": game.version,
            "result": "B",
            "method": "score",
            "reason": "White's chain on B5 has no room for two eyes.",
            "dead": "B5,B6",
            "neutral": "",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get(pk=go_game.pk)
    assert game.result_state == ResultState.ADJUDICATED and game.marks == {"dead": ["B5", "B6"], "neutral": []}
    assert game.verdict["agrees"] and game.verdict["score"] == "B+2"
    entry = AuditEntry.objects.get(action="game.result.adjudicate")
    assert entry.after["marks"] == game.marks
    history = page(client.get(url))
    assert "dead stones: B5, B6" in history

    # the SGF download: the decided dead stones as TB/TW, and the result
    sgf = client.get(reverse("public_game_sgf", args=[day.tournament.slug, 2, game.pk])).content.decode()
    assert "RE[B+2]" in sgf and "TW[" in sgf and "TB[" in sgf
    again = games.variant("go").replay(sgf, size=9, komi=7)
    assert again.result == "B+2"  # read back: the same dead stones


def test_the_sgf_carries_the_official_result_when_the_referee_decided_against_the_count(client, day, go_game):
    report(client, day, go_game, dead="B5")
    game = Game.objects.get(pk=go_game.pk)
    client.force_login(day.user("referee"))
    client.post(
        reverse("game_adjudicate", args=[day.tournament.slug, game.pk]),
        {"version": game.version, "result": "W", "method": "time", "reason": "Black's flag fell before the passes."},
    )
    game = Game.objects.get(pk=go_game.pk)
    assert game.result_state == ResultState.ADJUDICATED and game.marks == {"dead": ["B5", "B6"], "neutral": []}
    sgf = client.get(reverse("public_game_sgf", args=[day.tournament.slug, 2, game.pk])).content.decode()
    assert "RE[W+T]" in sgf and "RE[B+2]" not in sgf and "TW[" in sgf


def test_the_sgf_of_a_game_agreed_on_the_live_board(client, day, go_game):
    report(client, day, go_game, dead="B6")
    game = Game.objects.get(pk=go_game.pk)
    result_confirm(game=game, user=day.user("bob"), version=game.version)
    sgf = client.get(reverse("public_game_sgf", args=[day.tournament.slug, 2, game.pk])).content.decode()
    assert "RE[B+2]" in sgf
    replay = games.variant("go").replay(sgf)
    assert replay.verdict.marks is not None and sorted(p.name() for p in replay.verdict.marks.dead) == ["B5", "B6"]
    api = client.get(f"/api/v1/tournaments/{day.tournament.slug}/games/{game.pk}/")
    assert api.status_code == 200 and "TB[" in api.json()["record"] and api.json()["verdict"]["marks"] == game.marks


@pytest.mark.parametrize(
    "kind, english, german",
    [
        ("go", "the players agree that White's stone on B4 is dead", "dass Weiß' Stein auf B4 tot ist"),
        ("keima", "every stone lives", "jeder Stein lebt"),
        ("volt", "Black passed without capturing White's B4", "Schwarz hat gepasst, ohne Weiß' B4 zu schlagen"),
    ],
)
def test_the_rules_pages_explain_the_end_with_a_diagram_drawn_by_the_engine(client, kind, english, german):
    url = reverse("rules", args=[kind])
    text = page(client.get(url))
    assert english in text and 'class="territory' in text
    if kind == "go":
        assert 'class="dead white"' in text and "Area count: Black 15, White 10" in text
        assert "Dead stones must be captured before the game ends" not in text
    client.cookies["django_language"] = "de"
    assert german in page(client.get(url, HTTP_ACCEPT_LANGUAGE="de"))
