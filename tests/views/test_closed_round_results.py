"""The results grid of a closed (finished) round asks for the reason of a change (issue #31, item 18):
each row shows a reason field; a change without one is refused in words and changes nothing, with htmx
and without JavaScript; the reason given is in the audit log."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournament.models import AuditEntry, Game, Round
from tournament.services.results import result_set
from tournament.services.rounds import advance_round

pytestmark = pytest.mark.django_db

REFUSED = {
    "en": "The round is closed: say why its result changes.",
    "de": "Die Runde ist abgeschlossen: Gib an, warum sich ihr Ergebnis ändert.",
}


def _closed(day, client, language="en") -> Game:
    game = result_set(game=day.game, user=day.user("organizer"), version=day.game.version, result="B")
    advance_round(day.round1, Round.Status.PUBLISHED, Round.Status.FINISHED)
    client.cookies["django_language"] = language
    client.force_login(day.user("organizer"))
    return game


def _row(html: str, pk: int) -> str:
    return re.search(rf'<tr id="result-row-{pk}".*?</tr>', html, flags=re.S).group(0)


def _grid(client, day) -> str:
    return client.get(reverse("manage_results", args=[day.tournament.slug]) + "?round=1").content.decode()


def test_an_open_round_s_grid_keeps_the_note_hidden(client, day):
    client.force_login(day.user("organizer"))
    row = _row(_grid(client, day), day.game.pk)
    assert re.search(rf'<input type="hidden" name="g{day.game.pk}-reason"', row)


@pytest.mark.parametrize(("language", "label"), [("en", "Reason for a change"), ("de", "Grund einer Änderung")])
def test_a_closed_round_s_grid_asks_for_the_reason(client, day, language, label):
    game = _closed(day, client, language)
    row = _row(_grid(client, day), game.pk)
    field = re.search(rf'<input type="text" name="g{game.pk}-reason"[^>]*>', row)
    assert field and f'form="result-form-{game.pk}"' in field.group(0)
    assert label in row


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_change_without_a_reason_is_refused_in_the_row(client, day, language):
    game = _closed(day, client, language)
    url = reverse("manage_result", args=[day.tournament.slug, game.pk])
    prefix = f"g{game.pk}"
    answer = client.post(
        url,
        {f"{prefix}-version": game.version, f"{prefix}-result": "W", f"{prefix}-reason": " "},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200
    row = answer.content.decode()
    assert REFUSED[language] in row
    assert '<option value="W" selected>' in row  # the choice stays to be sent again with a reason
    game.refresh_from_db()
    assert game.result == "B"

    answer = client.post(
        url,
        {f"{prefix}-version": game.version, f"{prefix}-result": "W", f"{prefix}-reason": "Scoresheet misread"},
        HTTP_HX_REQUEST="true",
    )
    assert "saved" in answer.content.decode() or "gespeichert" in answer.content.decode()
    game.refresh_from_db()
    assert game.result == "W"
    entry = AuditEntry.objects.filter(action="game.result.set").order_by("-pk").first()
    assert entry.reason == "Scoresheet misread" and entry.before["result"] == "B"


@pytest.mark.parametrize("language", ["en", "de"])
def test_without_javascript_the_refusal_is_a_message_and_the_reason_saves(client, day, language):
    game = _closed(day, client, language)
    url = reverse("manage_result", args=[day.tournament.slug, game.pk])
    prefix = f"g{game.pk}"
    page = client.post(url, {f"{prefix}-version": game.version, f"{prefix}-result": "W"}, follow=True)
    assert REFUSED[language] in page.content.decode()
    game.refresh_from_db()
    assert game.result == "B"

    sent = {f"{prefix}-version": game.version, f"{prefix}-result": "W", f"{prefix}-reason": "Wrong table"}
    page = client.post(url, sent, follow=True)
    game.refresh_from_db()
    assert game.result == "W" and AuditEntry.objects.filter(action="game.result.set", reason="Wrong table").exists()
