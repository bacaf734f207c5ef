"""Forms of the programme: a discipline (fitted to its kind's engine) and a round."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.registry import Variant
from tournament.limits import MAX_KOMI, MAX_ROUND, MIN_KOMI
from tournament.local_time import at_tournament, local_time
from tournament.models import Discipline
from tournament.models.discipline import DisciplineKind, handicap_policies
from tournament.models.tournament import KNOCKOUT_CHOICE, ROUND_PAIRING_SYSTEMS, PairingSystem
from tournament.variants import board_sizes, variant_for

#: Longest text of rule adjustments taken.
MAX_OPTIONS_TEXT = 2000


def _option_value(text: str):
    low = text.strip().lower()
    if low in ("true", "yes", "ja", "on"):
        return True
    if low in ("false", "no", "nein", "off"):
        return False
    if low in ("none", "null", "-", ""):
        return None
    try:
        return int(low) if len(low) <= 6 else text.strip()
    except ValueError:
        return text.strip().strip("\"'")


def parse_rule_options(text: str) -> dict:
    """``double_three = both`` lines (or a JSON object) as a dict; ``ValidationError`` if unreadable."""
    text = (text or "").strip()
    if not text:
        return {}
    if len(text) > MAX_OPTIONS_TEXT or "\x00" in text:
        raise forms.ValidationError(_("Too long; give one adjustment a line."), code="too-long")
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except ValueError:
            raise forms.ValidationError(_("This is not a JSON object."), code="json") from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_("This is not a JSON object."), code="json")
        return value
    options = {}
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.strip().startswith("#"):
            continue
        for sep in ("=", ":"):
            if sep in line:
                name, value = line.split(sep, 1)
                break
        else:
            raise forms.ValidationError(
                _("Line %(n)s: write the option as name = value, e.g. double_three = both.") % {"n": n},
                code="line",
            )
        options[name.strip()] = _option_value(value)
    return options


def format_rule_options(options) -> str:
    if not isinstance(options, dict):
        return ""
    return "\n".join(
        f"{k} = {'none' if v is None else str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items()
    )


def _komi(variant: Variant) -> Decimal:
    """The komi a new discipline of the game starts with: the game's usual one, else none."""
    return Decimal(str(float(variant.default_komi or 0)))


class RuleOptionsField(forms.CharField):
    widget = forms.Textarea(attrs={"rows": 3, "spellcheck": "false", "autocapitalize": "off"})

    def to_python(self, value):
        return parse_rule_options(super().to_python(value))

    def prepare_value(self, value):
        return format_rule_options(value) if isinstance(value, dict) else value


class DisciplineForm(forms.Form):
    """A discipline of ``kind``: sizes, rule sets and handicap policies are those its engine supports."""

    name = forms.CharField(label=_("Name"), max_length=100)
    board_size = forms.TypedChoiceField(label=_("Board size"), coerce=int)
    rule_set = forms.ChoiceField(label=_("Rule set"))
    rule_options = RuleOptionsField(label=_("Rule adjustments"), required=False)
    komi = forms.DecimalField(
        label=_("Komi"),
        max_digits=4,
        decimal_places=1,
        min_value=MIN_KOMI,
        max_value=MAX_KOMI,
        widget=forms.NumberInput(attrs={"step": "0.5"}),
    )
    handicap_policy = forms.ChoiceField(label=_("Handicap"))
    record_required = forms.BooleanField(label=_("Players submit the game record with the result"), required=False)
    position = forms.IntegerField(
        label=_("Order"),
        min_value=0,
        max_value=99,
        required=False,
        help_text=_("Where the discipline stands in lists; empty: last."),
    )

    def __init__(self, *args, kind: str, instance: Discipline | None = None, fixed_reason: str = "", **kwargs):
        self.kind = kind
        self.instance = instance
        variant = variant_for(kind)
        policies = handicap_policies(kind)
        if instance is not None and not kwargs.get("initial"):
            kwargs["initial"] = {
                "name": instance.name,
                "board_size": instance.board_size,
                "rule_set": instance.rule_set,
                "rule_options": instance.rule_options,
                "komi": instance.komi,
                "handicap_policy": instance.handicap_policy,
                "record_required": instance.record_required,
                "position": instance.position,
            }
            if instance.kind != kind:  # changing the kind: the new kind's defaults for what depends on it
                kwargs["initial"].update(
                    board_size=variant.default_size,
                    rule_set="",
                    rule_options={},
                    handicap_policy=policies[0],
                    komi=_komi(variant),
                )
        elif instance is None and not kwargs.get("initial"):
            kwargs["initial"] = {
                "name": DisciplineKind(kind).label,
                "board_size": variant.default_size,
                "komi": _komi(variant),
                "handicap_policy": policies[0],
                "record_required": variant.validated and variant.record_by_default,
            }
        super().__init__(*args, **kwargs)
        self.fields["board_size"].choices = [(s, f"{s}×{s}") for s in board_sizes(kind)]
        if variant.rule_sets:
            self.fields["rule_set"].choices = [(r, r) for r in variant.rule_sets]
            self.fields["rule_set"].help_text = _("The rule sets the %(kind)s validator knows.") % {
                "kind": DisciplineKind(kind).label
            }
        else:
            del self.fields["rule_set"]
        if variant.rule_options:
            rule_set = self.initial.get("rule_set") or variant.rule_sets[0]
            preset = variant.preset_options(rule_set)
            self.fields["rule_options"].help_text = _(
                "Changes to the rule set, one a line, e.g. “double_three = both”. The options and their values "
                "in the %(preset)s rule set: %(options)s."
            ) % {
                "preset": rule_set,
                "options": "; ".join(
                    f"{k} = {format_rule_options({k: v}).split(' = ', 1)[1]}" for k, v in preset.items()
                ),
            }
        else:
            del self.fields["rule_options"]
        if len(policies) > 1:
            self.fields["handicap_policy"].choices = [(p.value, p.label) for p in policies]
        else:
            del self.fields["handicap_policy"]
        if not variant.has_komi:
            del self.fields["komi"]
        elif variant.default_komi is not None:
            self.fields["komi"].help_text = _("Points for White in an even game; the engine's usual: %(komi)s.") % {
                "komi": float(variant.default_komi)
            }
        if not variant.validated:
            del self.fields["record_required"]
        if fixed_reason:
            for name in ("board_size", "rule_set", "rule_options"):
                if name in self.fields:
                    self.fields[name].disabled = True
                    self.fields[name].help_text = fixed_reason

    def clean_komi(self):
        komi = self.cleaned_data["komi"]
        if komi is not None and (komi * 2) % 1:
            raise forms.ValidationError(_("Komi goes in half points, e.g. 6.5 or 7."), code="half")
        return komi

    def data_for_service(self) -> dict:
        data = {"kind": self.kind, **{k: v for k, v in self.cleaned_data.items() if k in self.fields}}
        data.setdefault("rule_set", "")
        data.setdefault("rule_options", {})
        data.setdefault("handicap_policy", handicap_policies(self.kind)[0].value)
        data.setdefault("komi", Decimal("0"))
        data.setdefault("record_required", False)
        if data.get("position") is None:
            data.pop("position", None)
        return data


