"""A player's request for a bye in a round to come: asked on her own page, granted or refused by an organizer.

A granted request is an absence (``Registration.absent_rounds``): the pairing leaves her out, "Pair again"
too, the round's bye for an odd number of players goes to somebody else by OpenGotha's rule, and the round
scores the tournament's points for an absence (OpenGotha's absence, so the OpenGotha file says the same).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import ByeRequest, Registration, Round
from tournament.permissions import ORGANIZER, bye_request_closed_reason, is_own, require, require_own_or

from .audit import log_change

#: The rounds in which an organizer may still answer: before the pairing is published ("Pair again" then
#: leaves a granted player out).
ANSWERABLE = (Round.Status.PLANNED, Round.Status.PAIRED)


def _entry(bye_request: ByeRequest) -> dict:
    return {"player": bye_request.registration.spoken_name, "round": bye_request.round.number}


@transaction.atomic
def bye_request_ask(*, registration: Registration, round: Round, user) -> ByeRequest:
    """The player asks for a bye in ``round`` (an organizer may ask for her): until the tournament's
    deadline (:func:`~tournament.permissions.bye_request_closed_reason`). Asking twice (a double click)
    gives the request made the first time."""
    require_own_or(user, registration, ORGANIZER)
    if round.tournament_id != registration.tournament_id:
        raise ValidationError(_("This round belongs to another tournament."), code="foreign")
    registration = Registration.objects.select_for_update().get(pk=registration.pk)  # one request at a time
    round.refresh_from_db()
    if registration.status == Registration.Status.WITHDRAWN:
        raise ValidationError(_("A withdrawn player plays no more rounds."), code="withdrawn")
    earlier = ByeRequest.objects.filter(round=round, registration=registration).first()
    if earlier is not None:
        if earlier.status == ByeRequest.Status.REFUSED:
            raise ValidationError(
                _("Your request for a bye in round %(number)s was refused; ask an organizer.")
                % {"number": round.number},
                code="refused",
            )
        return earlier
    if round.number in registration.absent_rounds:
        raise ValidationError(
            _("You are not paired in round %(number)s already.") % {"number": round.number}, code="absent"
        )
    closed = bye_request_closed_reason(round)
    if closed is not None:
        raise ValidationError(closed, code="closed")
    bye_request = ByeRequest.objects.create(round=round, registration=registration, requested_at=timezone.now())
    log_change(bye_request, "bye_request.ask", user=user, after=_entry(bye_request))
    return bye_request


@transaction.atomic
def bye_request_withdraw(*, bye_request: ByeRequest, user) -> None:
    """The player takes back a request not answered yet (an organizer may for her), until the deadline."""
    require_own_or(user, bye_request.registration, ORGANIZER)
    found = ByeRequest.objects.select_for_update().filter(pk=bye_request.pk).first()
    if found is None:
        return  # taken back already (a double click)
    if found.status != ByeRequest.Status.PENDING:
        raise ValidationError(_("An organizer has answered this request already; ask an organizer."), code="answered")
    if is_own(user, found.registration):
        closed = bye_request_closed_reason(found.round)
        if closed is not None:
            raise ValidationError(closed, code="closed")
    log_change(found, "bye_request.withdraw", user=user, before=_entry(found))
    found.delete()


@transaction.atomic
def bye_request_answer(*, bye_request: ByeRequest, grant: bool, user, reason: str = "") -> ByeRequest:
    """An organizer grants the request (the player is absent in that round: not paired, the absence's
    points) or refuses it (a granted one refused later is an absence no more), until the round is published.
    The same answer twice changes nothing."""
    require(user, bye_request.round.tournament, ORGANIZER)
    locked = ByeRequest.objects.select_for_update().select_related("round", "registration")
    found = locked.filter(pk=bye_request.pk).first()
    if found is None:  # the player took it back after the organizer's page showed it
        raise ValidationError(_("This request for a bye does not exist (any more)."), code="gone")
    status = ByeRequest.Status.GRANTED if grant else ByeRequest.Status.REFUSED
    if found.status == status:
        return found
    round_ = found.round
    if round_.status not in ANSWERABLE:
        raise ValidationError(
            _("Round %(number)s is published; take it back to edit before you answer.") % {"number": round_.number},
            code="published",
        )
    registration = Registration.objects.select_for_update().get(pk=found.registration_id)
    absent = set(registration.absent_rounds)
    before = {**_entry(found), "status": found.status}
    absent = absent | {round_.number} if grant else absent - {round_.number}
    if absent != set(registration.absent_rounds):
        registration.absent_rounds = sorted(absent)
        registration.save(update_fields=["absent_rounds", "updated_at"])
    found.status, found.decided_at = status, timezone.now()
    found.decided_by = user if getattr(user, "is_authenticated", False) else None
    found.save(update_fields=["status", "decided_at", "decided_by"])
    log_change(found, "bye_request.answer", user=user, before=before, after={"status": status}, reason=reason)
    return found


def follow_absences(registration: Registration, *, user) -> None:
    """The requests of a player whose absences an organizer changed by hand say the same: a round taken out
    of her absences refuses its granted request, a round put in grants its waiting one (no audit entry of
    their own: the change of the absences has it)."""
    now = timezone.now()
    decided = {"decided_at": now, "decided_by": user if getattr(user, "is_authenticated", False) else None}
    requests = ByeRequest.objects.filter(registration=registration)
    absent = list(registration.absent_rounds)
    requests.filter(status=ByeRequest.Status.GRANTED).exclude(round__number__in=absent).update(
        status=ByeRequest.Status.REFUSED, **decided
    )
    requests.filter(status=ByeRequest.Status.PENDING, round__number__in=absent).update(
        status=ByeRequest.Status.GRANTED, **decided
    )
