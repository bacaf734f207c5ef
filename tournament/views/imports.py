"""Bringing a tournament kept with another program into the site: a MacMahon 3.9 file.

Open to every logged-in user: the new tournament's organizer is whoever
uploads it. (OpenGotha files come in with ``manage.py import_opengotha``;
their upload will join this page.)
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournament.forms.imports import MacMahonImportForm
from tournament.services.file_import import PlayerImportError
from tournament.services.macmahon import MacMahonFormatError, import_macmahon

from .form_errors import each_on_top, saved, sent
from .tournaments import to_new_tournament


@login_required
def macmahon(request):
    problems: list[str] = []

    def bring(form):
        try:
            tournament = import_macmahon(
                form.cleaned_data["file"], slug=form.cleaned_data["slug"] or None, user=request.user
            )
        except (MacMahonFormatError, PlayerImportError) as exc:
            problems.extend(exc.messages)
            form.add_error(
                "file", _("Nothing was imported: the file has %(n)s problem(s), listed below.") % {"n": len(problems)}
            )
            return None
        said = _(
            "%(name)s was imported; you are its organizer. Check the dates, the place and the komi in its settings."
        )
        return to_new_tournament(request, tournament, said % {"name": tournament.name})

    form = MacMahonImportForm(*sent(request))
    return saved(form, bring, each_on_top) or render(
        request,
        "tournament/import_macmahon.html",
        {"form": form, "problems": problems},
        status=422 if problems else 200,
    )
