"""Migration 0018 repairs what the site stored before every number was bounded (issue 21, items 11 and 13).

An OpenGotha file's ``komi="1e308"`` was stored on SQLite and then made every
page of its tournament fail (the ORM cannot read it back): the discipline
gets its game's usual komi, the old value stays in the audit log, and the
pages work again. A round numbered 2,000,000,000 (the round form had no
maximum) made the organizer's pages loop over every number: it takes the
lowest free number, the players' missed rounds follow. On PostgreSQL the
columns could not hold those values; there the largest it could hold is used.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from tournament import limits

pytestmark = pytest.mark.usefixtures("english_visitor")

BEFORE = ("tournament", "0017_rating_lists_kinds_and_own_lists")
SQLITE = connection.vendor == "sqlite"
#: What each database could store before the bounds: SQLite anything, PostgreSQL what its columns hold.
ABSURD_KOMI = "1e308" if SQLITE else "999.5"
ABSURD_ROUND = 2_000_000_000 if SQLITE else 32_000


def _table(apps, model: str) -> str:
    return connection.ops.quote_name(apps.get_model("tournament", model)._meta.db_table)


@pytest.mark.django_db(transaction=True)
def test_absurd_komi_and_round_numbers_stored_before_are_repaired_and_the_pages_work_again():
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    old = executor.loader.project_state([BEFORE]).apps
    User = old.get_model("auth", "User")
    T, D, Rd, R, G, A = (
        old.get_model("tournament", m)
        for m in ("Tournament", "Discipline", "Round", "Registration", "Game", "AuditEntry")
    )
    orga = User.objects.create(username="orga")
    t = T.objects.create(name="Absurd", slug="absurd", start_date="2026-01-01", end_date="2026-01-01")
    old.get_model("tournament", "TournamentRole").objects.create(tournament=t, user=orga, role="organizer")
    go = D.objects.create(tournament=t, name="Go", kind="go", board_size=19, komi=7)
    keima = D.objects.create(tournament=t, name="Keima", kind="keima", board_size=9, komi=4)
    anna = R.objects.create(tournament=t, surname="Arndt", given_name="Anna", rank=-3, status="confirmed")
    bert = R.objects.create(
        tournament=t, surname="Berg", given_name="Bert", rank=-4, status="confirmed", absent_rounds=[ABSURD_ROUND, 3]
    )
    r1 = Rd.objects.create(tournament=t, discipline=go, number=1, status="finished")
    Rd.objects.create(tournament=t, discipline=keima, number=ABSURD_ROUND, status="planned")
    Rd.objects.create(tournament=t, discipline=keima, number=3, status="planned")
    even = G.objects.create(round=r1, table=1, black=anna, white=bert, result="B", result_state="confirmed")
    with connection.cursor() as cursor:  # as the OpenGotha import stored it
        cursor.execute(f"UPDATE {_table(old, 'Discipline')} SET komi = {ABSURD_KOMI} WHERE id = %s", [go.pk])
        cursor.execute(f"UPDATE {_table(old, 'Game')} SET komi = {ABSURD_KOMI} WHERE id = %s", [even.pk])
    if SQLITE:  # what made every page of the tournament fail: the value cannot be read back
        with pytest.raises(ArithmeticError):
            D.objects.get(pk=go.pk)

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    new = executor.loader.project_state(executor.loader.graph.leaf_nodes()).apps
    D, Rd, R, G, A = (
        new.get_model("tournament", m) for m in ("Discipline", "Round", "Registration", "Game", "AuditEntry")
    )
    assert str(D.objects.get(pk=go.pk).komi) == "7.5" and str(D.objects.get(pk=keima.pk).komi) == "4.0"
    assert str(G.objects.get(pk=even.pk).komi) == "7.5"
    entry = A.objects.get(action="discipline.edit", object_id=go.pk)
    assert float(entry.before["komi"]) == float(ABSURD_KOMI) and entry.after == {"komi": "7.5"}
    assert list(Rd.objects.filter(tournament_id=t.pk).order_by("number").values_list("number", flat=True)) == [1, 2, 3]
    moved = A.objects.get(action="round.edit")
    assert (moved.before, moved.after) == ({"number": ABSURD_ROUND}, {"number": 2})
    assert R.objects.get(pk=bert.pk).absent_rounds == [2, 3]

    client = Client()
    client.cookies["django_language"] = "en"
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.get(username="orga"))
    for name, args in [
        ("tournament", ["absurd"]),
        ("standings", ["absurd"]),
        ("round", ["absurd", 1]),
        ("manage_round", ["absurd", 2]),
        ("manage_programme", ["absurd"]),
        ("manage_discipline", ["absurd", go.pk]),
    ]:
        assert client.get(reverse(name, args=args)).status_code == 200, name
    assert limits.MAX_ROUND < ABSURD_ROUND


@pytest.mark.django_db
def test_the_repairs_leave_good_values_alone(day):
    from tournament.models import AuditEntry, Discipline, Game, Registration, Round
    from tournament.models.discipline import repair_komi
    from tournament.models.round import renumber_rounds_beyond

    before = sorted(Game.objects.values_list("pk", "komi")), sorted(Discipline.objects.values_list("pk", "komi"))
    entries = AuditEntry.objects.count()
    assert repair_komi(Discipline, Game, AuditEntry, connection) == 0
    assert renumber_rounds_beyond(Round, Registration, AuditEntry) == 0
    assert (sorted(Game.objects.values_list("pk", "komi")), sorted(Discipline.objects.values_list("pk", "komi"))) == (
        before
    )
    assert AuditEntry.objects.count() == entries
