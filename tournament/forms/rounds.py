"""Forms for creating and editing rounds."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.limits import MAX_ID, MAX_ROUND, MAX_TABLE
from tournament.models import Discipline, Registration


class RoundCreateForm(forms.Form):
    discipline = forms.ModelChoiceField(label=_("Discipline"), queryset=Discipline.objects.none())
    number = forms.IntegerField(
        label=_("Number"), min_value=1, max_value=MAX_ROUND, required=False, help_text=_("Empty: the next number.")
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["discipline"].queryset = tournament.disciplines.all()


class PlayerPairForm(forms.Form):
    """Two players of the tournament: to swap, to pair by hand, or to keep apart.

    ``players`` narrows the choice (e.g. to the players of the round); the
    tournament's registrations are the most it may hold.
    """

    player_a = forms.ModelChoiceField(label=_("Player"), queryset=Registration.objects.none())
    player_b = forms.ModelChoiceField(label=_("Player"), queryset=Registration.objects.none())
    reason = forms.CharField(label=_("Reason"), required=False, max_length=200)

    def __init__(self, *args, tournament, players=None, reason=True, **kwargs):
        super().__init__(*args, **kwargs)
        choices = tournament.registrations.all()
        if players is not None:
            choices = choices.filter(pk__in=[p.pk for p in players])
        choices = choices.order_by("surname", "given_name", "id")
        self.fields["player_a"].queryset = choices
        self.fields["player_b"].queryset = choices
        if not reason:
            del self.fields["reason"]

    def clean(self):
        data = super().clean()
        if data.get("player_a") and data.get("player_a") == data.get("player_b"):
            raise forms.ValidationError(_("Choose two different players."))
        return data


class TableMoveForm(forms.Form):
    """Put one game of the round at another table (the game there takes the old one)."""

    game = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=MAX_ID)
    table = forms.IntegerField(label=_("New table"), min_value=1, max_value=MAX_TABLE)


class PlayerForm(forms.Form):
    """One player of the round (e.g. to get the bye)."""

    player = forms.ModelChoiceField(label=_("Player"), queryset=Registration.objects.none())

    def __init__(self, *args, tournament, players=None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = tournament.registrations.all()
        if players is not None:
            choices = choices.filter(pk__in=[p.pk for p in players])
        self.fields["player"].queryset = choices.order_by("surname", "given_name", "id")
