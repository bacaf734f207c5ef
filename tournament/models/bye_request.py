"""A player's request for a bye in a round to come, and the organizers' answer."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .fields import user_account


class ByeRequest(models.Model):
    """A player asks, on her own page, not to be paired in a round to come; an organizer grants or refuses.

    One truth per fact: whether she is paired is her registration's ``absent_rounds`` (the pairing, the
    standings and the OpenGotha file read nothing else), and a granted request is an absence there, scored
    with the tournament's points for an absence. This row keeps who asked, when, and what was answered."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for an answer")
        GRANTED = "granted", _("granted")
        REFUSED = "refused", _("refused")

    round = models.ForeignKey("Round", on_delete=models.CASCADE, related_name="bye_requests", verbose_name=_("round"))
    registration = models.ForeignKey(
        "Registration", on_delete=models.CASCADE, related_name="bye_requests", verbose_name=_("player")
    )
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.PENDING)
    requested_at = models.DateTimeField(_("asked at"))
    decided_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    decided_by = user_account(_("answered by"))

    class Meta:
        ordering = ["round", "requested_at", "id"]
        verbose_name = _("bye request")
        verbose_name_plural = _("bye requests")
        constraints = [
            models.UniqueConstraint(fields=["round", "registration"], name="bye_request_once_per_round"),
        ]

    def __str__(self) -> str:
        return _("%(player)s: a bye in round %(number)s") % {
            "player": self.registration.spoken_name,
            "number": self.round.number,
        }
