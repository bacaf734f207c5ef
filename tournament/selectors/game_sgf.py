"""A settled game as SGF: the one writer of the SGF download and the JSON API's record.

The moves are the record's (the legal part, replayed by the game's engine); ``RE`` is the official
result (:mod:`tournament.selectors.official`); the root names the players, the event, the round and
the table, and says ``CA[UTF-8]`` (every SGF the site writes is UTF-8) and the game's ``GM`` (its
variant's :attr:`games.registry.Variant.sgf_game`). A record the referee (or an organizer) rejected
keeps its moves, under the official ``RE``, with a game comment (``GC``) that says so.
"""

from __future__ import annotations

from games.sgf import escape
from tournament.engines import marks_settings, replay_record

from .official import Official, official


def game_sgf(game, result: Official | None = None) -> str:
    """The game's record as SGF, with the players, the event and the official result (``result``: the
    game's :func:`~tournament.selectors.official.official`, if read already); a Go game's dead stones
    (agreed, given or decided) as ``TB``/``TW``. Raises ``ValueError`` for a record no engine reads."""
    result = result or official(game)
    discipline = game.round.discipline
    replay = replay_record(
        discipline=discipline,
        record=game.record,
        handicap=game.handicap,
        komi=game.komi,
        **marks_settings(game.marks),
    )
    text = discipline.variant.write_sgf(replay, result=result.sgf_result(replay))
    tournament = game.round.tournament
    root = {
        "CA": "UTF-8",
        "PB": game.black.display_name,
        "PW": game.white.display_name,
        "BR": game.black.rank_display,
        "WR": game.white.rank_display,
        "EV": tournament.name,
        "RO": str(game.round.number),
        "DT": tournament.start_date.isoformat() if tournament.start_date else "",
        "PC": tournament.place or "",
        "GN": f"{discipline.name}, {game.table}",
        "GC": f"{result.record_label}: {result.verdict_text}" if result.rejected else "",
    }
    if "CA[" in text:  # the engine's writer says it already
        del root["CA"]
    props = "".join(f"{key}[{escape(value)}]" for key, value in root.items() if value)
    return text.replace("(;", "(;" + props, 1)
