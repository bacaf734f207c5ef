"""A pairing's explanations are kept with the round, built by one function (issue #15, point 6).

``tournament.pairing.explain`` builds them (the command line words the same
facts); the round keeps them (``PairingRecord``, a table of its own since
migration 0018: loading a round or its games never loads them) and its page
reads them from there, not from the audit log. Rounds paired before
(migration 0016) and backups made before get them from the audit entry where
they were kept then.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from tournament.backup import dump_tournament, load_tournament
from tournament.models import AuditEntry, PairingRecord, Round, TournamentRole
from tournament.pairing import explain
from tournament.permissions import SYSTEM
from tournament.services.rounds import round_pair, round_unpair

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def organizer_client(client, field):
    tournament = field[0]
    user = get_user_model().objects.create_user("td", password="pw-td-12345")
    TournamentRole.objects.create(tournament=tournament, user=user, role="organizer")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return client


def test_the_round_keeps_its_pairings_explanations_and_its_page_reads_them_there(field, organizer_client):
    tournament, _players, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    record = PairingRecord.of(r1.pk)
    assert set(record) == {"warnings", "explanations", "bye_explanation", "checks"}
    assert set(record["explanations"]) == {str(t) for t in r1.games.values_list("table", flat=True)}
    url = reverse("manage_round", args=[tournament.slug, 1])

    def explanations(page: str) -> list[str]:
        return [line for line in page.splitlines() if 'class="explanation"' in line or "bye weight" in line]

    page = organizer_client.get(url).content.decode()
    AuditEntry.objects.filter(tournament=tournament).delete()  # the log is not where they live
    assert explanations(organizer_client.get(url).content.decode()) == explanations(page)
    assert page.count("Pairing value") == r1.games.count()
    assert f"{r1.byes.get().player.spoken_name} has the lowest bye weight" in page
    round_unpair(round=r1, user=SYSTEM)
    assert PairingRecord.of(r1.pk) == {}
    assert not PairingRecord.objects.filter(round=r1).exists()


def test_the_site_and_the_command_line_explain_a_pair_from_the_same_facts(field):
    from tournament.pairing import engine
    from tournament.selectors.pairing_data import pairing_tournament

    tournament, _players, r1, _ = field
    pairing = engine.pair_round(pairing_tournament(tournament, r1), r1.number)
    tables = explain.table_facts(pairing)
    assert tables
    for g in pairing.games:
        site = tables[str(g.table)]
        line = explain.explain_pair(pairing, g.white, g.black)
        assert (site["terms"], site["total"], site["players"]) == (line["terms"], line["total"], line["players"])
        assert ("they have already played each other" in line["notes"]) == site["rematch"]
    bye = explain.bye_facts(pairing)
    assert explain.explain_bye(pairing)["player"] == bye["player"]


def _old_round_with_an_audited_pairing(field) -> tuple[Round, dict]:
    """A round as a pairing left it before the record was kept with the round: only in the audit entry."""
    tournament, _players, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    record = PairingRecord.of(r1.pk)
    PairingRecord.objects.filter(round=r1).delete()
    entry = AuditEntry.objects.get(action="round.pair", object_id=r1.pk)
    entry.after = {**entry.after, **record}
    AuditEntry.objects.filter(pk=entry.pk).update(after=entry.after)
    return r1, record


def _without_checks(record: dict) -> dict:
    return {k: v for k, v in record.items() if k != "checks"}


def test_a_backup_made_before_restores_with_the_explanations(field):
    r1, record = _old_round_with_an_audited_pairing(field)
    data = dump_tournament(r1.tournament)
    for row in data["objects"]:
        if row["model"] == "tournament.round":
            row["fields"].pop("pairing_record", None)  # as a backup made before the change has it
    data["tournament"] = "restored"
    for row in data["objects"]:
        if row["model"] == "tournament.tournament":
            row["fields"]["slug"] = "restored"
    restored = load_tournament(data)
    # the games' checks (kept by a version of what they read) are left aside: the round page works them out
    # again when their version is not the restored round's
    assert _by_name(_without_checks(PairingRecord.of(restored.rounds.get(number=1).pk))) == _by_name(
        _without_checks(record)
    )
    assert len(_explained(restored)) == r1.games.count() > 0


@pytest.mark.django_db(transaction=True)
def test_migration_0016_takes_each_rounds_record_from_its_last_pairing_entry():
    before, after = ("tournament", "0015_tournament_nbw_bye_absence"), ("tournament", "0016_round_pairing_record")
    executor = MigrationExecutor(connection)
    executor.migrate([before])
    old = executor.loader.project_state([before]).apps
    T, D, R, A = (old.get_model("tournament", m) for m in ("Tournament", "Discipline", "Round", "AuditEntry"))
    t = T.objects.create(name="A", slug="a", start_date="2026-01-01", end_date="2026-01-01")
    go = D.objects.create(tournament=t, name="Go", kind="go")
    paired = R.objects.create(tournament=t, discipline=go, number=1, status="published")
    planned = R.objects.create(tournament=t, discipline=go, number=2, status="planned")
    first = {"games": 3, "warnings": [], "explanations": {"1": {"total": 1}}, "bye_explanation": None}
    second = {"games": 3, "warnings": ["w"], "explanations": {"1": {"total": 2}}, "bye_explanation": {"player": "X"}}
    for after_ in (first, second):  # paired, unpaired and paired again: the last one counts
        A.objects.create(tournament=t, action="round.pair", object_type="round", object_id=paired.pk, after=after_)
    A.objects.create(tournament=t, action="round.pair", object_type="round", object_id=planned.pk, after=first)
    executor = MigrationExecutor(connection)
    executor.migrate([after])
    new = executor.loader.project_state([after]).apps.get_model("tournament", "Round")
    assert new.objects.get(pk=paired.pk).pairing_record == {
        "warnings": ["w"],
        "explanations": {"1": {"total": 2}},
        "bye_explanation": {"player": "X"},
    }
    assert new.objects.get(pk=planned.pk).pairing_record == {}  # a planned round shows none
    assert A.objects.count() == 3  # the log keeps what it had
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_a_backup_keeps_the_record_as_a_field_of_the_round_as_before(field):
    """The backup's JSON is what it was while the record was a column of the round: old backups
    restore, and new ones restore on a site from before the record got its own table."""
    tournament, _players, r1, r2 = field
    round_pair(round=r1, user=SYSTEM)
    record = PairingRecord.of(r1.pk)
    data = dump_tournament(tournament)
    rounds = {row["pk"]: row["fields"] for row in data["objects"] if row["model"] == "tournament.round"}
    assert rounds[r1.pk]["pairing_record"] == record
    assert rounds[r2.pk]["pairing_record"] == {}  # planned: none
    assert not [row for row in data["objects"] if row["model"] == "tournament.pairingrecord"]
    data["tournament"] = "restored"
    for row in data["objects"]:
        if row["model"] == "tournament.tournament":
            row["fields"]["slug"] = "restored"
    restored = load_tournament(data)
    # the games' checks (kept by a version of what they read) are left aside: the round page works them out
    # again when their version is not the restored round's
    assert _by_name(_without_checks(PairingRecord.of(restored.rounds.get(number=1).pk))) == _by_name(
        _without_checks(record)
    )
    assert not PairingRecord.objects.filter(round=restored.rounds.get(number=2)).exists()
    assert PairingRecord.of(r1.pk) == record  # the original keeps its own


@pytest.mark.django_db(transaction=True)
def test_migration_0019_moves_each_record_to_its_own_table_and_back_losslessly():
    before = ("tournament", "0018_bounded_numbers")
    after = ("tournament", "0019_pairing_record_table")
    executor = MigrationExecutor(connection)
    executor.migrate([before])
    old = executor.loader.project_state([before]).apps
    T, D, R = (old.get_model("tournament", m) for m in ("Tournament", "Discipline", "Round"))
    t = T.objects.create(name="A", slug="a", start_date="2026-01-01", end_date="2026-01-01")
    go = D.objects.create(tournament=t, name="Go", kind="go")
    big = {
        "warnings": [{"code": "rematch", "table": 3, "players": ["Jörg Müller", "李 昌镐"]}],
        "explanations": {str(n): {"white": n, "black": n + 1, "terms": {"seeding": 10**15 + n}} for n in range(1, 400)},
        "bye_explanation": {"player": "Zoë", "weight": -3, "reason": "lowest", "mcmahon": True, "runners_up": []},
    }
    odd = {"warnings": ["an old warning in words"], "explanations": {}, "bye_explanation": None}
    rounds = {
        "big": R.objects.create(tournament=t, discipline=go, number=1, status="finished", pairing_record=big),
        "odd": R.objects.create(tournament=t, discipline=go, number=2, status="paired", pairing_record=odd),
        "none": R.objects.create(tournament=t, discipline=go, number=3, status="planned"),
    }
    executor = MigrationExecutor(connection)
    executor.migrate([after])
    new = executor.loader.project_state([after]).apps
    Record = new.get_model("tournament", "PairingRecord")
    assert dict(Record.objects.values_list("round_id", "record")) == {
        rounds["big"].pk: big,
        rounds["odd"].pk: odd,
    }
    assert "pairing_record" not in {f.name for f in new.get_model("tournament", "Round")._meta.fields}
    executor = MigrationExecutor(connection)
    executor.migrate([before])  # and back: every round's column as it was
    back = executor.loader.project_state([before]).apps.get_model("tournament", "Round")
    assert {r.pk: r.pairing_record for r in back.objects.all()} == {
        rounds["big"].pk: big,
        rounds["odd"].pk: odd,
        rounds["none"].pk: {},
    }
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def _by_name(record: dict) -> dict:
    """The record with each player named (their registration's id is the database's: a restore renumbers it)."""
    from tournament.models import Registration

    names = dict((str(pk), name) for pk, name in Registration.objects.values_list("pk", "surname"))
    out = {**record, "explanations": {}}
    for table, facts in (record.get("explanations") or {}).items():
        named = dict(facts, white=names[str(facts["white"])], black=names[str(facts["black"])])
        named["players"] = [names[k] for k in facts["players"]]
        out["explanations"][table] = named
    return out


def _explained(tournament) -> dict:
    """Each round's games with their explanations as the organizer's round page shows them."""
    from tournament.views.rounds import explained_games

    return {
        (r.number, g.table, g.black.surname, g.white.surname): g.explanation
        for r in tournament.rounds.all()
        for g in explained_games(r)
        if g.explanation != ([], [])
    }


def test_a_restored_round_explains_its_games_as_before(field):
    """The record names the players by their registrations' ids, which the restore renumbers: the round
    pages of a restored tournament explained no game at all (19 a round before, 0 after)."""
    tournament, players, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    before = _explained(tournament)
    assert len(before) == r1.games.count() > 0
    data = dump_tournament(tournament)
    data["tournament"] = "restored"
    for row in data["objects"]:
        if row["model"] == "tournament.tournament":
            row["fields"]["slug"] = "restored"
    restored = load_tournament(data)
    assert _explained(restored) == before
    ids = {r.pk for r in restored.registrations.all()}
    for facts in PairingRecord.of(restored.rounds.get(number=1).pk)["explanations"].values():
        assert {facts["white"], facts["black"]} <= ids and {int(k) for k in facts["players"]} <= ids
