"""Import and export: one page with every file the site reads or writes for a tournament."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from tournament.forms.uploads import OpenGothaPlayersForm
from tournament.services.opengotha import export_opengotha
from tournament.services.players import players_import_opengotha
from tournament.variants import egd_kinds

from .access import ORGANIZER, tournament_page
from .actions import refusal_as_message
from .players import import_players, unclaimed_registrations, welcome_parts


def _page(request, tournament, roles, *, form=None, problems=(), status=200):
    rounds = list(tournament.rounds.select_related("discipline").exclude(status="planned").order_by("number"))
    go = list(tournament.disciplines.filter(kind__in=egd_kinds()).order_by("position", "name"))
    return render(
        request,
        "tournament/setup/files.html",
        {
            "tournament": tournament,
            "roles": roles,
            "rounds": rounds,
            "go_disciplines": go,
            "disciplines": list(tournament.disciplines.order_by("position", "name")),
            "form": form or OpenGothaPlayersForm(),
            "problems": list(problems),
            "slip_parts": welcome_parts(unclaimed_registrations(tournament).count()),
        },
        status=status,
    )


@require_GET
@tournament_page(ORGANIZER)
def files_page(request, tournament, roles):
    return _page(request, tournament, roles)


@require_GET
@tournament_page(ORGANIZER)
def opengotha_export(request, tournament, roles):
    with refusal_as_message(request) as outcome:
        xml = export_opengotha(tournament)
    if outcome.refused:
        return redirect("manage_files", slug=tournament.slug)
    response = HttpResponse(xml, content_type="application/xml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.xml"'
    return response


@require_POST
@tournament_page(ORGANIZER)
def opengotha_players(request, tournament, roles):
    """The players of an OpenGotha file into this tournament: all of them, or none and the problems."""
    form = OpenGothaPlayersForm(request.POST, request.FILES)
    problems: list[str] = []
    if form.is_valid():
        done, problems = import_players(request, tournament, form, players_import_opengotha)
        if done is not None:
            return done
    return _page(request, tournament, roles, form=form, problems=problems, status=422)
