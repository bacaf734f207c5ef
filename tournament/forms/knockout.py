"""The form of a knockout stage: how many go on (from the whole table or from each group) and its rules."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Knockout
from tournament.pairing.knockout import MAX_SEEDS, MIN_SEEDS


class KnockoutForm(forms.Form):
    source = forms.ChoiceField(
        label=_("Who goes on"),
        choices=[("table", _("The top of the standings")), ("groups", _("The top of each group"))],
        initial="table",
    )
    size = forms.IntegerField(
        label=_("Players"),
        min_value=MIN_SEEDS,
        max_value=MAX_SEEDS,
        initial=8,
        help_text=_("From the standings: byes for the top seeds when it is not 2, 4, 8, 16…"),
    )
    per_group = forms.IntegerField(label=_("Players from each group"), min_value=1, max_value=MAX_SEEDS, initial=2)
    third_place = forms.BooleanField(label=_("A game for third place"), required=False, initial=True)
    draw_rule = forms.ChoiceField(label=_("After a game without a winner"), choices=Knockout.Rule.choices)
    colours = forms.ChoiceField(label=_("Colours and handicap"), choices=Knockout.Colours.choices)


class KnockoutRuleForm(forms.Form):
    draw_rule = forms.ChoiceField(label=_("After a game without a winner"), choices=Knockout.Rule.choices)
    reason = forms.CharField(label=_("Reason"), required=False, max_length=200)


class GroupsForm(forms.Form):
    count = forms.IntegerField(label=_("Groups"), min_value=1, max_value=MAX_SEEDS, initial=4)
