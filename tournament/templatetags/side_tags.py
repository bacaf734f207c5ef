"""A game's side by name for the pages' headings: in Pair Go and Rengo its players in their order of play."""

from __future__ import annotations

from django import template

from tournament.names import side_name
from tournament.selectors.sides import side_players

register = template.Library()


@register.filter
def side_spoken(game, colour: str) -> str:
    """``Carla Cohen & Dan Dorn`` for a Pair Go side, else the player of ``colour`` (their spoken name)."""
    sides = side_players(game)
    if sides is None:
        player = game.black if colour == "black" else game.white
        return str(player.spoken_name)
    return side_name([p.spoken_name for p in sides[colour]])


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
    sides = side_players(game)
    if sides is None:
        player = game.black if colour == "black" else game.white
        return str(player.display_name)
    return side_name([p.display_name for p in sides[colour]])
