"""Inputs that several forms share: a date, a two-letter country code."""

from __future__ import annotations

from django import forms


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
