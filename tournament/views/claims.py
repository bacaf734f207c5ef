"""Players take over their registrations: the claim link or code, and "my tournaments"."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _

from tournament.client_address import client_address
from tournament.models import TournamentRole
from tournament.models.registration import normalize_claim_code
from tournament.permissions import may_create_tournament
from tournament.selectors.setup import my_tournaments_by_role
from tournament.services import claims

from .actions import refusal_as_message


def _signup_url(next_url: str) -> str:
    try:
        return f"{reverse('signup')}?next={next_url}"
    except NoReverseMatch:  # pragma: no cover - the sign-up page is part of the site
        return ""


def claim_start(request):
    """Type the code from the welcome slip."""
    code = normalize_claim_code(
        request.POST.get("code", "") if request.method == "POST" else request.GET.get("code", "")
    )
    if code:
        return redirect("claim_code", code=code)
    return render(request, "tournament/player/claim_start.html", {"error": request.method == "POST"})


def claim(request, code):
    """The link on the welcome slip or in the invitation: whose registration, and "this is me".

    Every look-up is counted (:func:`tournament.services.claims.claim_lookup`): too many wrong
    codes from one address get the "too many tries" page (429) until the window ends.
    """
    code = normalize_claim_code(code)
    try:
        registration = claims.claim_lookup(code=code, address=client_address(request))
    except claims.TooManyGuesses as exc:
        minutes = max(1, (exc.seconds + 59) // 60)
        response = render(
            request, "tournament/player/claim_throttled.html", {"minutes": minutes, "why": exc.why}, status=429
        )
        response["Retry-After"] = str(exc.seconds)
        return response
    if registration is None:
        return render(request, "tournament/player/claim_start.html", {"error": True}, status=404)
    path = reverse("claim_code", args=[code])
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={path}")
        with refusal_as_message(request):
            registration = claims.registration_claim(code=code, user=request.user)
            messages.success(
                request,
                _("Welcome, %(name)s: this registration is yours now.") % {"name": registration.given_name},
            )
            return redirect("my_tournament", slug=registration.tournament.slug)
    return render(
        request,
        "tournament/player/claim.html",
        {
            "reg": registration,
            "tournament": registration.tournament,
            "code": code,
            "path": path,
            "signup_url": _signup_url(path),
        },
    )


@login_required
def my_tournaments(request):
    """The user's start page: the tournaments they organize, referee and play in; "create a tournament"."""
    registrations = request.user.registrations.select_related("tournament").order_by("-tournament__start_date")
    by_role = my_tournaments_by_role(request.user)
    return render(
        request,
        "tournament/player/my_tournaments.html",
        {
            "registrations": registrations,
            "organizing": by_role.get(TournamentRole.Role.ORGANIZER, []),
            "refereeing": by_role.get(TournamentRole.Role.REFEREE, []),
            "may_create": may_create_tournament(request.user),
        },
    )
