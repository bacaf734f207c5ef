"""What a backup holds and what a restore may do: no password hashes unless asked, no staff made, only the
tournament's own objects."""

from __future__ import annotations

import copy
import io
import json
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.backup import DumpError, dump_tournament, load_tournament
from tournament.models import Registration, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]
DATA = Path(__file__).resolve().parents[1] / "models" / "data"


def _wipe(slug):
    t = Tournament.objects.get(slug=slug)
    for r in t.rounds.all():
        r.games.all().delete()
        r.byes.all().delete()
        r.delete()
    t.delete()


def test_a_backup_holds_no_password_hashes_unless_asked(two):
    plain = dump_tournament(two.a)
    assert {u["username"] for u in plain["users"]} == {"anna", "orga_a"}
    assert all("password" not in u and "is_staff" not in u and "is_superuser" not in u for u in plain["users"])
    assert "pbkdf2" not in json.dumps(plain) and "md5$" not in json.dumps(plain)
    full = dump_tournament(two.a, with_accounts=True)
    assert all(u["password"].startswith(("md5$", "pbkdf2")) for u in full["users"])


def test_the_backup_command_writes_hashes_only_with_the_flag(two, tmp_path):
    plain, full = tmp_path / "plain.json", tmp_path / "full.json"
    call_command("backup", "--tournament", "a", "-o", str(plain))
    call_command("backup", "--tournament", "a", "--with-accounts", "-o", str(full))
    assert '"password"' not in plain.read_text() and '"password"' in full.read_text()


def test_restore_makes_missing_accounts_plain_and_leaves_existing_ones_alone(two):
    data = dump_tournament(two.a, with_accounts=True)
    data["users"][0].update(is_staff=True, is_superuser=True)  # a doctored file
    _wipe("a")
    User = get_user_model()
    User.objects.filter(username="anna").delete()
    orga = User.objects.get(username="orga_a")
    orga.email = "new@example.org"
    orga.save()
    load_tournament(data)
    anna = User.objects.get(username="anna")
    assert not anna.is_staff and not anna.is_superuser and anna.check_password("pw-anna-123")
    assert User.objects.get(username="orga_a").email == "new@example.org"
    assert Registration.objects.get(tournament__slug="a", surname="Bergmann").user == anna


def test_restore_without_hashes_makes_accounts_that_need_a_password_reset(two):
    data = dump_tournament(two.a)
    _wipe("a")
    get_user_model().objects.filter(username="anna").delete()
    load_tournament(data)
    anna = get_user_model().objects.get(username="anna")
    assert not anna.has_usable_password() and not anna.is_staff


def test_restore_never_makes_or_raises_staff_even_from_an_old_backup(two):
    data = json.loads((DATA / "pre-0007-demo-backup.json").read_text())
    assert all("is_superuser" in u for u in data["users"])  # the old format wrote the flags
    for u in data["users"]:
        u.update(is_staff=True, is_superuser=True)
    tournament = load_tournament(data)
    User = get_user_model()
    assert not User.objects.filter(is_staff=True).exists() and not User.objects.filter(is_superuser=True).exists()
    assert tournament.registrations.count() == 40
    anna = tournament.registrations.get(surname="Bergmann")
    assert anna.user.username == "anna" and anna.claim_code is None
    assert tournament.registrations.filter(user__isnull=True).exclude(claim_code=None).count() == 38


