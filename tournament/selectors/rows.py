"""Model instances from plain statements, for the few reads every page makes.

Building a query with the ORM costs more than running it: a tournament by
its slug, or a user's registration, is compiled anew on
every request. The statements here are written once per process from the
models' own table and column names, and the rows become ordinary model
instances with every field converted exactly as the ORM converts it (the
same database and field converters), so the rest of the code cannot tell
the difference. Tests compare them field by field with the ORM's.
"""

from __future__ import annotations

from django.db import connection
from django.http import Http404

from tournament.models import Registration, Tournament

_CONVERTERS: dict[tuple[str, type], list] = {}
_SQL: dict[str, str] = {}


def columns(model, alias: str) -> str:
    """The model's concrete columns, qualified by ``alias``, in field order."""
    q = connection.ops.quote_name
    return ", ".join(f"{alias}.{q(f.column)}" for f in model._meta.concrete_fields)


def _converters(model) -> list:
    key = (connection.vendor, model)
    if key not in _CONVERTERS:
        table = model._meta.db_table
        found = []
        for f in model._meta.concrete_fields:
            col = f.get_col(table)
            found.append((col, connection.ops.get_db_converters(col) + f.get_db_converters(connection)))
        _CONVERTERS[key] = found
    return _CONVERTERS[key]


def instance(model, values):
    """A model instance from one row's values of :func:`columns` (as the ORM would load it)."""
    converted = []
    for value, (col, converters) in zip(values, _converters(model)):
        for convert in converters:
            value = convert(value, col, connection)
        converted.append(value)
    return model.from_db(connection.alias, [f.attname for f in model._meta.concrete_fields], converted)


def statement(name: str, build) -> str:
    """The hand-written statement ``name``, made by ``build()`` once per process
    (table and column names come from the models, so it cannot be a constant)."""
    if name not in _SQL:
        _SQL[name] = build()
    return _SQL[name]


def tournament_by_slug(slug: str) -> Tournament:
    """The tournament of ``slug``; 404 if there is none."""
    sql = statement(
        "tournament",
        lambda: (
            f"SELECT {columns(Tournament, 't')} FROM {connection.ops.quote_name(Tournament._meta.db_table)} t"
            " WHERE t.slug = %s"
        ),
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [slug])
        row = cursor.fetchone()
    if row is None:
        raise Http404("no such tournament")
    return instance(Tournament, row)


def registration_of_user(tournament: Tournament, user) -> Registration | None:
    """The user's registration in the tournament (at most one: a unique constraint)."""
    q = connection.ops.quote_name

    def build():
        reg = q(Registration._meta.db_table)
        return (
            f"SELECT {columns(Registration, 'r')} FROM {reg} r"
            f" WHERE r.{q('tournament_id')} = %s AND r.{q('user_id')} = %s"
        )

    sql = statement("registration", build)
    with connection.cursor() as cursor:
        cursor.execute(sql, [tournament.pk, user.pk])
        row = cursor.fetchone()
    if row is None:
        return None
    return instance(Registration, row)
