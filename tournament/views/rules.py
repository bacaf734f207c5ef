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
from games import go, svg
from games.common import IllegalMove
from games.live import LiveGame
from tournament.engines import reason_text

from . import marking as marking_views


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


def end_diagram(kind: str) -> dict | None:
    """The end of a game of ``kind`` and its count (``Variant.end_diagram``), drawn by the engine: the
    dead stones marked (Go) or every stone alive (Keima-Go, 1000-Volt-Go), each colour's points marked."""
    found = games.variant(kind).end_diagram
    if found is None:
        return None
    size, moves, dead = found
    game = LiveGame.from_moves(kind, moves.split(), size=size)
    s = game.snapshot()
    title = _("After move %(n)s") % {"n": s.number}
    if game.removes_dead_stones:
        marking = game.marking(go.Marks.of(dead.split(), size=size))
        score = marking.count().score()
        picture = marking_views.picture(marking, title=title, last_move=s.last)
    else:
        assert s.score is not None  # a Go-family game over
        score = dict(s.score)
        picture = mark_safe(  # noqa: S308 - drawn by games.svg
            svg.board(size, s.stones, last_move=s.last, territory=game.territory(), title=title)
        )
    return {"svg": picture, "title": title, "moves": moves, "dead": dead, **score}


@lru_cache(maxsize=32)
def _diagrams(kind: str, language: str) -> dict:
    return {name: diagram(kind, size, moves) for name, (size, moves) in games.variant(kind).diagrams.items()}


@lru_cache(maxsize=32)
def _end_diagram(kind: str, language: str) -> dict | None:
    return end_diagram(kind)


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
            "end": _end_diagram(game_kind, get_language()),
            "kinds": _kinds(),
        },
    )
