"""The tournament's staff: organizers and referees; invitations by link and their acceptance."""

from __future__ import annotations

import functools

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.forms.staff import InviteForm, RoleAddForm
from tournament.models import TournamentInvitation, TournamentRole
from tournament.permissions import may_manage, roles_of
from tournament.selectors.setup import open_invitations, team
from tournament.services import staff as staff_services
from tournament.site_address import site_url

from .access import ORGANIZER, tournament_page
from .actions import refusal_as_message
from .form_errors import add_errors, saved
from .query import int_param


def _page(request, tournament, roles, *, add_form=None, invite_form=None, status=200):
    base_url = site_url(request)
    invitations = open_invitations(tournament)
    for invitation in invitations:
        invitation.url = staff_services.invitation_url(invitation, base_url)
    return render(
        request,
        "tournament/setup/staff.html",
        {
            "tournament": tournament,
            "roles": roles,
            "team": team(tournament),
            "invitations": invitations,
            "add_form": add_form or RoleAddForm(),
            "invite_form": invite_form or InviteForm(),
            "organizers": tournament.roles.filter(role=TournamentRole.Role.ORGANIZER).count(),
        },
        status=status,
    )


@tournament_page(ORGANIZER)
def team_page(request, tournament, roles):
    return _page(request, tournament, roles)


def _to_team(tournament, anchor: str = ""):
    return redirect(f"{reverse('manage_team', args=[tournament.slug])}{anchor}")


@require_POST
@tournament_page(ORGANIZER)
def team_add(request, tournament, roles):
    def add(form):
        data = form.cleaned_data
        grant = staff_services.role_add(
            tournament=tournament, username=data["username"], role=data["role"], user=request.user
        )
        messages.success(
            request,
            _("%(user)s is %(role)s now.") % {"user": grant.user.get_username(), "role": grant.get_role_display()},
        )
        return _to_team(tournament)

    form = RoleAddForm(request.POST)
    beside_username = functools.partial(add_errors, field="username")
    return saved(form, add, beside_username) or _page(request, tournament, roles, add_form=form, status=422)


@require_POST
@tournament_page(ORGANIZER)
def team_remove(request, tournament, roles):
    pk = int_param(request.POST.get("role"))
    role = tournament.roles.select_related("user").filter(pk=pk).first() if pk is not None else None
    with refusal_as_message(request):
        if role is None:
            raise ValidationError(_("This role was removed already."))
        reason = request.POST.get("reason", "")[:200]
        staff_services.role_remove(tournament=tournament, role=role, user=request.user, reason=reason)
        messages.success(
            request,
            _("%(user)s is no longer %(role)s.") % {"user": role.user.get_username(), "role": role.get_role_display()},
        )
        if not may_manage(roles_of(request.user, tournament)):  # they removed their own organizer's role
            return redirect("my_tournaments")
    return _to_team(tournament)


@require_POST
@tournament_page(ORGANIZER)
def team_invite(request, tournament, roles):
    def invite(form):
        invitation = staff_services.invitation_create(
            tournament=tournament,
            role=form.cleaned_data["role"],
            email=form.cleaned_data["email"],
            user=request.user,
            base_url=site_url(request),
            language=get_language(),
        )
        if invitation.email:
            messages.success(
                request,
                _("The invitation was sent to %(email)s. The link is below, too.") % {"email": invitation.email},
            )
        else:
            messages.success(request, _("The invitation link is below: pass it on to the person you invite."))
        return _to_team(tournament, "#invitations")

    form = InviteForm(request.POST)
    return saved(form, invite) or _page(request, tournament, roles, invite_form=form, status=422)


@require_POST
@tournament_page(ORGANIZER)
def team_withdraw(request, tournament, roles):
    pk = int_param(request.POST.get("invitation"))
    invitation = tournament.invitations.filter(pk=pk).first() if pk is not None else None
    with refusal_as_message(request):
        if invitation is None:
            raise ValidationError(_("This invitation was accepted or withdrawn already."))
        staff_services.invitation_withdraw(tournament=tournament, invitation=invitation, user=request.user)
        messages.success(request, _("The invitation was withdrawn; its link no longer works."))
    return _to_team(tournament)


def invitation(request, token):
    """The link of an invitation: whose, for what; accepting needs a log-in (or a new account)."""
    found: TournamentInvitation | None = staff_services.invitation_by_token(token)
    if found is None:
        return render(request, "tournament/setup/invitation.html", {"invitation": None}, status=404)
    path = reverse("invitation", args=[found.token])
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={path}")
        with refusal_as_message(request):
            grant = staff_services.invitation_accept(token=found.token, user=request.user)
            messages.success(
                request,
                _("Welcome: you are %(role)s of %(tournament)s now.")
                % {"role": grant.get_role_display(), "tournament": grant.tournament.name},
            )
            target = "manage" if grant.role == TournamentRole.Role.ORGANIZER else "referee_queue"
            return redirect(target, slug=grant.tournament.slug)
    return render(
        request,
        "tournament/setup/invitation.html",
        {
            "invitation": found,
            "tournament": found.tournament,
            "path": path,
            "signup_url": f"{reverse('signup')}?next={path}",
            "login_url": f"{reverse('login')}?next={path}",
        },
    )
