"""Bringing a tournament kept with another program into the site: a MacMahon 3.9 file.

Open to every logged-in user: the new tournament's organizer is whoever
uploads it. (OpenGotha files come in with ``manage.py import_opengotha``;
their upload will join this page.)
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournament.forms.imports import MacMahonImportForm
from tournament.services.macmahon import MacMahonFormatError, import_macmahon


@login_required
def macmahon(request):
    problems: list[str] = []
    if request.method == "POST":
        form = MacMahonImportForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                tournament = import_macmahon(
                    form.cleaned_data["file"], slug=form.cleaned_data["slug"] or None, user=request.user
                )
            except MacMahonFormatError as exc:
                problems = exc.messages
                form.add_error(
                    "file",
                    _("Nothing was imported: the file has %(n)s problem(s), listed below.") % {"n": len(problems)},
                )
            except ValidationError as exc:
                for message in exc.messages:
                    form.add_error(None, message)
            else:
                messages.success(
                    request,
                    _(
                        "%(name)s was imported; you are its organizer. Check the dates, the "
                        "place and the komi in its settings."
                    )
                    % {"name": tournament.name},
                )
                return redirect("manage", slug=tournament.slug)
    else:
        form = MacMahonImportForm()
    return render(
        request,
        "tournament/import_macmahon.html",
        {"form": form, "problems": problems},
        status=422 if problems else 200,
    )
