"""The teams of a team tournament (the organizer's): the list and a new team; a team's own page with
its name, members and the line-up for the next round; each form posts to a service."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.forms.teams import LineUpForm, MemberAddForm, TeamNameForm
from tournament.models import Team
from tournament.selectors.teams import (
    TeamView,
    line_up,
    next_round,
    players_without_team,
    round_line_ups,
    teams_of,
)
from tournament.services import teams as services

from .access import ORGANIZER, tournament_page
from .actions import cleaned, refusal_as_message
from .form_errors import saved
from .query import int_param


def _teams_page(request, tournament, roles, *, form=None, status=200):
    teams = teams_of(tournament) if tournament.is_team_event else []
    round_ = next_round(tournament) if teams else None
    line_ups = round_line_ups(round_) if round_ else {}
    for view in teams:  # the next round's line-up on each card: an incomplete one is not paired
        view.next_line_up = line_ups.get(view.pk, [])
        view.line_up_complete = bool(view.next_line_up) and None not in view.next_line_up
    return render(
        request,
        "tournament/setup/teams.html",
        {
            "tournament": tournament,
            "roles": roles,
            "teams": teams,
            "round": round_,
            "free": players_without_team(tournament) if tournament.is_team_event else [],
            "form": form or TeamNameForm(),
        },
        status=status,
    )


@tournament_page(ORGANIZER)
def teams_page(request, tournament, roles):
    return _teams_page(request, tournament, roles)


@require_POST
@tournament_page(ORGANIZER)
def team_add(request, tournament, roles):
    def add(form):
        team = services.team_create(tournament=tournament, name=form.cleaned_data["name"], user=request.user)
        messages.success(request, _("Team %(team)s added.") % {"team": team.name})
        return redirect("manage_teams_team", slug=tournament.slug, pk=team.pk)

    form = TeamNameForm(request.POST)
    return saved(form, add) or _teams_page(request, tournament, roles, form=form, status=422)


def _team(tournament, pk) -> Team:
    return get_object_or_404(Team, pk=pk, tournament=tournament)


def _view(tournament, team: Team) -> TeamView:
    """The team with its members; 404 if it was deleted meanwhile."""
    view = next((v for v in teams_of(tournament) if v.pk == team.pk), None)
    if view is None:
        raise Http404("no such team")
    return view


def _team_page(request, tournament, roles, team: Team, *, status=200, order: str = "", **forms):
    view = _view(tournament, team)
    round_ = next_round(tournament)
    boards = tournament.line_up_size
    shown = line_up(view, round_, boards) if round_ and boards else []
    initial = {f"board_{b}": p.pk for b, p in enumerate(shown, 1) if p is not None}
    return render(
        request,
        "tournament/setup/team_detail.html",
        {
            "tournament": tournament,
            "roles": roles,
            "team": view,
            "round": round_,
            "line_up": shown,
            # a line-up against the order of strength, sent back to be confirmed (services.LineUpOrder)
            "order_warning": order,
            "name_form": forms.get("name_form") or TeamNameForm(initial={"name": team.name}),
            "member_form": forms.get("member_form") or MemberAddForm(players=players_without_team(tournament)),
            "line_up_form": forms.get("line_up_form")
            or LineUpForm(
                members=view.members,
                boards=boards if round_ else 0,
                initial=initial,
                order_of_play=tournament.is_pair_event,
            ),
        },
        status=status,
    )


@tournament_page(ORGANIZER)
def team_detail(request, tournament, roles, pk):
    return _team_page(request, tournament, roles, _team(tournament, pk))


def _to_team(tournament, team):
    return redirect("manage_teams_team", slug=tournament.slug, pk=team.pk)


@require_POST
@tournament_page(ORGANIZER)
def team_rename(request, tournament, roles, pk):
    team = _team(tournament, pk)

    def rename(form):
        services.team_rename(team=team, name=form.cleaned_data["name"], user=request.user)
        messages.success(request, _("Saved."))
        return _to_team(tournament, team)

    form = TeamNameForm(request.POST)
    return saved(form, rename) or _team_page(request, tournament, roles, team, name_form=form, status=422)


@require_POST
@tournament_page(ORGANIZER)
def team_delete(request, tournament, roles, pk):
    team = _team(tournament, pk)
    with refusal_as_message(request) as outcome:
        services.team_delete(team=team, user=request.user)
        messages.success(request, _("Team %(team)s deleted.") % {"team": team.name})
    if outcome.refused:
        return _to_team(tournament, team)
    return redirect("manage_teams", slug=tournament.slug)


@require_POST
@tournament_page(ORGANIZER)
def member_add(request, tournament, roles, pk):
    team = _team(tournament, pk)

    def add(form):
        player = form.cleaned_data["player"]
        services.team_member_add(team=team, registration=player, user=request.user)
        messages.success(request, _("%(player)s is in %(team)s now.") % {"player": player.spoken_name, "team": team})
        return _to_team(tournament, team)

    form = MemberAddForm(request.POST, players=players_without_team(tournament))
    return saved(form, add) or _team_page(request, tournament, roles, team, member_form=form, status=422)


@require_POST
@tournament_page(ORGANIZER)
def member_remove(request, tournament, roles, pk):
    team = _team(tournament, pk)
    player_pk = int_param(request.POST.get("player"))
    with refusal_as_message(request):
        player = tournament.registrations.filter(pk=player_pk).first() if player_pk is not None else None
        if player is None:
            raise ValidationError(_("This player is not in the team any more."))
        services.team_member_remove(team=team, registration=player, user=request.user)
        messages.success(request, _("%(player)s left %(team)s.") % {"player": player.spoken_name, "team": team})
    return _to_team(tournament, team)


@require_POST
@tournament_page(ORGANIZER)
def team_line_up(request, tournament, roles, pk):
    team = _team(tournament, pk)
    round_ = next_round(tournament)
    view = _view(tournament, team)
    form = LineUpForm(
        request.POST,
        members=view.members,
        boards=tournament.line_up_size if round_ else 0,
        order_of_play=tournament.is_pair_event,
    )
    with refusal_as_message(request):
        if round_ is None:
            raise ValidationError(_("No round is planned: there is no line-up to set."))
        cleaned(form, _("Choose a player for each board."))
        try:
            services.line_up_set(
                team=team, round=round_, players=form.players(), user=request.user, confirmed=form.confirmed()
            )
        except services.LineUpOrder as exc:
            # nothing saved: the same line-up comes back with the warning and the confirmation
            return _team_page(request, tournament, roles, team, line_up_form=form.confirming(), order=exc.messages[0])
        messages.success(request, _("The line-up for round %(round)s is saved.") % {"round": round_.number})
        empty = [str(board) for board, player in enumerate(form.players(), 1) if player is None]
        if empty:
            messages.warning(
                request,
                _(
                    "Board %(boards)s of %(team)s is empty. As in OpenGotha, a team with an empty board is not "
                    "paired in round %(round)s until a player is named for every board."
                )
                % {"boards": ", ".join(empty), "team": team.name, "round": round_.number},
            )
    return redirect(f"{reverse('manage_teams_team', args=[tournament.slug, team.pk])}#line-up")
