"""A settled game as SGF: the one writer of the SGF download and the JSON API's record.

The moves are the record's (the legal part, replayed by the game's engine); ``RE`` is the official
result (:mod:`tournament.selectors.official`); the root names the players, the event, the round and
the table, and says ``CA[UTF-8]`` (every SGF the site writes is UTF-8) and the game's ``GM`` (its
variant's :attr:`games.registry.Variant.sgf_game`). A record the referee (or an organizer) rejected
keeps its moves, under the official ``RE``, with a game comment (``GC``) that says so.
"""

from __future__ import annotations

import re

from games.sgf import escape
from tournament.engines import marks_settings, replay_record
from tournament.names import side_name

from .official import Official, official
from .sides import colour_players, side_players
from .teams import board_teams

#: A move's node as the engines write it: ``;B[cd]``, ``;W[]`` (a pass).
_MOVE_NODE = re.compile(r";([BW])\[([a-z]*)\]")


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
    if not tournament.is_pair_event:
        _match_board(game, root)
    text = _side_players(game, root, text)
    if "CA[" in text:  # the engine's writer says it already
        del root["CA"]
    props = "".join(f"{key}[{escape(value)}]" for key, value in root.items() if value)
    return text.replace("(;", "(;" + props, 1)


def _match_board(game, root: dict[str, str]) -> None:
    """A team match's board: ``BT``/``WT`` the teams of Black and White, ``GN`` the round, the match (its
    teams in its order) and the board, "Round 2, Hannover – Berlin, board 1" (in English: the file is one
    for every visitor, as its other properties)."""
    teams = board_teams(game)
    if teams is None:
        return
    black, white, match = teams
    root["BT"], root["WT"] = black.name, white.name
    root["GN"] = f"Round {game.round.number}, {match.team1.name} – {match.team2.name}, board {game.board}"


def _side_players(game, root: dict[str, str], text: str) -> str:
    """Pair Go and Rengo: ``PB`` and ``PW`` name each side's players in their order of play
    (:func:`tournament.names.side_name`), and each move's node names its player in a comment, ``C``:
    SGF has no property for the player of a move, and a comment is what every SGF viewer shows at
    the move (as other servers record rengo). The moves' colours are the nodes' own."""
    sides = side_players(game)
    if sides is None:
        return text
    root["PB"] = side_name([p.display_name for p in sides["black"]])
    root["PW"] = side_name([p.display_name for p in sides["white"]])
    nodes = list(_MOVE_NODE.finditer(text))
    colours = ["black" if m.group(1) == "B" else "white" for m in nodes]
    players = iter(colour_players(game, colours))
    return _MOVE_NODE.sub(lambda m: f"{m.group(0)}C[{escape(next(players).display_name)}]", text)
