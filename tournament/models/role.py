"""Roles of user accounts in one tournament."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .fields import user_account


class TournamentRole(models.Model):
    class Role(models.TextChoices):
        ORGANIZER = "organizer", _("organizer")
        REFEREE = "referee", _("referee")

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_roles")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices)

    class Meta:
        verbose_name = _("tournament role")
        verbose_name_plural = _("tournament roles")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user", "role"], name="role_once_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()} – {self.tournament}"


#: How long an invitation link can be accepted.
INVITATION_DAYS = 14


def new_invitation_token() -> str:
    return secrets.token_urlsafe(24)


class TournamentInvitation(models.Model):
    """An organizer invites somebody to a role by a link (sent by e-mail, or passed on by hand).

    Whoever opens the link, logs in (or signs up) and accepts gets the role;
    the link works once and for :data:`INVITATION_DAYS` days. Withdrawing an
    invitation deletes it (the audit log keeps it).
    """

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(_("role"), max_length=10, choices=TournamentRole.Role.choices)
    email = models.EmailField(_("e-mail"), blank=True)
    token = models.CharField(max_length=64, unique=True, default=new_invitation_token, editable=False)
    invited_by = user_account(_("invited by"))
    created_at = models.DateTimeField(_("invited at"), auto_now_add=True)
    accepted_by = user_account(_("accepted by"))
    accepted_at = models.DateTimeField(_("accepted at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{self.get_role_display()} – {self.email or '…'} – {self.tournament}"

    @property
    def expires_at(self):
        return self.created_at + timedelta(days=INVITATION_DAYS)

    @property
    def is_open(self) -> bool:
        from django.utils import timezone

        return self.accepted_at is None and timezone.now() < self.expires_at
