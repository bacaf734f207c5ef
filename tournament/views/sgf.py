"""The SGF of a settled game, for everybody to download from the public game page."""

from __future__ import annotations

from django.http import Http404

from tournament.permissions import sgf_is_public
from tournament.selectors.game_sgf import game_sgf

from .downloads import file_response
from .public import _public_game


def public_game_sgf(request, slug, number, pk):
    """``.sgf`` download of a game whose result is settled (confirmed or decided) and that has a record."""
    tournament, _roles, game = _public_game(request, slug, number, pk)
    if not sgf_is_public(game):
        raise Http404("no settled record to download")
    game.round.tournament = tournament
    try:
        text = game_sgf(game)
    except ValueError as exc:  # a record the engine cannot read (it would not have been accepted)
        raise Http404("the record cannot be read") from exc
    name = f"{tournament.slug}-round{game.round.number}-table{game.table}.sgf"
    return file_response(text, "application/x-go-sgf; charset=utf-8", name, inline=False)
