"""The form of a tournament's (or a round's) table plan: excluded and reserved tables, the hall plan."""

from __future__ import annotations

from django import forms

from tournament.models import TablePlan


class TablePlanForm(forms.ModelForm):
    """The tournament's plan (with the hall plan) or one round's (``for_round``: without it)."""

    class Meta:
        model = TablePlan
        fields = ["excluded", "reserved", "reserved_use", "halls"]
        widgets = {
            "excluded": forms.TextInput(attrs={"placeholder": "17, 23-24", "autocomplete": "off"}),
            "reserved": forms.TextInput(attrs={"placeholder": "1-4", "autocomplete": "off"}),
            "halls": forms.Textarea(attrs={"rows": 6, "placeholder": "1-40: Hall A, rows of 10\n41-80: Hall B"}),
        }

    def __init__(self, *args, for_round: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if for_round:
            del self.fields["halls"]

    def _post_clean(self):  # the service checks the whole plan (``full_clean``) when it saves
        pass