@pytest.mark.parametrize(
    "doctor,message",
    [
        (
            lambda d: d["objects"].append({"model": "auth.user", "pk": 99, "fields": {"username": "root"}}),
            "never has: auth.user",
        ),
        (lambda d: d["objects"].append({"model": "sessions.session", "pk": "x", "fields": {}}), "never has"),
        (
            lambda d: d["objects"].append({"model": "tournament.tournament", "pk": 999, "fields": {"slug": "other"}}),
            "exactly one tournament",
        ),
        (
            lambda d: next(o for o in d["objects"] if o["model"] == "tournament.registration")["fields"].update(
                tournament=12345
            ),
            "does not belong",
        ),
        (lambda d: d.update(version=7), "version 7"),
        (lambda d: d["objects"].append("not an object"), "not readable"),
        (lambda d: d.update(format="something"), "not a Vielseitig"),
    ],
)
def test_restore_refuses_anything_but_the_tournaments_own_objects(two, doctor, message):
    data = copy.deepcopy(dump_tournament(two.a))
    _wipe("a")
    doctor(data)
    before = _rows()
    with pytest.raises(DumpError, match=message):
        load_tournament(data)
    assert _rows() == before


def test_the_restore_command_says_what_is_wrong(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(CommandError, match="cannot read"):
        call_command("restore", str(bad))


def test_a_live_record_goes_with_its_game_and_names_its_scorer_by_name(two):
    from tournament.models import Game, LiveRecord

    game = Game.objects.get(round__tournament=two.a, table=1)
    orga = get_user_model().objects.get(username="orga_a")
    LiveRecord.objects.create(
        game=game, moves="K10 K9", entries=[["anna", 1764300000], ["orga_a", 1764300007]], version=3, scorer=orga
    )
    data = dump_tournament(two.a)
    assert {u["username"] for u in data["users"]} == {"anna", "orga_a"}  # who entered the moves: anna, orga_a
    LiveRecord.objects.filter(game=game).update(entries=[["mallory", 1764300000]])
    assert "mallory" in {u["username"] for u in dump_tournament(two.a)["users"]}
    row = next(o for o in data["objects"] if o["model"] == "tournament.liverecord")
    assert row["fields"]["scorer"] == "orga_a" and row["fields"]["game"] == game.pk
    doctored = copy.deepcopy(data)
    next(o for o in doctored["objects"] if o["model"] == "tournament.liverecord")["fields"]["game"] = 12345
    _wipe("a")
    with pytest.raises(DumpError, match="does not belong"):
        load_tournament(doctored)
    tournament = load_tournament(data)
    live = LiveRecord.objects.get(game__round__tournament=tournament)
    assert live.game.table == 1 and live.game.pk != game.pk
    assert (live.moves, live.entries, live.version, live.scorer) == (
        "K10 K9",
        [["anna", 1764300000], ["orga_a", 1764300007]],
        3,
        orga,
    )


def _first(model: str):
    return lambda d: next(o for o in d["objects"] if o["model"] == model)["fields"]


@pytest.mark.parametrize(
    "model,field,value,message",
    [
        ("tournament.round", "number", 2147483647, "number: Ensure this value is less than or equal to 999."),
        ("tournament.round", "number", 1000, "less than or equal to 999"),
        ("tournament.game", "table", 99999, "table: Ensure this value is less than or equal to 9999"),
        ("tournament.game", "komi", "1e308", "komi"),
        ("tournament.discipline", "komi", "-100.5", "komi: Ensure this value is greater than or equal to -99.5"),
        ("tournament.game", "handicap", 40000, "handicap"),
        ("tournament.registration", "rating", 10**12, "rating"),
        ("tournament.registration", "absent_rounds", [2, 2147483647], "absent_rounds: Round numbers go from 1 to 999"),
    ],
)
def test_restore_refuses_numbers_beyond_the_sites_limits(two, model, field, value, message):
    """A doctored backup cannot store what no form takes (a round 2147483647 made the organizer's pages loop)."""
    data = copy.deepcopy(dump_tournament(two.a))
    _wipe("a")
    _first(model)(data)[field] = value
    before = _rows()
    with pytest.raises(DumpError, match=re.escape(message)):
        load_tournament(data)
    assert _rows() == before


def test_a_backup_within_the_limits_comes_back(two):
    data = copy.deepcopy(dump_tournament(two.a))
    _wipe("a")
    _first("tournament.round")(data)["number"] = 999
    _first("tournament.registration")(data)["absent_rounds"] = [999]
    t = load_tournament(data)
    assert list(t.rounds.values_list("number", flat=True)) == [999]


def _team_shape(t):
    from tournament.models import Game, LineUp, Match, TeamBye, TeamMember

    return (
        t.event_kind,
        sorted(t.teams.values_list("number", "name")),
        sorted(TeamMember.objects.filter(team__tournament=t).values_list("team__name", "registration__surname")),
        sorted(
            LineUp.objects.filter(round__tournament=t).values_list(
                "round__number", "team__name", "board", "player__surname"
            )
        ),
        sorted(
            Match.objects.filter(round__tournament=t).values_list(
                "round__number", "table", "team1__name", "team2__name"
            )
        ),
        sorted(
            Game.objects.filter(round__tournament=t).values_list("table", "match__table", "board", "black__surname")
        ),
        sorted(TeamBye.objects.filter(round__tournament=t).values_list("round__number", "team__name")),
    )


def test_a_team_tournament_comes_back_with_its_teams_line_ups_and_matches(teams):
    from tournament.services.team_rounds import BoardPair, TeamMatch, team_round_store

    boards = tuple(
        BoardPair(board=n, black=teams.members[0][n - 1].pk, white=teams.members[1][n - 1].pk) for n in (1, 2, 3)
    )
    match = TeamMatch(table=1, team1=teams.teams[0].pk, team2=teams.teams[1].pk, boards=boards)
    team_round_store(round=teams.round1, matches=[match], bye=teams.teams[2].pk, user=teams.organizer)
    before = _team_shape(teams.tournament)
    data = json.loads(json.dumps(dump_tournament(teams.tournament)))
    teams.tournament.slug = "moved-away"
    teams.tournament.save()
    restored = load_tournament(data)
    assert restored.pk != teams.tournament.pk and _team_shape(restored) == before
    assert len(before[4]) == 1 and len(before[2]) == 16 and len(before[3]) == 6 and len(before[6]) == 1


@pytest.mark.parametrize("model", ["tournament.teammember", "tournament.lineup"])
def test_a_backup_s_team_rows_name_the_tournament_s_own_players(teams, model):
    from tournament.models import LineUp

    LineUp.objects.create(round=teams.round1, team=teams.teams[0], board=1, player=teams.members[0][0])
    data = copy.deepcopy(dump_tournament(teams.tournament))
    row = next(o for o in data["objects"] if o["model"] == model)
    row["fields"]["registration" if model.endswith("member") else "player"] = 999999
    teams.tournament.slug = "moved-away"
    teams.tournament.save()
    with pytest.raises(DumpError, match="does not belong"):
        load_tournament(data)


# -- what an import made comes back; what a restore takes in is checked as an import checks it (issue #30) --


def _rows() -> dict[str, int]:
    """How many rows every model of the site has: a refused restore changes none of them."""
    from django.apps import apps

    return {m._meta.label: m.objects.count() for m in apps.get_models()}


def _moved_away(tournament) -> None:
    """The original stays, under another short name: the backup's comes back beside it."""
    tournament.slug = "moved-away"
    tournament.save()


def _opengotha_players(countries) -> bytes:
    rows = "".join(
        f'<Player name="Spieler{n}" firstName="Max" rank="5K" club="Hann" country="{c}" rating="1500"'
        ' registeringStatus="FIN" participating="1"/>'
        for n, c in enumerate(countries, 1)
    )
    return (
        f'<Tournament dataVersion="201"><Players>{rows}</Players><Games/><TournamentParameterSet>'
        '<GeneralParameterSet name="Liste" shortName="liste" numberOfRounds="1"/></TournamentParameterSet></Tournament>'
    ).encode()


def test_players_from_a_csv_list_come_back_with_the_import_s_audit_entry(two):
    """The import's audit entry names no object (it made many): the restore refused every such backup."""
    from tournament.services.players import players_import_csv

    players_import_csv(tournament=two.a, data="Meier;Max;Hann;DE;5k;;\n", user=two.user("orga_a"))
    data = json.loads(json.dumps(dump_tournament(two.a)))
    _moved_away(two.a)
    restored = load_tournament(data)
    entry = restored.audit_entries.get(action="players.import")
    assert (entry.object_type, entry.object_id, entry.after) == ("", None, {"players": 1, "from": "CSV"})
    assert restored.registrations.filter(surname="Meier").exists()


@pytest.mark.parametrize("into", [False, True])
def test_opengotha_players_without_a_country_come_back(two, into):
    """A file's player may have no country (the import takes them so); their backup was refused for it."""
    from tournament.permissions import SYSTEM
    from tournament.services.opengotha import import_opengotha
    from tournament.services.players import players_import_opengotha

    file = _opengotha_players(["", "", "NL"])
    if into:
        two.a.country = ""
        two.a.save()
        players_import_opengotha(tournament=two.a, data=file, user=two.user("orga_a"))
        tournament = two.a
    else:
        tournament = import_opengotha(file, slug="liste", user=SYSTEM)
    countries = sorted(tournament.registrations.filter(surname__startswith="Spieler").values_list("country", flat=True))
    assert countries == ["", "", "NL"]
    data = json.loads(json.dumps(dump_tournament(tournament)))
    _moved_away(tournament)
    restored = load_tournament(data)
    assert sorted(restored.registrations.filter(surname__startswith="Spieler").values_list("country", flat=True)) == [
        "",
        "",
        "NL",
    ]


def _registration_field(name, value):
    return lambda d: _first("tournament.registration")(d).update({name: value})


def _game_field(name, value):
    return lambda d: _first("tournament.game")(d).update({name: value})


@pytest.mark.parametrize(
    "doctor,message",
    [
        (_registration_field("rank", 98), "rank: “98” is not a rank: write 30k to 1k, 1d to 9d or 1p to 9p."),
        (_registration_field("rank", -31), "rank: “-31” is not a rank"),
        (_registration_field("rank", "99d"), "rank: “99d” is not a rank"),
        (_registration_field("country", "DEU"), "country: Use the two-letter country code"),
        (_game_field("result", "Z"), "result: Value 'Z' is not a valid choice"),
        (lambda d: _first("tournament.tournament")(d).update(mcmahon_bar=98), "mcmahon_bar: “98” is not a rank"),
        (lambda d: _first("tournament.tournament")(d).update(end_date="2026-05-01"), "end_date: The last day cannot"),
        (lambda d: _first("tournament.tournament")(d).update(standings_criteria=["XYZ"]), "Unknown criteria: XYZ"),
        (lambda d: _first("tournament.discipline")(d).update(board_size=4), "board_size"),
        (lambda d: _first("tournament.discipline")(d).update(rule_set="nonsense"), "rule_set"),
        (lambda d: _first("tournament.round")(d).update(pairing_record={"explanations": []}), "pairing_record: not"),
        (lambda d: _first("tournament.round")(d).update(pairing_record=[1]), "pairing_record: not a round's"),
    ],
)
def test_a_tampered_backup_is_refused_in_words_and_changes_nothing(two, doctor, message):
    """A rank of 98 was restored, and then the OpenGotha export and the round pages crashed."""
    data = copy.deepcopy(dump_tournament(two.a))
    _moved_away(two.a)
    doctor(data)
    before = _rows()
    with pytest.raises(DumpError, match=re.escape(message)):
        load_tournament(data)
    assert _rows() == before


def test_restoring_the_same_file_twice_is_refused_and_changes_nothing(two, tmp_path):
    file = tmp_path / "a.json"
    call_command("backup", "--tournament", "a", "-o", str(file))
    _moved_away(two.a)
    call_command("restore", str(file), stdout=io.StringIO())
    before = _rows()
    with pytest.raises(CommandError, match="a tournament 'a' exists already"):
        call_command("restore", str(file), stdout=io.StringIO())
    assert _rows() == before


@pytest.mark.parametrize("cut", ["half", "after a brace", "last line"])
def test_a_truncated_file_is_refused_and_changes_nothing(two, tmp_path, cut):
    file = tmp_path / "a.json"
    call_command("backup", "--tournament", "a", "-o", str(file))
    _moved_away(two.a)
    text = file.read_text()
    at = {"half": len(text) // 2, "after a brace": text.index("}", len(text) // 2) + 1, "last line": len(text) - 3}
    file.write_text(text[: at[cut]])  # the stick pulled while it was written
    before = _rows()
    with pytest.raises(CommandError, match=r"cannot read .*a\.json: the file ends too early \(cut off\?\)"):
        call_command("restore", str(file), stdout=io.StringIO())
    assert _rows() == before


def test_the_audit_log_s_ids_follow_the_restore_and_a_gone_object_s_name_nobody(two):
    """Entries about a player who is still there name the restored registration; those about one deleted
    (or merged away) name nobody, not whoever has that old id in the other database."""
    from tournament.models import AuditEntry
    from tournament.services.registrations import registration_create, registration_delete, registration_merge

    orga = two.user("orga_a")
    made = {
        n: registration_create(
            tournament=two.a, user=orga, data={"surname": n, "given_name": "X", "rank": -5, "country": "DE"}
        )
        for n in ("Gone", "Twin", "Twin2")
    }
    registration_delete(registration=made["Gone"], user=orga)
    registration_merge(keep=made["Twin"], drop=made["Twin2"], user=orga)
    data = json.loads(json.dumps(dump_tournament(two.a)))
    _moved_away(two.a)
    restored = load_tournament(data)
    entries = AuditEntry.objects.filter(tournament=restored, object_type="registration")
    twin = restored.registrations.get(surname="Twin")
    assert {e.object_id for e in entries} == {twin.pk, None}
    assert {e.action for e in entries if e.object_id is None} == {"registration.create", "registration.delete"}
    merge = entries.get(action="registration.merge")
    assert merge.object_id == twin.pk and merge.after["merged_id"] is None


def _attribute_orders(xml: str) -> list[list[str]]:
    """The attributes' names of the root and of each player, in the order the text writes them."""
    return [
        re.findall(r' ([A-Za-z]+)="', line) for line in xml.splitlines() if "<Tournament " in line or "<Player " in line
    ]


#: A file as OpenGotha writes it: the root's attributes in its own order, a player's in another (not sorted).
ORDERED_FILE = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
    b'<Tournament fullVersionNumber="3.52.03" runningMode="SAL" saveDT="20250114100931" dataVersion="201">'
    b"<Players>"
    b'<Player name="Albers" firstName="Alice" rank="3K" grade="3K" club="Hann" country="DE" rating="1800"'
    b' zeta="z" agaId="" registeringStatus="FIN" smmsCorrection="0" participating="1"/>'
    b'<Player name="Bauer" firstName="Bob" rank="4K" grade="4K" club="Hann" country="" rating="1700"'
    b' zeta="y" agaId="" registeringStatus="FIN" smmsCorrection="0" participating="1"/>'
    b"</Players><Games/><TournamentParameterSet>"
    b'<GeneralParameterSet name="Liste" shortName="liste" numberOfRounds="1"/></TournamentParameterSet></Tournament>'
)


def test_an_opengotha_file_s_attributes_keep_their_order_in_the_database_and_through_a_restore(db):
    """PostgreSQL's JSON column does not keep the order of an object's keys: the attributes the import
    kept came back sorted its way, and the export was no longer the file's."""
    from tournament.permissions import SYSTEM
    from tournament.services.opengotha import export_opengotha, import_opengotha

    tournament = import_opengotha(ORDERED_FILE, slug="liste", user=SYSTEM)
    file_order = _attribute_orders(ORDERED_FILE.decode().replace("><", ">\n<"))
    exported = export_opengotha(Tournament.objects.get(pk=tournament.pk))
    assert _attribute_orders(exported) == file_order
    data = json.loads(json.dumps(dump_tournament(tournament)))
    _moved_away(tournament)
    restored = load_tournament(data)
    assert export_opengotha(restored) == exported.replace("moved-away", "liste")


def test_a_version_2_backup_of_an_opengotha_import_restores_with_the_file_s_order(db):
    """Version 2 kept the attributes as JSON objects (in the file's order in the backup's text): a restore
    brings them forward as pairs in that order, on either database."""
    from tournament.permissions import SYSTEM
    from tournament.services.opengotha import export_opengotha, import_opengotha

    tournament = import_opengotha(ORDERED_FILE, slug="liste", user=SYSTEM)
    exported = export_opengotha(tournament)
    data = json.loads(json.dumps(dump_tournament(tournament)))
    assert data["version"] == 3
    row = _first("tournament.tournament")(data)
    extra = row["opengotha_extra"]
    row["opengotha_extra"] = {
        **extra,
        "root_attrib": dict(extra["root_attrib"]),
        "players": {key: dict(pairs) for key, pairs in extra["players"].items()},
    }
    old = json.loads(json.dumps({**data, "version": 2}))
    _moved_away(tournament)
    restored = load_tournament(old)
    assert restored.opengotha_extra["root_attrib"][0] == ["fullVersionNumber", "3.52.03"]
    assert export_opengotha(restored) == exported


@pytest.mark.django_db(transaction=True)
def test_migration_0028_keeps_the_attributes_as_pairs_in_their_order_and_back():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before, after = (
        ("tournament", "0027_audit_entry_without_object"),
        ("tournament", "0028_opengotha_attributes_in_order"),
    )
    executor = MigrationExecutor(connection)
    executor.migrate([before])
    T = executor.loader.project_state([before]).apps.get_model("tournament", "Tournament")
    root = {"fullVersionNumber": "3.52.03", "runningMode": "SAL", "saveDT": "20250114100931", "dataVersion": "201"}
    player = {"name": "Albers", "firstName": "Alice", "rank": "3K", "zeta": "z", "agaId": ""}
    extra = {"root_attrib": root, "players": {"ALBERSALICE": player}, "parameter_set": "<X/>", "others": ["<Y/>"]}
    og = T.objects.create(name="A", slug="a", start_date="2026-01-01", end_date="2026-01-01", opengotha_extra=extra)
    plain = T.objects.create(name="B", slug="b", start_date="2026-01-01", end_date="2026-01-01")
    stored = T.objects.get(pk=og.pk).opengotha_extra  # in the order this database keeps (PostgreSQL: its own)
    executor = MigrationExecutor(connection)
    executor.migrate([after])
    T = executor.loader.project_state([after]).apps.get_model("tournament", "Tournament")
    pairs = T.objects.get(pk=og.pk).opengotha_extra
    assert pairs == {
        **extra,
        "root_attrib": [list(item) for item in stored["root_attrib"].items()],
        "players": {"ALBERSALICE": [list(item) for item in stored["players"]["ALBERSALICE"].items()]},
    }
    assert T.objects.get(pk=plain.pk).opengotha_extra == {}
    executor = MigrationExecutor(connection)
    executor.migrate([before])  # and back: the objects as they were
    T = executor.loader.project_state([before]).apps.get_model("tournament", "Tournament")
    assert T.objects.get(pk=og.pk).opengotha_extra == extra
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_a_row_the_database_refuses_is_named_and_changes_nothing(two):
    """Two registrations of one account: the database's rule, not a field's, refuses it; in words too."""
    data = copy.deepcopy(dump_tournament(two.a))
    rows = [o for o in data["objects"] if o["model"] == "tournament.registration"]
    rows[1]["fields"]["user"] = rows[0]["fields"]["user"] = "anna"
    _moved_away(two.a)
    before = _rows()
    with pytest.raises(DumpError, match=r"tournament\.registration \d+: .*(UNIQUE|unique|duplicate)"):
        load_tournament(data)
    assert _rows() == before
