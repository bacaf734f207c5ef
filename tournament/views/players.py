"""The organizer's player pages: the list, one registration (data, account, merge, delete),
late entry, CSV import, welcome slips and invitations."""

from __future__ import annotations

import hashlib

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Max
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.collation import person_key, sorted_by_name
from tournament.forms.registrations import PlayerForm, PlayerImportForm, RegistrationEditForm
from tournament.kept import KEPT_SECONDS, get_or_make
from tournament.models import Registration
from tournament.models.registration import PLAYER_FIELDS
from tournament.models.tournament import PairingSystem
from tournament.pdf.welcome import WelcomeSlip, welcome_slips_pdf
from tournament.selectors.duplicates import duplicate_pairs, duplicates_in, duplicates_of
from tournament.selectors.round_robin import withdrawal_plan
from tournament.services import claims
from tournament.services import registrations as registration_services
from tournament.services.file_import import PlayerImportError
from tournament.services.players import player_enter_late, players_import_csv
from tournament.site_address import site_url

from . import ratings
from .access import ORGANIZER, tournament_page
from .actions import refusal_as_message
from .downloads import file_response
from .form_errors import each_on_top
from .fragments import kept_with_forms
from .language import chosen_language
from .query import int_param, next_address


def _round_numbers(tournament) -> list[int]:
    numbers = list(tournament.rounds.values_list("number", flat=True))
    return numbers or list(range(1, 6))


def _warn_duplicates(request, duplicates) -> None:
    for d in duplicates:
        messages.warning(
            request,
            _("Possibly one person entered twice: %(a)s and %(b)s (%(why)s). Merge them on the player's page if so.")
            % {"a": d.first.spoken_name, "b": d.second.spoken_name, "why": d.reason},
        )


@tournament_page(ORGANIZER)
def registrations(request, tournament, roles):
    status = request.GET.get("status", "")
    # what the list shows changes with a registration (its own row's updated_at), an invitation sent
    # (invited_at) or one more or less: the list and its likely duplicates are kept per that version
    version = tournament.registrations.aggregate(n=Count("id"), changed=Max("updated_at"), invited=Max("invited_at"))
    fingerprint = hashlib.sha1(f"{version['n']}|{version['changed']}|{version['invited']}".encode()).hexdigest()
    kept = f"registrations:{tournament.pk}:{fingerprint[:16]}"
    duplicates = get_or_make(f"{kept}:duplicates", lambda: duplicates_in(tournament), KEPT_SECONDS)

    def rows(context: dict) -> str:
        regs = tournament.registrations.select_related("user")
        if status in Registration.Status.values:
            regs = regs.filter(status=status)
        regs = sorted(regs, key=lambda r: (-r.rank, person_key(r)))
        flagged = {d.first.pk for d in duplicates} | {d.second.pk for d in duplicates}
        context.update(tournament=tournament, registrations=regs, flagged=flagged, request=request)
        return render_to_string("tournament/manage/_registration_rows.html", context).strip()

    key = f"{kept}:rows:{get_language()}:{hashlib.sha1(request.get_full_path().encode()).hexdigest()[:16]}"
    unclaimed = unclaimed_registrations(tournament)
    count = unclaimed.count()
    return render(
        request,
        "tournament/manage/registrations.html",
        {
            "tournament": tournament,
            "roles": roles,
            "rows": kept_with_forms(request, key, rows),
            "status": status,
            "statuses": Registration.Status.choices,
            "duplicates": duplicates,
            "unclaimed": count,
            "slip_parts": welcome_parts(count),
            "uninvited": unclaimed.exclude(email="").filter(invited_at__isnull=True).count(),
        },
    )


@require_POST
@tournament_page(ORGANIZER)
def registrations_confirm(request, tournament, roles):
    """The players list's "Confirm the chosen": every ticked registration at once (plain form, the list again)."""
    with refusal_as_message(request):
        done = registration_services.registrations_confirm(
            tournament=tournament, registrations=request.POST.getlist("chosen"), user=request.user
        )
        messages.success(
            request,
            ngettext("%(n)s registration confirmed.", "%(n)s registrations confirmed.", len(done)) % {"n": len(done)},
        )
    return HttpResponseRedirect(next_address(request, reverse("manage_registrations", args=[tournament.slug])))


