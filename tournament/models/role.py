"""Roles of user accounts in one tournament."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class TournamentRole(models.Model):
    class Role(models.TextChoices):
        ORGANIZER = "organizer", _("organizer")
        REFEREE = "referee", _("referee")

    tournament = models.ForeignKey(
        "Tournament", on_delete=models.CASCADE, related_name="roles"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_roles"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices)

    class Meta:
        verbose_name = _("tournament role")
        verbose_name_plural = _("tournament roles")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user", "role"], name="role_once_per_user"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()} – {self.tournament}"
