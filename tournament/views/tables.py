"""The tables' set-up page: excluded and reserved tables (the tournament's, and a round's own), the hall plan."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.forms.tables import TablePlanForm
from tournament.limits import MAX_ROUND
from tournament.models import Round, TablePlan
from tournament.pairing import tables
from tournament.selectors.tables import place_text
from tournament.services import tables as table_services

from .access import ORGANIZER, tournament_page
from .form_errors import render_form, saved, sent
from .query import int_param


def _hall_lines(plan: TablePlan | None) -> list[str]:
    """The hall plan read back in words: what the director wrote, as the pages will show it."""
    if plan is None or not plan.halls:
        return []
    lines = []
    for hall in plan.hall_plan.halls:
        span = f"{hall.first}-{hall.last}" if hall.last > hall.first else str(hall.first)
        if hall.per_row:
            rows = (hall.last - hall.first) // hall.per_row + 1
            lines.append(
                _("Tables %(tables)s: %(room)s, %(rows)s rows of %(per_row)s (table %(last)s: %(where)s)")
                % {
                    "tables": span,
                    "room": hall.room,
                    "rows": rows,
                    "per_row": hall.per_row,
                    "last": hall.last,
                    "where": place_text(tables.Place(hall.room, hall.row(hall.last))),
                }
            )
        else:
            lines.append(_("Tables %(tables)s: %(room)s") % {"tables": span, "room": hall.room})
    return lines


@tournament_page(ORGANIZER)
def tables_page(request, tournament, roles):
    """The tournament's plan; ``?round=N``: round N's own excluded and reserved tables."""
    asked = request.GET.get("round") or request.POST.get("round") or ""
    round_ = None
    if asked:
        number = int_param(asked, maximum=MAX_ROUND)  # ASCII digits only: "²" and "１" name no round
        if number is None:
            return redirect("manage_tables", tournament.slug)
        round_ = get_object_or_404(Round, tournament=tournament, number=number)
    plan = TablePlan.objects.filter(tournament=tournament, round=round_).first()

    def save(form):
        data = form.cleaned_data
        table_services.table_plan_save(
            tournament=tournament,
            round=round_,
            excluded=data["excluded"],
            reserved=data["reserved"],
            reserved_use=data["reserved_use"],
            halls=data.get("halls", ""),
            user=request.user,
        )
        if round_ is None:
            messages.success(request, _("The table plan is saved."))
        else:
            messages.success(request, _("The tables of round %(n)s are saved.") % {"n": round_.number})
        messages.info(request, _("Tables already given stay: renumber a paired round to follow the plan."))
        url = reverse("manage_tables", args=[tournament.slug])
        return redirect(f"{url}?round={round_.number}" if round_ else url)

    whole = TablePlan.objects.filter(tournament=tournament, round__isnull=True).first()
    initial = {}
    if round_ is not None and plan is None and whole is not None:  # a round's own plan starts from the tournament's
        initial = {"excluded": whole.excluded, "reserved": whole.reserved, "reserved_use": whole.reserved_use}
    form = TablePlanForm(*sent(request), instance=plan, initial=initial, for_round=round_ is not None)
    overrides = {p.round_id: p for p in TablePlan.objects.filter(tournament=tournament, round__isnull=False)}
    rounds = [(r, overrides.get(r.pk)) for r in tournament.rounds.order_by("number")]
    return saved(form, save) or render_form(
        request,
        "tournament/setup/tables.html",
        form,
        {
            "tournament": tournament,
            "roles": roles,
            "round": round_,
            "rounds": rounds,
            "whole": whole,
            "hall_lines": _hall_lines(whole),
        },
    )
