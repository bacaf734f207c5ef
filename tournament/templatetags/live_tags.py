"""The live board's links on other pages: the game's page, for players, referees and organizers."""

from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from tournament.permissions import board_closed_reason, may_manage
from tournament.services.live import has_engine

register = template.Library()


@register.simple_tag(takes_context=True)
def live_links(context, game) -> str:
    """The live board and the rules of the game; the scorer's form for organizers."""
    request = context.get("request")
    roles = frozenset(context.get("roles") or ())
    discipline = game.round.discipline
    engine = has_engine(discipline)
    live = getattr(game, "live", None) if engine else None  # reverse one-to-one: None without a live record
    html = render_to_string(
        "tournament/live/_game_links.html",
        {
            "game": game,
            "tournament": game.round.tournament,
            "engine": engine,
            "recording": engine and board_closed_reason(game) is None,
            "organizer": may_manage(roles),
            "scorer": live.scorer if live is not None else None,
            "moves": live.move_count if live is not None else 0,
        },
        request=request,
    )
    return mark_safe(html)  # noqa: S308 - rendered by our own template, escaped there
