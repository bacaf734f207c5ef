"""The audit log of a tournament: who changed what, when, from what to what, and why.

Organizers and referees read it; it has no form that changes an entry, and
the admin shows it read-only.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournament.audit_words import action_label, object_label
from tournament.permissions import may_manage
from tournament.selectors.audit import action_codes, audit_rows, entries_of, object_types, subject_of

from .access import REFEREE, tournament_page
from .query import int_param

PER_PAGE = 50


@require_GET
@tournament_page(REFEREE)
def audit_log(request, tournament, roles):
    action = request.GET.get("action", "").strip()[:60]
    object_type = request.GET.get("object", "").strip()[:40]
    object_id = int_param(request.GET.get("id"))
    entries = entries_of(tournament, action=action, object_type=object_type, object_id=object_id)
    page = Paginator(entries, PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "tournament/manage/audit.html",
        {
            "tournament": tournament,
            "roles": roles,
            "organizer": may_manage(roles),
            "page": page,
            "rows": audit_rows(tournament, page),
            "actions": [(code, action_label(code)) for code in action_codes(tournament)],
            "object_types": [(code, object_label(code)) for code in object_types(tournament)],
            "action": action,
            "object_type": object_type,
            "object_id": object_id,
            "subject": subject_of(tournament, object_type, object_id),
            "query": query.urlencode(),
        },
    )
