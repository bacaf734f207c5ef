"""A game's side by name for the pages' headings: in Pair Go and Rengo its players in their order of play."""

from __future__ import annotations

from django import template

from tournament.names import side_name
from tournament.selectors.sides import side_players

register = template.Library()


def _side_named(game, colour: str, name: str) -> str:
    """The side of ``colour`` by each player's ``name`` (``spoken_name`` or ``display_name``), joined in order."""
    sides = side_players(game)
    if sides is None:
        return str(getattr(game.black if colour == "black" else game.white, name))
    return side_name([getattr(p, name) for p in sides[colour]])


@register.filter
def side_spoken(game, colour: str) -> str:
    """``Carla Cohen & Dan Dorn`` for a Pair Go side, else the player of ``colour`` (their spoken name)."""
    return _side_named(game, colour, "spoken_name")


@register.filter
def side_rank(game, colour: str) -> str:
    """The rank of the player of ``colour``; nothing for a Pair Go side (its players' ranks differ)."""
    if side_players(game) is not None:
        return ""
    player = game.black if colour == "black" else game.white
    return str(player.rank_display)


@register.filter
def side_listed(game, colour: str) -> str:
    """``Cohen Carla & Dorn Dan`` for a Pair Go side (in a table or list), else the player of ``colour``."""
    return _side_named(game, colour, "display_name")
