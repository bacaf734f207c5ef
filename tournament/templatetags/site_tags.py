"""Template helpers of the workflow pages."""

from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.urls import get_script_prefix
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tournament import audit_words
from tournament.selectors.roles import user_roles
from tournament.views.fragments import memo_html

register = template.Library()


@register.simple_tag(takes_context=True)
def roles_in(context, tournament) -> set[str]:
    """The current user's roles in ``tournament`` (organizers count as referees)."""
    request = context.get("request")
    if request is None or tournament is None:
        return set()
    cached = getattr(request, "_roles_cache", {})
    if tournament.pk not in cached:
        roles = set(user_roles(request.user, tournament))
        if "organizer" in roles:
            roles.add("referee")
        cached[tournament.pk] = roles
        request._roles_cache = cached
    return cached[tournament.pk]


@register.simple_tag(takes_context=True)
def tournament_nav(context, tournament) -> str:
    """The tournament's navigation for the current user's roles.

    It shows the tournament's links, "Register" while registration is open,
    and the links of the user's roles: rendered once per language, URL
    prefix, tournament, registration state and role set.
    """
    roles = roles_in(context, tournament)

    def render() -> str:
        return render_to_string("tournament/_nav_links.html", {"tournament": tournament, "my_roles": roles})

    if tournament is None:
        return render()
    key = (
        "nav",
        get_language(),
        get_script_prefix(),
        tournament.slug,
        bool(tournament.registration_open),
        frozenset(roles),
    )
    return mark_safe(memo_html(key, render))  # noqa: S308 - rendered by our own template, escaped there


#: The audit log in words (:mod:`tournament.audit_words`), as filters: an action code, the kind of object
#: an entry is about, a result snapshot (``{"result": "B", "state": ...}``), any before or after.
register.filter("action_label", audit_words.action_label)
register.filter("object_label", audit_words.object_label)
register.filter("result_label", audit_words.result_label)
register.filter("audit_value", audit_words.change_words)
