"""The rating lists the site looks players up in (self-registration, late entry, rank updates).

A list has a kind (:class:`RatingKind`: the EGD's all-world list, the FFG's
échelle, the AGA's TD list) and belongs either to the whole site
(``tournament`` empty: reference data that only site administrators, or
accounts given the permission "Can replace the site's rating lists",
replace; :func:`tournament.permissions.require_site_rating_lists`) or to one
tournament, whose organizer uploaded it for that tournament alone: its
registration lookups and rank updates read it before the site's list of the
same kind, and no other tournament ever sees it. Importing a newer list
replaces the older one of the same kind and owner.

A list is a lookup table only: a registration copies what it takes from it,
so a new list never changes what a tournament shows until an organizer
updates its ranks.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.files.rating_list import ID_FIELDS
from tournament.ranks import format_rank

from .fields import RankField, user_account

#: The permission (beside being a superuser) to replace the site's lists.
SITE_LISTS_PERMISSION = "replace_site_rating_lists"


class RatingKind(models.TextChoices):
    """The kinds of list the readers read (``tournament.files.rating_list.KINDS``, checked by a test)."""

    EGD = "egd", _("EGD (European Go Database)")
    FFG = "ffg", _("FFG (French Go Federation, échelle)")
    AGA = "aga", _("AGA (American Go Association, TD list)")


class RatingList(models.Model):
    kind = models.CharField(_("kind"), max_length=3, choices=RatingKind.choices, default=RatingKind.EGD)
    tournament = models.ForeignKey(
        "Tournament",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rating_lists",
        verbose_name=_("tournament"),
        help_text=_("Empty: the site's list, for every tournament; else this tournament's own."),
    )
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
        verbose_name = _("rating list")
        verbose_name_plural = _("rating lists")
        permissions = [(SITE_LISTS_PERMISSION, _("Can replace the site's rating lists"))]

    def __str__(self) -> str:
        return f"{self.kind.upper()} {self.published or '?'} ({self.size})"

    @property
    def kind_name(self) -> str:
        return self.kind.upper()


class RatedPlayer(models.Model):
    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="entries")
    #: The EGD PIN, the FFG licence or the AGA ID, by the list's kind; empty when the list names none.
    number = models.CharField(
        _("number in the list"), max_length=12, blank=True, help_text=_("EGD PIN, FFG licence or AGA ID.")
    )
    surname = models.CharField(_("surname"), max_length=100)
    given_name = models.CharField(_("given name"), max_length=100, blank=True)
    country = models.CharField(_("country"), max_length=3, blank=True)
    club = models.CharField(_("club"), max_length=40, blank=True)
    rank = RankField(_("rank"))
    rating = models.IntegerField(_("rating (GoR)"), null=True, blank=True)
    #: The list's own rating as it is written (FFG ``-1550``, AGA ``-3.52016``; the EGD's is the GoR).
    listed_rating = models.CharField(_("rating in the list"), max_length=20, blank=True)
    #: " muller hans": the name folded (case, accents, transliteration), each word after a space.
    search = models.CharField(max_length=220, editable=False)

    class Meta:
        ordering = ["surname", "given_name", "number"]
        verbose_name = _("rated player")
        verbose_name_plural = _("rated players")
        constraints = [
            models.UniqueConstraint(
                fields=["rating_list", "number"], condition=~models.Q(number=""), name="rated_player_number_once"
            ),
        ]
        indexes = [models.Index(fields=["number"], name="rated_player_number")]

    def __str__(self) -> str:
        return f"{self.surname} {self.given_name} ({self.number or '–'})"

    @property
    def rank_display(self) -> str:
        return format_rank(self.rank)

    @property
    def kind(self) -> str:
        """The list's kind (read it with ``select_related("rating_list")``)."""
        return self.rating_list.kind

    def player_data(self) -> dict:
        """What a registration takes from the list (the registration's own field names)."""
        data = {
            "surname": self.surname,
            "given_name": self.given_name,
            "club": self.club,
            "country": self.country if len(self.country) == 2 else "",
            "rank": self.rank,
            "rating": self.rating,
        }
        if self.number:
            data[ID_FIELDS[self.kind]] = self.number
        return data
