"""The one writer of every file a tournament, or a tournament's players, come from.

Each reader gives the same plain shape (:class:`~tournament.files.imported.ImportedTournament`:
OpenGotha's and MacMahon's tournaments, OpenGotha's players alone, a CSV player list);
this module puts it into the site, the same way whatever the file was:

- every player is a registration checked by the model's own rules, field by field
  (names, rank, rating, EGD PIN of eight digits, country of two letters, e-mail),
  without a query; a player without a country gets the tournament's; an EGD PIN at
  most once in the file, and, for players coming into a tournament, not registered
  there already. Every problem is named (``Line 4, EGD PIN: ...``, ``Player 7 (Anna
  Schmidt), country: ...``), all at once, with those the reader found
  (:class:`PlayerImportError`);
- a whole tournament's settings and its discipline are checked by ``full_clean``;
  its rounds get their state from their games (none: planned, every result known:
  finished, else published), a game without a table or at a table another game of
  the round has gets the next free one (the file's order kept), even games the
  discipline's komi and handicap games 0.5;
- nothing is written before everything is checked; then everything is written in one
  short transaction, one statement per kind of row: SQLite's write lock is held for a
  moment, not for the whole upload, so other users' moves and log-ins go through
  meanwhile; the file comes in whole or not at all.

The services that read a file (:mod:`.opengotha`, :mod:`.macmahon`, :mod:`.players`)
check the acting user's right and call :func:`import_tournament` or :func:`import_players`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import DataError, IntegrityError, connection, transaction
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from tournament import limits
from tournament.files.imported import ImportedPlayer, ImportedTournament
from tournament.models import (
    AuditEntry,
    Bye,
    Discipline,
    Game,
    LineUp,
    Match,
    Registration,
    Round,
    Team,
    TeamMember,
    Tournament,
    TournamentRole,
)
from tournament.models.discipline import DisciplineKind, HandicapPolicy
from tournament.models.game import ResultState
from tournament.models.registration import new_claim_code
from tournament.names import slug_text, spoken_name
from tournament.pairing.model import CODE_OF_RESULT, Result

from .audit import log_action, log_change
from .file_import_teams import TeamRows, team_rows
from .registrations import creation_entry

#: Rows a statement writes at most (PostgreSQL takes any number; SQLite's statements are split by Django anyway).
BATCH = 2000
#: The komi of a handicap game.
HANDICAP_KOMI = Decimal("0.5")
#: The largest table a round's games are numbered to (tables made up for games without one included).
MAX_TABLE = limits.MAX_TABLE


class PlayerImportError(ValidationError):
    """The file's players were refused; ``messages`` has one line per problem, naming the player and field."""


@dataclass
class TournamentRows:
    """A tournament from a file, not saved yet: the tournament, its one discipline, and its rows."""

    tournament: Tournament
    discipline: Discipline
    registrations: list[Registration] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)
    #: A team tournament's teams, members, line-ups and matches (:mod:`.file_import_teams`).
    teams: TeamRows = field(default_factory=TeamRows)


# --- the players -----------------------------------------------------------------------------


def _label(player: ImportedPlayer, n: int) -> str:
    """How a message names the player: ``Line 4``, or ``Player 7 (Anna Schmidt)``."""
    if player.line:
        return _("Line %(line)s") % {"line": player.line}
    name = spoken_name(player.surname, player.given_name)[:80] or "?"
    return _("Player %(n)s (%(name)s)") % {"n": player.number or n, "name": name}


def _problems(exc: ValidationError, where: str) -> list[str]:
    """A registration's problems, each named by the player and the field."""
    if not hasattr(exc, "error_dict"):
        return [_("%(where)s: %(error)s") % {"where": where, "error": m} for m in exc.messages]
    out = []
    for name, errors in exc.error_dict.items():
        messages = [m for error in errors for m in error]
        if name == NON_FIELD_ERRORS:
            out += [_("%(where)s: %(error)s") % {"where": where, "error": m} for m in messages]
            continue
        label = capfirst(Registration._meta.get_field(name).verbose_name)
        out += [_("%(where)s, %(field)s: %(error)s") % {"where": where, "field": label, "error": m} for m in messages]
    return out


