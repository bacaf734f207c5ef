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
    """A member for each board (``members``: the team's, strongest first; ``initial``: the line-up shown),
    a board left empty ("—") as OpenGotha's Teams Manager allows (the service says what it means);
    ``confirm_order``: the director saw the warning of a board order against strength and keeps it."""

    confirm_order = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, members=(), boards: int = 0, order_of_play: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.shape = {"members": members, "boards": boards, "order_of_play": order_of_play}
        self.members = {p.pk: p for p in members}
        self.boards = [f"board_{board}" for board in range(1, boards + 1)]
        choices = [("", "—")] + [(p.pk, f"{p.display_name} ({p.rank_display})") for p in members]
        for board in range(1, boards + 1):
            # Pair Go and Rengo (``order_of_play``): the places are the side's order of play
            label = _("Player %(n)s") if order_of_play else _("Board %(board)s")
            self.fields[f"board_{board}"] = forms.TypedChoiceField(
                label=label % {"board": board, "n": board},
                choices=choices,
                coerce=int,
                required=False,
                empty_value=None,
            )

    def players(self) -> list:
        """The members chosen, board 1 first, ``None`` on a board left empty."""
        return [
            None if self.cleaned_data[name] is None else self.members[self.cleaned_data[name]] for name in self.boards
        ]

    def confirmed(self) -> bool:
        return bool(self.cleaned_data.get("confirm_order"))

    def confirming(self) -> LineUpForm:
        """The same line-up, sent again with the confirmation of its order."""
        data = self.data.copy()
        data["confirm_order"] = "1"
        return LineUpForm(data, **self.shape)
