"""The organizer's pages: dashboard and the results grid (players: :mod:`.players`)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournament import site_address
from tournament.forms.results import ConfirmForm, ResultSetForm
from tournament.models import Game
from tournament.selectors.audit import audit_rows
from tournament.selectors.bye_requests import waiting_requests
from tournament.selectors.checkin import checkin_counts
from tournament.selectors.official import Official, official, officials
from tournament.selectors.page_version import page_version
from tournament.selectors.pairing_prints import stale_prints
from tournament.selectors.results import dashboard as dashboard_data
from tournament.selectors.results import games_of_tournament
from tournament.selectors.sides import attach_sides
from tournament.selectors.venue import publication_status
from tournament.services.results import StaleResult, result_accept, result_set

from .access import ORGANIZER, tournament_page
from .fragments import kept_with_forms

#: How often the dashboard's counters and rounds ask for news (htmx polling).
DASHBOARD_REFRESH_SECONDS = 15


@tournament_page(ORGANIZER)
def dashboard(request, tournament, roles):
    """The organizer's first page; its counters and rounds renew themselves (htmx asks for them alone)."""
    template = "tournament/manage/_dashboard_live.html" if request.htmx else "tournament/manage/dashboard.html"
    context = {"tournament": tournament, "roles": roles, "refresh": DASHBOARD_REFRESH_SECONDS}
    context.update(dashboard_data(tournament), **publication_status(tournament))
    counts = checkin_counts(tournament)
    context["checkin"] = {"counts": counts, "shown": tournament.checkin_open or counts.checked_in > 0}
    context["stale_prints"] = stale_prints(tournament)  # in the part that renews itself: a change shows at once
    if not request.htmx:
        context["join"] = site_address.join(request, tournament)
        # the recent changes in words, each with what it is about (the poll renews only the counters)
        context["recent"] = audit_rows(tournament, context["recent"])
        context["bye_requests"] = waiting_requests(tournament)
    return render(request, template, context)


# --- the results grid -----------------------------------------------------------


@tournament_page(ORGANIZER)
def results_grid(request, tournament, roles):
    rounds = list(tournament.rounds.select_related("discipline").order_by("number"))
    try:
        number = int(request.GET.get("round", ""))
    except ValueError:
        number = None
    if number is None:
        shown = [r for r in rounds if r.status == r.Status.PUBLISHED] or [r for r in rounds if r.is_public]
        number = shown[-1].number if shown else (rounds[-1].number if rounds else None)
    current = next((r for r in rounds if r.number == number), None)
    rows = _grid_rows(request, tournament, current) if current else ""
    return render(
        request,
        "tournament/manage/results.html",
        {"tournament": tournament, "roles": roles, "rounds": rounds, "current": current, "rows": rows},
    )


def _grid_rows(request, tournament, round_) -> str:
    """The grid's rows of ``round_``, made once per version of the round and of the tournament's games
    and players (the page version: a result, a colour, a table, a name) and language, and kept
    for every worker (a congress's round is a thousand rows)."""

    def rows(context: dict) -> str:
        games = list(games_of_tournament(tournament).filter(round=round_).order_by("table"))
        for game in games:
            game.round = round_  # one round object: its tournament read once
        attach_sides(round_, games)  # Pair Go, Rengo: each side's players, read at once
        context.update(tournament=tournament, rows=[_row(r.game, result=r) for r in officials(games)])
        return render_to_string("tournament/manage/_result_rows.html", context).strip()

    key = f"results-grid:{round_.pk}:{round_.version}:{page_version(tournament)}:{get_language()}"
    return kept_with_forms(request, key, rows)


def _row(game: Game, form: ResultSetForm | None = None, saved: bool = False, result: Official | None = None) -> dict:
    """A row of the grid: the game, its form, its official result (:mod:`tournament.selectors.official`:
    the way of winning, the reason beside it, the record's standing), whether it was just saved."""
    form = form or ResultSetForm(
        initial={"version": game.version, "result": game.result, "by_default": game.by_default},
        prefix=f"g{game.pk}",
    )
    for field in form.fields.values():  # the inputs sit in table cells, outside the <form>
        field.widget.attrs["form"] = f"result-form-{game.pk}"
    return {"game": game, "form": form, "official": result or official(game), "saved": saved}


@tournament_page(ORGANIZER)
def result_edit(request, tournament, roles, pk):
    """One row of the grid: GET shows it, POST saves it; htmx swaps the row, plain forms redirect."""
    game = get_object_or_404(games_of_tournament(tournament), pk=pk)
    if request.method != "POST":
        return render(request, "tournament/manage/_result_row.html", {"tournament": tournament, "row": _row(game)})
    confirm = "confirm" in request.POST  # a reported row's "Confirm": the result as it was reported
    form = (ConfirmForm if confirm else ResultSetForm)(request.POST, prefix=f"g{game.pk}")
    saved = False
    if form.is_valid():
        data = form.cleaned_data
        try:
            if confirm:
                game = result_accept(game=game, user=request.user, version=data["version"])
            else:
                game = result_set(
                    game=game,
                    user=request.user,
                    version=data["version"],
                    result=data["result"],
                    by_default=data["by_default"],
                    reason=data["reason"],
                )
        except StaleResult as exc:
            game = exc.current
            form = ResultSetForm(
                initial={"version": game.version, "result": game.result, "by_default": game.by_default},
                prefix=f"g{game.pk}",
            )
            form.cleaned_data = {}
            form.add_error(None, exc.messages[0])
        except ValidationError as exc:
            form = _with_error(game, form, exc.messages[0])
        else:
            saved = True
            form = None
    elif confirm:
        form = _with_error(game, form, _("The form was incomplete; please try again."))
    if request.htmx:
        return render(
            request,
            "tournament/manage/_result_row.html",
            {"tournament": tournament, "row": _row(game, form, saved)},
        )
    if saved:
        words = official(game).words
        messages.success(request, _("Table %(table)s: %(result)s") % {"table": game.table, "result": words})
    else:
        for error in form.non_field_errors() or [_("The result was not saved.")]:
            messages.error(request, _("Table %(table)s: %(error)s") % {"table": game.table, "error": error})
    return redirect(f"{reverse('manage_results', kwargs={'slug': tournament.slug})}?round={game.round.number}")


def _with_error(game: Game, form, error: str) -> ResultSetForm:
    """The row's own form (a "Confirm" has none to show) with ``error`` above it."""
    if isinstance(form, ConfirmForm):
        form = ResultSetForm(
            initial={"version": game.version, "result": game.result, "by_default": game.by_default},
            prefix=f"g{game.pk}",
        )
        form.cleaned_data = {}
    form.add_error(None, error)
    return form