class LocalDateTimeField(forms.DateTimeField):
    """A date and time typed in the tournament's time zone (``<input type=datetime-local>``)."""

    FORMAT = "%Y-%m-%dT%H:%M"

    def __init__(self, *, tournament, **kwargs):
        self.tournament = tournament
        kwargs.setdefault("widget", forms.DateTimeInput(attrs={"type": "datetime-local"}, format=self.FORMAT))
        kwargs.setdefault("input_formats", [self.FORMAT, "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"])
        super().__init__(**kwargs)

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, dt.datetime):
            return value
        text = str(value).strip()
        for fmt in self.input_formats:
            try:
                naive = dt.datetime.strptime(text, fmt)
            except ValueError:
                continue
            return at_tournament(naive, self.tournament)
        raise forms.ValidationError(self.error_messages["invalid"], code="invalid")

    def prepare_value(self, value):
        if isinstance(value, dt.datetime) and timezone.is_aware(value):
            return local_time(value, self.tournament).strftime(self.FORMAT)
        return value


class RoundForm(forms.Form):
    discipline = forms.ModelChoiceField(label=_("Discipline"), queryset=Discipline.objects.none())
    number = forms.IntegerField(
        label=_("Number"), min_value=1, max_value=MAX_ROUND, required=False, help_text=_("Empty: the next number.")
    )
    starts_at = forms.DateTimeField(label=_("Starts at"), required=False)
    pairing_system = forms.ChoiceField(label=_("Pairing system"), required=False)
    last_seen = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, tournament, round=None, **kwargs):
        if round is not None and not kwargs.get("initial"):
            kwargs["initial"] = {
                "discipline": round.discipline_id,
                "starts_at": round.starts_at,
                "pairing_system": round.pairing_system,
            }
        super().__init__(*args, **kwargs)
        self.fields["discipline"].queryset = tournament.disciplines.order_by("position", "name", "pk")
        self.fields["starts_at"] = LocalDateTimeField(
            tournament=tournament,
            label=_("Starts at"),
            required=False,
            help_text=_("In the tournament's time zone (%(zone)s).") % {"zone": tournament.time_zone},
        )
        default = PairingSystem(tournament.pairing_system).label
        self.fields["pairing_system"].choices = [
            ("", _("the tournament's (%(system)s)") % {"system": default}),
            *ROUND_PAIRING_SYSTEMS,
        ]
        if round is not None and round.is_knockout:  # shown as it is, never chosen by hand
            self.fields["pairing_system"].choices.append(KNOCKOUT_CHOICE)
        if round is not None:
            del self.fields["number"]
            del self.fields["last_seen"]
            if round.status != round.Status.PLANNED:
                for name in ("discipline", "pairing_system"):
                    self.fields[name].disabled = True
                    self.fields[name].help_text = _("Fixed: the round is %(status)s.") % {
                        "status": round.get_status_display()
                    }
        elif not self.is_bound:
            last = tournament.rounds.order_by("-number").first()
            self.initial["last_seen"] = last.number if last else 0
            self.initial.setdefault("discipline", self._next_discipline(last))

    def _next_discipline(self, last):
        """The discipline after the last round's in the list (the programme usually goes through them in order)."""
        disciplines = list(self.fields["discipline"].queryset.values_list("pk", flat=True))
        if not disciplines:
            return None
        if last is None or last.discipline_id not in disciplines:
            return disciplines[0]
        return disciplines[(disciplines.index(last.discipline_id) + 1) % len(disciplines)]
