"""Reads for the result workflows: my games, the referee's queue, the dashboard, a result's history, the
results an organizer typed in the grid."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection
from django.db.models import Count, Max, Q, QuerySet

from tournament import result_codes
from tournament.models import AuditEntry, Bye, Game, Registration, Round, Tournament
from tournament.models.game import Result, ResultState
from tournament.selectors.rows import registration_of_user, statement
from tournament.selectors.sides import side_games


def games_of_tournament(tournament: Tournament) -> QuerySet[Game]:
    return Game.objects.filter(round__tournament=tournament).select_related(
        "round", "round__discipline", "black", "white", "reported_by", "match__team1", "match__team2"
    )


def player_games(*, tournament: Tournament, player: Registration) -> QuerySet[Game]:
    """A player's games in the published and finished rounds, the latest round first (the game being
    played now on top of "my tournament")."""
    return (
        Game.objects.filter(round__tournament=tournament)
        .select_related("round", "round__discipline", "black", "white", "match__team1", "match__team2")
        .filter(Q(black=player) | Q(white=player) | Q(pk__in=side_games(tournament, player.pk)))
        .filter(round__status__in=[Round.Status.PUBLISHED, Round.Status.FINISHED])
        .order_by("-round__number")
    )


def _my_games_sql() -> str:
    """One statement: the player's games and byes counted once (subqueries in FROM), joined to the tournament's rounds."""
    game, round_, bye = (m._meta.db_table for m in (Game, Round, Bye))
    return (
        f"SELECT gc.n, gc.latest, bc.n, r.number, r.status, r.version, r.pairing_version"
        f" FROM (SELECT COUNT(*) AS n, MAX(g.updated_at) AS latest FROM {game} g"
        f" INNER JOIN {round_} gr ON g.round_id = gr.id"
        f" WHERE gr.tournament_id = %s AND (g.black_id = %s OR g.white_id = %s)) gc"
        f" CROSS JOIN (SELECT COUNT(*) AS n FROM {bye} b INNER JOIN {round_} br ON b.round_id = br.id"
        f" WHERE br.tournament_id = %s AND b.player_id = %s) bc"
        f" LEFT JOIN {round_} r ON r.tournament_id = %s ORDER BY r.number"
    )


def my_games_version(*, tournament: Tournament, player: Registration) -> tuple[str, list[tuple[int, str]]]:
    """A fingerprint of the player's games and byes, and the tournament's rounds as (number, status).

    The fingerprint changes whenever "my tournament" would show the games
    differently: a round's status (every change bumps its version) and pairing version, a game
    of the player added, removed or changed (results, colours and tables
    all set ``updated_at``), a bye. Names and ranks of the opponents are not
    in it; a cache keyed by it must expire after a while for those.
    One plain statement: asked on every visit of the page.
    """
    t, p = tournament.pk, player.pk
    with connection.cursor() as cursor:
        cursor.execute(statement("my-games", _my_games_sql), [t, p, p, t, p, t])
        rows = cursor.fetchall()
    games, latest, byes = rows[0][:3]
    rounds = [
        (number, status, f"{version}.{pairing}") for *_, number, status, version, pairing in rows if number is not None
    ]
    fingerprint = "|".join(
        [",".join(f"{n}:{status}:{version}" for n, status, version in rounds), str(games), str(latest), str(byes)]
    )
    if tournament.is_pair_event:  # Pair Go, Rengo: the games of the player's sides too
        sides = Game.objects.filter(pk__in=side_games(tournament, p)).aggregate(n=Count("pk"), latest=Max("updated_at"))
        fingerprint += f"|{sides['n']}:{sides['latest']}"
    return fingerprint, [(n, status) for n, status, _version in rounds]


def referee_queue(tournament: Tournament) -> QuerySet[Game]:
    """Disputed games, and games whose record the validator found inconsistent."""
    return (
        games_of_tournament(tournament)
        .filter(
            Q(result_state=ResultState.DISPUTED) | (Q(verdict__agrees=False) & ~Q(result_state=ResultState.ADJUDICATED))
        )
        .order_by("round__number", "table")
    )


#: How many of the latest decisions the referee's queue lists below the games to decide.
DECIDED_SHOWN = 50


def decided_games(tournament: Tournament) -> QuerySet[Game]:
    """The games a referee decided, the latest first (at most :data:`DECIDED_SHOWN`)."""
    return (
        games_of_tournament(tournament)
        .filter(result_state=ResultState.ADJUDICATED)
        .order_by("-updated_at", "-pk")[:DECIDED_SHOWN]
    )


def missing_results(tournament: Tournament) -> QuerySet[Game]:
    return (
        games_of_tournament(tournament)
        .filter(round__status=Round.Status.PUBLISHED, result=Result.UNKNOWN)
        .order_by("round__number", "table")
    )


def dashboard(tournament: Tournament) -> dict:
    """What an organizer looks at first."""
    rounds = (
        tournament.rounds.select_related("discipline")
        .annotate(
            game_count=Count("games", distinct=True),
            results=Count("games", filter=~Q(games__result=Result.UNKNOWN), distinct=True),
            open_disputes=Count("games", filter=Q(games__result_state=ResultState.DISPUTED), distinct=True),
        )
        .order_by("number")
    )
    registrations = tournament.registrations.all()
    return {
        "to_confirm": registrations.filter(status=Registration.Status.PRELIMINARY)
        .select_related("user")
        .order_by("created_at"),
        "counts": registrations.aggregate(
            confirmed=Count("id", filter=Q(status=Registration.Status.CONFIRMED)),
            preliminary=Count("id", filter=Q(status=Registration.Status.PRELIMINARY)),
            withdrawn=Count("id", filter=Q(status=Registration.Status.WITHDRAWN)),
        ),
        "rounds": rounds,
        "missing": missing_results(tournament),
        "disputes": referee_queue(tournament),
        "recent": AuditEntry.objects.filter(tournament=tournament).select_related("user")[:10],
    }


#: The live board's steps of a Go game's end that lead to its result: in the game's history with it.
MARKING_ACTIONS = ("game.live.mark", "game.live.agree", "game.live.resume")


def result_history(game: Game) -> QuerySet[AuditEntry]:
    """Every change of the game's result, and every mark, agreement and resumption of play at the end of a
    Go game on the live board: who, when, before, after, why (oldest first)."""
    return (
        AuditEntry.objects.filter(object_type="game", object_id=game.pk)
        .filter(Q(action__startswith="game.result") | Q(action__in=MARKING_ACTIONS))
        .select_related("user")
        .order_by("created_at", "id")
    )


def registration_of(*, tournament: Tournament, user) -> Registration | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return registration_of_user(tournament, user)


# -- results typed in the grid (tournament.services.results.result_enter) and their undo ------------

#: The audit log's actions of a result typed in the results grid and of its undo.
ENTER, UNDO = "game.result.enter", "game.result.undo"
#: How many of an organizer's last typed results the grid lists (each with its Undo while it may be).
TYPED_SHOWN = 8


@dataclass(frozen=True)
class TypedEntry:
    """One of an organizer's last typed results (or undos) in a round, for the grid's list."""

    entry: AuditEntry
    table: int | None  # None: the game is no longer in the pairing
    result: str  # the result it wrote, short (``1-0``, ``0-1!``)
    before: str  # what the table had before, short
    undo: bool  # an undo (of an earlier entry), not an entry
    undoable: bool  # the game still has what the entry wrote (nobody changed it since) in an open round


def typed_entries(*, round_: Round, user, limit: int = TYPED_SHOWN) -> list[TypedEntry]:
    """The last results ``user`` typed in ``round_``'s grid, and their undos, the latest first; two queries."""
    entries = list(
        AuditEntry.objects.filter(
            tournament_id=round_.tournament_id,
            user=user,
            action__in=(ENTER, UNDO),
            object_type="game",
            object_id__in=Game.objects.filter(round=round_).values("pk"),
        )[:limit]
    )
    games = Game.objects.filter(pk__in={e.object_id for e in entries}).only("pk", "table", "version").in_bulk()
    open_round = round_.status != Round.Status.FINISHED
    rows = []
    for e in entries:
        game = games.get(e.object_id)
        after, before = e.after or {}, e.before or {}
        rows.append(
            TypedEntry(
                entry=e,
                table=game.table if game else None,
                result=_short(after),
                before=_short(before),
                undo=e.action == UNDO,
                undoable=e.action == ENTER and open_round and game is not None and game.version == after.get("version"),
            )
        )
    return rows


def _short(kept: dict) -> str:
    """A result the audit log keeps (``{"result": "B", "by_default": False, ...}``) in its short form."""
    code = kept.get("result")
    return result_codes.short(code, bool(kept.get("by_default"))) if code in result_codes.CODES else ""
