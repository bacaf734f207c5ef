"""Import and export: one page with every file the site reads or writes for a tournament."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_POST

from tournament.forms.uploads import OpenGothaPlayersForm
from tournament.selectors.exports import export_rows, go_komis, whole_file_discipline
from tournament.selectors.ratings import egd_check
from tournament.services.opengotha import export_opengotha
from tournament.services.players import players_import_opengotha

from .access import ORGANIZER, tournament_page
from .actions import refusal_as_message
from .downloads import file_response
from .players import import_players, unclaimed_registrations, welcome_parts


def _page(request, tournament, roles, *, form=None, problems=(), status=200):
    rounds = list(tournament.rounds.select_related("discipline").exclude(status="planned").order_by("number"))
    rows = export_rows(tournament)
    played = [row for row in rows if row.rounds]
    return render(
        request,
        "tournament/setup/files.html",
        {
            "tournament": tournament,
            "roles": roles,
            "rounds": rounds,
            "export_rows": rows,
            # one file for the whole tournament while its rounds play one discipline (or none yet)
            "one_opengotha_file": len(played) <= 1,
            "whole_file_discipline": whole_file_discipline(tournament),
            # the EGD file of all Go rounds writes one komi
            "one_go_komi": len(go_komis(tournament)) <= 1,
            "go_rounds": any(row.egd for row in played),
            # before the h9 is sent: players without a PIN, or other than the EGD list
            "egd_check": egd_check(tournament) if any(row.egd for row in played) else None,
            "left_out": [row.discipline.name for row in played if not row.opengotha],
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
def opengotha_export(request, tournament, roles, discipline=None):
    """The OpenGotha file of one discipline (``files/opengotha/<id>.xml``), or the tournament's
    (``files/opengotha.xml``: :func:`~tournament.services.opengotha.export_opengotha`)."""
    chosen = None if discipline is None else get_object_or_404(tournament.disciplines, pk=discipline)
    with refusal_as_message(request) as outcome:
        xml = export_opengotha(tournament, discipline=chosen)
    if outcome.refused:
        return redirect("manage_files", slug=tournament.slug)
    name = tournament.slug if chosen is None else f"{tournament.slug}-{slugify(chosen.name)[:60] or chosen.pk}"
    return file_response(xml, "application/xml; charset=utf-8", f"{name}.xml", inline=False)


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
