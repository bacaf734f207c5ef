"""A knockout stage's pages: the bracket (public; the organizers see its rounds before they are
published), its PDF, and the organizers' page that seeds it, makes its next round, changes its rule for a
game without a winner, takes it back, and deals the players of a round robin into groups."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from tournament.collation import sorted_by_name
from tournament.forms.knockout import GroupsForm, KnockoutForm, KnockoutRuleForm
from tournament.models import Knockout
from tournament.models.tournament import PairingSystem
from tournament.pdf.bracket import bracket_pdf as draw_bracket
from tournament.permissions import counts_unpublished_rounds, may_manage
from tournament.selectors.knockout import bracket_sheet
from tournament.services import knockout as services
from tournament.services import round_robin as robin_services

from .access import ORGANIZER, tournament_page
from .actions import cleaned, refusal_as_message
from .downloads import file_response
from .language import chosen_language


def _sheet(tournament, roles):
    sheet = bracket_sheet(tournament, public=not counts_unpublished_rounds(roles))
    if sheet is None:
        raise Http404("no knockout stage")
    return sheet


@require_GET
@tournament_page(login=False)
def bracket(request, tournament, roles):
    """The bracket: its stages side by side (one under the other on a phone), the final places."""
    return render(
        request,
        "tournament/bracket.html",
        {"tournament": tournament, "roles": roles, "sheet": _sheet(tournament, roles), "organizer": may_manage(roles)},
    )


@require_GET
@chosen_language
@tournament_page(login=False)
def bracket_pdf(request, tournament, roles):
    return file_response(draw_bracket(_sheet(tournament, roles)), "application/pdf", f"{tournament.slug}-bracket.pdf")


def _made_words(request, made: services.Made) -> None:
    seeds = len(made.knockout.seeds)
    messages.success(
        request,
        ngettext(
            "Knockout stage seeded: %(count)s player; round %(round)s is made by the bracket. "
            "Look it over and publish it.",
            "Knockout stage seeded: %(count)s players; round %(round)s is made by the bracket. "
            "Look it over and publish it.",
            seeds,
        )
        % {"count": seeds, "round": made.round.number if made.round else "-"},
    )
    if made.tied_at_cut:
        messages.warning(
            request,
            _("Tied at the cut (the standings' order decided who goes on): %(players)s.")
            % {"players": ", ".join(made.tied_at_cut)},
        )


@tournament_page(ORGANIZER)
def knockout_manage(request, tournament, roles):
    """The organizers' page of the knockout stage (GET), and its buttons (POST, ``action``)."""
    stage = Knockout.objects.filter(tournament=tournament).first()
    form = KnockoutForm(request.POST if request.POST.get("action") == "make" else None)
    if request.method == "POST":
        action = request.POST.get("action", "")
        with refusal_as_message(request) as outcome:
            if action == "make":
                data = cleaned(form, _("Fill in the form of the knockout stage."))
                groups = data["source"] == "groups"
                made = services.knockout_make(
                    tournament=tournament,
                    user=request.user,
                    size=data["size"],
                    per_group=data["per_group"] if groups else None,
                    third_place=data["third_place"],
                    draw_rule=data["draw_rule"],
                    colours=data["colours"],
                )
                _made_words(request, made)
            elif action == "next":
                round_ = services.knockout_next_round(tournament=tournament, user=request.user)
                messages.success(request, _("Round %(round)s is made by the bracket.") % {"round": round_.number})
            elif action == "rule":
                data = cleaned(
                    KnockoutRuleForm(request.POST), _("Choose the rules of the knockout stage from the lists.")
                )
                services.knockout_rule(
                    tournament=tournament, user=request.user, draw_rule=data["draw_rule"], reason=data["reason"]
                )
                messages.success(request, _("The rule for a game without a winner is saved."))
            elif action == "remove":
                numbers = services.knockout_remove(tournament=tournament, user=request.user)
                messages.success(
                    request,
                    _("The knockout stage is removed; rounds %(rounds)s are planned again.")
                    % {"rounds": ", ".join(map(str, numbers)) or "-"},
                )
            elif action == "groups":
                data = cleaned(GroupsForm(request.POST), _("Give the number of groups."))
                groups = robin_services.groups_draw(tournament=tournament, user=request.user, count=data["count"])
                messages.success(
                    request,
                    ngettext("The players are in %(count)s group.", "The players are in %(count)s groups.", len(groups))
                    % {"count": len(groups)},
                )
            else:
                messages.error(request, _("Unknown action."))
        if not outcome.refused or action != "make":
            return redirect("manage_knockout", slug=tournament.slug)
    groups: dict[str, list[str]] = {}
    for reg in sorted_by_name(tournament.registrations.exclude(group="")):
        groups.setdefault(reg.group, []).append(reg.spoken_name)
    groups = dict(sorted(groups.items()))
    return render(
        request,
        "tournament/manage/knockout.html",
        {
            "tournament": tournament,
            "roles": roles,
            "stage": stage,
            "form": form,
            "rule_form": KnockoutRuleForm(initial={"draw_rule": stage.draw_rule}) if stage else None,
            "groups_form": GroupsForm(),
            "round_robin": tournament.pairing_system == PairingSystem.ROUND_ROBIN,
            "groups": groups,
            "sheet": bracket_sheet(tournament, public=False) if stage else None,
        },
    )
