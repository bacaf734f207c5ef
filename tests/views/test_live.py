"""The live board with the test client: moves stored one by one, refused with a reason, taken back,
the end proposing the result, the opponent confirming; scorers, referees, the poll's 304, SGF, rules."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from tournament.models import AuditEntry, Discipline, Game, LiveRecord, Round
from tournament.models.game import ResultState
from tournament.services import live as live_services
from tournament.services.results import result_confirm

#: Black (alice) and White (bob) on 19x19 Ninuki: move 9, M10, would be a double-three
#: (K10-L10-M10 and M10-M11-M12); H10 J10 K10 L10 M10 is Black's five at move 13.
NINUKI = "K10 A1 L10 A3 M11 A5 M12 A7".split()
DOUBLE_THREE = "M10"
TO_FIVE = "J10 A9 H10 A11 M10".split()


def url(name, day, game=None):
    return reverse(name, args=[day.tournament.slug, (game or day.game).pk])


def move(client, day, point, version, game=None, panel=True, **extra):
    headers = {"HTTP_X_LIVE_BOARD": "1"} if panel else {}
    return client.post(url("live_move", day, game), {"version": version, "point": point}, **headers, **extra)


def live(day, game=None) -> LiveRecord:
    return LiveRecord.objects.get(game=game or day.game)


def version(day, game=None) -> int:
    """The version the phones show now."""
    found = LiveRecord.objects.filter(game=game or day.game).first()
    return found.version if found else 0


def record_as_players(client, day, moves, start=0):
    """Alice enters Black's moves (the even ones from move ``start``), Bob White's, each on the board
    as it stands."""
    for i, point in enumerate(moves, start):
        client.force_login(day.user("alice" if i % 2 == 0 else "bob"))
        response = move(client, day, point, version(day))
        assert response.status_code == 200, response.content.decode()[:500]


def test_a_ninuki_game_recorded_live_proposes_its_result_and_the_opponent_confirms(client, day):
    record_as_players(client, day, NINUKI)
    client.force_login(day.user("alice"))
    response = move(client, day, DOUBLE_THREE, 8, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    page = response.content.decode()
    assert "Move 9 (M10) is illegal: a forbidden double-three." in page
    assert 'class="error"' in page  # the refused point is framed on the board
    assert live(day).move_count == 8 and live(day).version == 8  # nothing stored

    # alice's phone reloads: the board is where it stood
    page = client.get(url("live_board", day), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Move 9" in page and "Black to play" in page and 'data-etag="&quot;0.8.' in page

    record_as_players(client, day, TO_FIVE, start=8)
    game = Game.objects.get(pk=day.game.pk)
    assert game.result_state == ResultState.REPORTED and game.result == "B" and game.method == "five"
    assert game.record == " ".join(NINUKI + TO_FIVE) and game.reported_by == day.user("alice")
    assert game.verdict["agrees"] is True
    page = move(client, day, "N10", 13, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "the board is closed" in page

    client.force_login(day.user("bob"))
    page = client.get(url("live_board", day), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Black wins: five in a row." in page and "Confirm this result" in page
    response = client.post(url("game_confirm", day), {"version": game.version})
    assert response.status_code == 302
    assert Game.objects.get(pk=day.game.pk).result_state == ResultState.CONFIRMED


def test_the_same_move_from_two_phones_is_stored_once_with_a_clear_message(client, day):
    record_as_players(client, day, ["K10"])
    client.force_login(day.user("alice"))
    response = move(client, day, "K9", 1, HTTP_ACCEPT_LANGUAGE="en")  # alice enters White's reply
    assert response.status_code == 200
    client.force_login(day.user("bob"))
    response = move(client, day, "K9", 1, HTTP_ACCEPT_LANGUAGE="en")  # bob's phone had the same board
    assert response.status_code == 409
    assert "K9 was entered already on another phone: it is move 2." in response.content.decode()
    response = move(client, day, "L9", 1, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 409
    assert "Das Brett hat sich inzwischen auf einem anderen Telefon geändert" in response.content.decode()
    assert live(day).moves == "K10 K9"


def test_the_last_mover_takes_back_until_the_opponent_moves(client, day):
    record_as_players(client, day, ["K10", "K9"])
    client.force_login(day.user("alice"))
    response = client.post(url("live_undo", day), {"version": 2}, HTTP_X_LIVE_BOARD="1", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422 and "Only the last move can be taken back" in response.content.decode()
    client.force_login(day.user("bob"))
    response = client.post(url("live_undo", day), {"version": 2}, HTTP_X_LIVE_BOARD="1")
    assert response.status_code == 200 and live(day).moves == "K10"
    entry = AuditEntry.objects.get(action="game.live.take_back")
    assert entry.before == {"moves": 2, "taken": "K9"} and entry.user == day.user("bob")
    record_as_players(client, day, ["L9"], start=1)
    assert live(day).moves == "K10 L9"


def test_taking_back_the_winning_move_withdraws_the_result(client, day):
    record_as_players(client, day, NINUKI + TO_FIVE)
    assert Game.objects.get(pk=day.game.pk).result_state == ResultState.REPORTED
    client.force_login(day.user("alice"))
    response = client.post(url("live_undo", day), {"version": version(day)}, HTTP_X_LIVE_BOARD="1")
    assert response.status_code == 200
    game = Game.objects.get(pk=day.game.pk)
    assert (game.result_state, game.result, game.record) == (ResultState.PENDING, "?", "")
    assert live(day).move_count == 12
    assert AuditEntry.objects.filter(action="game.result.withdraw", object_id=game.pk).count() == 1
    # a confirmed result cannot be taken back
    record_as_players(client, day, ["M10"], start=12)
    client.force_login(day.user("bob"))
    result_confirm(
        game=Game.objects.get(pk=day.game.pk), user=day.user("bob"), version=Game.objects.get(pk=day.game.pk).version
    )
    client.force_login(day.user("alice"))
    response = client.post(url("live_undo", day), {"version": version(day)}, HTTP_X_LIVE_BOARD="1")
    assert response.status_code == 422 and live(day).move_count == 13


def test_resignation_entered_on_the_board(client, day):
    record_as_players(client, day, ["K10", "K9", "L10"])
    client.force_login(day.user("bob"))
    response = client.post(
        url("live_end", day), {"version": 3, "loser": "white", "method": "resignation"}, HTTP_X_LIVE_BOARD="1"
    )
    assert response.status_code == 200
    game = Game.objects.get(pk=day.game.pk)
    assert (game.result, game.method, game.result_state, game.record) == ("B", "resignation", "reported", "K10 K9 L10")
    client.force_login(day.user("alice"))
    response = client.post(url("game_confirm", day), {"version": game.version})
    assert Game.objects.get(pk=day.game.pk).result_state == ResultState.CONFIRMED


def test_without_javascript_a_form_posts_one_coordinate_and_the_page_comes_back(client, day):
    client.force_login(day.user("alice"))
    response = move(client, day, " k10 ", 0, panel=False)
    assert response.status_code == 302 and response["Location"] == url("live_board", day)
    assert live(day).moves == "K10"
    response = move(client, day, "K10", 1, panel=False, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    page = response.content.decode()
    assert "<html" in page and "Move 2 (K10) is illegal: the point is occupied." in page
    response = move(client, day, "Z99x", 1, panel=False, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422 and "is not a point of the board" in response.content.decode()
    response = move(client, day, "Z99x", 1, panel=False, HTTP_ACCEPT_LANGUAGE="de")
    assert "ist kein Punkt des Bretts" in response.content.decode()
    response = move(client, day, "T25", 1, panel=False, HTTP_ACCEPT_LANGUAGE="en")
    assert "the point is not on the board" in response.content.decode()
    response = client.post(url("live_move", day), {"point": "K9"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422 and "The form was incomplete" in response.content.decode()
    assert live(day).moves == "K10"


def test_who_may_record(client, day):
    client.force_login(day.user("carol"))  # plays in another game
    assert move(client, day, "K10", 0).status_code == 403
    client.force_login(day.user("referee"))
    assert move(client, day, "K10", 0).status_code == 403  # a referee takes over first
    response = client.post(url("live_takeover", day), {"version": 0}, HTTP_X_LIVE_BOARD="1")
    assert response.status_code == 200 and live(day).recorder == day.user("referee")
    assert move(client, day, "K10", 1).status_code == 200
    client.force_login(day.user("alice"))
    response = move(client, day, "K9", 2, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 403 and "A referee is recording this game." in response.content.decode()
    client.force_login(day.user("referee"))
    client.post(url("live_takeover", day), {"version": 2, "release": "1"}, HTTP_X_LIVE_BOARD="1")
    assert live(day).recorder is None and live(day).version == 3
    client.force_login(day.user("alice"))
    assert move(client, day, "K9", 3).status_code == 200
    actions = list(
        AuditEntry.objects.filter(action__startswith="game.live").order_by("id").values_list("action", flat=True)
    )
    assert actions == ["game.live.take_over", "game.live.hand_back"]
    assert [e[0] for e in live(day).entries] == ["referee", "alice"]


def test_a_scorer_named_by_the_organizer_records_and_a_player_confirms(client, day):
    client.force_login(day.user("organizer"))
    response = client.post(url("live_scorer", day), {"scorer": "DAVE"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302 and live(day).scorer == day.user("dave")
    client.force_login(day.user("dave"))
    for point in NINUKI + TO_FIVE:
        assert move(client, day, point, version(day)).status_code == 200
    game = Game.objects.get(pk=day.game.pk)
    assert game.result_state == ResultState.REPORTED and game.reported_by == day.user("dave")
    client.force_login(day.user("bob"))
    client.post(url("game_confirm", day), {"version": game.version})
    assert Game.objects.get(pk=day.game.pk).result_state == ResultState.CONFIRMED
    client.force_login(day.user("organizer"))
    response = client.post(url("live_scorer", day), {"scorer": "no-such-user"}, HTTP_ACCEPT_LANGUAGE="en")
    assert live(day).scorer == day.user("dave")
    assert "There is no account called no-such-user." in client.get(response["Location"]).content.decode()


def test_the_poll_costs_one_query_while_nothing_changed(client, day, django_assert_num_queries):
    record_as_players(client, day, ["K10"])
    client.logout()
    first = client.get(url("live_state", day))
    assert first.status_code == 200 and first["ETag"]
    with django_assert_num_queries(1):
        again = client.get(url("live_state", day), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    record_as_players(client, day, ["K9"], start=1)
    client.logout()
    changed = client.get(url("live_state", day), HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert 'id="live"' in changed.content.decode()


def test_visitors_follow_but_cannot_play_and_unpublished_rounds_stay_hidden(client, day):
    record_as_players(client, day, ["K10"])
    client.logout()
    page = client.get(url("live_board", day)).content.decode()
    assert "<svg" in page and 'name="point"' not in page
    assert client.post(url("live_move", day), {"version": 1, "point": "K9"}).status_code == 302  # log-in
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.PAIRED)
    assert client.get(url("live_board", day)).status_code == 404
    assert client.get(url("live_state", day)).status_code == 404


def test_a_go_discipline_without_engine_has_no_live_board(client, day):
    other = Discipline.objects.create(tournament=day.tournament, name="Rund", kind="rundgo", board_size=9)
    round2 = Round.objects.create(tournament=day.tournament, discipline=other, number=2, status=Round.Status.PUBLISHED)
    game = Game.objects.create(round=round2, table=1, black=day.game.black, white=day.game.white)
    client.force_login(day.user("alice"))
    assert client.get(url("live_board", day, game)).status_code == 404


def test_a_keima_game_with_a_capture_by_the_first_stone_of_a_turn(client, day):
    keima = Discipline.objects.create(tournament=day.tournament, name="Keima", kind="keima", board_size=9, komi=4)
    round2 = Round.objects.create(tournament=day.tournament, discipline=keima, number=2, status=Round.Status.PUBLISHED)
    game = Game.objects.create(round=round2, table=1, black=day.game.black, white=day.game.white, komi=4)
    moves = ["B1", "C3", "A1", "C2", "A2"]
    for i, point in enumerate(moves):
        client.force_login(day.user("alice" if i in (0, 1, 4) else "bob"))
        assert move(client, day, point, i, game).status_code == 200
    page = html.unescape(client.get(url("live_board", day, game), HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "1 stone captured" in page and "the second stone of the turn, a knight's move from A2" in page
    assert page.count("pt target") == 2  # B4 and C1
    response = move(client, day, "A3", 5, game, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    assert (
        "Move 6 (A3) is illegal: the second stone of the turn is not a knight's move from the first."
        in html.unescape(response.content.decode())
    )
    for i, point in enumerate(["B4", "pass"], 5):
        client.force_login(day.user("alice" if i == 5 else "bob"))
        assert move(client, day, point, i, game).status_code == 200
    client.force_login(day.user("alice"))
    assert move(client, day, "pass", 7, game).status_code == 200
    game.refresh_from_db()
    assert (game.result, game.method, game.result_state) == ("B", "score", ResultState.REPORTED)
    assert game.verdict["agrees"] is True and game.record == "B1 C3 A1 C2 A2 B4 pass pass"


def test_settled_games_offer_their_sgf(client, day):
    record_as_players(client, day, NINUKI + TO_FIVE)
    sgf_url = reverse("public_game_sgf", args=[day.tournament.slug, 1, day.game.pk])
    assert client.get(sgf_url).status_code == 404  # reported, not settled yet
    game = Game.objects.get(pk=day.game.pk)
    result_confirm(game=game, user=day.user("bob"), version=game.version)
    public = client.get(reverse("public_game", args=[day.tournament.slug, 1, day.game.pk])).content.decode()
    assert sgf_url in public
    response = client.get(sgf_url)
    assert response.status_code == 200 and response["Content-Type"].startswith("application/x-go-sgf")
    assert 'filename="hannover-round1-table1.sgf"' in response["Content-Disposition"]
    text = response.content.decode()
    assert "PB[Albers Alice]" in text and "PW[Bauer Bob]" in text and "SZ[19]" in text
    assert ";B[jj]" in text and "RE[B+" in text
    import games

    replay = games.variant("ninuki").replay(text)
    assert replay.moves == 13 and replay.outcome == "black"


def test_rules_pages_for_every_game_with_diagrams_from_the_engine(client, day):
    for kind in ["go", "ninuki", "keima", "volt"]:
        page = client.get(reverse("rules", args=[kind]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert "<svg" in page and "Rules of" in page, kind
    page = client.get(reverse("rules", args=["ninuki"]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Move 9 (J7) is illegal: a forbidden double-three." in page and 'class="error"' in page
    page = client.get(reverse("rules", args=["ninuki"]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Regeln von Ninuki-Renju" in page and "Doppel-Drei" in page
    assert client.get(reverse("rules", args=["rundgo"])).status_code == 200
    assert client.get(reverse("rules", args=["chess"])).status_code == 404
    detail = client.get(reverse("tournament", args=[day.tournament.slug])).content.decode()
    assert reverse("rules", args=["ninuki"]) in detail


def test_projector_and_referee_list_show_the_live_boards(client, day):
    record_as_players(client, day, ["K10", "K9"])
    page = client.get(reverse("projector_live", args=[day.tournament.slug]), HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert text.count("<svg") == 2 and "Table 1" in text and "Move 2" in text
    client.force_login(day.user("referee"))
    text = client.get(reverse("referee_live", args=[day.tournament.slug]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert url("live_board", day) in text and "the players" in text
    page = client.get(url("live_board", day) + "?at=1", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The board shows move 1; the game is at move 2." in page and 'name="point"' not in page
    assert "Take over the recording" in page and ">alice<" in page and ">bob<" in page


def test_the_game_page_links_the_live_board_and_the_organizer_names_a_scorer(client, day):
    client.force_login(day.user("alice"))
    page = client.get(reverse("game", args=[day.tournament.slug, day.game.pk])).content.decode()
    assert url("live_board", day) in page and reverse("rules", args=["ninuki"]) in page
    assert url("live_scorer", day) not in page
    mine = client.get(reverse("my_tournament", args=[day.tournament.slug])).content.decode()
    assert url("live_board", day) in mine
    client.force_login(day.user("organizer"))
    page = client.get(reverse("game", args=[day.tournament.slug, day.game.pk])).content.decode()
    assert url("live_scorer", day) in page


def test_the_service_refuses_a_move_on_a_closed_round(day):
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.FINISHED)
    game = Game.objects.select_related("round__discipline", "round__tournament", "black", "white").get(pk=day.game.pk)
    with pytest.raises(live_services.LiveError):
        live_services.place(game=game, user=day.user("alice"), version=0, point="K10")


@pytest.mark.usefixtures("english_visitor")
def test_a_closed_rounds_game_page_does_not_offer_to_record_it(client, day):
    """Issue #24: the game page offered recording where the board refuses every move (a closed round)."""
    client.force_login(day.user("alice"))
    game_page = reverse("game", args=[day.tournament.slug, day.game.pk])
    assert "record the game as it is played" in client.get(game_page).content.decode()
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.FINISHED)
    page = client.get(game_page).content.decode()
    assert url("live_board", day) in page and "record the game as it is played" not in page
    mine = client.get(reverse("my_tournament", args=[day.tournament.slug])).content.decode()
    assert url("live_board", day) not in mine


