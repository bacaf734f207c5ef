"""The SGF of a settled game, for everybody to download from the public game page."""

from __future__ import annotations

from django.http import Http404, HttpResponse

from games.sgf import escape
from tournament.engines import EARLY_WINS, marks_settings, replay_record
from tournament.models.game import Result, WinMethod
from tournament.permissions import sgf_is_public

from .public import _public_game

#: The site's result as SGF's ``RE`` where the record does not show it (a resignation, a loss on time).
_RE = {Result.BLACK: "B+", Result.WHITE: "W+", Result.DRAW: "0"}
_RE_METHOD = {WinMethod.RESIGNATION: "R", WinMethod.TIME: "T", WinMethod.DEFAULT: "F"}
_OUTCOME = {"black": Result.BLACK, "white": Result.WHITE, "draw": Result.DRAW}


def official_result(game, replay) -> str | None:
    """SGF's ``RE`` of the result the tournament settled, where the record's own end does not say it (a
    resignation, a loss on time, a referee's decision against the count); ``None`` where it does (the
    record's own ``RE``, with the count's margin, stands) or the result is none SGF can write."""
    if game.result not in _RE:
        return None
    if replay.finished and _OUTCOME.get(replay.outcome) == game.result and game.method not in EARLY_WINS:
        return None
    return _RE[game.result] + ("" if game.result == Result.DRAW else _RE_METHOD.get(game.method, ""))


def game_sgf(game) -> str:
    """The game's record as SGF, with the players, the event and the result the tournament settled; a Go
    game's dead stones (agreed, given or decided) as ``TB``/``TW``."""
    discipline = game.round.discipline
    replay = replay_record(
        discipline=discipline,
        record=game.record,
        handicap=game.handicap,
        komi=game.komi,
        **marks_settings(game.marks),
    )
    text = discipline.variant.write_sgf(replay, result=official_result(game, replay))
    tournament = game.round.tournament
    root = {
        "PB": game.black.full_name,
        "PW": game.white.full_name,
        "BR": game.black.rank_display,
        "WR": game.white.rank_display,
        "EV": tournament.name,
        "RO": str(game.round.number),
        "DT": tournament.start_date.isoformat() if tournament.start_date else "",
        "PC": tournament.place or "",
        "GN": f"{game.round.discipline.name}, {game.table}",
    }
    props = "".join(f"{key}[{escape(value)}]" for key, value in root.items() if value)
    return text.replace("(;", "(;" + props, 1)


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
