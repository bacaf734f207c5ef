"""Check-in: the players' phone page behind the hall's QR code, the desk's keyboard search, the QR for the
projector and the poster, and the round's switch "only checked-in players" (the rules:
:mod:`tournament.services.checkin`)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament import site_address
from tournament.client_address import client_address
from tournament.models import Registration, Round
from tournament.pdf import qr
from tournament.pdf.checkin import checkin_poster_pdf
from tournament.permissions import REFEREE, may_manage
from tournament.selectors.checkin import SEARCH_LENGTH, checkin_counts, phone_pick, recent_checkins, search
from tournament.services import checkin as services
from tournament.services import claims

from .access import ORGANIZER, tournament_page
from .actions import refusal_as_message
from .downloads import file_response
from .language import chosen_language
from .query import int_param

#: How often the check-in screen on the projector renews its count (htmx polling).
SCREEN_REFRESH_SECONDS = 10


def checkin_url(request, tournament) -> str:
    """The address in the hall's QR code: the phones' check-in page with the hall's code."""
    if not tournament.checkin_code:  # every tournament has one (a restored backup's cannot be empty but by hand)
        raise Http404("no check-in code")
    return site_address.site_url(request, reverse("checkin", args=[tournament.slug, tournament.checkin_code]))


# --- the players' phones --------------------------------------------------------------------------------


def _of_tournament(tournament, pk) -> Registration | None:
    """The registration ``pk`` of ``tournament`` (None: no such player here), with that tournament."""
    if pk is None:
        return None
    found = Registration.objects.filter(tournament=tournament, pk=pk).order_by().first()
    if found is not None:
        found.tournament = tournament
    return found


@tournament_page(login=False)
def checkin(request, tournament, roles, code):
    """The page the hall's QR code opens: logged in, one button; else the welcome slip's code, or (where the
    organizers allow it) the player's name, picked and confirmed. Checking in twice is harmless."""
    refused = services.hall_code_refusal(tournament, code)
    context = {"tournament": tournament, "code": code, "refused": refused, "own": request.registration}
    if refused:
        return render(
            request, "tournament/player/checkin.html", context, status=404 if tournament.checkin_open else 200
        )
    if request.method == "POST":
        return _check_in_posted(request, tournament, code, context)
    query = request.GET.get("q", "")[:SEARCH_LENGTH].strip()
    if tournament.checkin_by_name:
        context["query"] = query
        context["found"] = search(tournament, query, confirmed_only=True) if len(query) >= 2 else []
        picked = int_param(request.GET.get("r"))
        if picked is not None:
            context["picked"] = phone_pick(tournament, picked)
    context["login_url"] = f"{reverse('login')}?next={request.path}"
    return render(request, "tournament/player/checkin.html", context)


