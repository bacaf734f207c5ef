"""Registering players and changing their registration."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import Player, Registration, Tournament

from .audit import log_action


@transaction.atomic
def registration_create(
    *,
    tournament: Tournament,
    player: Player,
    source: str = Registration.Source.ORGANIZER,
    status: str = Registration.Status.PRELIMINARY,
    absent_rounds: list[int] | None = None,
    user=None,
) -> Registration:
    registration = Registration(
        tournament=tournament,
        player=player,
        source=source,
        status=status,
        absent_rounds=absent_rounds or [],
    )
    registration.full_clean()
    registration.save()
    log_action(
        tournament=tournament,
        action="registration.create",
        obj=registration,
        user=user,
        after={"player": str(player), "status": status, "source": source},
    )
    return registration


@transaction.atomic
def registration_set_status(
    *, registration: Registration, status: str, user=None, reason: str = ""
) -> Registration:
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.status == status:
        return registration
    if not registration.can_become(status):
        raise ValidationError(
            _("A registration cannot go from %(old)s to %(new)s.")
            % {"old": registration.get_status_display(), "new": status}
        )
    before = registration.status
    registration.status = status
    registration.save(update_fields=["status", "updated_at"])
    log_action(
        tournament=registration.tournament,
        action="registration.status",
        obj=registration,
        user=user,
        before={"status": before},
        after={"status": status},
        reason=reason,
    )
    return registration


@transaction.atomic
def registration_set_absent_rounds(
    *, registration: Registration, absent_rounds: list[int], user=None, reason: str = ""
) -> Registration:
    before = list(registration.absent_rounds)
    registration.absent_rounds = absent_rounds
    registration.full_clean()
    registration.save(update_fields=["absent_rounds", "updated_at"])
    log_action(
        tournament=registration.tournament,
        action="registration.rounds",
        obj=registration,
        user=user,
        before={"absent_rounds": before},
        after={"absent_rounds": registration.absent_rounds},
        reason=reason,
    )
    return registration
