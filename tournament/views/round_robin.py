"""A round robin's pages beyond a round's: the whole schedule made (from the rounds page too, when the
programme has no round yet), its printout, and a player's withdrawal with the director's one choice."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from tournament.models import Registration
from tournament.pdf import schedule as pdf_schedule
from tournament.selectors.round_robin import robin_schedule, withdrawal_plan
from tournament.services import round_robin as robin_services

from .access import ORGANIZER, tournament_page
from .actions import refusal_as_message
from .language import chosen_language
from .standings import _file as file_response


def make_schedule(request, tournament) -> None:
    """Make the schedule (double if the form says so) and say what was done: the rounds paired, those the
    programme gained, those left empty, the players who said they would miss a round."""
    made = robin_services.round_robin_schedule(
        tournament=tournament, user=request.user, double=request.POST.get("double") == "on"
    )
    messages.success(
        request,
        ngettext(
            "Round-robin schedule made: %(players)s players, %(count)s round paired. "
            "Look it over and publish the rounds one by one.",
            "Round-robin schedule made: %(players)s players, %(count)s rounds paired. "
            "Look it over and publish the rounds one by one.",
            len(made.rounds),
        )
        % {"players": made.players, "count": len(made.rounds)},
    )
    if made.added:
        rounds = {"rounds": ", ".join(map(str, made.added))}
        if made.added_dated:
            text = ngettext(
                "Round %(rounds)s was added to the programme, its start time following the rounds before.",
                "Rounds %(rounds)s were added to the programme, their start times following the rounds before.",
                len(made.added),
            )
        else:
            text = ngettext(
                "Round %(rounds)s was added to the programme; give it its start time there.",
                "Rounds %(rounds)s were added to the programme; give them their start times there.",
                len(made.added),
            )
        messages.info(request, text % rounds)
    for name, number in made.absent:
        messages.warning(
            request,
            _("%(name)s said they would miss round %(number)s and has a game in it all the same.")
            % {"name": name, "number": number},
        )
    if made.left_empty:
        messages.info(
            request,
            ngettext(
                "Round %(rounds)s is not in the schedule and stays empty.",
                "Rounds %(rounds)s are not in the schedule and stay empty.",
                len(made.left_empty),
            )
            % {"rounds": ", ".join(map(str, made.left_empty))},
        )


@require_POST
@tournament_page(ORGANIZER)
def schedule_make(request, tournament, roles):
    """The whole schedule from the rounds page (which a programme without rounds has)."""
    with refusal_as_message(request):
        make_schedule(request, tournament)
    return redirect("manage_rounds", slug=tournament.slug)


@require_GET
@chosen_language
@tournament_page(ORGANIZER)
def schedule_pdf(request, tournament, roles):
    """The whole schedule as a PDF (every round, published or not: for the organizers to print)."""
    content = pdf_schedule.schedule_pdf(robin_schedule(tournament))
    return file_response(content, "application/pdf", f"{tournament.slug}-schedule.pdf")


@tournament_page(ORGANIZER)
def withdraw(request, tournament, roles, pk):
    """A player's withdrawal from the round robin, decided once: the choice (forfeits by default, or all
    the player's results cancelled where they played less than half), then one confirmation, then done."""
    registration = get_object_or_404(Registration, pk=pk, tournament=tournament)
    plan = withdrawal_plan(registration)
    choice = request.POST.get("remaining", robin_services.Remaining.FORFEIT)
    reason = request.POST.get("reason", "")[:200]
    step = "choose"
    if request.method == "POST":
        step = "confirm"
        if request.POST.get("confirm") == "yes":
            with refusal_as_message(request) as outcome:
                robin_services.round_robin_withdraw(
                    registration=registration, user=request.user, remaining=choice, reason=reason
                )
                messages.success(request, _withdrawn_words(registration, choice, plan))
            if not outcome.refused:
                return redirect("manage_rounds", slug=tournament.slug)
            plan = withdrawal_plan(registration)
            step = "choose"
        elif choice == robin_services.Remaining.CANCEL and not plan.may_cancel:
            messages.error(request, _("Cancelling is only for a player who played less than half of their games."))
            step = "choose"
    return render(
        request,
        "tournament/manage/robin_withdraw.html",
        {
            "tournament": tournament,
            "roles": roles,
            "reg": registration,
            "plan": plan,
            "step": step,
            "choice": choice,
            "reason": reason,
            "cancel": choice == robin_services.Remaining.CANCEL,
        },
    )


def _withdrawn_words(registration, choice: str, plan) -> str:
    if choice == robin_services.Remaining.CANCEL:
        return ngettext(
            "%(player)s is withdrawn; their %(count)s game is cancelled.",
            "%(player)s is withdrawn; all their %(count)s games are cancelled.",
            plan.total,
        ) % {"player": registration.spoken_name, "count": plan.total}
    return ngettext(
        "%(player)s is withdrawn; their %(count)s remaining game is won by default by the opponent.",
        "%(player)s is withdrawn; their %(count)s remaining games are won by default by the opponents.",
        len(plan.remaining),
    ) % {"player": registration.spoken_name, "count": len(plan.remaining)}
