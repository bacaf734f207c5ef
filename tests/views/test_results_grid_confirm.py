"""The results grid keeps what was reported (issue #21, item 3) and shows the reason beside a decision
(item 19): "Confirm" on a reported row confirms the result as it was reported, the way of winning
included; "Save" of the same result keeps the way of winning too; the SGF says ``RE[W+R]``."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournament.models.game import ResultState, WinMethod
from tournament.services.results import result_adjudicate, result_report

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]

#: Four moves: the game stopped before anybody won on the board.
UNFINISHED = "K10 C3 A19 D3"


def _resigned(day):
    """Bob (White) reports: White wins by resignation, with the record so far."""
    g = day.game
    return result_report(
        game=g, user=day.user("bob"), version=g.version, result="W", method="resignation", record=UNFINISHED
    )


def _row(html: str, pk: int) -> str:
    return re.search(rf'<tr id="result-row-{pk}".*?</tr>', html, flags=re.S).group(0)


def _sgf(client, day) -> str:
    url = reverse("public_game_sgf", args=[day.tournament.slug, day.round1.number, day.game.pk])
    return client.get(url).content.decode()


def test_confirm_on_a_reported_row_keeps_the_way_of_winning(client, day):
    game = _resigned(day)
    client.force_login(day.user("organizer"))
    slug = day.tournament.slug
    grid = client.get(reverse("manage_results", args=[slug])).content.decode()
    row = _row(grid, game.pk)
    assert "White wins · resignation" in row and 'name="confirm"' in row
    assert 'name="confirm"' not in _row(grid, day.game2.pk)  # nothing reported there

    url = reverse("manage_result", args=[slug, game.pk])
    answer = client.post(url, {f"g{game.pk}-version": game.version, "confirm": "1"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and "saved" in answer.content.decode()
    game.refresh_from_db()
    assert (game.result, game.method, game.result_state) == ("W", WinMethod.RESIGNATION, ResultState.CONFIRMED)
    assert game.record == UNFINISHED
    assert 'name="confirm"' not in answer.content.decode()  # confirmed: no second "Confirm"
    assert "RE[W+R]" in _sgf(client, day)


def test_save_of_the_reported_result_keeps_the_way_of_winning_and_another_result_drops_it(client, day):
    game = _resigned(day)
    client.force_login(day.user("organizer"))
    url = reverse("manage_result", args=[day.tournament.slug, game.pk])
    prefix = f"g{game.pk}"
    client.post(url, {f"{prefix}-version": game.version, f"{prefix}-result": "W"}, HTTP_HX_REQUEST="true")
    game.refresh_from_db()
    assert (game.method, game.result_state) == (WinMethod.RESIGNATION, ResultState.CONFIRMED)
    assert "RE[W+R]" in _sgf(client, day)

    # another winner: the way of winning White had is no way of Black's
    client.post(url, {f"{prefix}-version": game.version, f"{prefix}-result": "B"}, HTTP_HX_REQUEST="true")
    game.refresh_from_db()
    assert (game.result, game.method) == ("B", WinMethod.NONE)


def test_confirm_of_a_row_that_is_not_reported_changes_nothing(client, day):
    game = _resigned(day)
    client.force_login(day.user("organizer"))
    url = reverse("manage_result", args=[day.tournament.slug, game.pk])
    stale = client.post(url, {f"g{game.pk}-version": game.version - 1, "confirm": "1"}, HTTP_HX_REQUEST="true")
    assert "changed this result meanwhile" in stale.content.decode()
    game.refresh_from_db()
    assert game.result_state == ResultState.REPORTED
    # without JavaScript: a plain POST, back to the grid with the result in words
    done = client.post(url, {f"g{game.pk}-version": game.version, "confirm": "1"}, follow=True)
    assert "Table 1: White wins · resignation" in done.content.decode()
    again = client.post(url, {f"g{game.pk}-version": game.version + 1, "confirm": "1"}, follow=True)
    assert "Only a reported result can be confirmed." in again.content.decode()
    broken = client.post(url, {"confirm": "1"}, HTTP_HX_REQUEST="true")
    assert broken.status_code == 200 and "incomplete" in broken.content.decode()


def test_the_referees_reason_stands_beside_the_result(client, day):
    game = _resigned(day)
    reason = "Bob resigned aloud; Alice had not heard it. Both agree now."
    result_adjudicate(
        game=game, user=day.user("referee"), version=game.version, result="W", method="resignation", reason=reason
    )
    slug = day.tournament.slug
    client.force_login(day.user("alice"))
    own = client.get(reverse("game", args=[slug, game.pk])).content.decode()
    result_box = own.split("History of the result")[0]
    assert "Referee&#x27;s reason:" in result_box and "Bob resigned aloud" in result_box
    client.force_login(day.user("referee"))
    queue = client.get(reverse("referee_queue", args=[slug])).content.decode()
    assert "Decided" in queue and "Bob resigned aloud" in queue and "White wins · resignation" in queue
    client.force_login(day.user("organizer"))
    grid = client.get(reverse("manage_results", args=[slug])).content.decode()
    assert "Bob resigned aloud" in _row(grid, game.pk)


def test_the_reason_of_a_dispute_stands_beside_the_result_in_the_queue(client, day):
    from tournament.services.results import result_dispute

    game = _resigned(day)
    result_dispute(game=game, user=day.user("alice"), version=game.version, reason="I never resigned.")
    client.force_login(day.user("referee"))
    queue = client.get(reverse("referee_queue", args=[day.tournament.slug])).content.decode()
    assert "Why it went to a referee:" in queue and "I never resigned." in queue
