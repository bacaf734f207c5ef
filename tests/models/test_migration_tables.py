"""Migration 0033 (table plans, a table set by hand) loses nothing: a round's games keep their tables and
are not marked as set by hand; going back drops only what it added.

On the test database (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = ("tournament", "0032_match_table_in_range")
AFTER = ("tournament", "0033_tables_plan")


def _at(target):
    executor = MigrationExecutor(connection)
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


@pytest.mark.django_db(transaction=True)
def test_the_games_keep_their_tables_both_ways():
    old = _at(BEFORE)
    T, D, R, P, G = (
        old.get_model("tournament", m) for m in ("Tournament", "Discipline", "Round", "Registration", "Game")
    )
    t = T.objects.create(name="A", slug="a", start_date="2026-01-01", end_date="2026-01-01")
    d = D.objects.create(tournament=t, name="Go", kind="go", board_size=19)
    r = R.objects.create(tournament=t, discipline=d, number=1, status="published")
    a, b, c, e = (P.objects.create(tournament=t, surname=n, given_name=n, rank=0) for n in "abce")
    G.objects.create(round=r, table=37, black=a, white=b, pinned=True)
    G.objects.create(round=r, table=5, black=c, white=e)

    new = _at(AFTER)
    games = new.get_model("tournament", "Game").objects.order_by("table")
    assert [(g.table, g.pinned, g.table_by_hand) for g in games] == [(5, False, False), (37, True, False)]
    new.get_model("tournament", "TablePlan").objects.create(tournament_id=t.pk, halls="1-40: Hall A")

    back = _at(BEFORE)
    games = back.get_model("tournament", "Game").objects.order_by("table")
    assert [(g.table, g.pinned) for g in games] == [(5, False), (37, True)]
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # leave the database as the other tests expect it
