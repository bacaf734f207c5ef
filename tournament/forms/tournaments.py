"""Forms of a tournament's creation and settings."""

from __future__ import annotations

from decimal import Decimal
from functools import cache

from django import forms
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext_lazy as _

from tournament.files.egd_time import parse_time_control
from tournament.forms.inputs import CountryInCapitals, CountryInput, DateInput
from tournament.limits import MAX_HANDICAP
from tournament.local_time import is_zone_name, zone_names
from tournament.models import EventKind, Tournament
from tournament.models.tournament import (
    CREATE_FIELDS,
    MAX_CRITERIA,
    SETTINGS_FIELDS,
    SETTINGS_SECTIONS,
    STANDINGS_CRITERIA,
    category_limits_error,
)
from tournament.pairing import categories
from tournament.pairing.criteria import TEAM_TABLE
from tournament.ranks import format_rank
from tournament.selectors.pairing_data import empty_rank_defaults
from tournament.selectors.setup import pairing_started, settings_version

#: Areas of the time zones offered (the others are old aliases such as ``US/Eastern``).
_AREAS = ("Africa", "America", "Antarctica", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific")

#: Examples of time controls the EGD reader understands (shown with the field).
TIME_CONTROL_EXAMPLES = (
    "60 min + 5x30 s",
    "60 min + 15 stones / 5 min",
    "40 min + 20 s Fischer",
    "30 min sudden death",
)

POINTS = [("0", "0"), ("0.5", "½"), ("1", "1")]


def _points_text(value) -> str:
    try:
        return format(Decimal(str(value)).normalize(), "f")
    except (ArithmeticError, ValueError):
        return str(value)


class PointsChoiceField(forms.TypedChoiceField):
    """0, ½ or 1 point (a stored 1.0 is the choice 1)."""

    def __init__(self, **kwargs):
        optional = kwargs.get("required") is False  # then empty means "as the McMahon points"
        choices = ([("", _("as the McMahon points"))] if optional else []) + POINTS
        super().__init__(choices=choices, coerce=Decimal, empty_value=None, **kwargs)

    def to_python(self, value):
        return _points_text(value) if value not in self.empty_values else ""

    def prepare_value(self, value):
        return _points_text(value) if value not in self.empty_values else value


@cache
def time_zone_choices() -> list[tuple[str, str]]:
    zones = sorted(z for z in zone_names() if z.split("/")[0] in _AREAS and "/" in z)
    return [(z, z.replace("_", " ")) for z in ["UTC", *zones]]


class TimeZoneField(forms.ChoiceField):
    def __init__(self, **kwargs):
        super().__init__(choices=time_zone_choices, **kwargs)

    def valid_value(self, value):
        return is_zone_name(value)


class CriteriaWidget(forms.MultiWidget):
    template_name = "tournament/widgets/criteria.html"

    def __init__(self, attrs=None, choices=None):
        choices = [("", "—"), *(STANDINGS_CRITERIA if choices is None else choices)]
        super().__init__([forms.Select(choices=choices) for _n in range(MAX_CRITERIA)], attrs)

    def decompress(self, value):
        value = list(value or [])
        return (value + [""] * MAX_CRITERIA)[:MAX_CRITERIA]


class CriteriaField(forms.MultiValueField):
    """The standings criteria picked from the list, in order: the first decides, the next breaks ties."""

    widget = CriteriaWidget

    def __init__(self, *, choices=None, **kwargs):
        choices = STANDINGS_CRITERIA if choices is None else choices
        fields = [forms.ChoiceField(choices=[("", "—"), *choices], required=False) for _n in range(MAX_CRITERIA)]
        super().__init__(fields=fields, require_all_fields=False, **kwargs)

    def compress(self, data_list):
        return [c for c in (data_list or []) if c]

    def clean(self, value):
        criteria = super().clean(value)
        if not criteria:
            raise forms.ValidationError(_("Choose at least one criterion."), code="required")
        if len(set(criteria)) != len(criteria):
            raise forms.ValidationError(_("Each criterion only once."), code="twice")
        return criteria


def team_criteria_choices() -> list[tuple[str, str]]:
    """OpenGotha's team criteria (its names stored), in OpenGotha's order, NULL left out."""
    return [(d.name, format_lazy("{}: {}", d.short_name, _(d.choice))) for d in TEAM_TABLE if d.name != "NULL"]


class TeamCriteriaField(CriteriaField):
    """A team tournament's team criteria picked from OpenGotha's, in order (as its TeamPlacementParameterSet)."""

    def __init__(self, **kwargs):
        choices = team_criteria_choices()
        kwargs.setdefault("widget", CriteriaWidget(choices=choices))
        super().__init__(choices=choices, **kwargs)


class CategoryLimitsField(forms.CharField):
    """The lower limits of the rank categories as one line of ranks, ``1d, 5k`` (any order, commas or
    spaces between): a list of ranks, strongest first; empty: no categories."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", categories.MAX_TEXT)
        kwargs.setdefault("required", False)
        kwargs.setdefault("widget", forms.TextInput(attrs={"placeholder": "1d, 5k", "autocomplete": "off"}))
        super().__init__(**kwargs)

    def prepare_value(self, value):
        if isinstance(value, (list, tuple)):
            try:
                return categories.text(value)
            except (TypeError, ValueError):
                return ", ".join(map(str, value))
        return value

    def clean(self, value):
        text = super().clean(value)
        try:
            return list(categories.parse(text or ""))
        except categories.LimitsError as exc:
            raise category_limits_error(exc) from None


def clean_time_control(text: str) -> str:
    """Empty, or a time control the EGD reader understands (its class and adjusted time follow from it)."""
    text = (text or "").strip()
    if not text:
        return ""
    try:
        reading = parse_time_control(text)
    except (ValueError, OverflowError):
        reading = None
    if reading is None:
        raise forms.ValidationError(
            _("The EGD class cannot be told from this. Write it as, for example, %(examples)s.")
            % {"examples": ", ".join(f"“{e}”" for e in TIME_CONTROL_EXAMPLES)},
            code="time_control",
        )
    return text


def time_control_reading(text: str) -> str:
    """What the EGD reader makes of the time control, in words (empty if nothing)."""
    from django.utils.translation import gettext as _g

    try:
        reading = parse_time_control(text or "")
    except (ValueError, OverflowError):
        reading = None
    if reading is None:
        return ""
    return _g("EGD class %(class)s: %(basic)s min basic time, %(adjusted)s min adjusted time (%(system)s).") % {
        "class": reading.egd_class,
        "basic": reading.basic // 60,
        "adjusted": reading.adjusted // 60,
        "system": reading.label,
    }


#: The inputs of a tournament's dates and country, on the create and the settings page.
TOURNAMENT_WIDGETS = {"start_date": DateInput(), "end_date": DateInput(), "country": CountryInput()}


class TournamentCreateForm(CountryInCapitals, forms.ModelForm):
    class Meta:
        model = Tournament
        fields = list(CREATE_FIELDS)
        widgets = TOURNAMENT_WIDGETS
        help_texts = {
            "slug": _("In the addresses of the pages, e.g. hannover-2026. Empty: made from the name."),
        }

    time_zone = TimeZoneField(label=capfirst(_("time zone")), initial="Europe/Berlin")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False
        self.fields["end_date"].required = False
        self.fields["end_date"].help_text = _("Empty: the same day.")
        self.fields["event_kind"].required = False  # not sent: each player on their own

    def clean_event_kind(self):
        return self.cleaned_data.get("event_kind") or EventKind.INDIVIDUAL

    def clean(self):
        data = super().clean()
        if data.get("start_date") and not data.get("end_date"):
            data["end_date"] = data["start_date"]
        return data

    def validate_unique(self):
        """The short name is checked by the service (made from the name when empty)."""


class TournamentSettingsForm(CountryInCapitals, forms.ModelForm):
    """Every setting the pairing, the standings and the exports use; those fixed since a round was
    paired are shown disabled, with the reason (``locked``: field name -> reason)."""

    class Meta:
        model = Tournament
        fields = list(SETTINGS_FIELDS)
        widgets = {
            **TOURNAMENT_WIDGETS,
            "description": forms.Textarea(attrs={"rows": 3}),
            "mcmahon_bar": forms.TextInput(attrs={"size": 4}),
            "mcmahon_floor": forms.TextInput(attrs={"size": 4}),
            "handicap_threshold": forms.TextInput(attrs={"size": 4}),
        }

    time_zone = TimeZoneField(label=capfirst(_("time zone")))
    version = forms.CharField(widget=forms.HiddenInput, required=False)
    bye_points = PointsChoiceField(label=capfirst(_("McMahon points for a bye (MMS)")))
    absence_points = PointsChoiceField(label=capfirst(_("McMahon points for an absence (MMS)")))
    bye_points_nbw = PointsChoiceField(
        label=capfirst(_("wins for a bye (NBW)")), required=False, help_text=_("Empty: the same as the McMahon points.")
    )
    absence_points_nbw = PointsChoiceField(
        label=capfirst(_("wins for an absence (NBW)")),
        required=False,
        help_text=_("Empty: the same as the McMahon points."),
    )
    handicap_correction = forms.IntegerField(
        label=capfirst(_("handicap correction")),
        min_value=0,
        max_value=MAX_HANDICAP,
        help_text=_("Stones subtracted from the score difference."),
    )
    handicap_ceiling = forms.IntegerField(label=capfirst(_("highest handicap")), min_value=0, max_value=MAX_HANDICAP)
    best_of = forms.IntegerField(
        label=capfirst(_("disciplines counted (best k)")),
        min_value=1,
        max_value=99,
        required=False,
        help_text=_("Only for the ranking by the best k of n disciplines."),
    )
    standings_criteria = CriteriaField(
        label=capfirst(_("standings criteria")),
        help_text=_("In order: the first decides the place, each next one breaks the ties left."),
    )
    team_criteria = TeamCriteriaField(
        label=capfirst(_("team criteria")),
        help_text=_(
            "The team standings, in order, as OpenGotha's: the first decides the place, each next one breaks "
            "the ties left. Board wins count a draw ½; the first boards' wins favour the stronger boards."
        ),
    )
    category_limits = CategoryLimitsField(
        label=capfirst(_("category limits")),
        help_text=_(
            "The weakest rank of each category but the last, e.g. “1d, 5k”: A 1d and stronger, B 5k–1k, "
            "C 6k and weaker. At most eight. Empty: no categories."
        ),
    )
    reason = forms.CharField(label=_("Reason (for the audit log)"), required=False, max_length=200)

    #: The page's sections: (title, field names).
    SECTIONS = SETTINGS_SECTIONS

    def __init__(self, *args, locked: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.locked = locked or {}
        examples = ", ".join(f"“{e}”" for e in TIME_CONTROL_EXAMPLES)
        self.fields["time_control"].help_text = _(
            "Read as the EGD reads it (the class of the results file follows from it), e.g. %(examples)s."
        ) % {"examples": examples}
        # an empty field: the rank the pairing then uses, from the one place that applies it
        used = {name: format_rank(rank) for name, rank in empty_rank_defaults(self.instance).items()}
        self.fields["mcmahon_bar"].help_text = _("Players at this rank and above start level. Empty: %(rank)s.") % {
            "rank": used["mcmahon_bar"]
        }
        self.fields["mcmahon_floor"].help_text = _("Players at this rank and below start level. Empty: %(rank)s.") % {
            "rank": used["mcmahon_floor"]
        }
        self.fields["handicap_threshold"].help_text = _(
            "Games between players above this rank are played even. Empty: %(rank)s."
        ) % {"rank": used["handicap_threshold"]}
        for name, rank in used.items():
            self.fields[name].widget.attrs["placeholder"] = rank
        if self.instance.pk and not self.is_bound:
            self.initial["version"] = settings_version(self.instance)
        self.fields["event_kind"].required = False  # not sent: unchanged
        if "category_mode" in self.fields:
            self.fields["category_mode"].required = False
            self.fields["category_mode"].help_text = _(
                "Paired apart: players meet players of their own category wherever the pairing allows (as "
                "OpenGotha). Ranked apart: the standings list one category after the other (CAT as the first "
                "criterion)."
            )
        # a team tournament's only (a change of kind shows it after saving); Pair Go's and Rengo's sides are
        # ranked by the standings criteria, as players
        if not self.instance.is_team_event or self.instance.is_pair_event:
            del self.fields["team_criteria"]
        self.fields["opengotha_version"].required = False  # not sent: unchanged
        if self.instance.pk and pairing_started(self.instance):
            self.fields["opengotha_version"].help_text = _(
                "A round has been paired by these rules: another version needs a reason (for the audit log). "
                "The rounds paired so far stay as they are."
            )
        for name, reason in self.locked.items():
            if name in self.fields:
                self.fields[name].disabled = True
                self.fields[name].help_text = reason

    def sections(self):
        return [(title, [self[name] for name in names if name in self.fields]) for title, names in self.SECTIONS]

    def clean_time_control(self):
        return clean_time_control(self.cleaned_data.get("time_control", ""))

    def clean_category_limits(self):
        """Limits a page without the field does not send stay as they are."""
        if "category_limits" not in self.data:
            return list(self.instance.category_limits or [])
        return self.cleaned_data.get("category_limits", [])

    def clean_category_mode(self):
        return self.cleaned_data.get("category_mode") or self.instance.category_mode

    def clean_opengotha_version(self):
        return self.cleaned_data.get("opengotha_version") or self.instance.opengotha_version

    def changes(self) -> dict:
        """The settings as the form has them (for the service, which compares them with the database)."""
        data = {name: self.cleaned_data[name] for name in self.Meta.fields if name in self.cleaned_data}
        if not data.get("event_kind"):
            data.pop("event_kind", None)
        return {name: value for name, value in data.items() if name not in self.locked}

    def validate_unique(self):
        """Nothing unique is edited here."""


def rank_text(value) -> str:
    return format_rank(value) if isinstance(value, int) else ""


def category_reading(limits) -> str:
    """The categories the limits make, in words: "A: 1d and stronger · B: 5k–1k · C: 6k and weaker"."""
    from tournament.standings_words import category_names

    return " · ".join(name for _letter, name in category_names(limits))
