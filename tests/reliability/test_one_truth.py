"""The official result is the one truth on every surface (issue #21, item 1).

A referee decides "Black wins on time" on a Ninuki game whose submitted record ends in White's five:
the public game page, the game's own page, the organizer's results grid, the referee's queue, the SGF
(its ``RE``), the JSON API and the crosstable all say the decided result, and the record the referee
set aside is labelled as rejected: nowhere does "The record agrees: White wins" stand beside it.
"""

from __future__ import annotations

import html as html_module
import json
import re

import pytest
from django.urls import reverse

from tournament.models import Game
from tournament.models.game import ResultState
from tournament.services.results import result_adjudicate, result_dispute, result_report

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

#: White makes five in a row (C3..G3); Black's stones stand apart at the edge.
FIVE_FOR_WHITE = "K10 C3 A19 D3 A17 E3 A15 F3 T1 G3"
REASON = "Bob's flag fell at move 8; the five came after."


def _settled_against_the_record(day) -> Game:
    game = day.game
    game = result_report(
        game=game, user=day.user("bob"), version=game.version, result="W", method="five", record=FIVE_FOR_WHITE
    )
    assert game.result_state == ResultState.REPORTED and game.verdict["agrees"]
    game = result_dispute(game=game, user=day.user("alice"), version=game.version, reason="His time was up.")
    return result_adjudicate(
        game=game, user=day.user("referee"), version=game.version, result="B", method="time", reason=REASON
    )


def _text(response) -> str:
    """The page's text without tags, blanks squeezed."""
    html = response.content.decode()
    html = re.sub(r"<(script|style|select)\b.*?</\1>", " ", html, flags=re.S)  # a select lists every result
    return re.sub(r"\s+", " ", html_module.unescape(re.sub(r"<[^>]+>", " ", html)))


def _only_in_the_rejection(text: str) -> None:
    """White's win is named only where the rejected record is described."""
    before, label, after = text.partition("Rejected by the referee:")
    assert label and "White wins" not in before
    assert after.count("White wins") == 1


def test_a_decision_against_the_record_is_the_result_everywhere(day, client):
    game = _settled_against_the_record(day)
    slug, number = day.tournament.slug, game.round.number
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"

    # the public game page: the decision, the record labelled as rejected (the reason is for the players)
    page = _text(client.get(reverse("public_game", args=[slug, number, game.pk])))
    assert "Black wins · on time" in page
    assert "Rejected by the referee" in page
    assert "agrees" not in page
    _only_in_the_rejection(page)

    # the SGF: RE is the official result, and it says that the moves are a rejected record
    sgf = client.get(reverse("public_game_sgf", args=[slug, number, game.pk])).content.decode()
    assert "RE[B+T]" in sgf and "RE[W+" not in sgf
    assert "GC[Rejected by the referee: " in sgf

    # the JSON API: White first, Black first beside it, the same SGF, the record marked as rejected
    api = json.loads(client.get(f"/api/v1/tournaments/{slug}/games/{game.pk}/").content)
    assert api["result"] == "0-1" and api["result_black_first"] == "1-0"
    assert api["record_rejected"] is True
    assert "RE[B+T]" in api["record"] and "RE[W+" not in api["record"]
    assert api["verdict"]["claim"] == "B" and api["verdict"]["agrees"] is False

    # the crosstable: Alice (Black) won, Bob lost
    cross = client.get(reverse("crosstable", args=[slug])).content.decode()
    rows = {
        name: row
        for row in re.findall(r"<tr.*?</tr>", cross, flags=re.S)
        for name in ("Albers", "Bauer")
        if name in row
    }
    assert "+/b" in rows["Albers"] and "-/w" in rows["Bauer"]

    # the players' and the referee's page of the game
    client.force_login(day.user("referee"))
    own = _text(client.get(reverse("game", args=[slug, game.pk])))
    assert "Black wins · on time" in own and REASON in own
    assert "The record agrees" not in own
    _only_in_the_rejection(own.split("Referee's decision")[0])

    # the organizer's results grid
    client.force_login(day.user("organizer"))
    grid = _text(client.get(reverse("manage_results", args=[slug]) + f"?round={number}"))
    assert "The record agrees" not in grid
    assert REASON in grid
    _only_in_the_rejection(grid)


def test_in_german_the_rejected_record_and_the_reason_say_so_too(day, client):
    game = _settled_against_the_record(day)
    slug = day.tournament.slug
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    client.cookies["django_language"] = "de"
    page = _text(client.get(reverse("public_game", args=[slug, game.round.number, game.pk])))
    assert "Vom Schiedsrichter verworfen:" in page and "Das Ergebnis oben ist das gültige" in page
    client.force_login(day.user("alice"))
    own = _text(client.get(reverse("game", args=[slug, game.pk])))
    assert "Begründung des Schiedsrichters: " + REASON in own
    sgf = client.get(reverse("public_game_sgf", args=[slug, game.round.number, game.pk])).content.decode()
    assert "GC[Vom Schiedsrichter verworfen: " in sgf and "CA[UTF-8]" in sgf
