"""The audit log's entries as an organizer reads them: what they are about, by name.

An entry names its object by type and id; a page shows "Round 3",
"Round 2, table 4: Anna Bergmann – Jonas Krüger" or the player's name. The
objects of one page of entries are loaded with one query per type.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from tournament.audit_words import action_label, change_words, object_label
from tournament.models import AuditEntry, Game, PairConstraint, Registration, Round, Tournament


@dataclass
class AuditRow:
    entry: AuditEntry
    what: str
    subject: str
    before: str
    after: str


def entries_of(
    tournament: Tournament, *, action: str = "", object_type: str = "", object_id: int | None = None
) -> QuerySet[AuditEntry]:
    """The tournament's entries, newest first; ``action`` is a code or a group (``registration``)."""
    entries = AuditEntry.objects.filter(tournament=tournament).select_related("user").order_by("-created_at", "-id")
    if action:
        entries = entries.filter(Q(action=action) | Q(action__startswith=action + "."))
    if object_type:
        entries = entries.filter(object_type=object_type)
    if object_id is not None:
        entries = entries.filter(object_id=object_id)
    return entries


def action_codes(tournament: Tournament) -> list[str]:
    """Each action that occurs in the tournament's log, once (for the filter)."""
    codes = AuditEntry.objects.filter(tournament=tournament).order_by().values_list("action", flat=True).distinct()
    return sorted(set(codes), key=lambda code: action_label(code).casefold())


def object_types(tournament: Tournament) -> list[str]:
    types = AuditEntry.objects.filter(tournament=tournament).order_by().values_list("object_type", flat=True)
    return sorted({t for t in types.distinct() if t}, key=lambda code: object_label(code).casefold())


def _names(data) -> str:
    for value in (data or {}).values() if isinstance(data, dict) else ():
        if isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
            return " / ".join(value)
    return ""


def subjects(tournament: Tournament, entries: list[AuditEntry]) -> dict[tuple[str, int], str]:
    """``(object_type, object_id)`` → what the entry is about, in words."""
    ids: dict[str, set[int]] = {}
    for e in entries:
        if e.object_type and e.object_id is not None:
            ids.setdefault(e.object_type, set()).add(e.object_id)
    out: dict[tuple[str, int], str] = {}
    for pk, number in Round.objects.filter(tournament=tournament, pk__in=ids.get("round", ())).values_list(
        "pk", "number"
    ):
        out[("round", pk)] = _("Round %(number)s") % {"number": number}
    games = Game.objects.filter(round__tournament=tournament, pk__in=ids.get("game", ())).select_related(
        "round", "black", "white"
    )
    for g in games:
        out[("game", g.pk)] = _("Round %(number)s, table %(table)s: %(black)s – %(white)s") % {
            "number": g.round.number,
            "table": g.table,
            "black": g.black.spoken_name,
            "white": g.white.spoken_name,
        }
    for kind in ("registration", "player"):
        for reg in Registration.objects.filter(tournament=tournament, pk__in=ids.get(kind, ())):
            out[(kind, reg.pk)] = reg.spoken_name
    for c in PairConstraint.objects.filter(tournament=tournament, pk__in=ids.get("pairconstraint", ())).select_related(
        "player_a", "player_b"
    ):
        out[("pairconstraint", c.pk)] = f"{c.player_a.spoken_name} / {c.player_b.spoken_name}"
    if tournament.pk in ids.get("tournament", ()):
        out[("tournament", tournament.pk)] = tournament.name
    return out


def _gone(entry: AuditEntry) -> str:
    """An object no longer there: what the entry itself says about it."""
    data = entry.before if isinstance(entry.before, dict) else entry.after if isinstance(entry.after, dict) else {}
    if entry.object_type == "game":
        return _("a game no longer in the pairing")
    if entry.object_type == "pairconstraint":
        return _names(data) or object_label(entry.object_type)
    if entry.object_type in ("registration", "player"):
        player = data.get("player") if isinstance(data, dict) else None
        return str(player) if player else _("a deleted registration")
    return object_label(entry.object_type)


def audit_rows(tournament: Tournament, entries) -> list[AuditRow]:
    entries = list(entries)
    named = subjects(tournament, entries)
    rows = []
    for e in entries:
        subject = ""
        if e.object_type:
            subject = named.get((e.object_type, e.object_id)) or _gone(e)
        rows.append(
            AuditRow(
                entry=e,
                what=action_label(e.action),
                subject=subject,
                before=change_words(e.before),
                after=change_words(e.after),
            )
        )
    return rows


def subject_of(tournament: Tournament, object_type: str, object_id: int | None) -> str:
    """What a filter by one object is about, in words (for the page's heading)."""
    if not object_type or object_id is None:
        return ""
    entry = AuditEntry(tournament=tournament, object_type=object_type, object_id=object_id)
    return subjects(tournament, [entry]).get((object_type, object_id)) or object_label(object_type)
