"""Every backup restores whole (issue #30): each kind of tournament the site makes (``tests/fixtures/every_kind.py``)
is backed up with its accounts, restored into a fresh database and backed up again. The second backup equals
the first but for the primary keys the restore renumbers (compared in a canonical form, every reference by
its row's place in the backup), and the downloads (standings, crosstable, team standings, the OpenGotha file
and the EGD's h9 file) are byte-identical before and after.

On the suite's database (SQLite, and PostgreSQL in the second run of ``make test``) and across databases:
``manage.py restore`` and ``manage.py backup`` in another process on a fresh SQLite file database (made by
``manage.py migrate``), that backup restored here, and that one again in a second fresh SQLite file: in the
PostgreSQL run PostgreSQL → SQLite → PostgreSQL → SQLite.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.test import override_settings

from tests.fixtures.every_kind import IMPORTS, KINDS, account
from tests.fixtures.migrated import manage
from tournament.backup import LABELS, MODELS, DumpError, _querysets, dump_tournament, load_tournament
from tournament.models import (
    AuditEntry,
    FrozenStandings,
    Knockout,
    PairingPrint,
    Round,
    Tournament,
    TournamentInvitation,
)
from tournament.services.opengotha import export_opengotha
from tournament.standings import frozen

#: One worker runs the module (``make test`` distributes by ``--dist loadgroup``): the tournaments are built once.
pytestmark = [
    pytest.mark.django_db,
    pytest.mark.usefixtures("english_visitor"),
    pytest.mark.xdist_group("backup-round-trip"),
]
FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

#: The downloads compared byte for byte (below ``/t/<slug>/``), as the organizer gets them.
DOWNLOADS = (
    "standings.csv",
    "team-standings.csv",
    "standings.pdf",
    "crosstable.pdf",
    "results.h9",
    "manage/files/opengotha.xml",
)
#: A tournament's with a knockout stage.
KNOCKOUT_DOWNLOADS = ("bracket.pdf",)


def canonical(data: dict) -> dict:
    """The backup with every primary key replaced by the row's place among its model's rows in the backup,
    and every reference to a row of the backup likewise (the restore gives new keys in the same order)."""
    place: dict = {}
    counts: dict = defaultdict(int)
    for row in data["objects"]:
        place[(row["model"], row["pk"])] = counts[row["model"]]
        counts[row["model"]] += 1

    def ref(model, pk):
        return place.get((model._meta.label_lower, pk), ("not in the backup", pk))

    def registration(pk):
        return ref(LABELS["tournament.registration"], pk)

    by_name = {m._meta.model_name: m for m in MODELS}
    objects = []
    for row in data["objects"]:
        model = LABELS[row["model"]]
        fields = dict(row["fields"])
        for f in model._meta.concrete_fields:
            if f.is_relation and f.related_model in MODELS and fields.get(f.name) is not None:
                fields[f.name] = ref(f.related_model, fields[f.name])
        if model is AuditEntry:
            if fields.get("object_id") is not None and fields.get("object_type") in by_name:
                fields["object_id"] = ref(by_name[fields["object_type"]], fields["object_id"])
            for side in ("before", "after"):
                value = _record(fields[side], registration)
                if isinstance(value, dict) and value.get("merged_id") is not None:
                    value = {**value, "merged_id": registration(value["merged_id"])}
                fields[side] = value
        _players_named(model, fields, registration)
        objects.append((row["model"], place[(row["model"], row["pk"])], fields))
    return {**{k: v for k, v in data.items() if k != "objects"}, "objects": objects}


def _players_named(model, fields: dict, registration) -> None:
    """The fields of ``model``'s row that name registrations (or hold a token a restore renews) made
    comparable: every registration id replaced by ``registration(pk)``."""
    if model is TournamentInvitation:
        fields.pop("token")  # a restore makes a new link: the old one may be known elsewhere
    if model is Round:
        fields["pairing_record"] = _record(fields["pairing_record"], registration)
    if model is FrozenStandings:
        fields["tables"], fields["results"] = _frozen(fields, registration)
    if model is PairingPrint and fields.get("pairing"):  # the printed games' and byes' players
        p = fields["pairing"]
        fields["pairing"] = {
            "games": [[g[0], registration(g[1]), registration(g[2]), *g[3:]] for g in p["games"]],
            "byes": [registration(pk) for pk in p["byes"]],
            "names": sorted((registration(int(pk)), name) for pk, name in p["names"].items()),
        }
    if model is Knockout:
        fields["seeds"] = [registration(pk) for pk in fields["seeds"]]


def _frozen(fields: dict, registration) -> tuple[dict, list]:
    """Frozen standings with the registrations their tables and results name replaced by ``registration(pk)``."""
    tables = fields["tables"]
    mapped = {
        **tables,
        "overall": frozen.mapped_ids(tables["overall"], registration),
        "disciplines": {name: frozen.mapped_ids(t, registration) for name, t in tables["disciplines"].items()},
    }
    results = [[r, t, registration(b), registration(w), res, bd] for r, t, b, w, res, bd in fields["results"]]
    return mapped, results


def _record(record, registration):
    """A round's pairing record (or a ``round.pair`` audit entry's values) with the registrations its tables'
    explanations name (``white``, ``black``: their keys; ``players``: as text) and the players it left out as
    not checked in (``not_checked_in``) replaced by ``registration(pk)``."""
    if isinstance(record, dict) and isinstance(record.get("not_checked_in"), list):
        record = {**record, "not_checked_in": [registration(pk) for pk in record["not_checked_in"]]}
    if not isinstance(record, dict) or not isinstance(record.get("explanations"), dict):
        return record
    tables = {}
    for table, facts in record["explanations"].items():
        mapped = {**facts, **{side: registration(facts[side]) for side in ("white", "black") if side in facts}}
        if "players" in facts:
            mapped["players"] = [registration(int(key)) for key in facts["players"]]
        tables[table] = mapped
    return {**record, "explanations": tables}


def assert_same(got: dict, expected: dict) -> None:
    """Two canonical backups equal, or the first rows that differ named with the fields that differ.

    The keys of stored JSON objects may come back in another order (PostgreSQL's ``jsonb`` keeps its own);
    where their order is what the site writes out (an OpenGotha file's attributes) the file is compared."""
    assert {k: v for k, v in got.items() if k != "objects"} == {k: v for k, v in expected.items() if k != "objects"}
    assert [row[:2] for row in got["objects"]] == [row[:2] for row in expected["objects"]]
    differ = [
        (a[0], a[1], {k: (v, b[2].get(k)) for k, v in a[2].items() if v != b[2].get(k)})
        for a, b in zip(got["objects"], expected["objects"])
        if a != b
    ]
    assert not differ, str(differ[:3])[:3000]


def wipe(tournament) -> None:
    """The tournament gone, row by row (games protect their players): the database as a fresh one for it."""
    for qs in reversed(list(_querysets(tournament).values())):
        qs.delete()


class Downloads:
    """``get(slug)``: the organizer's downloads of the tournament, each (status, bytes); the PDFs without
    the time they were made (ReportLab's ``invariant``)."""

    def __init__(self):
        from django.test import Client

        self.client = Client()
        self.client.force_login(account("rt-orga"))

    def get(self, slug: str) -> dict:
        import reportlab.rl_config

        cache.clear()  # the tables kept by a tournament's key (restored ones get new keys, rolled back ones too)
        old, reportlab.rl_config.invariant = reportlab.rl_config.invariant, 1
        try:
            names = DOWNLOADS + (KNOCKOUT_DOWNLOADS if Knockout.objects.filter(tournament__slug=slug).exists() else ())
            return {name: _body(self.client.get(f"/t/{slug}/{name}")) for name in names}
        finally:
            reportlab.rl_config.invariant = old


def _body(response) -> tuple[int, bytes]:
    return response.status_code, b"".join(response) if response.streaming else response.content


def _as_file(data: dict) -> dict:
    """The backup as ``manage.py backup`` writes it and ``restore`` reads it."""
    return json.loads(json.dumps(data, ensure_ascii=False, indent=1))


@dataclass
class Built:
    """A tournament of each kind, as built: its backup (with the accounts) and its downloads, by kind."""

    slugs: dict
    backups: dict
    downloads: dict
    get: Downloads


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker) -> Iterator[Built]:
    """Every kind built once for the module (in the database for its tests, which roll back what they do),
    gone again after it with the accounts it made."""
    with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=FAST_HASHERS):
        users_before = set(get_user_model().objects.values_list("pk", flat=True))
        get = None
        try:
            made = {kind: build(account("rt-orga")) for kind, build in KINDS.items()}
            get = Downloads()
            yield Built(
                slugs={kind: t.slug for kind, t in made.items()},
                backups={kind: _as_file(dump_tournament(t, with_accounts=True)) for kind, t in made.items()},
                downloads={kind: get.get(t.slug) for kind, t in made.items()},
                get=get,
            )
        finally:
            if get is not None:
                get.client.logout()  # its session goes too
            for t in Tournament.objects.filter(slug__startswith="rt-"):
                wipe(t)
            get_user_model().objects.exclude(pk__in=users_before).delete()


