"""Who may do what in a tournament."""

from __future__ import annotations

from django.db import connection

from tournament.models import Registration, Tournament, TournamentRole

from .rows import registration_of_user, statement


def _roles_sql(with_registration: bool) -> str:
    """The user's role rows in a tournament, and a ``player`` row if registered: one plain statement.

    Asked on nearly every page, so it is not built by the ORM each time;
    the table and column names come from the models.
    """

    def build() -> str:
        role = TournamentRole._meta.db_table
        sql = f"SELECT role FROM {role} WHERE tournament_id = %s AND user_id = %s"
        if with_registration:
            reg = Registration._meta.db_table
            sql += f" UNION ALL SELECT 'player' FROM {reg} r WHERE r.tournament_id = %s AND r.user_id = %s"
        return sql

    return statement(f"roles:{with_registration}", build)


def _role_rows(user, tournament: Tournament, *, with_registration: bool) -> set[str]:
    params = [tournament.pk, user.pk] * (2 if with_registration else 1)
    with connection.cursor() as cursor:
        cursor.execute(_roles_sql(with_registration), params)
        roles = {row[0] for row in cursor.fetchall()}
    if user.is_superuser:
        roles.add(TournamentRole.Role.ORGANIZER)
    return roles


def user_roles_and_registration(user, tournament: Tournament) -> tuple[set[str], Registration | None]:
    """The user's roles (as :func:`user_roles`) and registration in one go.

    The registration is what makes a user a ``player``, so the pages of a
    player read it here once instead of asking "is registered?" and then
    loading it again.
    """
    if not getattr(user, "is_authenticated", False):
        return set(), None
    roles = _role_rows(user, tournament, with_registration=False)
    registration = registration_of_user(tournament, user)
    if registration is not None:
        roles.add("player")
        registration.user = user
    return roles, registration


def user_roles(user, tournament: Tournament) -> set[str]:
    """The user's roles in the tournament: ``organizer``, ``referee``, ``player``.

    Superusers count as organizers everywhere.
    """
    if not getattr(user, "is_authenticated", False):
        return set()
    return _role_rows(user, tournament, with_registration=True)


def is_organizer(user, tournament: Tournament) -> bool:
    return TournamentRole.Role.ORGANIZER in user_roles(user, tournament)


def is_referee(user, tournament: Tournament) -> bool:
    roles = user_roles(user, tournament)
    return bool(roles & {TournamentRole.Role.REFEREE, TournamentRole.Role.ORGANIZER})