@require_POST
@tournament_page(ORGANIZER)
def registration_status(request, tournament, roles, pk):
    """Confirm, withdraw or set back to preliminary: one button each."""
    registration = get_object_or_404(Registration, pk=pk, tournament=tournament)
    with refusal_as_message(request):
        registration_services.registration_set_status(
            registration=registration,
            status=request.POST.get("status", ""),
            user=request.user,
            reason=_reason(request, 500),
        )
        registration.refresh_from_db()
        messages.success(
            request,
            _("%(player)s: %(status)s")
            % {"player": registration.spoken_name, "status": registration.get_status_display()},
        )
    if registration.status == Registration.Status.WITHDRAWN and tournament.pairing_system == PairingSystem.ROUND_ROBIN:
        if withdrawal_plan(registration).pending:  # the round robin's schedule: the director decides, once
            messages.info(request, _("Now decide what becomes of the remaining games."))
            address = reverse("manage_robin_withdraw", args=[tournament.slug, registration.pk])
            if request.htmx:
                return HttpResponse(headers={"HX-Redirect": address})
            return HttpResponseRedirect(address)
    if request.htmx:
        registration.refresh_from_db()
        return render(
            request, "tournament/manage/_registration_row.html", {"tournament": tournament, "reg": registration}
        )
    return HttpResponseRedirect(next_address(request, reverse("manage_registrations", args=[tournament.slug])))


def _reason(request, length: int = 200) -> str:
    """The reason typed beside a button, for the audit log."""
    return request.POST.get("reason", "")[:length]


def _registration(tournament, pk) -> Registration:
    return get_object_or_404(Registration.objects.select_related("user"), pk=pk, tournament=tournament)


@tournament_page(ORGANIZER)
def registration_edit(request, tournament, roles, pk):
    """One registration: the player's data in this tournament, status and rounds, account, merge, delete."""
    registration = _registration(tournament, pk)
    rounds = _round_numbers(tournament)
    if request.method == "POST":
        # the form works on its own copy: the service compares with the row as it is in the database
        form = RegistrationEditForm(
            request.POST, instance=_registration(tournament, pk), rounds=rounds, id_kinds=ratings.id_kinds(tournament)
        )
        if form.is_valid():
            data = form.cleaned_data
            try:
                registration_services.registration_update(
                    registration=registration,
                    data={k: data[k] for k in PLAYER_FIELDS if k in data},
                    user=request.user,
                    reason=data["reason"],
                )
                registration_services.registration_set_status(
                    registration=registration, status=data["status"], user=request.user, reason=data["reason"]
                )
                registration.refresh_from_db()
                if sorted(data["absent_rounds"]) != sorted(registration.absent_rounds):
                    registration_services.registration_set_absent_rounds(
                        registration=registration,
                        absent_rounds=data["absent_rounds"],
                        user=request.user,
                        reason=data["reason"],
                    )
            except ValidationError as exc:
                each_on_top(form, exc)
            else:
                registration.refresh_from_db()
                messages.success(request, _("Saved: %(player)s") % {"player": registration.spoken_name})
                return redirect("manage_registrations", slug=tournament.slug)
    else:
        form = RegistrationEditForm(instance=registration, rounds=rounds, id_kinds=ratings.id_kinds(tournament))
    others = sorted_by_name(tournament.registrations.exclude(pk=registration.pk))
    return render(
        request,
        "tournament/manage/registration_edit.html",
        {
            "tournament": tournament,
            "roles": roles,
            "reg": registration,
            "form": form,
            "others": others,
            "duplicates": duplicates_of(tournament, [registration]),
            "has_games": registration.games_as_black.exists()
            or registration.games_as_white.exists()
            or registration.byes.exists(),
        },
    )


@require_POST
@tournament_page(ORGANIZER)
def registration_account(request, tournament, roles, pk):
    """Link an account by user name, or unlink the account (a new claim code is made)."""
    registration = _registration(tournament, pk)
    reason = _reason(request)
    with refusal_as_message(request):
        if request.POST.get("action") == "unlink":
            claims.registration_unlink(registration=registration, user=request.user, reason=reason)
            messages.success(request, _("The account was unlinked; the player has a new claim code."))
        else:
            username = request.POST.get("username", "")[:150]
            claims.registration_link(registration=registration, username=username, user=request.user, reason=reason)
            messages.success(request, _("The account was linked."))
    return redirect("manage_registration", slug=tournament.slug, pk=registration.pk)


