"""The EGD rating list the site looks players up in (self-registration, late entry, rank updates).

One list at a time: importing a newer one replaces it. It is a lookup table
only: a registration copies what it takes from it, so a new list never
changes what a tournament shows until an organizer updates its ranks.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.ranks import format_rank

from .fields import RankField, user_account


class RatingList(models.Model):
    published = models.DateField(_("date of the list"), null=True, blank=True)
    imported_at = models.DateTimeField(_("imported at"), auto_now_add=True)
    imported_by = user_account(_("imported by"))
    file_name = models.CharField(_("file"), max_length=200, blank=True)
    size = models.PositiveIntegerField(_("players"), default=0)
    skipped = models.JSONField(
        _("odd lines"), default=list, blank=True, help_text=_("Lines of the file that could not be read, in words.")
    )

    class Meta:
        ordering = ["-imported_at", "-id"]
        verbose_name = _("EGD rating list")
        verbose_name_plural = _("EGD rating lists")

    def __str__(self) -> str:
        return f"EGD {self.published or '?'} ({self.size})"


class RatedPlayer(models.Model):
    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="entries")
    pin = models.CharField(_("EGD PIN"), max_length=8)
    surname = models.CharField(_("surname"), max_length=100)
    given_name = models.CharField(_("given name"), max_length=100, blank=True)
    country = models.CharField(_("country"), max_length=3, blank=True)
    club = models.CharField(_("club"), max_length=10, blank=True)
    rank = RankField(_("rank"))
    rating = models.IntegerField(_("rating (GoR)"), null=True, blank=True)
    #: " muller hans": the name folded (case, accents, transliteration), each word after a space.
    search = models.CharField(max_length=220, editable=False)

    class Meta:
        ordering = ["surname", "given_name", "pin"]
        verbose_name = _("rated player")
        verbose_name_plural = _("rated players")
        constraints = [
            models.UniqueConstraint(fields=["rating_list", "pin"], name="rated_player_pin_once"),
        ]
        indexes = [models.Index(fields=["pin"], name="rated_player_pin")]

    def __str__(self) -> str:
        return f"{self.surname} {self.given_name} ({self.pin})"

    @property
    def rank_display(self) -> str:
        return format_rank(self.rank)

    def player_data(self) -> dict:
        """What a registration takes from the list (the registration's own field names)."""
        return {
            "surname": self.surname,
            "given_name": self.given_name,
            "club": self.club,
            "country": self.country if len(self.country) == 2 else "",
            "rank": self.rank,
            "rating": self.rating,
            "egd_pin": self.pin,
        }
