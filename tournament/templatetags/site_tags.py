"""Template helpers of the workflow pages."""

from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.urls import get_script_prefix
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from tournament.models.game import Result, ResultState
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
    key = ("nav", get_language(), get_script_prefix(), tournament.slug, bool(tournament.registration_open),
           frozenset(roles))
    return mark_safe(memo_html(key, render))  # noqa: S308 - rendered by our own template, escaped there


_ACTIONS = {
    "game.result.report": _("result reported"),
    "game.result.confirm": _("result confirmed"),
    "game.result.dispute": _("result disputed"),
    "game.result.set": _("result entered by an organizer"),
    "game.result.adjudicate": _("result decided by a referee"),
    "game.result.withdraw": _("reported result taken back"),
    "game.live.take_back": _("move taken back on the live board"),
    "game.live.take_over": _("recording taken over by a referee"),
    "game.live.hand_back": _("recording handed back to the players"),
    "game.live.scorer": _("scorer named"),
    "registration.create": _("registration"),
    "registration.status": _("registration status"),
    "registration.rounds": _("rounds not played"),
    "player.rank": _("rank corrected"),
    "registration.edit": _("player's data changed"),
    "registration.delete": _("registration deleted"),
    "registration.merge": _("registrations merged"),
    "registration.claim": _("registration claimed by the player"),
    "registration.link": _("account linked"),
    "registration.unlink": _("account unlinked"),
    "registration.invite": _("invitation sent"),
    "round.create": _("round created"),
    "round.pair": _("round paired"),
    "round.unpair": _("pairing removed"),
    "round.publish": _("round published"),
    "round.finish": _("round closed"),
    "pairing.constraint": _("pairing constraint"),
    "round.swap": _("players swapped"),
    "round.unpublish": _("publication withdrawn"),
    "round.reopen": _("round reopened"),
    "game.table": _("table changed"),
    "players.import": _("players imported"),
    "tournament.import": _("tournament imported"),
}

_OBJECTS = {
    "game": _("game"),
    "round": _("round"),
    "registration": _("registration"),
    "player": _("player"),
    "pairconstraint": _("pairing constraint"),
    "tournament": _("tournament"),
}


@register.filter
def object_label(code: str) -> str:
    """The kind of object an audit entry is about, in words."""
    return str(_OBJECTS.get(code, code))


def _words(value) -> str:
    if value is None or value == "":
        return "–"
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, (list, tuple)):
        return ", ".join(_words(v) for v in value) or "–"
    if isinstance(value, dict):
        return "; ".join(f"{str(k).replace('_', ' ')}: {_words(v)}" for k, v in value.items())
    return str(value)


@register.filter
def audit_value(value) -> str:
    """The before or after of an audit entry in words: a result as a result, anything else as "key: value"."""
    if isinstance(value, dict) and "result" in value and "state" in value:
        return result_label(value)
    if value in (None, "", {}, []):
        return ""
    return _words(value)


@register.filter
def action_label(code: str) -> str:
    """An audit log action in words."""
    return str(_ACTIONS.get(code, code))


@register.filter
def result_label(snapshot) -> str:
    """A result snapshot of the audit log (``{"result": "B", "state": ...}``) in words."""
    if not isinstance(snapshot, dict) or "result" not in snapshot:
        return ""
    try:
        text = str(Result(snapshot["result"]).label)
    except ValueError:
        text = str(snapshot["result"])
    if snapshot.get("by_default"):
        text += " (" + str(_("by default")) + ")"
    state = snapshot.get("state")
    if state:
        try:
            text += " · " + str(ResultState(state).label)
        except ValueError:
            pass
    return text
