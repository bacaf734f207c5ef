"""Inputs that several forms share: a date, a two-letter country code, and widgets drawn in Python
for pages that show hundreds of them (a congress's results grid and round page)."""

from __future__ import annotations

from django import forms
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe


class DateInput(forms.DateInput):
    """The browser's date picker (``2026-05-01``)."""

    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%d")


class CountryInput(forms.TextInput):
    """A two-letter country code (``DE``), typed in capitals."""

    def __init__(self, attrs=None):
        super().__init__({"size": 2, "maxlength": 2, "autocapitalize": "characters", **(attrs or {})})


class CountryInCapitals:
    """For a form with a ``country``: kept in capitals, as the models store it."""

    def clean_country(self):
        return (self.cleaned_data.get("country") or "").upper()


def _attributes(attrs: dict) -> str:
    """A widget's attributes as Django's ``attrs.html`` writes them."""
    return "".join(
        f" {conditional_escape(k)}" if v is True else f' {conditional_escape(k)}="{conditional_escape(str(v))}"'
        for k, v in attrs.items()
        if v is not False
    )


class Drawn:
    """A widget drawn by Python instead of Django's templates: the same HTML in a fraction of the
    time (Django's but for blank lines). Django draws every widget, and every option of a select,
    through a template, which a
    results grid of a thousand games (four thousand widgets) notices."""

    def _render(self, template_name, context, renderer=None):
        w = context["widget"]
        if isinstance(self, forms.Select):
            options = "".join(
                f'\n  <option value="{conditional_escape(str(o["value"]))}"{_attributes(o["attrs"])}>'
                f"{conditional_escape(o['label'])}</option>"
                for _name, group, _index in w["optgroups"]
                for o in group
            )
            return mark_safe(  # noqa: S308 - every value and label above is escaped
                f'<select name="{conditional_escape(w["name"])}"{_attributes(w["attrs"])}>{options}\n</select>'
            )
        value = "" if w["value"] is None else f' value="{conditional_escape(str(w["value"]))}"'
        return mark_safe(  # noqa: S308 - every value escaped above
            f'<input type="{conditional_escape(w["type"])}" name="{conditional_escape(w["name"])}"{value}'
            f"{_attributes(w['attrs'])}>"
        )


class DrawnHiddenInput(Drawn, forms.HiddenInput):
    pass


class DrawnCheckboxInput(Drawn, forms.CheckboxInput):
    pass


class DrawnSelect(Drawn, forms.Select):
    pass


class Options(list):
    """A select's choices, (value, label), that make their ``<option>`` elements once, however many
    selects of a page show them (a congress's round page shows its 2,000 players in six)."""

    def html(self, selected: str | None) -> str:
        made = self.__dict__.setdefault("made", {})
        if selected not in made:
            made[selected] = "\n".join(
                f'<option value="{conditional_escape(str(v))}"{" selected" if str(v) == selected else ""}>'
                f"{conditional_escape(label)}</option>"
                for v, label in self
            )
        return made[selected]


class OptionsSelect(forms.Select):
    """A select of :class:`Options` (shared by several selects of a page, up to thousands of
    options), drawn in one pass. The HTML is Django's but for line breaks."""

    def __init__(self, options: Options, attrs=None):
        super().__init__(attrs, choices=options)
        self.options = options

    def render(self, name, value, attrs=None, renderer=None):
        chosen = self.format_value(value)
        selected = next((str(v) for v, _label in self.options if str(v) in chosen), None)
        attributes = _attributes(self.build_attrs(self.attrs, attrs))
        html = f'<select name="{conditional_escape(name)}"{attributes}>\n{self.options.html(selected)}\n</select>'
        return mark_safe(html)  # noqa: S308 - every value escaped above
