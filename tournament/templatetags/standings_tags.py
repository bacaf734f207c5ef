"""Filters for the standings pages: column headers and labels in the active language."""

from __future__ import annotations

from django import template

from tournament import standings_words

register = template.Library()


@register.filter
def column_header(column) -> str:
    return standings_words.column_header(column)


@register.filter
def column_label(column) -> str:
    return standings_words.column_label(column)
