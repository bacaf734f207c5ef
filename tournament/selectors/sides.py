"""A game of Pair Go or Rengo: each side's players in their order of play, who made each move and who
plays next (the rotation: :func:`tournament.sides.members_of_moves`).

A side is a team of the tournament (:mod:`tournament.models.team`); its line-up of the round is its
players in their order of play, the first of them the game's Black or White. Every page that names
the player of a move asks here: the live board, the game's page, the SGF.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Exists, OuterRef, Q

from games.common import IllegalMove
from games.coords import CoordinateError
from games.limits import RecordTooLong
from games.live import LiveGame
from tournament import engines
from tournament.models import Game, LineUp, Match, Registration
from tournament.sides import Colour, member_next, members_of_moves

Sides = dict[str, list[Registration]]


def side_players(game: Game) -> Sides | None:
    """``{"black": [...], "white": [...]}``: each side's players in their order of play; None for a game
    of one player a side (or a side whose line-up is missing). Read once per game object."""
    if game.match_id is None or game.board != 1 or not game.round.tournament.is_pair_event:
        return None
    if hasattr(game, "_side_players"):
        return game._side_players  # type: ignore[attr-defined,no-any-return]
    match = Match.objects.filter(pk=game.match_id).values_list("team1_id", "team2_id").first()
    teams = _line_ups(LineUp.objects.filter(round_id=game.round_id, team_id__in=match)) if match else {}
    return _attach(game, [teams.get(t, []) for t in match or ()])


def attach_sides(round_, games: Sequence[Game]) -> None:
    """Read the sides of all ``games`` of ``round_`` at once (two statements), for the pages and PDFs
    that name every game's sides: :func:`side_players` then answers without asking the database."""
    if not round_.tournament.is_pair_event:
        return
    matches = {
        pk: (t1, t2) for pk, t1, t2 in Match.objects.filter(round=round_).values_list("pk", "team1_id", "team2_id")
    }
    teams = _line_ups(LineUp.objects.filter(round=round_))
    for game in games:
        if game.match_id is not None and game.board == 1:
            _attach(game, [teams.get(t, []) for t in matches.get(game.match_id, ())])


def _line_ups(rows) -> dict[int, list[Registration]]:
    """Each team's players of the line-up ``rows`` in their order of play."""
    teams: dict[int, list[Registration]] = {}
    for row in rows.select_related("player").order_by("board"):
        teams.setdefault(row.team_id, []).append(row.player)
    return teams


def _attach(game: Game, line_ups: list[list[Registration]]) -> Sides | None:
    """The sides of ``game`` from its two teams' line-ups (each side's first player its Black or White),
    kept on the game object; None unless both are whole and of one size."""
    sides: Sides = {}
    for players in line_ups:
        first = players[0].pk if players else None
        colour = "black" if first == game.black_id else "white" if first == game.white_id else ""
        if colour:
            sides[colour] = players
    found = sides if len(sides) == 2 and len(sides["black"]) == len(sides["white"]) else None
    game._side_players = found  # type: ignore[attr-defined]
    return found


def seated_players(round_) -> set[int]:
    """Pair Go and Rengo: every player of the sides that play a match in ``round_`` (the partners of the
    games' Black and White too); empty in another kind of event."""
    if not round_.tournament.is_pair_event:
        return set()
    teams = {t for pair in Match.objects.filter(round=round_).values_list("team1_id", "team2_id") for t in pair}
    return set(LineUp.objects.filter(round=round_, team_id__in=teams).values_list("player_id", flat=True))


def side_of(game: Game, user_id: int) -> str | None:
    """The colour of the Pair Go or Rengo side whose player claimed by the account ``user_id`` plays, or None."""
    sides = side_players(game)
    for colour, players in (sides or {}).items():
        if any(p.user_id == user_id for p in players):
            return colour
    return None


def colour_of(game: Game, registration_id: int) -> str | None:
    """The colour ``registration_id`` plays in ``game``: its Black or White, or a player of a side."""
    if game.black_id == registration_id:
        return "black"
    if game.white_id == registration_id:
        return "white"
    for colour, players in (side_players(game) or {}).items():
        if any(p.pk == registration_id for p in players):
            return colour
    return None


def side_games(tournament, registration_id: int):
    """Pair Go and Rengo: the games of the sides ``registration_id`` played in (any round), as a query of
    game ids; none in another kind of event."""
    if not tournament.is_pair_event:
        return Game.objects.none().values("pk")
    in_line_up = LineUp.objects.filter(round_id=OuterRef("round_id"), player_id=registration_id).filter(
        Q(team_id=OuterRef("match__team1_id")) | Q(team_id=OuterRef("match__team2_id"))
    )
    return (
        Game.objects.filter(round__tournament=tournament, match__isnull=False, board=1)
        .filter(Exists(in_line_up))
        .values("pk")
    )


def record_colours(game: Game, moves: Sequence[str]) -> list[Colour] | None:
    """The colour of each move of ``moves`` by the game's rules engine; None if it cannot read them."""
    discipline = game.round.discipline
    if not discipline.has_validator:
        return None
    settings = engines.engine_settings(discipline, komi=game.komi, handicap=game.handicap)
    try:
        return LiveGame.from_moves(discipline.kind, moves, **settings).colours
    except (IllegalMove, CoordinateError, RecordTooLong, ValueError):
        return None


def move_players(game: Game, moves: Sequence[str]) -> list[Registration]:
    """The player who made each of ``moves`` (Pair Go, Rengo); empty for an ordinary game or a record
    the engine cannot read."""
    if side_players(game) is None or not moves:
        return []
    return colour_players(game, record_colours(game, moves) or [])


def colour_players(game: Game, colours: Sequence[Colour]) -> list[Registration]:
    """The player who made each move of a record whose moves have ``colours`` (Pair Go, Rengo); empty
    for an ordinary game."""
    sides = side_players(game)
    if sides is None:
        return []
    size = len(sides["black"])
    return [sides[c][m] for c, m in zip(colours, members_of_moves(colours, size=size), strict=True)]


def player_to_move(game: Game, colours: Sequence[Colour], to_move: Colour | None) -> Registration | None:
    """The player whose turn it is (Pair Go, Rengo), or None (an ordinary game, the game over)."""
    sides = side_players(game)
    if sides is None or to_move is None:
        return None
    return sides[to_move][member_next(colours, to_move, size=len(sides[to_move]))]
