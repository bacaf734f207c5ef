"""Template helpers of the workflow pages."""

from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.urls import get_script_prefix
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tournament import audit_words, local_time, permissions
from tournament.permissions import roles_of
from tournament.views.fragments import memo_html

register = template.Library()


@register.simple_tag(takes_context=True)
def roles_in(context, tournament) -> frozenset[str]:
    """The current user's roles in ``tournament`` (organizers count as referees)."""
    request = context.get("request")
    if request is None or tournament is None:
        return frozenset()
    return roles_of(request.user, tournament)


@register.simple_tag(takes_context=True)
def tournament_nav(context, tournament) -> str:
    """The tournament's navigation for the current user's roles.

    It shows the tournament's links, "Register" while registration is open,
    and the links of the user's roles: rendered once per language, URL
    prefix, tournament, registration state and role set.
    """
    # the published copy is made as for nobody, and offers nothing of the live site (registering)
    copy = bool(context.get("published_copy"))
    roles = frozenset() if copy else roles_in(context, tournament)

    def render() -> str:
        links = {
            "player": permissions.is_player(roles),
            "register": tournament is not None and not copy and permissions.offers_registration(roles, tournament),
            "referee": permissions.may_referee(roles),
            "organizer": permissions.may_manage(roles),
        }
        return render_to_string("tournament/_nav_links.html", {"tournament": tournament, "links": links})

    if tournament is None:
        return render()
    key = (
        "nav",
        get_language(),
        get_script_prefix(),
        tournament.slug,
        permissions.offers_registration(roles, tournament),
        frozenset(roles),
        copy,
    )
    return mark_safe(memo_html(key, render))  # noqa: S308 - rendered by our own template, escaped there


@register.filter
def may_see_round(round_, roles) -> bool:
    """``{% if round|may_see_round:roles %}``: :func:`tournament.permissions.may_see_round`."""
    return permissions.may_see_round(roles or frozenset(), round_)


@register.filter("local_time")
def local_time_filter(moment, tournament):
    """``{{ round.starts_at|local_time:tournament|date:"DATETIME_FORMAT" }}``: the moment at the tournament's
    place (:mod:`tournament.local_time`)."""
    return local_time.for_template(moment, tournament)


#: The audit log's words as filters: ``{{ e.action|action_label }}`` (each documented in :mod:`tournament.audit_words`).
AUDIT_FILTERS = {
    "object_label": audit_words.object_label,
    "change_words": audit_words.change_words,
    "action_label": audit_words.action_label,
    "result_label": audit_words.result_label,
}
for _name, _function in AUDIT_FILTERS.items():
    register.filter(_name, _function)


@register.filter
def required_label(field) -> str:
    """A required field's label with its mark, a star the eye sees (the input's ``required`` tells a
    screen reader; the form says once what the star means)."""
    form_suffix = field.form.label_suffix
    suffix = field.field.label_suffix if field.field.label_suffix is not None else form_suffix
    contents = format_html('{} <span class="required-mark" aria-hidden="true">*</span>{}', field.label, suffix or "")
    return field.label_tag(contents=contents, label_suffix="")
