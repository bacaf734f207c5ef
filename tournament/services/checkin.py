"""Check-in at the venue: who has come, and the round paired with those only.

One truth: a registration's ``checked_in_at`` (a check-in per tournament, kept until the desk undoes it).
Players check in on their phone with the hall's QR code (:func:`check_in`: logged in, with the claim code
of their welcome slip, or by their name when the organizer allows it), or at the desk
(:func:`check_in_at_desk`, audited, with :func:`check_in_undo`). Checking in twice changes nothing.

A round set to pair only checked-in players (:func:`round_set_checked_in_only`) makes everybody confirmed,
not absent and not checked in when it is paired absent in that round (``Registration.absent_rounds``, the
one truth of absences: the pairing, the standings' points for an absence, the OpenGotha file's
participation and the pages all read it), and its pairing record keeps who they were
(``not_checked_in``): the round's page lists them, "Remove pairing" and "Pair again" give their absences
back first (a player checked in meanwhile is paired then), and whoever of them checks in after the round
is published is a late arrival, listed for the next round and paired there (their absence was this
round's only).
"""

from __future__ import annotations

import hmac

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import Registration, Round, Tournament
from tournament.models.registration import normalize_claim_code
from tournament.models.tournament import PairingSystem, new_checkin_code
from tournament.permissions import ORGANIZER, REFEREE, has_role, is_own, require
from tournament.selectors.checkin import NOT_CHECKED_IN

from .audit import log_change
from .registrations import registration_set_status


def _entry(registration: Registration) -> dict:
    return {"player": registration.spoken_name}


@transaction.atomic
def checkin_settings(*, tournament: Tournament, open: bool, by_name: bool, user) -> Tournament:
    """An organizer opens or closes the check-in on the phones (the desk checks players in either way)
    and says whether a player may check in by name."""
    require(user, tournament, ORGANIZER)
    found = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = {"open": found.checkin_open, "by name": found.checkin_by_name}
    found.checkin_open, found.checkin_by_name = bool(open), bool(by_name)
    if not found.checkin_code:  # a tournament made before the check-in: its code now
        found.checkin_code = new_checkin_code()
    after = {"open": found.checkin_open, "by name": found.checkin_by_name}
    if after != before or found.checkin_code != tournament.checkin_code:
        found.save(update_fields=["checkin_open", "checkin_by_name", "checkin_code", "updated_at"])
        log_change(found, "checkin.settings", user=user, before=before, after=after)
    tournament.checkin_open, tournament.checkin_by_name = found.checkin_open, found.checkin_by_name
    tournament.checkin_code = found.checkin_code
    return found


def _may_play(registration: Registration, *, at_desk: bool) -> None:
    """A withdrawn player checks in nowhere; a registration not confirmed yet only at the desk."""
    if registration.status == Registration.Status.WITHDRAWN:
        raise ValidationError(
            _("%(name)s has withdrawn from the tournament; an organizer can take the registration back.")
            % {"name": registration.spoken_name},
            code="withdrawn",
        )
    if registration.status == Registration.Status.PRELIMINARY and not at_desk:
        raise ValidationError(
            _("Your registration is not confirmed yet: please come to the check-in desk."), code="preliminary"
        )


def _gone() -> ValidationError:
    """The registration the page showed was deleted (or merged into another) before the button was pressed."""
    return ValidationError(_("This player is not registered in this tournament."), code="gone")


def _mark(registration: Registration) -> bool:
    """Check the player in unless she is already (one statement: two scans at once check in once).
    Whether she was checked in now. ``updated_at`` stays: no public page shows a check-in."""
    now = timezone.now()
    done = Registration.objects.filter(pk=registration.pk, checked_in_at__isnull=True).update(checked_in_at=now)
    if done:
        registration.checked_in_at = now
        return True
    found = Registration.objects.filter(pk=registration.pk).values_list("pk", "checked_in_at").first()
    if found is None:
        raise _gone()
    registration.checked_in_at = found[1]
    return False


def hall_code_refusal(tournament: Tournament, code: str) -> str | None:
    """Why the phones' check-in with ``code`` (from the QR) is refused, or None."""
    if not tournament.checkin_open:
        return _("The check-in is closed; please go to the check-in desk.")
    if not tournament.checkin_code or not hmac.compare_digest(
        normalize_claim_code(code).encode(), tournament.checkin_code.encode()
    ):
        return _("This is not the check-in code of this tournament: scan the QR code in the playing hall.")
    return None


