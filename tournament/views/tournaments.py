"""A tournament made on the site: create it (or bring it from an OpenGotha file), and its settings page."""

from __future__ import annotations

import functools

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournament.forms.tournaments import (
    TournamentCreateForm,
    TournamentSettingsForm,
    category_reading,
    time_control_reading,
)
from tournament.forms.uploads import OpenGothaUploadForm
from tournament.models import Tournament
from tournament.permissions import may_create_tournament
from tournament.selectors.setup import locked_settings, pairing_started
from tournament.services.opengotha import import_notes, import_opengotha, read_opengotha
from tournament.services.tournaments import StaleSettings, tournament_create, tournament_update_settings

from .access import ORGANIZER, tournament_page
from .form_errors import add_errors, render_form, saved, sent


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


def to_new_tournament(request, tournament, said: str, page: str = "manage"):
    """After a tournament was made (created, or brought from a file): its organizer reads ``said`` on its ``page``."""
    messages.success(request, said)
    return redirect(page, slug=tournament.slug)


@login_required
def tournament_new(request):
    """A new tournament: name, days, place, time zone, pairing system; the creator is its organizer."""
    if not may_create_tournament(request.user):
        return _refused(request)

    def create(form):
        again = _double_click(request, form)
        if again is not None:
            return redirect("manage_programme", slug=again.slug)
        try:
            tournament = tournament_create(user=request.user, data=form.cleaned_data)
        except PermissionDenied:
            return _refused(request)
        said = _("%(name)s is created, and you are its organizer. Next: its disciplines and rounds.")
        return to_new_tournament(request, tournament, said % {"name": tournament.name}, "manage_programme")

    form = TournamentCreateForm(*sent(request))
    return saved(form, create) or render(
        request, "tournament/setup/new.html", {"form": form, "upload": OpenGothaUploadForm()}
    )


@login_required
def tournament_new_opengotha(request):
    """A whole tournament from an OpenGotha file; the uploader is its organizer."""
    if not may_create_tournament(request.user):
        return _refused(request)

    def bring(upload):
        data = upload.cleaned_data
        try:
            read = read_opengotha(data["file"])  # read once: imported, and what the import says about it
            tournament = import_opengotha(read, slug=data.get("slug") or None, user=request.user)
        except PermissionDenied:
            return _refused(request)
        for note in import_notes(read):
            messages.warning(request, note)
        said = _("%(name)s was imported: %(players)s players, %(rounds)s rounds.") % {
            "name": tournament.name,
            "players": tournament.registrations.count(),
            "rounds": tournament.rounds.count(),
        }
        return to_new_tournament(request, tournament, said)

    upload = OpenGothaUploadForm(*sent(request))
    on_file = functools.partial(add_errors, field="file")
    return saved(upload, bring, on_file) or render(
        request,
        "tournament/setup/new.html",
        {"form": TournamentCreateForm(), "upload": upload},
        status=422 if upload.is_bound else 200,
    )


@tournament_page(ORGANIZER)
def settings_page(request, tournament, roles):
    locked = locked_settings(tournament)

    def save(form):
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
        if changed:
            messages.success(request, _("Settings saved."))
        else:
            messages.info(request, _("Nothing was changed."))
        return redirect("manage_settings", slug=tournament.slug)

    # the form works on its own copy; the service compares with the row as it is in the database
    form = TournamentSettingsForm(*sent(request), instance=Tournament.objects.get(pk=tournament.pk), locked=locked)
    return saved(form, save) or render_form(
        request,
        "tournament/setup/settings.html",
        form,
        {
            "tournament": tournament,
            "roles": roles,
            "locked": bool(locked),
            "started": pairing_started(tournament),
            "time_reading": time_control_reading(tournament.time_control),
            "category_reading": category_reading(tournament.category_list),
        },
    )
