"""The audit log of a tournament: who changed what, when, from what to what, and why.

Organizers and referees read it; it has no form that changes an entry, and
the admin shows it read-only.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournament.models import AuditEntry

from .access import REFEREE, tournament_page
from .query import int_param

PER_PAGE = 50


@require_GET
@tournament_page(REFEREE)
def audit_log(request, tournament, roles):
    entries = AuditEntry.objects.filter(tournament=tournament).select_related("user").order_by("-created_at", "-id")
    action = request.GET.get("action", "").strip()
    object_type = request.GET.get("object", "").strip()
    object_id = request.GET.get("id", "").strip()
    if action:
        entries = entries.filter(action__startswith=action)
    if object_type:
        entries = entries.filter(object_type=object_type)
    if int_param(object_id) is not None:
        entries = entries.filter(object_id=int_param(object_id))
    else:
        object_id = ""
    codes = AuditEntry.objects.filter(tournament=tournament)
    actions = sorted(codes.values_list("action", flat=True).distinct())
    object_types = sorted(t for t in codes.values_list("object_type", flat=True).distinct() if t)
    page = Paginator(entries, PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "tournament/manage/audit.html",
        {
            "tournament": tournament,
            "roles": roles,
            "page": page,
            "actions": actions,
            "object_types": object_types,
            "action": action,
            "object_type": object_type,
            "object_id": object_id,
            "query": query.urlencode(),
        },
    )
