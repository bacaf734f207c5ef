"""Template helpers of the workflow pages."""

from __future__ import annotations

from django import template

from tournament.selectors.roles import user_roles

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
