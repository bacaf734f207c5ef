"""A player, known across tournaments."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.ranks import format_rank

from .fields import RankField

egd_pin_validator = RegexValidator(r"^\d{8}$", _("An EGD PIN has eight digits."))
country_validator = RegexValidator(
    r"^[A-Z]{2}$", _("Use the two-letter country code, e.g. DE.")
)


class Player(models.Model):
    surname = models.CharField(_("surname"), max_length=100)
    given_name = models.CharField(_("given name"), max_length=100)
    surname_latin = models.CharField(
        _("surname in Latin letters"), max_length=100, blank=True,
        help_text=_("Only if the surname is not written in Latin letters; used for the EGD results file."),
    )
    given_name_latin = models.CharField(
        _("given name in Latin letters"), max_length=100, blank=True,
        help_text=_("Only if the given name is not written in Latin letters; used for the EGD results file."),
    )
    club = models.CharField(_("club"), max_length=100, blank=True)
    country = models.CharField(
        _("country"), max_length=2, default="DE", validators=[country_validator]
    )
    rank = RankField(_("Go rank"))
    egd_pin = models.CharField(
        _("EGD PIN"), max_length=8, blank=True, validators=[egd_pin_validator]
    )
    rating = models.IntegerField(_("rating"), null=True, blank=True)
    email = models.EmailField(_("e-mail"), blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player",
        verbose_name=_("user account"),
    )

    class Meta:
        ordering = ["surname", "given_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["egd_pin"],
                condition=~models.Q(egd_pin=""),
                name="player_unique_egd_pin",
                violation_error_message=_("A player with this EGD PIN exists already."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.surname}, {self.given_name}"

    @property
    def full_name(self) -> str:
        return f"{self.given_name} {self.surname}"

    @property
    def rank_display(self) -> str:
        return format_rank(self.rank)

    def save(self, *args, **kwargs):
        self.country = (self.country or "").upper()
        super().save(*args, **kwargs)