@require_POST
@tournament_page(ORGANIZER)
def registration_merge(request, tournament, roles, pk):
    """Merge another registration of the same person into this one."""
    registration = _registration(tournament, pk)
    other_pk = int_param(request.POST.get("other"))
    other = tournament.registrations.filter(pk=other_pk).first() if other_pk is not None else None
    with refusal_as_message(request):
        if other is None:
            raise ValidationError(_("Choose the registration to merge into this one."))
        registration_services.registration_merge(
            keep=registration, drop=other, user=request.user, reason=_reason(request)
        )
        messages.success(
            request,
            _("%(other)s was merged into %(player)s.")
            % {"other": other.spoken_name, "player": registration.spoken_name},
        )
    return redirect("manage_registration", slug=tournament.slug, pk=registration.pk)


@require_POST
@tournament_page(ORGANIZER)
def registration_delete(request, tournament, roles, pk):
    """Delete a registration made by mistake (one without games)."""
    registration = _registration(tournament, pk)
    with refusal_as_message(request) as outcome:
        registration_services.registration_delete(registration=registration, user=request.user, reason=_reason(request))
        messages.success(request, _("%(player)s was deleted.") % {"player": registration.spoken_name})
    if outcome.refused:
        return redirect("manage_registration", slug=tournament.slug, pk=registration.pk)
    return redirect("manage_registrations", slug=tournament.slug)


@tournament_page(ORGANIZER)
def player_add(request, tournament, roles):
    """A late entry: the organizer types the player in; confirmed at once.

    A likely duplicate (same name with the same club or rank) is shown
    first; the organizer enters the player anyway by ticking the box.
    """
    duplicates = []
    egd_context = {}
    if request.method == "POST":
        form = PlayerForm(request.POST, id_kinds=ratings.id_kinds(tournament))
        if form.is_valid():
            data = {k: form.cleaned_data[k] for k in PLAYER_FIELDS if k in form.cleaned_data}
            candidate = Registration(pk=0, tournament=tournament, **data)
            duplicates = [
                d.second if d.first is candidate else d.first
                for d in duplicate_pairs([candidate, *tournament.registrations.all()])
                if candidate in (d.first, d.second)
            ]
            if data.get("egd_pin") and tournament.registrations.filter(egd_pin=data["egd_pin"]).exists():
                form.add_error("egd_pin", _("A player with this EGD PIN is registered already."))
            elif duplicates and not request.POST.get("enter_anyway"):
                form.add_error(
                    None,
                    _(
                        "This player may be registered already (see below). Tick “enter anyway” "
                        "if it is another person."
                    ),
                )
            else:
                try:
                    reg = player_enter_late(tournament=tournament, data=data, user=request.user)
                except ValidationError as exc:
                    each_on_top(form, exc)
                else:
                    messages.success(request, _("%(player)s entered and confirmed.") % {"player": reg.spoken_name})
                    return redirect("manage_registrations", slug=tournament.slug)
    else:
        partial, egd_context, from_list = ratings.lookup(request, tournament)
        if partial is not None:
            return partial  # htmx asked for the search results alone
        form = PlayerForm(initial=from_list, id_kinds=egd_context["id_kinds"])
    return render(
        request,
        "tournament/manage/player_add.html",
        {"tournament": tournament, "roles": roles, "form": form, "duplicates": duplicates, **egd_context},
    )


def import_players(request, tournament, form, service):
    """An all-or-nothing import of the players in ``form``'s file by ``service`` (CSV or OpenGotha).

    Returns ``(response, [])``, the players page with likely duplicates
    warned about, or ``(None, problems)`` with the file's problems (one a
    line, also counted on the form's file field).
    """
    try:
        registrations = service(
            tournament=tournament,
            data=form.cleaned_data["file"],
            user=request.user,
            confirmed=form.cleaned_data["confirmed"],
        )
    except PlayerImportError as exc:
        form.add_error(
            "file", _("Nothing was imported: the file has %(n)s problem(s), listed below.") % {"n": len(exc.messages)}
        )
        return None, exc.messages
    messages.success(request, _("%(n)s players imported.") % {"n": len(registrations)})
    _warn_duplicates(request, duplicates_of(tournament, registrations))
    return redirect("manage_registrations", slug=tournament.slug), []


