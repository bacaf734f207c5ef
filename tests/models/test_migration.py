"""The move of the players' data onto the registrations loses nothing.

Checked three ways: the demo database as it was before the change (a copy
made then, kept in ``data/``) is migrated and every player's data, game,
bye and account link is compared row by row with the old tables; a backup
made before the change restores into the new schema and shows exactly what
the migrated database shows; and on the test database (SQLite and
PostgreSQL) the migration runs over made-up data with the awkward cases.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.usefixtures("english_visitor")

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
BEFORE = ("tournament", "0006_time_control_help")
PLAYER = "surname, given_name, surname_latin, given_name_latin, club, country, rank, rating, egd_pin, email"


def _run(args, db: Path) -> str:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db}", "DJANGO_SETTINGS_MODULE": "tournament.settings"}
    env.pop("PYTEST_XDIST_WORKER", None)
    result = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def _old_rows(db: Path) -> dict:
    """What the old tables say, through the players."""
    q = sqlite3.connect(db)
    person = ", ".join(f"p.{c.strip()}" for c in PLAYER.split(","))
    return {
        "registrations": sorted(
            q.execute(
                f"SELECT t.slug, {person}, u.username, r.status, r.source, r.absent_rounds, r.mms_correction, r.note "
                "FROM tournament_registration r JOIN tournament_player p ON r.player_id = p.id "
                "JOIN tournament_tournament t ON r.tournament_id = t.id LEFT JOIN auth_user u ON p.user_id = u.id"
            )
        ),
        "games": sorted(
            q.execute(
                'SELECT g.id, rd.number, g."table", b.surname, b.given_name, w.surname, w.given_name, g.result, '
                "g.result_state, g.record, g.version FROM tournament_game g JOIN tournament_round rd ON g.round_id = rd.id "
                "JOIN tournament_player b ON g.black_id = b.id JOIN tournament_player w ON g.white_id = w.id"
            )
        ),
        "byes": sorted(
            q.execute(
                "SELECT rd.number, p.surname, p.given_name FROM tournament_bye y JOIN tournament_round rd "
                "ON y.round_id = rd.id JOIN tournament_player p ON y.player_id = p.id"
            )
        ),
    }


def _new_rows(db: Path) -> dict:
    q = sqlite3.connect(db)
    person = ", ".join(f"r.{c.strip()}" for c in PLAYER.split(","))
    return {
        "registrations": sorted(
            q.execute(
                f"SELECT t.slug, {person}, u.username, r.status, r.source, r.absent_rounds, r.mms_correction, r.note "
                "FROM tournament_registration r JOIN tournament_tournament t ON r.tournament_id = t.id "
                "LEFT JOIN auth_user u ON r.user_id = u.id"
            )
        ),
        "games": sorted(
            q.execute(
                'SELECT g.id, rd.number, g."table", b.surname, b.given_name, w.surname, w.given_name, g.result, '
                "g.result_state, g.record, g.version FROM tournament_game g JOIN tournament_round rd ON g.round_id = rd.id "
                "JOIN tournament_registration b ON g.black_id = b.id JOIN tournament_registration w ON g.white_id = w.id"
            )
        ),
        "byes": sorted(
            q.execute(
                "SELECT rd.number, p.surname, p.given_name FROM tournament_bye y JOIN tournament_round rd "
                "ON y.round_id = rd.id JOIN tournament_registration p ON y.player_id = p.id"
            )
        ),
    }


@pytest.mark.slow
def test_the_demo_database_from_before_the_change_migrates_losslessly_and_equals_its_backup(tmp_path, migrated_sqlite):
    db = tmp_path / "before.sqlite3"
    with gzip.open(DATA / "pre-0007-demo.sqlite3.gz") as src, open(db, "wb") as dst:
        shutil.copyfileobj(src, dst)
    before = _old_rows(db)
    assert len(before["registrations"]) == 40 and len(before["games"]) > 60
    _run(["manage.py", "migrate", "--noinput", "-v0"], db)
    after = _new_rows(db)
    assert after == before
    claim = (
        sqlite3.connect(db)
        .execute("SELECT COUNT(*) FROM tournament_registration WHERE (user_id IS NULL) != (claim_code IS NOT NULL)")
        .fetchone()
    )
    assert claim == (0,)  # a claim code exactly where there is no account
    # the backup made at the same time restores to the same tournament
    fresh = migrated_sqlite(tmp_path / "restored.sqlite3")  # as manage.py migrate makes it (tests/fixtures/migrated.py)
    _run(["manage.py", "restore", str(DATA / "pre-0007-demo-backup.json")], fresh)
    assert _new_rows(fresh) == before
    face = [json.loads(_run(["tests/models/face.py", "demo", "orga"], d)) for d in (db, fresh)]
    assert face[0] == face[1]
    assert "Bergmann" in face[0]["standings.csv"] and "Bergmann" in face[0]["results.h9"]


@pytest.mark.django_db(transaction=True)
def test_the_migration_on_this_database_keeps_every_link():
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    old = executor.loader.project_state([BEFORE]).apps
    User = old.get_model("auth", "User")
    T, P, R = (old.get_model("tournament", m) for m in ("Tournament", "Player", "Registration"))
    D, Rd, G, B, C = (old.get_model("tournament", m) for m in ("Discipline", "Round", "Game", "Bye", "PairConstraint"))
    eva = User.objects.create(username="eva")
    a = T.objects.create(name="A", slug="a", start_date="2026-01-01", end_date="2026-01-01")
    b = T.objects.create(name="B", slug="b", start_date="2026-02-01", end_date="2026-02-01")
    p_eva = P.objects.create(
        surname="Ernst",
        given_name="Eva",
        rank=-3,
        egd_pin="12345678",
        user=eva,
        surname_latin="",
        given_name_latin="",
        club="Hann",
        country="DE",
        email="e@x.org",
        rating=1900,
    )
    p_max = P.objects.create(surname="Mann", given_name="Max", rank=-9, country="DE")
    p_ghost = P.objects.create(surname="Geist", given_name="Gerd", rank=-12, country="DE")  # a game, no registration
    for t in (a, b):
        R.objects.create(tournament=t, player=p_eva, status="confirmed", absent_rounds=[2], mms_correction=1)
        R.objects.create(tournament=t, player=p_max, status="confirmed")
    go = D.objects.create(tournament=b, name="Go", kind="go")
    r1 = Rd.objects.create(tournament=b, discipline=go, number=1, status="finished")
    r2 = Rd.objects.create(tournament=b, discipline=go, number=2, status="finished")
    G.objects.create(round=r1, table=1, black=p_eva, white=p_max, result="B")
    G.objects.create(round=r2, table=1, black=p_max, white=p_ghost, result="W")
    B.objects.create(round=r2, player=p_eva)
    C.objects.create(tournament=b, kind="forbidden", player_a=p_eva, player_b=p_max)

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    new = executor.loader.project_state(executor.loader.graph.leaf_nodes()).apps
    R = new.get_model("tournament", "Registration")
    G, B, C = (new.get_model("tournament", m) for m in ("Game", "Bye", "PairConstraint"))
    eva_a, eva_b = (R.objects.get(tournament__slug=s, surname="Ernst") for s in "ab")
    for reg in (eva_a, eva_b):
        assert (reg.given_name, reg.rank, reg.egd_pin, reg.club, reg.email, reg.rating, reg.user_id) == (
            "Eva",
            -3,
            "12345678",
            "Hann",
            "e@x.org",
            1900,
            eva.pk,
        )
        assert reg.absent_rounds == [2] and reg.mms_correction == 1 and reg.claim_code is None
    assert eva_a.pk != eva_b.pk
    max_b = R.objects.get(tournament__slug="b", surname="Mann")
    assert max_b.user_id is None and len(max_b.claim_code) == 10
    ghost = R.objects.get(surname="Geist")
    assert ghost.tournament.slug == "b" and ghost.status == "withdrawn"
    g1, g2 = G.objects.order_by("round__number")
    assert (g1.black_id, g1.white_id, g2.black_id, g2.white_id) == (eva_b.pk, max_b.pk, max_b.pk, ghost.pk)
    assert B.objects.get().player_id == eva_b.pk
    assert (C.objects.get().player_a_id, C.objects.get().player_b_id) == (eva_b.pk, max_b.pk)
