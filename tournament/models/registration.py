"""A player's registration for one tournament."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


class Registration(models.Model):
    class Status(models.TextChoices):
        PRELIMINARY = "preliminary", _("preliminary")
        CONFIRMED = "confirmed", _("confirmed")
        WITHDRAWN = "withdrawn", _("withdrawn")

    class Source(models.TextChoices):
        ORGANIZER = "organizer", _("by an organizer")
        SELF = "self", _("self-registration")
        IMPORT = "import", _("imported")

    #: Which status may follow which.
    TRANSITIONS = {
        Status.PRELIMINARY: {Status.CONFIRMED, Status.WITHDRAWN},
        Status.CONFIRMED: {Status.WITHDRAWN, Status.PRELIMINARY},
        Status.WITHDRAWN: {Status.PRELIMINARY, Status.CONFIRMED},
    }

    tournament = models.ForeignKey(
        "Tournament", on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(
        "Player", on_delete=models.CASCADE, related_name="registrations"
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.PRELIMINARY
    )
    source = models.CharField(
        _("registered"), max_length=10, choices=Source.choices, default=Source.ORGANIZER
    )
    absent_rounds = models.JSONField(
        _("rounds not played"),
        default=list,
        blank=True,
        help_text=_("Numbers of the rounds the player will miss."),
    )
    mms_correction = models.SmallIntegerField(
        _("McMahon correction"),
        default=0,
        help_text=_("Added to the player's initial McMahon score."),
    )
    note = models.CharField(_("note"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("registered at"), auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["tournament", "player__surname", "player__given_name"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                name="registration_once_per_tournament",
                violation_error_message=_("This player is registered already."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"

    def plays_round(self, number: int) -> bool:
        return self.status == self.Status.CONFIRMED and number not in self.absent_rounds

    def can_become(self, status: str) -> bool:
        return status == self.status or status in self.TRANSITIONS[self.Status(self.status)]

    def clean(self) -> None:
        rounds = self.absent_rounds
        if not isinstance(rounds, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in rounds
        ):
            raise ValidationError(
                {"absent_rounds": _("Give the round numbers as a list, e.g. [2, 5].")}
            )
        self.absent_rounds = sorted(set(rounds))
