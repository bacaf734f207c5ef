"""Writing the audit log."""

from __future__ import annotations

from typing import Any

from django.db import models

from tournament.models import AuditEntry, Tournament


def log_action(
    *,
    tournament: Tournament,
    action: str,
    obj: models.Model | None = None,
    user=None,
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> AuditEntry:
    """Record one change: ``action`` is a dotted code such as ``game.result``."""
    if user is not None and not getattr(user, "is_authenticated", False):
        user = None
    return AuditEntry.objects.create(
        tournament=tournament,
        user=user,
        action=action,
        object_type=obj._meta.model_name if obj is not None else "",
        object_id=obj.pk if obj is not None else None,
        before=before,
        after=after,
        reason=reason,
    )
