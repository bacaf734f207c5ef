"""Reading a user's roles in a tournament from the database (what they mean: :mod:`tournament.permissions`)."""

from __future__ import annotations

from django.db import connection

from tournament.models import Registration, Tournament, TournamentRole
from tournament.permissions import PLAYER, know_roles

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


def role_rows(user, tournament: Tournament, *, with_registration: bool) -> set[str]:
    """The roles stored for the user (not expanded); superusers count as organizers."""
    params = [tournament.pk, user.pk] * (2 if with_registration else 1)
    with connection.cursor() as cursor:
        cursor.execute(_roles_sql(with_registration), params)
        roles = {row[0] for row in cursor.fetchall()}
    if user.is_superuser:
        roles.add(TournamentRole.Role.ORGANIZER)
    return roles


def user_roles_and_registration(user, tournament: Tournament) -> tuple[frozenset[str], Registration | None]:
    """The user's roles (expanded, as :func:`tournament.permissions.roles_of`) and registration in one go.

    The registration is what makes a user a ``player``, so the pages of a
    player read it here once instead of asking "is registered?" and then
    loading it again. The roles are remembered for the rest of the request.
    """
    if not getattr(user, "is_authenticated", False):
        return frozenset(), None
    roles = role_rows(user, tournament, with_registration=False)
    registration = registration_of_user(tournament, user)
    if registration is not None:
        roles.add(PLAYER)
        registration.user = user
    return know_roles(user, tournament, roles), registration
