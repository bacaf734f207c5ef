"""Reading a user's role rows in a tournament from the database; what they count for is decided in
:mod:`tournament.permissions` (which alone calls this)."""

from __future__ import annotations

from django.db import connection

from tournament.models import Registration, TournamentRole

from .rows import statement


def _roles_sql(with_registration: bool) -> str:
    """The user's role rows in a tournament, and a row without a role if registered: one plain statement.

    Asked on nearly every page, so it is not built by the ORM each time;
    the table and column names come from the models.
    """

    def build() -> str:
        role = TournamentRole._meta.db_table
        sql = f"SELECT role FROM {role} WHERE tournament_id = %s AND user_id = %s"
        if with_registration:
            reg = Registration._meta.db_table
            sql += f" UNION ALL SELECT NULL FROM {reg} r WHERE r.tournament_id = %s AND r.user_id = %s"
        return sql

    return statement(f"roles:{with_registration}", build)


def role_rows(user_id: int, tournament_id: int, *, with_registration: bool) -> tuple[frozenset[str], bool]:
    """The roles stored for the user in the tournament (its :class:`TournamentRole` rows, as they are), and
    (``with_registration``) whether a registration of the tournament is linked to the account."""
    params = [tournament_id, user_id] * (2 if with_registration else 1)
    with connection.cursor() as cursor:
        cursor.execute(_roles_sql(with_registration), params)
        rows = [row[0] for row in cursor.fetchall()]
    return frozenset(r for r in rows if r is not None), None in rows
