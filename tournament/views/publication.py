"""The dashboard's buttons for publishing the tournament on the web (:mod:`tournament.services.publication`)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament.services import publication as services

from .access import ORGANIZER, tournament_page
from .actions import refusal_as_message

ACTIONS = {
    "start": (
        services.publication_start,
        gettext_lazy("Publishing is on: the pages are written within a minute, and again after every change."),
    ),
    "now": (services.publication_request, gettext_lazy("The pages are published again within a few seconds.")),
    "stop": (services.publication_stop, gettext_lazy("Publishing is off. What was published stays where it is.")),
}


@require_POST
@tournament_page(ORGANIZER)
def publication_action(request, tournament, roles):
    with refusal_as_message(request):
        service, done = ACTIONS.get(request.POST.get("action", ""), (None, ""))
        if service is None:
            raise ValidationError(_("Unknown action."))
        service(tournament=tournament, user=request.user)
        messages.success(request, str(done))
    return redirect("manage", slug=tournament.slug)
