"""Forms for files of other programs: a MacMahon tournament, a rating list (EGD, FFG, AGA)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models.rating import RatingKind

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
    kind = forms.ChoiceField(
        label=_("Kind of list"), choices=RatingKind.choices, initial=RatingKind.EGD, required=False
    )
    file = forms.FileField(
        label=_("Rating list"),
        help_text=_(
            "As the federation publishes it: the EGD's allworld_lp.html (or its zip), the FFG's échelle "
            "ech_ffg_V3.txt, the AGA's TDListA.txt."
        ),
    )

    def clean_kind(self):
        return self.cleaned_data.get("kind") or RatingKind.EGD  # the form before there were kinds: the EGD's

    def clean_file(self):
        return _read(self.cleaned_data["file"], MAX_RATING_LIST)


class RatingKindsForm(forms.Form):
    """Which kinds of list a tournament's registration looks players up in, and which first."""

    first = forms.ChoiceField(label=_("Look players up first in"), choices=RatingKind.choices)
    also = forms.MultipleChoiceField(
        label=_("and then also in"), choices=RatingKind.choices, required=False, widget=forms.CheckboxSelectMultiple
    )

    @classmethod
    def for_kinds(cls, kinds: list[str]) -> RatingKindsForm:
        return cls(initial={"first": kinds[0] if kinds else RatingKind.EGD, "also": kinds[1:]})

    def kinds(self) -> list[str]:
        """The kinds in order: the first, then the others as :class:`RatingKind` lists them."""
        first = self.cleaned_data["first"]
        return [first] + [k for k in RatingKind.values if k in self.cleaned_data["also"] and k != first]
