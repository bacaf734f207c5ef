"""Forms of the teams page of a team tournament: a team's name, a member to add, a round's line-up."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament import limits


class TeamNameForm(forms.Form):
    name = forms.CharField(label=_("Team name"), max_length=limits.TEAM_NAME_LENGTH)


class MemberAddForm(forms.Form):
    """A player of the tournament without a team (``players``: those offered)."""

    player = forms.TypedChoiceField(label=_("Player"), coerce=int)

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.players = {p.pk: p for p in players}
        self.fields["player"].choices = [("", "—")] + [(p.pk, p.display_name) for p in players]

    def clean_player(self):
        return self.players[self.cleaned_data["player"]]


class LineUpForm(forms.Form):
    """A member for each board (``members``: the team's, strongest first; ``initial``: the line-up shown)."""

    def __init__(self, *args, members=(), boards: int = 0, **kwargs):
        super().__init__(*args, **kwargs)
        self.members = {p.pk: p for p in members}
        choices = [("", "—")] + [(p.pk, f"{p.display_name} ({p.rank_display})") for p in members]
        for board in range(1, boards + 1):
            self.fields[f"board_{board}"] = forms.TypedChoiceField(
                label=_("Board %(board)s") % {"board": board}, choices=choices, coerce=int
            )

    def players(self) -> list:
        """The members chosen, board 1 first."""
        return [self.members[self.cleaned_data[name]] for name in self.fields]