def _registration(player: ImportedPlayer, tournament: Tournament, *, status: str, whole: bool) -> Registration:
    """The registration of ``player``, unsaved and unchecked. A whole tournament's player keeps the rounds
    they miss and their McMahon correction; a player coming into a tournament only their own data."""
    registration = Registration(
        tournament=tournament,
        surname=player.surname,
        given_name=player.given_name,
        club=player.club,
        country=(player.country or tournament.country or "").upper(),
        rank=player.rank,
        rating=player.rating,
        egd_pin=player.egd_pin,
        email=player.email,
        status=status,
        source=Registration.Source.IMPORT,
        claim_code=new_claim_code(),
    )
    if whole:
        registration.absent_rounds = list(player.absent_rounds)
        registration.mms_correction = player.mms_correction
    return registration


def checked_players(
    data: ImportedTournament, tournament: Tournament, *, status: str | None = None, registered: dict | None = None
) -> dict[str, Registration]:
    """The file's players as unsaved registrations, by their keys, each checked field by field without a
    query, with its claim code; :class:`PlayerImportError` with every problem of the file (the reader's
    too). ``status``: every player's (a list coming into a tournament), else the file's (preliminary or
    confirmed); ``registered``: the EGD PINs registered in the tournament already, with their players."""
    problems = list(data.problems)
    rows: dict[str, Registration] = {}
    pins: dict[str, list[str]] = {}
    for n, player in enumerate(data.players, 1):
        where = _label(player, n)
        own = status or (Registration.Status.PRELIMINARY if player.preliminary else Registration.Status.CONFIRMED)
        registration = _registration(player, tournament, status=own, whole=status is None)
        exclude = ["tournament", "user", "claim_code"]
        exclude += [] if player.rank is not None else ["rank"]  # the reader said why
        try:
            registration.clean_fields(exclude=exclude)
            registration.clean()
        except ValidationError as exc:
            problems += _problems(exc, where)
            continue
        if player.rank is None:
            continue
        pin = registration.egd_pin
        if pin and registered and pin in registered:
            problems.append(
                _("%(where)s: the EGD PIN %(pin)s is registered already (%(player)s).")
                % {"where": where, "pin": pin, "player": registered[pin]}
            )
            continue
        if pin:
            pins.setdefault(pin, []).append(where)
        rows[player.key] = registration
    problems += [
        _("The EGD PIN %(pin)s belongs to more than one player in the file: %(players)s.")
        % {"pin": pin, "players": ", ".join(names)}
        for pin, names in pins.items()
        if len(names) > 1
    ]
    if problems:
        raise PlayerImportError(problems)
    return rows


# --- a whole tournament ------------------------------------------------------------------------


def _check_size(data: ImportedTournament) -> None:
    """A file holds at most :data:`~tournament.limits.FILE_PLAYERS` players, ``FILE_ROUNDS`` rounds and
    ``FILE_GAMES`` games (the readers refuse more before reading them; this holds for every reader)."""
    if (
        data.rounds > limits.FILE_ROUNDS
        or len(data.players) > limits.FILE_PLAYERS
        or len(data.games) > limits.FILE_GAMES
    ):
        raise ValidationError(
            _("The file is too large for a tournament: at most %(rounds)s rounds and %(players)s players.")
            % {"rounds": limits.FILE_ROUNDS, "players": limits.FILE_PLAYERS},
            code="too-large",
        )


def _tournament(data: ImportedTournament, slug: str) -> Tournament:
    """The tournament with the file's settings, checked (``full_clean``): dated today where the file has
    no dates, without a country (a file names none), closed to self-registration."""
    today = dt.date.today()
    tournament = Tournament(
        name=data.name or slug,
        slug=slug,
        start_date=today,
        end_date=today,
        country="",
        registration_open=False,
    )
    for name, value in data.settings.items():
        setattr(tournament, name, value)
    tournament.full_clean()
    return tournament