def _check_in_posted(request, tournament, code, context):
    how = request.POST.get("how", "")
    registration, claim_code = None, ""
    if how == "account":
        registration = request.registration
    elif how == "code":
        claim_code = request.POST.get("claim", "")[:SEARCH_LENGTH]
        try:
            registration = claims.claim_lookup(code=claim_code, address=client_address(request))
        except claims.TooManyGuesses as exc:
            context["error"] = _("Too many wrong codes: try again in %(minutes)s minutes, or go to the desk.") % {
                "minutes": max(1, (exc.seconds + 59) // 60)
            }
            return render(request, "tournament/player/checkin.html", context, status=429)
        if registration is not None and registration.tournament_id != tournament.pk:
            registration = None
        if registration is None:
            context["error"] = _("This code is not known here. Check it against your welcome slip.")
            return render(request, "tournament/player/checkin.html", context, status=400)
    elif how == "name":
        registration = phone_pick(tournament, int_param(request.POST.get("registration")))
    if registration is None:
        context["error"] = _("Choose yourself first: log in, give your code or search for your name.")
        return render(request, "tournament/player/checkin.html", context, status=400)
    registration.tournament = tournament
    try:
        now = services.check_in(
            registration=registration, user=request.user, hall_code=code, claim_code=claim_code, by_name=how == "name"
        )
    except PermissionDenied as exc:
        context["error"] = str(exc)
        return render(request, "tournament/player/checkin.html", context, status=403)
    except ValidationError as exc:
        context["error"] = exc.messages[0]
        return render(request, "tournament/player/checkin.html", context, status=400)
    context.update(done=registration, just_now=now)
    return render(request, "tournament/player/checkin.html", context)


# --- the desk ---------------------------------------------------------------------------------------------


def _desk_context(tournament, roles, query: str = "") -> dict:
    return {
        "tournament": tournament,
        "roles": roles,
        "query": query,
        "found": search(tournament, query) if query else [],
        "recent": recent_checkins(tournament),
        "counts": checkin_counts(tournament),
        "may_manage": may_manage(roles),
    }


@tournament_page(REFEREE)
def desk(request, tournament, roles):
    """The desk: type a few letters, arrows and Enter check the player in (``checkin-desk.js``), the focus
    back in the search; the latest check-ins with their undo. Without JavaScript: search, then the button."""
    query = request.GET.get("q", "")[:SEARCH_LENGTH].strip()
    context = _desk_context(tournament, roles, query)
    if request.htmx:
        return render(request, "tournament/manage/_checkin_desk.html", context)
    return render(request, "tournament/manage/checkin.html", context)


@require_POST
@tournament_page(REFEREE)
def desk_action(request, tournament, roles):
    """Check a player in (``action=in``) or take it back (``undo``): htmx gets the desk's results and latest
    check-ins back with what was done; a plain form goes back to the desk."""
    registration = _of_tournament(tournament, int_param(request.POST.get("registration")))
    undo = request.POST.get("action") == "undo"
    notice, ok = "", False
    if registration is None:
        notice = _("This player is not registered in this tournament.")
    else:
        registration.tournament = tournament
        try:
            if undo:
                services.check_in_undo(registration=registration, user=request.user)
                notice = _("Check-in taken back: %(name)s.") % {"name": registration.spoken_name}
            elif services.check_in_at_desk(registration=registration, user=request.user):
                notice = _("Checked in: %(name)s.") % {"name": registration.spoken_name}
            else:
                notice = _("%(name)s was checked in already.") % {"name": registration.spoken_name}
            ok = True
        except ValidationError as exc:
            notice = exc.messages[0]
    if request.htmx:
        context = _desk_context(tournament, roles)
        context.update(notice=notice, notice_ok=ok, undone=registration if ok and undo else None)
        return render(request, "tournament/manage/_checkin_desk.html", context)
    (messages.success if ok else messages.error)(request, notice)
    return redirect("manage_checkin", slug=tournament.slug)


@require_POST
@tournament_page(ORGANIZER)
def desk_settings(request, tournament, roles):
    with refusal_as_message(request):
        services.checkin_settings(
            tournament=tournament,
            open=request.POST.get("open") == "on",
            by_name=request.POST.get("by_name") == "on",
            user=request.user,
        )
        messages.success(
            request,
            _("The check-in is open: the QR code on the projector and the poster checks players in.")
            if tournament.checkin_open
            else _("The check-in on the phones is closed; the desk still checks players in."),
        )
    return redirect("manage_checkin", slug=tournament.slug)


# --- the QR code: the projector's screen and the poster ----------------------------------------------------


@tournament_page(REFEREE)
def screen(request, tournament, roles):
    """The check-in's QR code for the projector, with the count renewing itself (staff only: the QR holds
    the hall's code)."""
    url = checkin_url(request, tournament)
    context = {
        "tournament": tournament,
        "url": url,
        "qr": mark_safe(qr.svg(url, _("Check in"))),  # noqa: S308 - our own SVG, the text escaped in it
        "counts": checkin_counts(tournament),
        "refresh": SCREEN_REFRESH_SECONDS,
    }
    template = "tournament/_checkin_screen_body.html" if request.htmx else "tournament/checkin_screen.html"
    return render(request, template, context)


@chosen_language
@tournament_page(REFEREE)
def poster(request, tournament, roles):
    """An A4 poster of the check-in's QR code for the hall's doors and tables (PDF)."""
    content = checkin_poster_pdf(tournament.name, checkin_url(request, tournament))
    return file_response(content, "application/pdf", f"{tournament.slug}-checkin.pdf")


# --- the round's switch ------------------------------------------------------------------------------------


@require_POST
@tournament_page(ORGANIZER)
def round_checked_in_only(request, tournament, roles, number):
    round_ = Round.objects.filter(tournament=tournament, number=number).select_related("tournament").first()
    if round_ is None:
        raise Http404("no such round")
    on = request.POST.get("checked_in_only") == "on"
    with refusal_as_message(request):
        services.round_set_checked_in_only(round=round_, on=on, user=request.user)
        messages.success(
            request,
            _("Round %(number)s pairs the checked-in players only.") % {"number": number}
            if on
            else _("Round %(number)s pairs every confirmed player.") % {"number": number},
        )
    return redirect("manage_round", slug=tournament.slug, number=number)
