"""What the importers of whole tournaments from other programs' files (MacMahon, OpenGotha) share.

A file is read and turned into unsaved rows first: its readers bound every
number (:mod:`tournament.limits`), every row is checked field by field
without a query, nothing is written yet. Then everything is written in one
short transaction, one statement per kind of row: SQLite's write lock is held
for a moment, not for the whole upload, so other users' moves and log-ins go
through meanwhile; the file comes in whole or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils.translation import gettext as _

from tournament.models import Bye, Discipline, Game, Registration, Round, Tournament, TournamentRole
from tournament.models.registration import new_claim_code

from .audit import log_change

#: Rows a statement writes at most (PostgreSQL takes any number; SQLite's statements are split by Django anyway).
BATCH = 2000


@dataclass
class TournamentRows:
    """A tournament from a file, not saved yet: the tournament, its one discipline, and its rows."""

    tournament: Tournament
    discipline: Discipline
    registrations: list[Registration] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)


def checked_players(rows: list[tuple[str, Registration]]) -> list[Registration]:
    """The registrations a file brings, ``(label, unsaved registration)``: each checked field by field
    without a query (its problems named by its label, all of them at once), each with its claim code.
    Country and EGD PIN are the readers' to check."""
    errors: list[str] = []
    for label, registration in rows:
        registration.claim_code = registration.claim_code or new_claim_code()
        try:
            registration.clean_fields(exclude=["tournament", "user", "claim_code", "country"])
            registration.clean()
        except ValidationError as exc:
            errors += [_("%(where)s: %(error)s") % {"where": label, "error": m} for m in exc.messages]
    if errors:
        raise ValidationError(errors)
    return [registration for _label, registration in rows]


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
        Game.objects.bulk_create(rows.games, batch_size=BATCH)
        Bye.objects.bulk_create(rows.byes, batch_size=BATCH)
        log_change(
            tournament,
            "tournament.import",
            user=user,
            after={"players": len(rows.registrations), "games": len(rows.games), "byes": len(rows.byes)},
            reason=reason,
        )
        if user is not None and getattr(user, "is_authenticated", False):
            role = TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.ORGANIZER)
            log_change(
                role, "role.add", user=user, after={"user": user.get_username(), "role": role.role}, reason=reason
            )
    return tournament
