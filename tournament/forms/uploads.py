"""Uploads of OpenGotha files: a whole tournament, or only its players."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

#: Largest OpenGotha file taken (a tournament of a thousand players with ten rounds is about 1 MB).
MAX_OPENGOTHA_FILE = 2 * 1024 * 1024


class OpenGothaFileField(forms.FileField):
    def clean(self, data, initial=None):
        upload = super().clean(data, initial)
        if upload is None:
            return upload
        if upload.size > MAX_OPENGOTHA_FILE:
            raise forms.ValidationError(
                _("The file is too large (%(size)s KB); an OpenGotha file may have at most %(max)s KB.")
                % {"size": (upload.size + 1023) // 1024, "max": MAX_OPENGOTHA_FILE // 1024},
                code="too-large",
            )
        return upload.read()


class OpenGothaUploadForm(forms.Form):
    """A whole OpenGotha tournament (players, rounds, games, results, parameters) as a new tournament."""

    file = OpenGothaFileField(label=_("OpenGotha tournament file (.xml)"))
    slug = forms.SlugField(
        label=_("Short name"), max_length=60, required=False, help_text=_("Empty: the file's short name.")
    )


class OpenGothaPlayersForm(forms.Form):
    """Only the players of an OpenGotha file, into this tournament."""

    file = OpenGothaFileField(
        label=_("OpenGotha file (.xml)"),
        help_text=_("Its players are registered here; its rounds, games and settings are not taken."),
    )
    confirmed = forms.BooleanField(label=_("Confirm the registrations at once"), required=False, initial=True)