@tournament_page(ORGANIZER)
def players_import(request, tournament, roles):
    """A player list from a CSV file: every line registered, or none and the errors by line."""
    problems: list[str] = []
    if request.method == "POST":
        form = PlayerImportForm(request.POST, request.FILES)
        if form.is_valid():
            done, problems = import_players(request, tournament, form, players_import_csv)
            if done is not None:
                return done
    else:
        form = PlayerImportForm()
    return render(
        request,
        "tournament/manage/players_import.html",
        {"tournament": tournament, "roles": roles, "form": form, "problems": problems},
        status=422 if problems else 200,
    )


#: Welcome slips in one download (a few seconds of work: 250 sheets); more come in parts of this many.
SLIPS_PER_FILE = 2000


def unclaimed_registrations(tournament):
    """The registrations that get a welcome slip: no account, not withdrawn (printed in the order of
    their names: :func:`tournament.collation.sorted_by_name`)."""
    return tournament.registrations.filter(user__isnull=True).exclude(status=Registration.Status.WITHDRAWN)


def welcome_parts(count: int) -> list[tuple[int, int, int]]:
    """``(part, first, last)`` for each download of ``count`` welcome slips: one part up to
    ``SLIPS_PER_FILE`` slips, more beyond (``?part=n``), numbered as the players are listed."""
    return [
        (n + 1, start + 1, min(count, start + SLIPS_PER_FILE))
        for n, start in enumerate(range(0, count, SLIPS_PER_FILE))
    ]


@chosen_language
@tournament_page(ORGANIZER)
def welcome_slips(request, tournament, roles):
    """Eight slips to an A4 sheet, one per player without an account: the claim code, a QR code and the
    link (PDF); at most ``SLIPS_PER_FILE`` slips a download (``?part=n``), or one player's (``?player=``)."""
    regs = unclaimed_registrations(tournament)
    one = int_param(request.GET.get("player"))
    if one is not None:
        regs = regs.filter(pk=one)
    parts = welcome_parts(regs.count())
    part = int_param(request.GET.get("part"))
    if part is None and len(parts) > 1:
        messages.warning(
            request,
            _(
                "%(count)s players have no account yet: their welcome slips come in parts of %(size)s, "
                "each with its own link below."
            )
            % {"count": parts[-1][2], "size": SLIPS_PER_FILE},
        )
        return redirect("manage_registrations", slug=tournament.slug)
    part = part or 1
    if part > max(1, len(parts)):
        raise Http404("no such part")
    regs = sorted_by_name(regs)[(part - 1) * SLIPS_PER_FILE : part * SLIPS_PER_FILE]
    for reg in regs:
        if not reg.claim_code:  # its account was deleted: a new code
            reg.save(update_fields=["updated_at"])
    base_url = site_url(request)
    claim_page = site_url(request, reverse("claim"))
    when = " – ".join(
        dict.fromkeys(date_format(d, "DATE_FORMAT") for d in (tournament.start_date, tournament.end_date))
    )
    when = f"{when} · {tournament.place}" if tournament.place else when
    slips = [
        WelcomeSlip(
            tournament=tournament.name,
            when=when,
            name=reg.spoken_name,
            details=" · ".join(
                x for x in (reg.rank_display, reg.club, reg.country, f"EGD {reg.egd_pin}" if reg.egd_pin else "") if x
            ),
            code=reg.claim_code_display,
            url=claims.claim_url(reg, base_url),
            claim_page=claim_page,
        )
        for reg in regs
    ]
    name = f"{tournament.slug}-welcome-{part}.pdf" if len(parts) > 1 else f"{tournament.slug}-welcome.pdf"
    return file_response(welcome_slips_pdf(tournament.name, slips), "application/pdf", name)


@require_POST
@tournament_page(ORGANIZER)
def invitations(request, tournament, roles):
    """E-mail every player without an account who has an e-mail address their claim link."""
    sent = claims.invitations_send(
        tournament=tournament,
        base_url=site_url(request),
        user=request.user,
        language=get_language(),
        again=bool(request.POST.get("again")),
    )
    messages.success(request, _("%(n)s invitations sent.") % {"n": sent})
    return redirect("manage_registrations", slug=tournament.slug)
