"""A tournament's registrations: entering players, changing their data and status, merging, deleting.

Every change is audited in the tournament it belongs to, and touches no
other tournament: the player's data lives on the registration.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import (
    AuditEntry,
    Bye,
    ByeRequest,
    Game,
    LineUp,
    PairConstraint,
    Registration,
    TeamMember,
    Tournament,
)
from tournament.models.registration import PLAYER_FIELDS
from tournament.models.tournament import PairingSystem
from tournament.permissions import ORGANIZER, require, require_own_or
from tournament.selectors.round_robin import withdrawal_plan

from .audit import audit_entry, audit_value, audit_values, log_change
from .bye_requests import follow_absences
from .pairing_prints import pairing_changed


def audit_data(registration: Registration, fields=PLAYER_FIELDS) -> dict:
    """The player's fields as the audit log keeps them (:func:`.audit.audit_value`)."""
    return audit_values(registration, fields)


def save_checked(obj, **kwargs) -> None:
    """Save; a unique constraint that another request won meanwhile becomes its clear ValidationError."""
    try:
        with transaction.atomic():
            obj.save(**kwargs)
    except IntegrityError:
        obj.validate_constraints()
        obj.validate_unique()
        raise


@transaction.atomic
def registration_create(
    *,
    tournament: Tournament,
    data: dict,
    source: str = Registration.Source.ORGANIZER,
    status: str = Registration.Status.PRELIMINARY,
    absent_rounds: list[int] | None = None,
    account=None,
    user,
) -> Registration:
    """Register a player with ``data`` (the player fields); ``account`` is the player's own user account, if any.

    An organizer registers anybody; a user registers themselves (``account`` is ``user``).
    """
    if not (account is not None and account is user and source == Registration.Source.SELF):
        require(user, tournament, ORGANIZER)
    registration = Registration(
        tournament=tournament,
        user=account,
        source=source,
        status=status,
        absent_rounds=absent_rounds or [],
        **{k: v for k, v in data.items() if k in PLAYER_FIELDS},
    )
    registration.full_clean()
    save_checked(registration)
    creation_entry(registration, user=user).save()
    return registration


def creation_entry(registration: Registration, *, user) -> AuditEntry:
    """The audit entry of a new registration (unsaved: an import writes many in one statement)."""
    return audit_entry(
        tournament=registration.tournament,
        action="registration.create",
        obj=registration,
        user=user,
        after={
            "player": registration.spoken_name,
            "status": registration.status,
            "source": registration.source,
            **audit_data(registration, ("rank", "club", "country", "egd_pin")),
        },
    )


@transaction.atomic
def registration_update(*, registration: Registration, data: dict, user, reason: str = "") -> Registration:
    """Change the player's data in this tournament (name, Latin names, club, country, PIN, e-mail, rank, rating).

    Each change is audited with its value before and after; other
    tournaments keep what they have.
    """
    require(user, registration.tournament, ORGANIZER)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    changed = [name for name in PLAYER_FIELDS if name in data and data[name] != getattr(registration, name)]
    if not changed:
        return registration
    before = audit_data(registration, changed)
    for name in changed:
        setattr(registration, name, data[name])
    registration.full_clean()
    save_checked(registration, update_fields=[*changed, "updated_at"])
    log_change(
        registration,
        "registration.edit",
        user=user,
        before=before,
        after=audit_data(registration, changed),
        reason=reason,
    )
    return registration


def _set(registration: Registration, field: str, value, action: str, *, user, reason: str, clean=False) -> Registration:
    """Change one field of a registration (checked by ``full_clean`` if ``clean``), logged with before and after."""
    before = getattr(registration, field)
    setattr(registration, field, value)
    if clean:
        registration.full_clean()
    registration.save(update_fields=[field, "updated_at"])
    log_change(
        registration,
        action,
        user=user,
        before={field: audit_value(field, before)},
        after={field: audit_value(field, value)},
        reason=reason,
    )
    return registration


