"""Registrations confirmed together (issue #31, item 18): one service call, one audit entry per registration
whose status changes; a foreign or empty choice is refused in words and changes nothing."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import translation

from tournament.models import AuditEntry, Registration
from tournament.services.registrations import registrations_confirm

pytestmark = pytest.mark.django_db


def _preliminary(day, *names):
    regs = list(day.tournament.registrations.filter(given_name__in=names).order_by("given_name"))
    Registration.objects.filter(pk__in=[r.pk for r in regs]).update(status=Registration.Status.PRELIMINARY)
    return regs


def test_the_chosen_registrations_are_confirmed_each_in_the_audit_log(day):
    alice, bob, carol = _preliminary(day, "Alice", "Bob", "Carol")
    dave = day.tournament.registrations.get(given_name="Dave")  # confirmed already: no entry
    logged = AuditEntry.objects.filter(action="registration.status").count()
    done = registrations_confirm(
        tournament=day.tournament, registrations=[alice.pk, bob.pk, dave.pk], user=day.user("organizer")
    )
    assert sorted(r.pk for r in done) == sorted([alice.pk, bob.pk])
    statuses = dict(day.tournament.registrations.values_list("given_name", "status"))
    assert statuses == {"Alice": "confirmed", "Bob": "confirmed", "Carol": "preliminary", "Dave": "confirmed"}
    entries = AuditEntry.objects.filter(action="registration.status").order_by("pk")[logged:]
    assert sorted(e.object_id for e in entries) == sorted([alice.pk, bob.pk])
    assert all(e.after == {"status": "confirmed"} and e.user == day.user("organizer") for e in entries)


@pytest.mark.parametrize(
    ("language", "empty", "foreign"),
    [
        ("en", "Choose the players to confirm.", "not registered in this tournament"),
        ("de", "Wähle die Spieler, die bestätigt werden sollen.", "nicht in diesem Turnier angemeldet"),
    ],
)
def test_an_empty_or_foreign_choice_is_refused_and_changes_nothing(day, language, empty, foreign):
    (alice,) = _preliminary(day, "Alice")
    stranger = Registration.objects.create(tournament=day.other, surname="Fremd", given_name="Fritz", rank=0)
    logged = AuditEntry.objects.count()
    with translation.override(language):
        with pytest.raises(ValidationError, match=empty):
            registrations_confirm(tournament=day.tournament, registrations=[], user=day.user("organizer"))
        with pytest.raises(ValidationError, match=foreign):
            registrations_confirm(
                tournament=day.tournament, registrations=[alice.pk, stranger.pk], user=day.user("organizer")
            )
    alice.refresh_from_db()
    assert alice.status == "preliminary" and AuditEntry.objects.count() == logged


def test_only_an_organizer_confirms(day):
    (alice,) = _preliminary(day, "Alice")
    with pytest.raises(PermissionDenied):
        registrations_confirm(tournament=day.tournament, registrations=[alice.pk], user=day.user("referee"))
    alice.refresh_from_db()
    assert alice.status == "preliminary"