def test_the_kinds_hold_every_model_a_backup_holds_and_a_day_s_history(built):
    """The builder leaves nothing of a backup untried: a row of every model, each state of a round and of a
    result, the marks of a Go game, a referee's decision, absences and a withdrawal."""
    rows = [row for backup in built.backups.values() for row in backup["objects"]]
    assert {row["model"] for row in rows} == set(LABELS)
    fields = defaultdict(list)
    for row in rows:
        for name, value in row["fields"].items():
            fields[(row["model"], name)].append(value)
    assert set(fields[("tournament.round", "status")]) == set(Round.Status.values)
    assert {"confirmed", "withdrawn"} <= set(fields[("tournament.registration", "status")])
    assert any(fields[("tournament.registration", "absent_rounds")])
    assert any(fields[("tournament.registration", "checked_in_at")]) and any(
        fields[("tournament.round", "checked_in_only")]
    )
    assert any((record or {}).get("not_checked_in") for record in fields[("tournament.round", "pairing_record")])
    assert "" in fields[("tournament.registration", "country")]
    assert any((marks or {}).get("dead") for marks in fields[("tournament.liverecord", "marks")])
    assert any((marks or {}).get("dead") for marks in fields[("tournament.game", "marks")])  # a referee's decision
    assert {"game.result.adjudicate", "game.result.dispute", "registration.status", "players.import"} <= set(
        fields[("tournament.auditentry", "action")]
    )
    assert {"teams", "rengo", "pair-go", "round-robin", "knockout"} <= set(built.slugs)
    assert "knockout" in fields[("tournament.round", "pairing_system")]
    assert any(fields[("tournament.registration", "group")])


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_backup_restores_whole_and_its_downloads_stay_the_same(kind, built):
    backup, files = built.backups[kind], built.downloads[kind]
    expected = DOWNLOADS + (KNOCKOUT_DOWNLOADS if kind == "knockout" else ())
    assert {name: status for name, (status, _) in files.items()} == dict.fromkeys(expected, 200)
    wipe(Tournament.objects.get(slug=built.slugs[kind]))
    restored = load_tournament(_as_file(backup))
    assert restored.slug == built.slugs[kind]
    assert_same(canonical(_as_file(dump_tournament(restored, with_accounts=True))), canonical(backup))
    assert built.get.get(restored.slug) == files