@transaction.atomic
def registration_set_status(*, registration: Registration, status: str, user, reason: str = "") -> Registration:
    """Confirm, withdraw ... a registration: an organizer; the player withdraws their own."""
    if status == Registration.Status.WITHDRAWN:
        require_own_or(user, registration, ORGANIZER)
    else:
        require(user, registration.tournament, ORGANIZER)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.status == status:
        return registration
    if status not in Registration.Status.values or not registration.can_become(status):
        raise ValidationError(
            _("A registration cannot go from %(old)s to %(new)s.")
            % {"old": registration.get_status_display(), "new": status}
        )
    registration = _set(registration, "status", status, "registration.status", user=user, reason=reason)
    if status == Registration.Status.WITHDRAWN and registration.tournament.pairing_system == PairingSystem.ROUND_ROBIN:
        robin_byes_away(registration, user=user, reason=reason)
    return registration


@transaction.atomic
def registrations_confirm(*, tournament: Tournament, registrations: list, user, reason: str = "") -> list[Registration]:
    """Confirm the chosen registrations (ids) of ``tournament`` at once (the players list's checkboxes): each
    whose status changes is audited as :func:`registration_set_status` audits one. All or none: an empty
    choice, or one not registered in this tournament, changes nothing."""
    require(user, tournament, ORGANIZER)
    try:
        wanted = {int(pk) for pk in registrations}
    except (TypeError, ValueError):
        wanted = {-1}
    if not wanted:
        raise ValidationError(_("Choose the players to confirm."), code="empty")
    found = list(Registration.objects.select_for_update().filter(tournament=tournament, pk__in=wanted).order_by("pk"))
    if len(found) != len(wanted):
        raise ValidationError(_("Some of the chosen players are not registered in this tournament."), code="foreign")
    confirmed = Registration.Status.CONFIRMED
    return [
        _set(registration, "status", confirmed, "registration.status", user=user, reason=reason)
        for registration in found
        if registration.status != confirmed
    ]


def robin_byes_away(registration: Registration, *, user, reason: str = "") -> list[int]:
    """A round robin's withdrawn player: her byes still to come (after her last game with a result) go at
    once, whoever withdrew her, since a withdrawn player's bye is not scored; each in the audit log. The
    numbers of their rounds."""
    byes = Bye.objects.filter(player=registration, round__number__in=withdrawal_plan(registration).byes)
    numbers = []
    pairing_changed(*byes.values_list("round_id", flat=True))
    for bye in byes.select_related("round").order_by("round__number"):
        log_change(bye.round, "round.bye.remove", user=user, before={"bye": registration.spoken_name}, reason=reason)
        numbers.append(bye.round.number)
        bye.delete()
    return numbers


@transaction.atomic
def registration_set_absent_rounds(
    *, registration: Registration, absent_rounds: list[int], user, reason: str = ""
) -> Registration:
    """The rounds the player will miss, set by an organizer (a player asks for a bye: services.bye_requests);
    her requests for byes follow."""
    require(user, registration.tournament, ORGANIZER)
    registration = _set(
        registration, "absent_rounds", absent_rounds, "registration.rounds", user=user, reason=reason, clean=True
    )
    follow_absences(registration, user=user)
    return registration


def _rounds_played(registration: Registration) -> set[int]:
    """Numbers of the rounds in which the registration has a game or a bye."""
    rounds = set(
        Game.objects.filter(Q(black=registration) | Q(white=registration)).values_list("round__number", flat=True)
    )
    rounds.update(Bye.objects.filter(player=registration).values_list("round__number", flat=True))
    return rounds


@transaction.atomic
def registration_delete(*, registration: Registration, user, reason: str = "") -> None:
    """Delete a registration made by mistake; one with games or byes can only be withdrawn."""
    require(user, registration.tournament, ORGANIZER)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if _rounds_played(registration):
        raise ValidationError(
            _("%(player)s has games in this tournament: withdraw the registration instead.")
            % {"player": registration.spoken_name}
        )
    before = {"player": registration.spoken_name, "status": registration.status, **audit_data(registration)}
    log_change(registration, "registration.delete", user=user, before=before, reason=reason)
    registration.delete()


#: Fields that a merge fills on the kept registration where it has none.
_FILL_FIELDS = ("surname_latin", "given_name_latin", "club", "egd_pin", "email", "rating")


