"""A result of a closed (finished) round changes only with a reason, kept in the audit log (issue #31,
item 18); an open round's result is entered as before, a note optional."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournament.models import AuditEntry, Game, Round
from tournament.services.results import ResultError, result_set
from tournament.services.rounds import advance_round

pytestmark = pytest.mark.django_db


def _closed(day) -> Game:
    game = result_set(game=day.game, user=day.user("organizer"), version=day.game.version, result="B")
    advance_round(day.round1, Round.Status.PUBLISHED, Round.Status.FINISHED)
    return Game.objects.select_related("round__tournament", "round__discipline").get(pk=game.pk)


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "The round is closed: say why its result changes."), ("de", "Die Runde ist abgeschlossen")],
)
@pytest.mark.parametrize("reason", ["", "   "])
def test_a_closed_round_s_result_is_not_changed_without_a_reason(day, language, words, reason):
    game = _closed(day)
    logged = AuditEntry.objects.count()
    with translation.override(language), pytest.raises(ResultError, match=words) as refused:
        result_set(game=game, user=day.user("organizer"), version=game.version, result="W", reason=reason)
    assert refused.value.code == "reason"
    game.refresh_from_db()
    assert game.result == "B" and AuditEntry.objects.count() == logged


def test_the_reason_of_a_closed_round_s_change_is_in_the_audit_log(day):
    game = _closed(day)
    before = AuditEntry.objects.filter(action="game.result.set").count()
    game = result_set(
        game=game, user=day.user("organizer"), version=game.version, result="W", reason="  Scoresheet misread.  "
    )
    assert game.result == "W"
    entry = AuditEntry.objects.filter(action="game.result.set").order_by("-pk").first()
    assert AuditEntry.objects.filter(action="game.result.set").count() == before + 1
    assert entry.reason == "Scoresheet misread." and entry.before["result"] == "B" and entry.after["result"] == "W"
    assert entry.user == day.user("organizer")


def test_the_same_result_saved_again_in_a_closed_round_needs_no_reason(day):
    game = _closed(day)
    same = result_set(game=game, user=day.user("organizer"), version=game.version, result="B")
    assert same.version == game.version  # nothing changed, nothing logged


def test_an_open_round_s_result_needs_no_reason(day):
    game = result_set(game=day.game, user=day.user("organizer"), version=day.game.version, result="W")
    assert game.result == "W"
