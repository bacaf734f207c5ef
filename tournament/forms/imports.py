"""Forms for files of other programs: a MacMahon tournament, the EGD rating list."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

#: Largest MacMahon file accepted (a tournament of 500 players and 10 rounds is about 1 MB).
MAX_MACMAHON = 4 * 1024 * 1024
#: Largest rating list accepted (the EGD's whole list is about 10 MB, 2 MB zipped).
MAX_RATING_LIST = 40 * 1024 * 1024


def _read(upload, limit: int) -> bytes:
    if upload.size > limit:
        raise forms.ValidationError(
            _("The file is too large (%(size)s KB); at most %(max)s KB are accepted.")
            % {"size": (upload.size + 1023) // 1024, "max": limit // 1024}
        )
    return upload.read()


class MacMahonImportForm(forms.Form):
    file = forms.FileField(label=_("MacMahon tournament file (.xml)"))
    slug = forms.SlugField(
        label=_("Short name"),
        required=False,
        max_length=60,
        help_text=_("For the address /t/<short name>/; empty: made from the tournament's name."),
    )

    def clean_file(self):
        return _read(self.cleaned_data["file"], MAX_MACMAHON)


class RatingListForm(forms.Form):
    file = forms.FileField(
        label=_("EGD rating list"),
        help_text=_("The EGD's all-world list as it is published: allworld_lp.html, or the zip file holding it."),
    )

    def clean_file(self):
        return _read(self.cleaned_data["file"], MAX_RATING_LIST)