@transaction.atomic
def _merge_teams(keep: Registration, drop: Registration) -> None:
    """A team tournament: ``drop``'s team and line-ups go to ``keep`` (refused when the two are in two
    different teams); a round where both are lined up keeps ``keep``'s place."""
    teams = dict(TeamMember.objects.filter(registration__in=[keep, drop]).values_list("registration_id", "team_id"))
    if keep.pk in teams and drop.pk in teams and teams[keep.pk] != teams[drop.pk]:
        raise ValidationError(_("The two registrations are in two different teams; take one out of its team first."))
    if drop.pk in teams and keep.pk not in teams:
        TeamMember.objects.filter(registration=drop).update(registration=keep)
    kept_rounds = LineUp.objects.filter(player=keep).values_list("round_id", flat=True)
    LineUp.objects.filter(player=drop, round_id__in=list(kept_rounds)).delete()
    LineUp.objects.filter(player=drop).update(player=keep)


def registration_merge(*, keep: Registration, drop: Registration, user, reason: str = "") -> Registration:
    """Make two registrations of one person one: ``drop``'s games, byes and constraints go to ``keep``.

    Refused when both have a game or bye in the same round, or when they
    belong to two different accounts. ``keep``'s data stays; where it has
    no Latin name, club, PIN, e-mail or rating, ``drop``'s is taken, and
    its account if ``keep`` has none. The better status wins (confirmed
    over preliminary over withdrawn).
    """
    require(user, keep.tournament, ORGANIZER)
    if keep.pk == drop.pk:
        raise ValidationError(_("Choose two different registrations."))
    locked = {r.pk: r for r in Registration.objects.select_for_update().filter(pk__in=[keep.pk, drop.pk])}
    keep, drop = locked.get(keep.pk), locked.get(drop.pk)
    if keep is None or drop is None or keep.tournament_id != drop.tournament_id:
        raise ValidationError(_("Both registrations must be in this tournament."))
    both = sorted(_rounds_played(keep) & _rounds_played(drop))
    if both:
        raise ValidationError(
            _("Both have a game or a bye in round %(round)s: they cannot be one person. Correct that round first.")
            % {"round": both[0]}
        )
    if keep.user_id and drop.user_id and keep.user_id != drop.user_id:
        raise ValidationError(_("The two registrations belong to two different accounts; unlink one of them first."))
    _merge_teams(keep, drop)
    before = {"kept": audit_data(keep), "merged": {"player": drop.spoken_name, **audit_data(drop)}}
    now = timezone.now()
    # the games and byes of ``drop`` name ``keep`` now: a new pairing version of their rounds
    pairing_changed(
        *Game.objects.filter(Q(black=drop) | Q(white=drop)).values_list("round_id", flat=True),
        *Bye.objects.filter(player=drop).values_list("round_id", flat=True),
    )
    Game.objects.filter(black=drop).update(black=keep, version=F("version") + 1, updated_at=now)
    Game.objects.filter(white=drop).update(white=keep, version=F("version") + 1, updated_at=now)
    Bye.objects.filter(player=drop).update(player=keep)
    PairConstraint.objects.filter(Q(player_a=keep, player_b=drop) | Q(player_a=drop, player_b=keep)).delete()
    PairConstraint.objects.filter(player_a=drop).update(player_a=keep)
    PairConstraint.objects.filter(player_b=drop).update(player_b=keep)
    # requests for byes go along where ``keep`` asked nothing for the round; ``keep``'s absences answer them
    ByeRequest.objects.filter(registration=drop).exclude(round__bye_requests__registration=keep).update(
        registration=keep
    )
    taken = {name: getattr(drop, name) for name in _FILL_FIELDS if not getattr(keep, name) and getattr(drop, name)}
    account = drop.user if keep.user_id is None and drop.user_id else None
    order = [Registration.Status.WITHDRAWN, Registration.Status.PRELIMINARY, Registration.Status.CONFIRMED]
    status = max(keep.status, drop.status, key=order.index)
    drop_pk = drop.pk
    drop.delete()  # first: its PIN and account may move to ``keep``
    for name, value in taken.items():
        setattr(keep, name, value)
    if account is not None:
        keep.user = account
        keep.claim_code = None
    keep.status = status
    keep.full_clean()
    keep.save()
    follow_absences(keep, user=user)
    log_change(
        keep,
        "registration.merge",
        user=user,
        before=before,
        after={
            "kept": audit_data(keep),
            "merged_id": drop_pk,
            "status": keep.status,
            "account": account.get_username() if account else None,
        },
        reason=reason,
    )
    return keep