# --- across databases -------------------------------------------------------------------------------


def _manage(db: Path, script: str) -> str:
    """``manage.py shell -c script`` on the SQLite file database ``db`` (another process, its own database)."""
    return manage(db, "shell", "-c", script)


@pytest.fixture(scope="module")
def fresh_sqlite(migrated_sqlite, tmp_path_factory):
    """``fresh()``: a new SQLite file database, as ``manage.py migrate`` makes it (``tests/fixtures/migrated.py``)."""
    folder = tmp_path_factory.mktemp("sqlite")
    made = []

    def fresh() -> Path:
        db = migrated_sqlite(folder / f"db{len(made)}.sqlite3")
        made.append(db)
        return db

    return fresh


#: Run by ``manage.py shell -c`` on the other database: each backup of FOLDER restored by ``manage.py restore``
#: and backed up again by ``manage.py backup --with-accounts`` (``<slug>.out.json``), or what was refused.
ROUND_TRIP = """
import json, pathlib
from django.core.management import call_command
from django.core.management.base import CommandError
folder = pathlib.Path(FOLDER)
refused = {}
for source in sorted(folder.glob("*.import.xml")):
    slug, command = source.name.split(".")[:2]
    try:
        call_command(command, str(source), "--slug", slug)
        call_command("export_opengotha", "--tournament", slug, "-o", str(folder / f"{slug}.export.xml"))
        source.rename(folder / f"{slug}.in.json")  # backed up below
    except CommandError as exc:
        refused[slug] = str(exc)
for source in sorted(folder.glob("*.in.json")):
    slug = source.name[: -len(".in.json")]
    try:
        if source.read_bytes().startswith(b"{"):
            call_command("restore", str(source))
        call_command("backup", "--tournament", slug, "--with-accounts", "-o", str(folder / f"{slug}.out.json"))
    except CommandError as exc:
        refused[slug] = str(exc)
(folder / "refused.json").write_text(json.dumps(refused))
"""


