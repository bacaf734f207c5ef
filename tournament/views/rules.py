"""The rules of every game the tournament plays, in the project's own words, with diagrams the engine draws.

Every game of the registry (``games.variants()``) has a page, the template
``tournament/rules/<kind>.html``; its diagrams are the variant's
(``Variant.diagrams``). Each diagram is a short game played by the rules
engine (:class:`games.live.LiveGame`) and drawn by :func:`games.svg.board`: what the page shows is what the
validator and the live board do.  A diagram whose last move is illegal shows
it framed, with the engine's reason.
"""

from __future__ import annotations

from functools import lru_cache

from django.http import Http404
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

import games
from games import svg
from games.common import IllegalMove
from games.live import LiveGame
from tournament.services.records import reason_text


def diagram(kind: str, size: int, moves: str) -> dict:
    """The position after ``moves``, drawn by the engine; ``error`` is the refused last move, if any."""
    game = LiveGame(kind, size=size)
    error = None
    for move in moves.split():
        try:
            game.play(move)
        except IllegalMove as exc:
            error = exc
            break
    s = game.snapshot()
    title = _("After move %(n)s") % {"n": s.number}
    if error is not None:
        title = _("Move %(n)s (%(point)s) is illegal: %(reason)s.") % {
            "n": error.move_number,
            "point": error.point,
            "reason": reason_text(error.reason),
        }
    picture = svg.board(
        size, s.stones, last_move=s.last, captured=s.captured + s.lost, error=svg.error_point(error), title=title
    )
    return {"svg": mark_safe(picture), "title": title, "moves": moves}  # noqa: S308 - drawn by games.svg


@lru_cache(maxsize=32)
def _diagrams(kind: str, language: str) -> dict:
    return {name: diagram(kind, size, moves) for name, (size, moves) in games.variant(kind).diagrams.items()}


def _kinds() -> list[tuple[str, str]]:
    """Every game with a rules page: every game of the registry, in its order (the Hannover weekend's)."""
    return [(kind, variant.title) for kind, variant in games.variants().items()]


def rules_index(request):
    return render(request, "tournament/rules/index.html", {"kinds": _kinds()})


def rules_page(request, game_kind):
    variant = games.variants().get(game_kind)
    if variant is None:
        raise Http404("no rules page for this game")
    return render(
        request,
        f"tournament/rules/{game_kind}.html",
        {
            "kind": game_kind,
            "title": variant.title,
            "variant": variant,
            "diagrams": _diagrams(game_kind, get_language()),
            "kinds": _kinds(),
        },
    )
