"""A tournament's staff: organizers and referees, added by user name or invited by a link.

An organizer adds an account by its user name at once, or invites somebody
by a link (e-mailed, or passed on by hand) that works once and for
:data:`~tournament.models.role.INVITATION_DAYS` days: whoever opens it, logs
in (or signs up) and accepts gets the role. Roles are removed the same way;
a tournament always keeps at least one organizer (the tournament's row is
locked while organizers are counted, so two organizers removing each other
at once cannot both succeed). Every change is audited.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournament.models import Tournament, TournamentInvitation, TournamentRole
from tournament.permissions import ORGANIZER, forget_roles, require, require_login
from tournament.selectors.accounts import find_user

from .audit import lock_found, log_change

ROLES = TournamentRole.Role


class TeamError(ValidationError):
    pass


def _lock(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _check_role(role: str) -> str:
    if role not in ROLES.values:
        raise TeamError(_("Choose organizer or referee."), code="role")
    return role


def _grant(tournament: Tournament, account, role: str) -> tuple[TournamentRole, bool]:
    return TournamentRole.objects.get_or_create(tournament=tournament, user=account, role=role)


@transaction.atomic
def role_add(*, tournament: Tournament, username: str, role: str, user) -> TournamentRole:
    """Give the account named ``username`` (as at log-in: case and fullwidth letters do not matter) the role."""
    require(user, tournament, ORGANIZER)
    _check_role(role)
    account = find_user(str(username)[:200])
    if account is None or not account.is_active:
        raise TeamError(
            _("There is no account with this user name. Invite the person by a link instead."), code="no-account"
        )
    _lock(tournament)
    grant, made = _grant(tournament, account, role)
    if not made:
        raise TeamError(
            _("%(user)s is %(role)s already.") % {"user": account.get_username(), "role": grant.get_role_display()},
            code="has-role",
        )
    log_change(grant, "role.add", user=user, after={"user": account.get_username(), "role": role})
    return grant


@transaction.atomic
def role_remove(*, tournament: Tournament, role: TournamentRole, user, reason: str = "") -> None:
    """Take a role away; the last organizer stays."""
    require(user, tournament, ORGANIZER)
    _lock(tournament)
    role = TournamentRole.objects.select_related("user").filter(pk=role.pk, tournament=tournament).first()
    if role is None:
        raise TeamError(_("This role was removed already."), code="gone")
    if role.role == ROLES.ORGANIZER and tournament.roles.filter(role=ROLES.ORGANIZER).count() <= 1:
        raise TeamError(
            _("A tournament needs at least one organizer: add another organizer before removing this one."),
            code="last-organizer",
        )
    before = {"user": role.user.get_username(), "role": role.role}
    log_change(role, "role.remove", user=user, before=before, reason=reason)
    role.delete()
    if role.user_id == getattr(user, "pk", None):
        forget_roles(user, tournament)  # the rest of the request asks again


def invitation_url(invitation: TournamentInvitation, base_url: str) -> str:
    return base_url.rstrip("/") + reverse("invitation", args=[invitation.token])


@transaction.atomic
def invitation_create(
    *, tournament: Tournament, role: str, email: str = "", user, base_url: str = "", language: str | None = None
) -> TournamentInvitation:
    """A link that gives ``role`` to whoever accepts it; e-mailed to ``email`` if one is given."""
    require(user, tournament, ORGANIZER)
    _check_role(role)
    invitation = TournamentInvitation(
        tournament=tournament,
        role=role,
        email=(email or "").strip(),
        invited_by=user if getattr(user, "is_authenticated", False) else None,
    )
    invitation.full_clean()
    invitation.save()
    if invitation.email:
        with translation.override(language or settings.LANGUAGE_CODE):
            context = {
                "tournament": tournament,
                "role": invitation.get_role_display(),
                "inviter": user.get_username() if invitation.invited_by else "",
                "url": invitation_url(invitation, base_url),
                "days": (invitation.expires_at - invitation.created_at).days,
            }
            subject = _("Invitation: %(role)s of %(tournament)s") % {
                "role": invitation.get_role_display(),
                "tournament": tournament.name,
            }
            send_mail(
                subject, render_to_string("tournament/email/role_invitation.txt", context), None, [invitation.email]
            )
    log_change(invitation, "role.invite", user=user, after={"role": role, "email": invitation.email})
    return invitation


@transaction.atomic
def invitation_withdraw(*, tournament: Tournament, invitation: TournamentInvitation, user) -> None:
    require(user, tournament, ORGANIZER)
    invitation = (
        TournamentInvitation.objects.select_for_update().filter(pk=invitation.pk, tournament=tournament).first()
    )
    if invitation is None or invitation.accepted_at is not None:
        raise TeamError(_("This invitation was accepted or withdrawn already."), code="gone")
    log_change(
        invitation, "role.invite.withdraw", user=user, before={"role": invitation.role, "email": invitation.email}
    )
    invitation.delete()


def invitation_by_token(token: str) -> TournamentInvitation | None:
    token = str(token)[:64]
    if not token or "\x00" in token:
        return None
    return TournamentInvitation.objects.select_related("tournament", "invited_by").filter(token=token).first()


@transaction.atomic
def invitation_accept(*, token: str, user) -> TournamentRole:
    """The logged-in ``user`` takes the role of the invitation (once; a second click finds it done)."""
    require_login(user)
    unknown = TeamError(_("This invitation is not known, or it was withdrawn."), code="unknown")
    invitation = lock_found(invitation_by_token(token), unknown)
    if invitation.accepted_at is not None:
        if invitation.accepted_by_id == user.pk:  # the second of a double click
            return TournamentRole.objects.get_or_create(
                tournament=invitation.tournament, user=user, role=invitation.role
            )[0]
        raise TeamError(_("This invitation was accepted already."), code="used")
    if not invitation.is_open:
        raise TeamError(_("This invitation has expired; ask the organizer for a new one."), code="expired")
    tournament = _lock(invitation.tournament)
    grant, _made = _grant(tournament, user, invitation.role)
    invitation.accepted_by = user
    invitation.accepted_at = timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    log_change(
        grant,
        "role.accept",
        user=user,
        after={"user": user.get_username(), "role": invitation.role, "email": invitation.email},
    )
    return grant
