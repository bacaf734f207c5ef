"""Forms of the staff page: a role for an account, an invitation by link."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import TournamentRole


class RoleAddForm(forms.Form):
    username = forms.CharField(
        label=_("User name"),
        max_length=150,
        widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "off"}),
    )
    role = forms.ChoiceField(label=_("Role"), choices=TournamentRole.Role.choices, initial=TournamentRole.Role.REFEREE)


class InviteForm(forms.Form):
    email = forms.EmailField(
        label=_("E-mail"), required=False, help_text=_("The link is sent there. Empty: you pass the link on yourself.")
    )
    role = forms.ChoiceField(label=_("Role"), choices=TournamentRole.Role.choices, initial=TournamentRole.Role.REFEREE)
