"""Forms for self-registration, late entries and a player's participation."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.utils.translation import gettext_lazy as _

from tournament.files.rating_list import ID_FIELDS
from tournament.forms.inputs import CountryInCapitals, CountryInput
from tournament.models import Registration
from tournament.models.registration import PLAYER_FIELDS
from tournament.selectors.accounts import clean_new_username

#: Fields of a player's number in a list other than the EGD's, shown where the tournament uses such a list.
OTHER_ID_FIELDS = {kind: name for kind, name in ID_FIELDS.items() if kind != "egd"}


class PlayerForm(CountryInCapitals, forms.ModelForm):
    """The player's data as a tournament keeps it (a registration's own copy), the given name first.

    The FFG licence and the AGA ID are asked for only where the tournament
    uses that kind of rating list (``id_kinds``), or the registration has one.
    """

    field_order = ["given_name", "surname", "given_name_latin", "surname_latin"]

    class Meta:
        model = Registration
        fields = list(PLAYER_FIELDS)
        widgets = {
            "country": CountryInput(),
            "egd_pin": forms.TextInput(attrs={"inputmode": "numeric", "maxlength": 8}),
            "ffg_licence": forms.TextInput(attrs={"maxlength": 7, "autocapitalize": "characters"}),
            "aga_id": forms.TextInput(attrs={"inputmode": "numeric", "maxlength": 8}),
            "rank": forms.TextInput(attrs={"placeholder": "5k", "size": 4}),
        }

    def __init__(self, *args, id_kinds=(), **kwargs):
        super().__init__(*args, **kwargs)
        for kind, name in OTHER_ID_FIELDS.items():
            kept = getattr(self.instance, name, "") or (self.initial or {}).get(name)
            if kind not in id_kinds and not kept:
                del self.fields[name]


class SelfRegistrationForm(PlayerForm):
    """A player registers; without an account, one is made in the same step."""

    username = forms.CharField(label=_("User name"), max_length=150, required=False)
    password = forms.CharField(label=_("Password"), widget=forms.PasswordInput, required=False)

    def __init__(self, *args, needs_account: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.needs_account = needs_account
        if needs_account:
            self.fields["username"].required = True
            self.fields["password"].required = True
            self.fields["email"].required = True
        else:
            del self.fields["username"]
            del self.fields["password"]

    def clean_username(self):
        name = self.cleaned_data.get("username", "")
        return clean_new_username(name) if name else name

    def clean(self):
        data = super().clean()
        if self.needs_account and data.get("password"):
            user = get_user_model()(username=data.get("username", ""), email=data.get("email", ""))
            try:
                password_validation.validate_password(data["password"], user)
            except forms.ValidationError as exc:
                self.add_error("password", exc)
        return data


class RegistrationEditForm(PlayerForm):
    """The organizer's changes to one registration: the player's data, status and rounds not played."""

    status = forms.ChoiceField(label=_("Status"), choices=Registration.Status.choices)
    absent_rounds = forms.TypedMultipleChoiceField(
        label=_("Rounds not played"), coerce=int, required=False, widget=forms.CheckboxSelectMultiple
    )
    reason = forms.CharField(label=_("Reason"), required=False, max_length=200)

    def __init__(self, *args, rounds: list[int], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["absent_rounds"].choices = [(n, str(n)) for n in rounds]
        if self.instance.pk and not self.is_bound:
            self.initial.setdefault("status", self.instance.status)
            self.initial.setdefault("absent_rounds", self.instance.absent_rounds)


class PlayerImportRowForm(forms.Form):
    """One line of a player list (CSV): the player's fields, checked as in the late-entry form."""

    surname = Registration._meta.get_field("surname").formfield()
    given_name = Registration._meta.get_field("given_name").formfield()
    club = Registration._meta.get_field("club").formfield()
    country = Registration._meta.get_field("country").formfield(required=False)
    rank = Registration._meta.get_field("rank").formfield()
    egd_pin = Registration._meta.get_field("egd_pin").formfield()
    email = Registration._meta.get_field("email").formfield()
    rating = Registration._meta.get_field("rating").formfield()  # OpenGotha files have it; CSV lists do not

    def clean_country(self):
        return (self.cleaned_data.get("country") or "DE").upper()

    def clean(self):
        """The model's own checks (EGD PIN of eight digits, country code), each next to its field."""
        data = super().clean()
        for name, value in list(data.items()):
            if value in (None, ""):
                continue
            try:
                Registration._meta.get_field(name).run_validators(value)
            except forms.ValidationError as exc:
                self.add_error(name, exc)
        return data


#: Largest player list accepted (a thousand players need about 80 KB).
MAX_PLAYER_LIST = 512 * 1024


class PlayerImportForm(forms.Form):
    file = forms.FileField(
        label=_("Player list (CSV)"),
        help_text=_(
            "One player a line: surname, given name, club, country, rank, EGD PIN, e-mail "
            "(separated by commas or semicolons; a first line with the column names may set another order)."
        ),
    )
    confirmed = forms.BooleanField(label=_("Confirm the registrations at once"), required=False, initial=True)

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_PLAYER_LIST:
            raise forms.ValidationError(
                _("The file is too large (%(size)s KB); a player list may have at most %(max)s KB.")
                % {"size": (upload.size + 1023) // 1024, "max": MAX_PLAYER_LIST // 1024}
            )
        return upload.read()
