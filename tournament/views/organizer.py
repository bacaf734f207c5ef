"""The organizer's pages: dashboard, registrations and players, the results grid."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.forms.registrations import PlayerForm, PlayerImportForm, RegistrationEditForm
from tournament.forms.results import ResultSetForm
from tournament.models import Game, Registration
from tournament.selectors.results import dashboard as dashboard_data
from tournament.selectors.results import games_of_tournament
from tournament.services import registrations as registration_services
from tournament.services.players import PlayerImportError, player_enter_late, players_import_csv, player_set_rank
from tournament.services.records import describe
from tournament.services.results import StaleResult, result_set

from .access import ORGANIZER, tournament_page


@tournament_page(ORGANIZER)
def dashboard(request, tournament, roles):
    return render(
        request,
        "tournament/manage/dashboard.html",
        {"tournament": tournament, "roles": roles, **dashboard_data(tournament)},
    )


# --- registrations and players -------------------------------------------------


def _round_numbers(tournament) -> list[int]:
    numbers = list(tournament.rounds.values_list("number", flat=True))
    return numbers or list(range(1, 6))


@tournament_page(ORGANIZER)
def registrations(request, tournament, roles):
    status = request.GET.get("status", "")
    regs = tournament.registrations.select_related("player").order_by(
        "-player__rank", "player__surname", "player__given_name"
    )
    if status in Registration.Status.values:
        regs = regs.filter(status=status)
    return render(
        request,
        "tournament/manage/registrations.html",
        {
            "tournament": tournament,
            "roles": roles,
            "registrations": regs,
            "status": status,
            "statuses": Registration.Status.choices,
            "form": PlayerForm(),
        },
    )


@require_POST
@tournament_page(ORGANIZER)
def registration_status(request, tournament, roles, pk):
    """Confirm, withdraw or set back to preliminary: one button each."""
    registration = get_object_or_404(Registration, pk=pk, tournament=tournament)
    status = request.POST.get("status", "")
    try:
        registration_services.registration_set_status(
            registration=registration, status=status, user=request.user, reason=request.POST.get("reason", "")
        )
    except (ValidationError, KeyError, ValueError) as exc:
        messages.error(request, getattr(exc, "messages", [str(exc)])[0])
    else:
        registration.refresh_from_db()
        messages.success(
            request,
            _("%(player)s: %(status)s") % {"player": registration.player, "status": registration.get_status_display()},
        )
    if request.htmx:
        registration.refresh_from_db()
        return render(
            request, "tournament/manage/_registration_row.html", {"tournament": tournament, "reg": registration}
        )
    next_url = request.POST.get("next", "")
    if next_url and url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}):
        return redirect(next_url)
    return redirect("manage_registrations", slug=tournament.slug)


@tournament_page(ORGANIZER)
def registration_edit(request, tournament, roles, pk):
    registration = get_object_or_404(Registration.objects.select_related("player"), pk=pk, tournament=tournament)
    rounds = _round_numbers(tournament)
    if request.method == "POST":
        form = RegistrationEditForm(request.POST, rounds=rounds)
        if form.is_valid():
            data = form.cleaned_data
            try:
                player_set_rank(
                    tournament=tournament, player=registration.player, rank=data["rank"],
                    user=request.user, reason=data["reason"],
                )
                registration_services.registration_set_status(
                    registration=registration, status=data["status"], user=request.user, reason=data["reason"]
                )
                registration.refresh_from_db()
                if sorted(data["absent_rounds"]) != sorted(registration.absent_rounds):
                    registration_services.registration_set_absent_rounds(
                        registration=registration, absent_rounds=data["absent_rounds"],
                        user=request.user, reason=data["reason"],
                    )
            except ValidationError as exc:
                form.add_error(None, exc.messages[0])
            else:
                messages.success(request, _("Saved: %(player)s") % {"player": registration.player})
                return redirect("manage_registrations", slug=tournament.slug)
    else:
        form = RegistrationEditForm(
            initial={
                "status": registration.status,
                "rank": registration.player.rank,
                "absent_rounds": registration.absent_rounds,
            },
            rounds=rounds,
        )
    return render(
        request,
        "tournament/manage/registration_edit.html",
        {"tournament": tournament, "roles": roles, "reg": registration, "form": form},
    )


@tournament_page(ORGANIZER)
def player_add(request, tournament, roles):
    """A late entry: the organizer types the player in; confirmed at once."""
    if request.method == "POST":
        form = PlayerForm(request.POST)
        if form.is_valid():
            try:
                reg = player_enter_late(tournament=tournament, data=form.cleaned_data, user=request.user)
            except ValidationError as exc:
                form.add_error(None, exc.messages[0])
            else:
                messages.success(request, _("%(player)s entered and confirmed.") % {"player": reg.player})
                return redirect("manage_registrations", slug=tournament.slug)
    else:
        form = PlayerForm()
    return render(
        request, "tournament/manage/player_add.html", {"tournament": tournament, "roles": roles, "form": form}
    )


@tournament_page(ORGANIZER)
def players_import(request, tournament, roles):
    """A player list from a CSV file: every line registered, or none and the errors by line."""
    problems: list[str] = []
    if request.method == "POST":
        form = PlayerImportForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                registrations = players_import_csv(
                    tournament=tournament,
                    data=form.cleaned_data["file"],
                    user=request.user,
                    confirmed=form.cleaned_data["confirmed"],
                )
            except PlayerImportError as exc:
                problems = exc.messages
                form.add_error("file", _("Nothing was imported: the file has %(n)s problem(s), listed below.")
                               % {"n": len(problems)})
            else:
                messages.success(request, _("%(n)s players imported.") % {"n": len(registrations)})
                return redirect("manage_registrations", slug=tournament.slug)
    else:
        form = PlayerImportForm()
    return render(
        request,
        "tournament/manage/players_import.html",
        {"tournament": tournament, "roles": roles, "form": form, "problems": problems},
        status=422 if problems else 200,
    )


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
    games = games_of_tournament(tournament).filter(round__number=number).order_by("table") if current else []
    rows = [_row(g) for g in games]
    return render(
        request,
        "tournament/manage/results.html",
        {"tournament": tournament, "roles": roles, "rounds": rounds, "current": current, "rows": rows},
    )


def _row(game: Game, form: ResultSetForm | None = None, saved: bool = False) -> dict:
    form = form or ResultSetForm(
        initial={"version": game.version, "result": game.result, "by_default": game.by_default},
        prefix=f"g{game.pk}",
    )
    for field in form.fields.values():  # the inputs sit in table cells, outside the <form>
        field.widget.attrs["form"] = f"result-form-{game.pk}"
    return {
        "game": game,
        "form": form,
        "verdict": describe(game.verdict),
        "saved": saved,
    }


@tournament_page(ORGANIZER)
def result_edit(request, tournament, roles, pk):
    """One row of the grid: GET shows it, POST saves it; htmx swaps the row, plain forms redirect."""
    game = get_object_or_404(
        games_of_tournament(tournament), pk=pk
    )
    if request.method != "POST":
        return render(request, "tournament/manage/_result_row.html", {"tournament": tournament, "row": _row(game)})
    form = ResultSetForm(request.POST, prefix=f"g{game.pk}")
    saved = False
    if form.is_valid():
        data = form.cleaned_data
        try:
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
            form.add_error(None, exc.messages[0])
        else:
            saved = True
            form = None
    if request.htmx:
        return render(
            request,
            "tournament/manage/_result_row.html",
            {"tournament": tournament, "row": _row(game, form, saved)},
        )
    if saved:
        messages.success(request, _("Table %(table)s: %(result)s") % {"table": game.table, "result": game.result_short})
    else:
        for error in form.non_field_errors() or [_("The result was not saved.")]:
            messages.error(request, f"{_('Table')} {game.table}: {error}")
    return redirect(f"{reverse('manage_results', kwargs={'slug': tournament.slug})}?round={game.round.number}")
