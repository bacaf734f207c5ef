"""Writing the audit log: one entry per change, its values before and after as :func:`audit_value`
keeps them (:mod:`tournament.audit_words` puts them into words)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import models

from tournament.models import AuditEntry, Tournament
from tournament.pairing import categories
from tournament.ranks import format_rank

#: The fields that hold a rank (OpenGotha's number): kept as the pages write them, ``1d``, ``5k``.
RANK_FIELDS = frozenset({"rank", "mcmahon_bar", "mcmahon_floor", "handicap_threshold"})
#: The fields that hold a list of ranks: kept as the settings page writes them, ``1d, 5k``.
RANK_LIST_FIELDS = frozenset({"category_limits"})


def audit_value(name: str, value: Any) -> Any:
    """The value of the field ``name`` as the audit log keeps it (JSON): a rank as ``1d``; a moment as
    ISO text with its offset (``2026-11-28T09:00:00+00:00``); numbers, yes/no, text, lists and nothing
    as they are; anything else (a date, a komi or points as a decimal) as its text (``2026-11-28``,
    ``6.5``). Every service, the admin and the programme's edits write their values through here."""
    if name in RANK_FIELDS and isinstance(value, int) and not isinstance(value, bool):
        return format_rank(value)
    if name in RANK_LIST_FIELDS and isinstance(value, list):
        try:
            return categories.text(value)
        except (TypeError, ValueError):
            return value
    if value is None or isinstance(value, (bool, int, float, str, list, dict)):
        return value
    if isinstance(value, dt.datetime):
        return value.isoformat()
    return str(value)


def audit_values(obj: models.Model, fields) -> dict:
    """``{field: audit_value}`` of ``obj``'s ``fields``."""
    return {name: audit_value(name, getattr(obj, name)) for name in fields}


def lock_found(found, error: Exception):
    """The row ``found`` (looked up by a code or a token) again, locked for the change; ``error`` if none."""
    if found is None:
        raise error
    return type(found).objects.select_for_update().get(pk=found.pk)


def tournament_id_of(obj: models.Model) -> int:
    """The id of the tournament an object belongs to (itself, its ``tournament``, or its round's),
    read from the object's own columns: no query for the tournament."""
    if isinstance(obj, Tournament):
        return obj.pk
    if hasattr(obj, "tournament_id"):
        return obj.tournament_id
    return obj.round.tournament_id


def log_change(obj: models.Model, action: str, *, user, **fields: Any) -> AuditEntry:
    """Record one change of ``obj`` in its tournament's log (``before``, ``after``, ``reason``)."""
    return log_action(tournament_id=tournament_id_of(obj), action=action, obj=obj, user=user, **fields)


def log_action(**fields: Any) -> AuditEntry:
    """Record one change: the keyword arguments of :func:`audit_entry` (``action`` is a dotted
    code such as ``game.result``)."""
    entry = audit_entry(**fields)
    entry.save()
    return entry


def audit_entry(
    *,
    tournament: Tournament | None = None,
    tournament_id: int | None = None,
    action: str,
    obj: models.Model | None = None,
    user=None,
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> AuditEntry:
    """The entry :func:`log_action` writes, unsaved (for many changes written in one statement);
    its tournament given as ``tournament`` or by ``tournament_id``."""
    if user is not None and not getattr(user, "is_authenticated", False):
        user = None
    return AuditEntry(
        tournament_id=tournament.pk if tournament is not None else tournament_id,
        user=user,
        action=action,
        object_type=obj._meta.model_name if obj is not None else "",
        object_id=obj.pk if obj is not None else None,
        before=before,
        after=after,
        reason=reason,
    )
