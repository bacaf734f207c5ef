"""Forms for creating and editing rounds."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Discipline, Registration


class RoundCreateForm(forms.Form):
    discipline = forms.ModelChoiceField(label=_("Discipline"), queryset=Discipline.objects.none())
    number = forms.IntegerField(label=_("Number"), min_value=1, required=False,
                                help_text=_("Empty: the next number."))

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["discipline"].queryset = tournament.disciplines.all()


class PlayerPairForm(forms.Form):
    """Two players of the tournament: to swap, or to keep apart."""

    player_a = forms.ModelChoiceField(label=_("Player"), queryset=Registration.objects.none())
    player_b = forms.ModelChoiceField(label=_("Player"), queryset=Registration.objects.none())
    reason = forms.CharField(label=_("Reason"), required=False, max_length=200)

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        players = tournament.registrations.order_by("surname", "given_name", "id")
        self.fields["player_a"].queryset = players
        self.fields["player_b"].queryset = players

    def clean(self):
        data = super().clean()
        if data.get("player_a") and data.get("player_a") == data.get("player_b"):
            raise forms.ValidationError(_("Choose two different players."))
        return data


class TableMoveForm(forms.Form):
    """Put one game of the round at another table (the game there takes the old one)."""

    game = forms.IntegerField(widget=forms.HiddenInput)
    table = forms.IntegerField(label=_("New table"), min_value=1)