@transaction.atomic
def check_in(
    *,
    registration: Registration,
    user,
    hall_code: str,
    claim_code: str = "",
    by_name: bool = False,
) -> bool:
    """The player checks in on her phone with the hall's code (``hall_code``, from the QR): logged in as
    herself, with her welcome slip's ``claim_code``, or ``by_name`` (she picked her name and confirmed it)
    where the tournament allows it. Whether she was checked in now (False: she was already)."""
    tournament = registration.tournament
    refused = hall_code_refusal(tournament, hall_code)
    if refused:
        raise ValidationError(refused, code="closed")
    code = normalize_claim_code(claim_code)
    own = is_own(user, registration)
    by_code = bool(code) and bool(registration.claim_code) and hmac.compare_digest(code, registration.claim_code)
    if not (own or by_code or (by_name and tournament.checkin_by_name)):
        raise PermissionDenied(_("Log in, or give the claim code of your welcome slip, to check in."))
    _may_play(registration, at_desk=False)
    return _mark(registration)


@transaction.atomic
def check_in_at_desk(*, registration: Registration, user) -> bool:
    """The desk checks the player in (a referee or an organizer; audited). An organizer's check-in of a
    registration not confirmed yet confirms it too (the player is here: OpenGotha's FIN). Whether she was
    checked in now."""
    tournament = registration.tournament
    require(user, tournament, REFEREE)
    registration = Registration.objects.select_for_update().filter(pk=registration.pk).first()
    if registration is None:
        raise _gone()
    registration.tournament = tournament
    _may_play(registration, at_desk=True)
    if registration.status == Registration.Status.PRELIMINARY:
        if not has_role(user, tournament, ORGANIZER):
            raise ValidationError(
                _("%(name)s is not confirmed yet; only an organizer may confirm a registration.")
                % {"name": registration.spoken_name},
                code="preliminary",
            )
        registration_set_status(
            registration=registration, status=Registration.Status.CONFIRMED, user=user, reason=_("Checked in")
        )
    done = _mark(registration)
    if done:
        log_change(registration, "registration.checkin", user=user, after=_entry(registration))
    return done


@transaction.atomic
def check_in_undo(*, registration: Registration, user) -> bool:
    """The desk takes a check-in back (a wrong name picked; audited). Whether there was one."""
    require(user, registration.tournament, REFEREE)
    done = Registration.objects.filter(pk=registration.pk, checked_in_at__isnull=False).update(checked_in_at=None)
    if not done and not Registration.objects.filter(pk=registration.pk).exists():
        raise _gone()
    registration.checked_in_at = None
    if done:
        log_change(registration, "registration.checkin.undo", user=user, before=_entry(registration))
    return bool(done)


@transaction.atomic
def round_set_checked_in_only(*, round: Round, on: bool, user) -> Round:
    """Whether ``round`` is paired with the checked-in players only: an organizer, while it is planned
    (a paired round: remove the pairing first, or pair again after)."""
    require(user, round.tournament, ORGANIZER)
    found = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    if found.checked_in_only == bool(on):
        return found
    if found.tournament.is_team_event or found.tournament.pairing_system == PairingSystem.ROUND_ROBIN:
        raise ValidationError(
            _("This tournament's rounds are not paired player by player: the check-in does not change them."),
            code="not-individual",
        )
    if found.status != Round.Status.PLANNED:
        raise ValidationError(
            _("Round %(number)s is paired already: remove its pairing first.") % {"number": found.number},
            code="paired",
        )
    found.checked_in_only = bool(on)
    found.save(update_fields=["checked_in_only"])
    log_change(found, "round.checked_in_only", user=user, after={"checked in only": found.checked_in_only})
    round.checked_in_only = found.checked_in_only
    return found


# --- the pairing's side (called by services.rounds, which checks the right) ----------------------------


def leave_out_not_checked_in(round_: Round) -> list[Registration]:
    """Before ``round_`` is paired with the checked-in players only: everybody confirmed, not absent and
    not checked in is absent in it now. Those players, by name."""
    if not round_.checked_in_only:
        return []
    waiting = [
        r
        for r in Registration.objects.filter(
            tournament_id=round_.tournament_id, status=Registration.Status.CONFIRMED, checked_in_at__isnull=True
        ).only("pk", "surname", "given_name", "absent_rounds")
        if round_.number not in (r.absent_rounds or ())
    ]
    for registration in waiting:
        registration.absent_rounds = sorted({*(registration.absent_rounds or ()), round_.number})
    Registration.objects.bulk_update(waiting, ["absent_rounds"], batch_size=500)
    return waiting


def give_back_absences(round_: Round, record: dict) -> None:
    """When ``round_``'s pairing goes: the absences its pairing made for players not checked in go too."""
    ids = [pk for pk in (record.get(NOT_CHECKED_IN) or ()) if isinstance(pk, int)]
    if not ids:
        return
    left = list(Registration.objects.filter(tournament_id=round_.tournament_id, pk__in=ids).only("absent_rounds"))
    for registration in left:
        registration.absent_rounds = [n for n in registration.absent_rounds or () if n != round_.number]
    Registration.objects.bulk_update(left, ["absent_rounds"], batch_size=500)
