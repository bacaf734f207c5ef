"""A tournament made on the site: create it (or bring it from an OpenGotha file), and its settings page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournament.forms.tournaments import TournamentCreateForm, TournamentSettingsForm, time_control_reading
from tournament.forms.uploads import OpenGothaUploadForm
from tournament.models import Tournament
from tournament.permissions import may_create_tournament
from tournament.selectors.setup import locked_settings, pairing_started
from tournament.services.tournaments import (
    StaleSettings,
    tournament_create,
    tournament_import_opengotha,
    tournament_update_settings,
)

from .access import ORGANIZER, tournament_page
from .form_errors import add_errors


def _refused(request):
    return render(request, "tournament/setup/not_approved.html", status=403)


#: A second tournament of the same name by the same user this soon is the first one's double click.
SAME_CREATE_SECONDS = 60


def _double_click(request, form) -> Tournament | None:
    """The tournament this user created a moment ago with the same name (the form sent twice)."""
    from datetime import timedelta

    from django.utils import timezone

    return (
        Tournament.objects.filter(
            name=(form.cleaned_data.get("name") or "").strip(),
            roles__user=request.user,
            roles__role=ORGANIZER,
            created_at__gte=timezone.now() - timedelta(seconds=SAME_CREATE_SECONDS),
        )
        .order_by("-created_at")
        .first()
    )


@login_required
def tournament_new(request):
    """A new tournament: name, days, place, time zone, pairing system; the creator is its organizer."""
    if not may_create_tournament(request.user):
        return _refused(request)
    if request.method == "POST":
        form = TournamentCreateForm(request.POST)
        if form.is_valid():
            again = _double_click(request, form)
            if again is not None:
                return redirect("manage_programme", slug=again.slug)
            try:
                tournament = tournament_create(user=request.user, data=form.cleaned_data)
            except ValidationError as exc:
                add_errors(form, exc)
            except PermissionDenied:
                return _refused(request)
            else:
                messages.success(
                    request,
                    _("%(name)s is created, and you are its organizer. Next: its disciplines and rounds.")
                    % {"name": tournament.name},
                )
                return redirect("manage_programme", slug=tournament.slug)
    else:
        form = TournamentCreateForm()
    return render(request, "tournament/setup/new.html", {"form": form, "upload": OpenGothaUploadForm()})


@login_required
def tournament_new_opengotha(request):
    """A whole tournament from an OpenGotha file; the uploader is its organizer."""
    if not may_create_tournament(request.user):
        return _refused(request)
    if request.method == "POST":
        upload = OpenGothaUploadForm(request.POST, request.FILES)
        if upload.is_valid():
            try:
                tournament = tournament_import_opengotha(
                    data=upload.cleaned_data["file"], slug=upload.cleaned_data.get("slug") or "", user=request.user
                )
            except ValidationError as exc:
                add_errors(upload, exc, field="file")
            except PermissionDenied:
                return _refused(request)
            else:
                messages.success(
                    request,
                    _("%(name)s was imported: %(players)s players, %(rounds)s rounds.")
                    % {
                        "name": tournament.name,
                        "players": tournament.registrations.count(),
                        "rounds": tournament.rounds.count(),
                    },
                )
                return redirect("manage", slug=tournament.slug)
    else:
        upload = OpenGothaUploadForm()
    return render(
        request,
        "tournament/setup/new.html",
        {"form": TournamentCreateForm(), "upload": upload},
        status=422 if upload.is_bound else 200,
    )


@tournament_page(ORGANIZER)
def settings_page(request, tournament, roles):
    locked = locked_settings(tournament)
    if request.method == "POST":
        # the form works on its own copy; the service compares with the row as it is in the database
        form = TournamentSettingsForm(request.POST, instance=Tournament.objects.get(pk=tournament.pk), locked=locked)
        if form.is_valid():
            try:
                changed = tournament_update_settings(
                    tournament=tournament,
                    data=form.changes(),
                    user=request.user,
                    reason=form.cleaned_data["reason"],
                    version=form.cleaned_data.get("version") or None,
                )
            except StaleSettings as exc:
                messages.error(request, exc.messages[0])
                return redirect("manage_settings", slug=tournament.slug)
            except ValidationError as exc:
                add_errors(form, exc)
            else:
                if changed:
                    messages.success(request, _("Settings saved."))
                else:
                    messages.info(request, _("Nothing was changed."))
                return redirect("manage_settings", slug=tournament.slug)
    else:
        form = TournamentSettingsForm(instance=Tournament.objects.get(pk=tournament.pk), locked=locked)
    return render(
        request,
        "tournament/setup/settings.html",
        {
            "tournament": tournament,
            "roles": roles,
            "form": form,
            "locked": bool(locked),
            "started": pairing_started(tournament),
            "time_reading": time_control_reading(tournament.time_control),
        },
        status=200 if not form.is_bound else 422,
    )
