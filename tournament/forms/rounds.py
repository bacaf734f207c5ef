"""Forms for creating and editing rounds."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.collation import sorted_by_name
from tournament.limits import MAX_ID, MAX_ROUND, MAX_TABLE
from tournament.models import Discipline, Registration

from .inputs import Options, OptionsSelect


class RoundCreateForm(forms.Form):
    discipline = forms.ModelChoiceField(label=_("Discipline"), queryset=Discipline.objects.none())
    number = forms.IntegerField(
        label=_("Number"), min_value=1, max_value=MAX_ROUND, required=False, help_text=_("Empty: the next number.")
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["discipline"].queryset = tournament.disciplines.all()


def player_choices(tournament, players=None) -> list[tuple[int, str]]:
    """The players to choose from (``players``, else the tournament's registrations), as the choices
    show them (by name): one query for all the forms of a page, none when ``players`` are given."""
    if players is None:
        players = Registration.objects.filter(tournament=tournament).only("pk", "surname", "given_name")
    ordered = sorted_by_name(players)
    return [(p.pk, str(p)) for p in ordered]


def player_options(choices: list[tuple[int, str]]) -> Options:
    """:func:`player_choices` as a select shows them, after its empty choice; selects given the same
    :class:`Options` make their HTML once."""
    return Options([("", "---------"), *choices])


def _offer(field: forms.ModelChoiceField, options: Options) -> None:
    """Show ``options`` in ``field``'s select; the field still checks what is posted against its queryset."""
    field.widget = OptionsSelect(options, attrs=field.widget.attrs)


class PlayerPairForm(forms.Form):
    """Two players of the tournament: to swap, to pair by hand, or to keep apart.

    ``players`` narrows the choice (e.g. to the players of the round); the
    tournament's registrations are the most it may hold. ``choices`` (from
    :func:`player_choices` or :func:`player_options`) are what an unbound form
    shows.
    """

    player_a = forms.ModelChoiceField(label=_("Player"), queryset=Registration.objects.none())
    player_b = forms.ModelChoiceField(label=_("Player"), queryset=Registration.objects.none())
    reason = forms.CharField(label=_("Reason"), required=False, max_length=200)

    def __init__(self, *args, tournament, players=None, reason=True, choices=None, **kwargs):
        super().__init__(*args, **kwargs)
        queryset = tournament.registrations.all()
        if players is not None:
            queryset = queryset.filter(pk__in=[p.pk for p in players])
        if not isinstance(choices, Options):
            choices = player_options(choices if choices is not None else player_choices(tournament, players))
        for name in ("player_a", "player_b"):
            self.fields[name].queryset = queryset  # what may be posted; shown by name (player_choices)
            _offer(self.fields[name], choices)
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
        queryset = tournament.registrations.all()
        if players is not None:
            queryset = queryset.filter(pk__in=[p.pk for p in players])
        self.fields["player"].queryset = queryset  # what may be posted; shown by name (player_choices)
        _offer(self.fields["player"], player_options(player_choices(tournament, players)))
