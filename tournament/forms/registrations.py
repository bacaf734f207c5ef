"""Forms for self-registration, late entries and a player's participation."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.utils.translation import gettext_lazy as _

from tournament.models import Player, Registration


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["given_name", "surname", "club", "country", "rank", "egd_pin", "email"]
        widgets = {
            "country": forms.TextInput(attrs={"size": 2, "maxlength": 2, "autocapitalize": "characters"}),
            "egd_pin": forms.TextInput(attrs={"inputmode": "numeric", "maxlength": 8}),
            "rank": forms.TextInput(attrs={"placeholder": "5k", "size": 4}),
        }

    def clean_country(self):
        return (self.cleaned_data.get("country") or "").upper()


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
        if name and get_user_model().objects.filter(username__iexact=name).exists():
            raise forms.ValidationError(_("This user name is taken; log in first if it is yours."))
        return name

    def clean(self):
        data = super().clean()
        if self.needs_account and data.get("password"):
            user = get_user_model()(username=data.get("username", ""), email=data.get("email", ""))
            try:
                password_validation.validate_password(data["password"], user)
            except forms.ValidationError as exc:
                self.add_error("password", exc)
        return data


class AbsentRoundsForm(forms.Form):
    absent_rounds = forms.TypedMultipleChoiceField(
        label=_("Rounds I will miss"),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, rounds: list[int], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["absent_rounds"].choices = [(n, _("Round %(n)s") % {"n": n}) for n in rounds]


class RegistrationEditForm(forms.Form):
    """The organizer's changes to one registration."""

    status = forms.ChoiceField(label=_("Status"), choices=Registration.Status.choices)
    rank = Player._meta.get_field("rank").formfield(label=_("Go rank"))
    absent_rounds = forms.TypedMultipleChoiceField(
        label=_("Rounds not played"), coerce=int, required=False, widget=forms.CheckboxSelectMultiple
    )
    reason = forms.CharField(label=_("Reason"), required=False, max_length=200)

    def __init__(self, *args, rounds: list[int], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["absent_rounds"].choices = [(n, str(n)) for n in rounds]