def _discipline(data: ImportedTournament, tournament: Tournament) -> Discipline:
    """The tournament's one discipline: Go on the file's board with its komi, handicap as McMahon's or none."""
    discipline = Discipline(
        tournament=tournament,
        name="Go",
        kind=DisciplineKind.GO,
        board_size=data.board_size,
        komi=data.komi,
        handicap_policy=HandicapPolicy.MCMAHON if data.handicap else HandicapPolicy.NONE,
    )
    discipline.full_clean(exclude=["tournament"], validate_unique=False, validate_constraints=False)
    return discipline


def _tables(games: Sequence) -> list[int]:
    """The table of each of a round's games: the file's, unless none is given (0) or another game of the
    round has it; those get the next free tables after the largest given, in the file's order."""
    used = {g.table for g in games if g.table > 0}
    spare = (max(used) if used else 0) + 1
    taken: set[int] = set()
    tables = [0] * len(games)
    for i in sorted(range(len(games)), key=lambda i: (games[i].table <= 0, games[i].table)):
        table = games[i].table
        if table <= 0 or table in taken:
            table, spare = spare, spare + 1
        taken.add(table)
        tables[i] = table
    return tables


def _rounds(rows: TournamentRows, data: ImportedTournament, players: dict[str, Registration]) -> None:
    """Rounds 1..``data.rounds`` with their games and byes, unsaved."""
    komi = rows.discipline.komi
    for number in range(1, data.rounds + 1):
        games = [x for x in data.games if x.round == number]
        byes = [b for b in data.byes if b.round == number]
        if not games and not byes:
            status = Round.Status.PLANNED
        elif all(x.result is not Result.UNKNOWN for x in games):
            status = Round.Status.FINISHED
        else:
            status = Round.Status.PUBLISHED
        round_ = Round(
            tournament=rows.tournament,
            number=number,
            discipline=rows.discipline,
            status=status,
            pairing_version=0 if status == Round.Status.PLANNED else 1,  # the file's pairing: the first
        )
        rows.rounds.append(round_)
        for x, table in zip(games, _tables(games)):
            if x.result is Result.UNKNOWN:
                state = ResultState.PENDING
            else:
                state = ResultState.ADJUDICATED if x.by_referee else ResultState.CONFIRMED
            rows.games.append(
                Game(
                    round=round_,
                    table=table,
                    black=players[x.black],
                    white=players[x.white],
                    handicap=x.handicap,
                    komi=komi if x.handicap == 0 else HANDICAP_KOMI,
                    result=CODE_OF_RESULT[x.result],
                    by_default=x.by_default,
                    result_state=state,
                    pinned=x.pinned,
                )
            )
        rows.byes += [Bye(round=round_, player=players[b.player]) for b in byes]
    if rows.games and max(g.table for g in rows.games) > MAX_TABLE:
        raise ValidationError(
            _("The file needs tables beyond %(most)s (tables given twice or not at all).") % {"most": MAX_TABLE}
        )


def tournament_rows(data: ImportedTournament, *, slug: str) -> TournamentRows:
    """Everything a file's tournament makes, unsaved and checked (no query but the short name's)."""
    _check_size(data)
    if Tournament.objects.filter(slug=slug).exists():
        raise ValidationError(_("A tournament with the short name %(slug)s exists already.") % {"slug": slug})
    tournament = _tournament(data, slug)
    rows = TournamentRows(tournament, _discipline(data, tournament))
    players = checked_players(data, tournament)
    rows.registrations = list(players.values())
    _rounds(rows, data, players)
    rows.teams = team_rows(tournament, data.teams, rows.rounds, rows.games, players)
    return rows


def _with_ids(model, objects: list) -> None:
    """Insert rows that others refer to, each getting its id: one statement per batch where the database gives
    the ids back (PostgreSQL, SQLite from 3.35), else one by one."""
    if connection.features.can_return_rows_from_bulk_insert:
        model.objects.bulk_create(objects, batch_size=BATCH)
    else:  # an SQLite older than 3.35
        for obj in objects:
            obj.save(force_insert=True)