def test_the_pass_button_shows_only_where_the_rules_take_a_pass(client, day):
    """The board asks the engine: no Pass on Ninuki's first move, nor where a preset's opening wants a
    stone (pbmserv's second move goes near the centre; the button used to show and the pass was refused)."""
    client.force_login(day.user("alice"))
    assert "live-pass" not in client.get(url("live_board", day)).content.decode()  # the centre first
    move(client, day, "K10", 0)
    client.force_login(day.user("bob"))
    assert "live-pass" in client.get(url("live_board", day)).content.decode()  # hannover: White may pass
    Discipline.objects.filter(pk=day.ninuki.pk).update(rule_set="pbmserv")
    assert "live-pass" not in client.get(url("live_board", day)).content.decode()
    assert move(client, day, "pass", 1).status_code == 422  # what the button would have sent


def _status_line(page: str) -> str:
    start = page.index('class="live-status"')
    return html.unescape(page[start : page.index("</p>", start)])


@pytest.mark.parametrize(
    "language, playing, proposed, final",
    [
        ("en", "Move 4", "3 moves", "The result is final."),
        ("de", "Zug 4", "3 Züge", "Das Ergebnis steht fest."),
    ],
)
def test_the_status_line_and_the_live_badge_follow_the_game(client, day, language, playing, proposed, final):
    """Issue #21 item 8: after a resignation neither phone says "Move 4 · Black to play" above the proposed
    result, and a finished game's board shows no LIVE badge."""
    record_as_players(client, day, ["K10", "K9", "L10"])
    client.force_login(day.user("alice"))
    page = client.get(url("live_board", day), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert playing in _status_line(page) and "live-badge" in page
    client.force_login(day.user("bob"))
    client.post(url("live_end", day), {"version": 3, "loser": "white", "method": "resignation"}, HTTP_X_LIVE_BOARD="1")
    for player in ("alice", "bob"):
        client.force_login(day.user(player))
        page = client.get(url("live_board", day), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        status = _status_line(page)
        assert proposed in status and playing not in status, status
        assert ("to play" not in status) and ("am Zug" not in status), status
        assert "live-badge" not in page
    assert ("confirmation" if language == "en" else "Bestätigung") in _status_line(page)
    client.force_login(day.user("alice"))
    client.post(url("game_confirm", day), {"version": Game.objects.get(pk=day.game.pk).version})
    assert Game.objects.get(pk=day.game.pk).result_state == ResultState.CONFIRMED
    page = client.get(url("live_board", day), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert final in _status_line(page) and "live-badge" not in page
