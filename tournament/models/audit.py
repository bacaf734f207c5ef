"""One audit log for every change that matters: results, pairings, registrations."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .fields import user_account


class AuditEntry(models.Model):
    """Who changed what, when, from what to what, and why.

    Entries are written by :func:`tournament.services.audit.log_action` and
    never edited: ``save`` refuses to update an existing row.
    """

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="audit_entries")
    # PROTECT: an account with entries in the log cannot be deleted (deactivate
    # it instead), so that "who" is never lost.
    user = user_account(_("user"), on_delete=models.PROTECT)
    action = models.CharField(_("action"), max_length=60)
    #: The model's name and id of the object changed; empty for a change of many (an import of players).
    object_type = models.CharField(_("object type"), max_length=40, blank=True)
    object_id = models.PositiveBigIntegerField(_("object id"), null=True, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")
        indexes = [models.Index(fields=["object_type", "object_id"])]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise RuntimeError("audit entries are never changed")
        super().save(*args, **kwargs)