def write_rows(rows: TournamentRows, *, user, reason: str) -> Tournament:
    """Everything in one transaction, one statement per kind of row; the uploader (a person, not the
    command line) becomes the organizer. Audited: the import, and the organizer's role."""
    with transaction.atomic():
        tournament = rows.tournament
        tournament.save()
        rows.discipline.save()
        _with_ids(Registration, rows.registrations)  # their ids go into the games and byes
        _with_ids(Round, rows.rounds)
        _with_ids(Team, rows.teams.teams)
        TeamMember.objects.bulk_create(rows.teams.members, batch_size=BATCH)
        LineUp.objects.bulk_create(rows.teams.line_ups, batch_size=BATCH)
        _with_ids(Match, rows.teams.matches)  # their ids go into the games
        Game.objects.bulk_create(rows.games, batch_size=BATCH)
        Bye.objects.bulk_create(rows.byes, batch_size=BATCH)
        log_change(
            tournament,
            "tournament.import",
            user=user,
            after={
                "players": len(rows.registrations),
                "games": len(rows.games),
                "byes": len(rows.byes),
                **({"teams": len(rows.teams.teams)} if rows.teams.teams else {}),
            },
            reason=reason,
        )
        if user is not None and getattr(user, "is_authenticated", False):
            role = TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.ORGANIZER)
            log_change(
                role, "role.add", user=user, after={"user": user.get_username(), "role": role.role}, reason=reason
            )
    return tournament


def import_tournament(data: ImportedTournament, *, slug: str | None, user, reason: str, fallback: str) -> Tournament:
    """A new tournament from a file's data (the caller has checked the user's right); its short name
    ``slug``, else the file's, else one made from its name, else ``fallback``. ``ValidationError`` for
    anything the site cannot take; nothing is written then."""
    slug = slug_text(slug or data.short_name or data.name)[:60].strip("-") or fallback
    try:
        return write_rows(tournament_rows(data, slug=slug), user=user, reason=reason)
    except IntegrityError:
        if Tournament.objects.filter(slug=slug).exists():  # made meanwhile by another request
            raise ValidationError(
                _("A tournament with the short name %(slug)s exists already.") % {"slug": slug}
            ) from None
        raise
    except (DataError, ArithmeticError, OverflowError) as exc:
        raise ValidationError(
            _("The file holds a value the site cannot store (%(detail)s).") % {"detail": str(exc)[:200]},
            code="value",
        ) from None


# --- players coming into a tournament ----------------------------------------------------------


def import_players(
    *, tournament: Tournament, data: ImportedTournament, user, confirmed: bool, source: str
) -> list[Registration]:
    """Register the players of a file (a list, or a tournament's players) in ``tournament`` (the caller has
    checked the user's right): all of them, or none and :class:`PlayerImportError` with every problem.

    Each becomes a registration of this tournament with its own data (nothing of another tournament is read
    or written); an EGD PIN registered here already is a problem of its player."""
    if not data.players and not data.problems:
        raise PlayerImportError(_("The file has no players."))
    if len(data.players) > limits.FILE_PLAYERS:
        raise PlayerImportError(_("The file has more than %(n)s players.") % {"n": limits.FILE_PLAYERS})
    registered = dict(
        Registration.objects.filter(tournament=tournament).exclude(egd_pin="").values_list("egd_pin", "surname")
    )
    status = Registration.Status.CONFIRMED if confirmed else Registration.Status.PRELIMINARY
    registrations = list(checked_players(data, tournament, status=status, registered=registered).values())
    labels = {p.egd_pin: _label(p, n) for n, p in enumerate(data.players, 1) if p.egd_pin}
    # One statement for all the rows (a list of 2,000 players is one request); the database's unique
    # constraints still guard against another import of the same PINs at the same moment.
    try:
        with transaction.atomic():
            registrations = Registration.objects.bulk_create(registrations)
    except IntegrityError:
        taken = set(
            Registration.objects.filter(tournament=tournament, egd_pin__in=labels).values_list("egd_pin", flat=True)
        )
        raise PlayerImportError(
            [
                _("%(where)s: the EGD PIN %(pin)s is registered already.") % {"where": where, "pin": pin}
                for pin, where in sorted(labels.items())
                if pin in taken
            ]
            or [_("Another change of the players came first; please import the file again.")]
        ) from None
    AuditEntry.objects.bulk_create([creation_entry(r, user=user) for r in registrations])
    log_action(
        tournament=tournament,
        action="players.import",
        user=user,
        after={"players": len(registrations), "from": source},
    )
    return registrations
