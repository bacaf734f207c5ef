"""What the tables whose rows are built in Python share (the results grid, a round's games, the organizer's
players: a congress's thousand rows, each with its forms, where a template per row took about a second)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.html import conditional_escape


def csrf_input(context) -> str:
    """The hidden CSRF field of a row's form, as ``{% csrf_token %}`` writes it (a kept fragment's
    placeholder token, :func:`tournament.views.fragments.kept_with_forms`, is put in the same way)."""
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{conditional_escape(context.get("csrf_token"))}">'


def row_url(name: str, slug: str) -> tuple[str, str]:
    """The URL ``name`` of a row's object (the tournament ``slug``, the object's number) in two parts, escaped:
    the row's number goes between them (one ``reverse`` for a thousand rows, not one a row)."""
    before, _zero, after = conditional_escape(reverse(name, args=[slug, 0])).rpartition("/0/")
    return before, after