def _through_sqlite(db: Path, backups: dict, folder: Path, imports: dict | None = None) -> dict:
    """Each backup (by slug) restored into ``db`` and backed up again in another process (:data:`ROUND_TRIP`),
    and each file of ``imports`` (by slug: the command, the file) imported there and backed up: the new
    backups by slug, or what the restore or import said. The imports' OpenGotha files: ``<slug>.export.xml``."""
    folder.mkdir()
    for slug, data in backups.items():
        (folder / f"{slug}.in.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    for slug, (command, content) in (imports or {}).items():
        (folder / f"{slug}.{command}.import.xml").write_bytes(content)
    _manage(db, ROUND_TRIP.replace("FOLDER", repr(str(folder))))
    refused = json.loads((folder / "refused.json").read_text())
    return {
        slug: refused[slug] if slug in refused else json.loads((folder / f"{slug}.out.json").read_text("utf-8"))
        for slug in [*backups, *(imports or {})]
    }


@dataclass
class Across:
    """By kind: the backup as SQLite wrote it, as this database wrote it after restoring that one, and as a
    second SQLite wrote it after that (each a dict, or the refusal's text), and this database's downloads."""

    there: dict
    back: dict
    again: dict
    downloads: dict
    #: the OpenGotha file of each file imported on SQLite, as SQLite wrote it and as this database did
    exports: dict


@pytest.fixture(scope="module")
def across(built, fresh_sqlite, tmp_path_factory, django_db_blocker) -> Across:
    """Every kind's backup through a fresh SQLite, back into this database, and into another fresh SQLite."""
    folder = tmp_path_factory.mktemp("across")
    imports = {f"sq-{kind}": (command, content()) for kind, (command, content) in IMPORTS.items()}
    backups = {built.slugs[k]: b for k, b in built.backups.items()}
    there = _through_sqlite(fresh_sqlite(), backups, folder / "there", imports)
    back, files, exports = {}, {}, {}
    with django_db_blocker.unblock(), transaction.atomic():
        for t in Tournament.objects.filter(slug__in=there):
            wipe(t)
        for slug, data in there.items():
            if isinstance(data, dict):
                try:
                    back[slug] = _as_file(dump_tournament(load_tournament(data), with_accounts=True))
                except DumpError as exc:
                    back[slug] = str(exc)
                files[slug] = built.get.get(slug)
                if slug in imports and (folder / "there" / f"{slug}.export.xml").exists():
                    written = (folder / "there" / f"{slug}.export.xml").read_bytes()
                    exports[slug] = (written, export_opengotha(Tournament.objects.get(slug=slug)).encode())
        transaction.set_rollback(True)  # the tournaments as built again, for the other tests
    again = _through_sqlite(fresh_sqlite(), {s: b for s, b in back.items() if isinstance(b, dict)}, folder / "again")
    return Across(there=there, back=back, again=again, downloads=files, exports=exports)


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_backup_moves_between_databases_and_back(kind, built, across):
    """This database → a fresh SQLite (another process) → this database → another fresh SQLite: the same
    backup each time, and the same downloads here."""
    slug, original = built.slugs[kind], canonical(built.backups[kind])
    for leg in (across.there, across.back, across.again):
        assert isinstance(leg.get(slug), dict), leg.get(slug)
        assert_same(canonical(leg[slug]), original)
    assert across.downloads[slug] == built.downloads[kind]


@pytest.mark.parametrize("kind", list(IMPORTS))
def test_a_file_imported_on_sqlite_comes_back_the_same_here_and_there(kind, across):
    """A tournament imported from a file on SQLite (``manage.py import_opengotha`` / ``import_macmahon``,
    another process), backed up there, restored here, and backed up into another fresh SQLite: the same
    backup each time, down to the order of the file's attributes, and the same OpenGotha file here."""
    slug = f"sq-{kind}"
    assert isinstance(across.there.get(slug), dict), across.there.get(slug)
    original = canonical(across.there[slug])
    for leg in (across.back, across.again):
        assert isinstance(leg.get(slug), dict), leg.get(slug)
        assert_same(canonical(leg[slug]), original)
    written_there, got_here = across.exports[slug]
    assert got_here == written_there
