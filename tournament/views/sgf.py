"""The SGF of a settled game, for everybody to download from the public game page."""

from __future__ import annotations

from django.http import Http404, HttpResponse

from tournament.permissions import sgf_is_public
from tournament.selectors.game_sgf import game_sgf

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
    response = HttpResponse(text, content_type="application/x-go-sgf; charset=utf-8")
    name = f"{tournament.slug}-round{game.round.number}-table{game.table}.sgf"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
