"""The rules of every game the tournament plays, in the project's own words, with diagrams the engine draws.

Each diagram is a short game played by the rules engine (:class:`games.live.LiveGame`)
and drawn by :func:`games.svg.board`: what the page shows is what the
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

#: The kinds with a rules page, in the order of the Hannover weekend.
KINDS = ("go", "ninuki", "keima", "volt", "rundgo")

#: name -> (board size, moves); the engine plays them (an illegal last move is kept as the error).
DIAGRAMS = {
    "ninuki": {
        "capture": (13, "G7 H7 B2 J7 K7"),
        "double_three": (13, "G7 A1 H7 A3 J8 A5 J9 A7 J7"),
        "breakable_five": (13, "G7 J9 H7 A1 J8 A3 K7 A5 L7 A7 J7"),
        "broken_five": (13, "G7 J9 H7 A1 J8 A3 K7 A5 L7 A7 J7 J6"),
    },
    "go": {
        "capture": (9, "E5 D5 A1 E4 A3 F5 A5 E6"),
    },
    "keima": {
        "turn": (9, "E5 F7"),
        "first_stone_capture": (9, "B1 C3 A1 C2 A2"),
    },
    "volt": {
        "slide": (5, "B2 E4 B4"),
    },
}


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
    return {name: diagram(kind, size, moves) for name, (size, moves) in DIAGRAMS.get(kind, {}).items()}


def rules_index(request):
    variants = games.variants()
    return render(request, "tournament/rules/index.html", {"kinds": [(kind, variants[kind].title) for kind in KINDS]})


def rules_page(request, game_kind):
    if game_kind not in KINDS:
        raise Http404("no rules page for this game")
    variant = games.variant(game_kind)
    return render(
        request,
        f"tournament/rules/{game_kind}.html",
        {
            "kind": game_kind,
            "title": variant.title,
            "variant": variant,
            "diagrams": _diagrams(game_kind, get_language()),
            "kinds": [(kind, games.variant(kind).title) for kind in KINDS],
        },
    )
