"""A round: one discipline, paired and played at one time."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .tournament import PairingSystem


class Round(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", _("planned")
        PAIRED = "paired", _("paired")
        PUBLISHED = "published", _("published")
        FINISHED = "finished", _("finished")

    #: Which status may follow which (re-pairing goes back to planned).
    TRANSITIONS = {
        Status.PLANNED: {Status.PAIRED},
        Status.PAIRED: {Status.PLANNED, Status.PUBLISHED},
        Status.PUBLISHED: {Status.FINISHED, Status.PAIRED},
        Status.FINISHED: {Status.PUBLISHED},
    }

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    discipline = models.ForeignKey("Discipline", on_delete=models.PROTECT, related_name="rounds")
    pairing_system = models.CharField(
        _("pairing system"),
        max_length=10,
        choices=PairingSystem.choices,
        blank=True,
        help_text=_("Empty: the tournament's default."),
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PLANNED)
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    version = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return _("Round %(number)s: %(discipline)s") % {
            "number": self.number,
            "discipline": self.discipline.name,
        }

    def get_absolute_url(self) -> str:
        return reverse("round", kwargs={"slug": self.tournament.slug, "number": self.number})

    @property
    def effective_pairing_system(self) -> str:
        return self.pairing_system or self.tournament.pairing_system

    @property
    def is_public(self) -> bool:
        return self.status in (self.Status.PUBLISHED, self.Status.FINISHED)

    def can_become(self, status: str) -> bool:
        return status in self.TRANSITIONS[self.Status(self.status)]

    def clean(self) -> None:
        """A round plays one of its own tournament's disciplines."""
        if self.tournament_id and self.discipline_id and self.discipline.tournament_id != self.tournament_id:
            raise ValidationError({"discipline": _("The discipline belongs to another tournament.")})

    def save(self, *args, **kwargs):
        # Every path (admin, services, imports, the shell) is refused, not only those that call full_clean().
        self.clean()
        super().save(*args, **kwargs)
