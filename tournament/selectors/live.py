"""The live board's reads: asked by every phone every two seconds, so plain statements (:mod:`.rows`).

:func:`board_versions` answers the phones' poll (one small row: is the board
as the phone shows it?), :func:`projector_versions` the projector's (the
versions of the boards it shows), :func:`game_and_live` loads a game with its
round, discipline, players and live record in one statement instead of the
ORM's joins compiled anew on every request.
"""

from __future__ import annotations

from django.db import connection

from tournament.models import Discipline, Game, LiveRecord, Registration, Round, Tournament

from .rows import columns, instance, statement


def board_versions(slug: str, pk: int) -> tuple[int, int | None, str] | None:
    """``(game version, live record version or None, round status)`` of game ``pk`` of tournament ``slug``."""
    q = connection.ops.quote_name

    def build():
        return (
            f"SELECT g.{q('version')}, l.{q('version')}, r.{q('status')}"
            f" FROM {q(Game._meta.db_table)} g"
            f" INNER JOIN {q(Round._meta.db_table)} r ON g.{q('round_id')} = r.{q('id')}"
            f" INNER JOIN {q(Tournament._meta.db_table)} t ON r.{q('tournament_id')} = t.{q('id')}"
            f" LEFT JOIN {q(LiveRecord._meta.db_table)} l ON l.{q('game_id')} = g.{q('id')}"
            f" WHERE g.{q('id')} = %s AND t.{q('slug')} = %s"
        )

    with connection.cursor() as cursor:
        cursor.execute(statement("live:versions", build), [pk, slug])
        row = cursor.fetchone()
    return None if row is None else (row[0], row[1], row[2])


def projector_versions(slug: str, count: int) -> list[tuple[int, int, int | None]]:
    """``(game id, game version, live record version or None)`` of the first ``count`` tables of
    tournament ``slug``'s current round (the published one with the highest number): what the live
    boards' projector shows, read in one statement for its poll."""
    q = connection.ops.quote_name

    def build():
        published = f"'{Round.Status.PUBLISHED.value}'"
        return (
            f"SELECT g.{q('id')}, g.{q('version')}, l.{q('version')}"
            f" FROM {q(Game._meta.db_table)} g"
            f" INNER JOIN {q(Round._meta.db_table)} r ON g.{q('round_id')} = r.{q('id')}"
            f" INNER JOIN {q(Tournament._meta.db_table)} t ON r.{q('tournament_id')} = t.{q('id')}"
            f" LEFT JOIN {q(LiveRecord._meta.db_table)} l ON l.{q('game_id')} = g.{q('id')}"
            f" WHERE t.{q('slug')} = %s AND r.{q('status')} = {published} AND r.{q('number')} = ("
            f"SELECT MAX(c.{q('number')}) FROM {q(Round._meta.db_table)} c"
            f" WHERE c.{q('tournament_id')} = t.{q('id')} AND c.{q('status')} = {published})"
            f" ORDER BY g.{q('table')} LIMIT %s"
        )

    with connection.cursor() as cursor:
        cursor.execute(statement("live:projector", build), [slug, count])
        return [(row[0], row[1], row[2]) for row in cursor.fetchall()]


_PARTS = (("g", Game), ("r", Round), ("d", Discipline), ("b", Registration), ("w", Registration), ("l", LiveRecord))


def game_and_live(tournament: Tournament, pk: int) -> tuple[Game, LiveRecord | None] | None:
    """Game ``pk`` of ``tournament`` with its round, discipline, players and live record (``None`` if it has
    none yet) loaded, as the ORM's ``select_related`` would; ``None`` if there is no such game."""
    q = connection.ops.quote_name

    def build():
        return (
            f"SELECT {', '.join(columns(model, alias) for alias, model in _PARTS)}"
            f" FROM {q(Game._meta.db_table)} g"
            f" INNER JOIN {q(Round._meta.db_table)} r ON g.{q('round_id')} = r.{q('id')}"
            f" INNER JOIN {q(Discipline._meta.db_table)} d ON r.{q('discipline_id')} = d.{q('id')}"
            f" INNER JOIN {q(Registration._meta.db_table)} b ON g.{q('black_id')} = b.{q('id')}"
            f" INNER JOIN {q(Registration._meta.db_table)} w ON g.{q('white_id')} = w.{q('id')}"
            f" LEFT JOIN {q(LiveRecord._meta.db_table)} l ON l.{q('game_id')} = g.{q('id')}"
            f" WHERE g.{q('id')} = %s AND r.{q('tournament_id')} = %s"
        )

    with connection.cursor() as cursor:
        cursor.execute(statement("live:game", build), [pk, tournament.pk])
        row = cursor.fetchone()
    if row is None:
        return None
    parts, start = [], 0
    for _alias, model in _PARTS:
        width = len(model._meta.concrete_fields)
        parts.append(row[start : start + width])
        start += width
    game, round_, discipline, black, white = (instance(model, values) for (_a, model), values in zip(_PARTS[:5], parts))
    round_.discipline = discipline
    round_.tournament = tournament
    game.round, game.black, game.white = round_, black, white
    live = None
    if parts[-1][0] is not None:
        live = instance(LiveRecord, parts[-1])
        live.game = game
    return game, live


def marks_of_live_record(game: Game) -> dict | None:
    """What the game's live board holds of its end: the marks as they are and each player's own
    (``{"marks", "black_marks", "black_agreed", ...}``); ``None`` without a live record."""
    row = (
        LiveRecord.objects.filter(game=game)
        .values("marks", "marks_version", "black_marks", "white_marks", "black_agreed", "white_agreed")
        .first()
    )
    if row is None:
        return None
    version = row["marks_version"]
    return {**row, "black_agreed": row["black_agreed"] == version, "white_agreed": row["white_agreed"] == version}
