"""MacMahon 3.9 files: the shared sample comes in whole and ranks as its results say; what cannot be read is refused."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from tests.fixtures.tournament_files import macmahon_file
from tests.shared import needs_shared, shared
from tournament import limits
from tournament.files.macmahon import MacMahonFormatError, rank_from_rating, read_macmahon
from tournament.models import AuditEntry, Game, Registration, Round, Tournament, TournamentRole
from tournament.models.game import ResultState
from tournament.permissions import SYSTEM
from tournament.ranks import parse_rank
from tournament.selectors.standings import standings_for
from tournament.services.file_import import PlayerImportError
from tournament.services.macmahon import import_macmahon

SAMPLE = shared("macmahon", "sample-tournament.xml")

pytestmark = needs_shared("macmahon", "sample-tournament.xml")


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _english():
    """Messages outside a request are in the site's language (German); these tests read the English ones."""
    from django.utils import translation

    with translation.override("en"):
        yield


def sample_text() -> str:
    return SAMPLE.read_text(encoding="utf-8")


@pytest.fixture
def imported(db):
    return import_macmahon(SAMPLE, slug="mm-sample", user=SYSTEM)


def regs(t) -> dict[str, Registration]:
    return {r.given_name: r for r in t.registrations.all()}


def test_settings(imported):
    t = imported
    assert (t.name, t.slug, t.pairing_system) == ("Test MacMahon Tournament", "mm-sample", "mcmahon")
    assert (t.mcmahon_bar, t.mcmahon_floor) == (parse_rank("1d"), parse_rank("20k"))
    assert t.standings_criteria == ["mms", "sosmms", "sososmms"]  # Score, SOS, SOSOS of a McMahon Walllist
    assert (t.handicap_threshold, t.handicap_correction, t.handicap_ceiling) == (parse_rank("30k"), 0, 9)
    assert t.registration_open is False
    (go,) = t.disciplines.all()
    assert (go.kind, go.board_size, go.handicap_policy) == ("go", 19, "none")  # HandicapUsed false


def test_players(imported):
    players = regs(imported)
    assert set(players) == {"Alice", "Bob", "Carol", "David"}
    alice, carol, david = players["Alice"], players["Carol"], players["David"]
    assert (alice.surname, alice.club, alice.country, alice.rank, alice.rating, alice.egd_pin) == (
        "Smith",
        "Paris",
        "FR",
        parse_rank("3d"),
        2200,
        "12345678",
    )
    assert alice.status == Registration.Status.CONFIRMED and alice.source == Registration.Source.IMPORT
    assert carol.mms_correction == 1 and alice.mms_correction == 0  # SuperBarMember
    assert (david.status, david.absent_rounds, david.country) == (Registration.Status.PRELIMINARY, [2], "UK")


def test_rounds_games_results_and_bye(imported):
    t = imported
    assert list(t.rounds.order_by("number").values_list("number", "status")) == [
        (1, Round.Status.FINISHED),
        (2, Round.Status.FINISHED),
        (3, Round.Status.PLANNED),
    ]
    p = regs(t)
    r1 = {g.table: g for g in Game.objects.filter(round__tournament=t, round__number=1)}
    # <White>1</White><Black>2</Black><Result>1-0</Result>: MacMahon writes Black first, so Bob (Black) won
    assert (r1[1].white, r1[1].black, r1[1].result) == (p["Alice"], p["Bob"], "B")
    assert (r1[2].white, r1[2].black, r1[2].result) == (p["Carol"], p["David"], "W")
    assert all(g.result_state == ResultState.CONFIRMED and g.komi == 7.5 for g in r1.values())
    (r2,) = Game.objects.filter(round__tournament=t, round__number=2)
    assert (r2.white, r2.black, r2.result, r2.table) == (p["Bob"], p["Alice"], "W", 1)
    assert [b.player for b in t.rounds.get(number=2).byes.all()] == [p["Carol"]]
    assert AuditEntry.objects.filter(tournament=t, action="tournament.import").count() == 1


def test_the_sample_ranks_as_its_results_say(imported, client):
    """Hand-computed from the file: bar 1d (MMS 30), floor 20k; Carol starts one above the bar.

    | player       | start | round 1       | round 2        | MMS |
    |--------------|-------|---------------|----------------|-----|
    | Carol 1d (+1)| 31    | beat David    | bye (1 point)  | 33  |
    | Bob 2d       | 30    | beat Alice    | beat Alice     | 32  |
    | Alice 3d     | 30    | lost to Bob   | lost to Bob    | 30  |
    | David 1k     | 29    | lost to Carol | absent (0)     | 29  |

    Alice and Bob met only each other: SOSM 2 x 32 = 64 and 2 x 30 = 60.
    """
    table = standings_for(imported)
    rows = [(r.place, r.entrant.given_name, dict(zip([c.code for c in table.columns], r.numbers))) for r in table.rows]
    assert [(place, name, v["mms"]) for place, name, v in rows] == [
        (1, "Carol", 33),
        (2, "Bob", 32),
        (3, "Alice", 30),
        (4, "David", 29),
    ]
    sosm = {name: v["sosmms"] for _p, name, v in rows}
    assert (sosm["Alice"], sosm["Bob"]) == (64, 60)
    # the same through the JSON API
    data = json.loads(client.get(f"/api/v1/tournaments/{imported.slug}/standings/").content)
    assert [(r["place"], r["player"]["name"], r["values"]["mms"]) for r in data["rows"]] == [
        (1, "White Carol", 33),
        (2, "Jones Bob", 32),
        (3, "Smith Alice", 30),
        (4, "Brown David", 29),
    ]
    assert data["after_round"] == 2


def test_command(db, capsys):
    call_command("import_macmahon", str(SAMPLE), "--slug", "hannover-mm")
    assert "Imported Test MacMahon Tournament as /t/hannover-mm/: 4 players, 3 rounds." in capsys.readouterr().out
    with pytest.raises(CommandError, match="hannover-mm"):
        call_command("import_macmahon", str(SAMPLE), "--slug", "hannover-mm")
    call_command("import_macmahon", str(SAMPLE))
    assert Tournament.objects.filter(slug="test-macmahon-tournament").exists()


def _broken(old: str, new: str) -> str:
    text = sample_text()
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            "<HandicapByLevel>false</HandicapByLevel>",
            "<HandicapByLevel>false</HandicapByLevel><Komi>6.5</Komi>",
            "the element <Komi> cannot be read",
        ),
        ("<ShortName>SOSOS</ShortName>", "<ShortName>MOS</ShortName>", "the criterion “MOS” is not known"),
        ("<Result>0-1</Result>", "<Result>B+R</Result>", "the result “B+R” cannot be read"),
        ("<Black>2</Black>", "<Black>9</Black>", "there is no player with the Id “9”"),
        ("<GoLevel>2d</GoLevel>", "<GoLevel>2 dan</GoLevel>", "“2 dan” is not a rank"),
        ("<Id>2</Id>", "<Id>1</Id>", "the Id 1 is given twice"),
        ("<HandicapUsed>false</HandicapUsed>", "<HandicapUsed>maybe</HandicapUsed>", "must be true or false"),
        ("</TournamentData>", "<Teams/></TournamentData>", "the element <Teams> cannot be read"),
        ("<White>3</White>", "<White>1</White>", "player 1 is paired twice in this round"),
        ('<Tournament typeversion="3.9">', "<Tournament>", "no MacMahon 3.9 file"),
        ("</TournamentData>", "", "not well-formed XML"),
    ],
)
def test_what_cannot_be_read_is_refused_and_named(db, old, new, message):
    with pytest.raises(MacMahonFormatError) as info:
        import_macmahon(_broken(old, new).encode(), slug="broken", user=SYSTEM)
    assert any(message in m for m in info.value.messages), info.value.messages
    assert not Tournament.objects.exists() and not Registration.objects.exists()


@pytest.mark.parametrize(
    "old,new,message",
    [
        ("<EgdPin>23456789</EgdPin>", "<EgdPin>12345678</EgdPin>", "The EGD PIN 12345678 belongs to more than one"),
        ("<EgdPin>23456789</EgdPin>", "<EgdPin>2345678</EgdPin>", "EGD PIN: An EGD PIN has eight digits."),
        ("<Country>FR</Country>", "<Country>FRA</Country>", "Country: Use the two-letter country code"),
    ],
)
def test_what_the_sites_rules_refuse_in_a_player_is_named(db, old, new, message):
    """A player's data is checked by the writer of every file (services/file_import.py), its player named."""
    with pytest.raises(PlayerImportError) as info:
        import_macmahon(_broken(old, new).encode(), slug="broken", user=SYSTEM)
    assert any("Player " in m and message in m for m in info.value.messages), info.value.messages
    assert not Tournament.objects.exists() and not Registration.objects.exists()


def test_every_problem_is_listed_at_once():
    text = _broken("<Result>0-1</Result>", "<Result>W+</Result>").replace(
        "<GoLevel>1k</GoLevel>", "<GoLevel>1 kyu</GoLevel>"
    )
    with pytest.raises(MacMahonFormatError) as info:
        read_macmahon(text)
    assert len(info.value.messages) == 2


def test_entities_are_refused():
    text = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><TournamentData>&a;</TournamentData>'
    with pytest.raises(MacMahonFormatError, match="refused"):
        read_macmahon(text)


def test_older_layout_forced_pairings_referee_and_rating_rank(db):
    """Files of older MacMahon versions: <Tournament> as root with <IndividualParticipant> and <TournamentRound>."""
    text = """<?xml version="1.0" encoding="UTF-8"?>
<Tournament typeversion="3.9">
  <Name>Vereinsturnier Hannover</Name><NumberOfRounds>1</NumberOfRounds><CurrentRoundNumber>1</CurrentRoundNumber>
  <RatingDeterminesRank>true</RatingDeterminesRank>
  <HandicapUsed>true</HandicapUsed><HandicapByLevel>true</HandicapByLevel>
  <HandicapAdjustment>true</HandicapAdjustment><HandicapAdjustmentValue>-1</HandicapAdjustmentValue>
  <HandicapLimit>false</HandicapLimit>
  <IndividualParticipant><Id>7</Id><GoPlayer><FirstName>Jürgen</FirstName><Surname>Müller</Surname>
    <Rank>5k</Rank><Rating>1640</Rating></GoPlayer></IndividualParticipant>
  <IndividualParticipant><Id>8</Id><GoPlayer><FirstName>Ömer</FirstName><Surname>Çelik</Surname>
    <Rank>2k</Rank><Rating>1950</Rating></GoPlayer></IndividualParticipant>
  <Walllist><Criterion><ShortName>Points</ShortName></Criterion><Criterion><ShortName>SOS</ShortName></Criterion>
  </Walllist>
  <TournamentRound><RoundNumber>1</RoundNumber>
    <Pairing><BoardNumber>3</BoardNumber><PairingWithBye>false</PairingWithBye><ForcedPairing>true</ForcedPairing>
      <Black>7</Black><White>8</White><Handicap>2</Handicap><Result>1-0!</Result>
      <ResultByReferee>true</ResultByReferee></Pairing>
  </TournamentRound>
</Tournament>"""
    t = import_macmahon(text.encode(), user=SYSTEM)
    assert (t.slug, t.pairing_system, t.standings_criteria) == ("vereinsturnier-hannover", "swiss", ["nbw", "sos"])
    assert t.pairing_parameters == {"handicap": {"based_on_mms": False}}
    assert (t.handicap_correction, t.handicap_threshold, t.handicap_ceiling) == (1, parse_rank("9d"), 9)
    assert t.disciplines.get().handicap_policy == "mcmahon"
    p = regs(t)
    assert (p["Jürgen"].rank, p["Ömer"].rank) == (parse_rank("5k"), parse_rank("1k"))  # from 1640 and 1950
    g = Game.objects.get(round__tournament=t)
    assert (g.table, g.black, g.white, g.handicap, g.komi) == (3, p["Jürgen"], p["Ömer"], 2, 0.5)
    assert (g.result, g.by_default, g.result_state, g.pinned) == ("B", True, ResultState.ADJUDICATED, True)


@pytest.mark.parametrize(
    "rating,rank",
    [
        (2100, "1d"),
        (2149, "1d"),
        (2050, "1d"),
        (2049, "1k"),
        (2000, "1k"),
        (1640, "5k"),
        (100, "20k"),
        (-900, "30k"),
        (2950, "9d"),
        (3500, "9d"),
    ],
)
def test_rank_from_rating_as_the_egd_counts(rating, rank):
    assert rank_from_rating(rating) == parse_rank(rank)


def test_upload_page_makes_the_uploader_organizer(db, client):
    user = get_user_model().objects.create_user("gerlach", password="pw-gerlach-123")
    client.force_login(user)
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = client.post(
        "/import/macmahon/",
        {"file": SimpleUploadedFile("turnier.xml", SAMPLE.read_bytes(), content_type="text/xml"), "slug": "mm"},
    )
    assert response.status_code == 302 and response["Location"] == "/t/mm/manage/"
    t = Tournament.objects.get(slug="mm")
    assert TournamentRole.objects.filter(tournament=t, user=user, role="organizer").exists()
    assert client.get("/t/mm/manage/").status_code == 200

    bad = _broken("<Result>0-1</Result>", "<Result>W+R</Result>").encode()
    response = client.post(
        "/import/macmahon/",
        {"file": SimpleUploadedFile("kaputt.xml", bad, content_type="text/xml"), "slug": "mm2"},
        headers={"Accept-Language": "en"},
    )
    assert response.status_code == 422
    assert "the result “W+R” cannot be read" in response.content.decode()
    assert not Tournament.objects.filter(slug="mm2").exists()
    # the same short name twice: a clear error, no second tournament
    response = client.post(
        "/import/macmahon/",
        {"file": SimpleUploadedFile("turnier.xml", SAMPLE.read_bytes(), content_type="text/xml"), "slug": "mm"},
        headers={"Accept-Language": "en"},
    )
    assert response.status_code == 200 and "exists already" in response.content.decode()
    assert Tournament.objects.filter(slug="mm").count() == 1


# --- every number bounded before anything is written (tournament/limits.py) ---------------------------------


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            "<NumberOfRounds>3</NumberOfRounds>",
            "<NumberOfRounds>1000000</NumberOfRounds>",
            f"<NumberOfRounds> is 1000000; it may be from 0 to {limits.FILE_ROUNDS}.",
        ),
        ("<RoundNumber>2</RoundNumber>", "<RoundNumber>2147483647</RoundNumber>", "<RoundNumber> is 2147483647"),
        (
            "<BoardNumber>2</BoardNumber>",
            "<BoardNumber>99999999999999999999</BoardNumber>",
            f"<BoardNumber> is 99999999999999999999; it may be from 0 to {limits.MAX_TABLE}.",
        ),
        ("<BoardNumber>2</BoardNumber>", "<BoardNumber>" + "9" * 5000 + "</BoardNumber>", "<BoardNumber> is 9999"),
        (
            "<Handicap>0</Handicap>",
            "<Handicap>10</Handicap>",
            f"<Handicap> is 10; it may be from 0 to {limits.MAX_HANDICAP}",
        ),
        ("<Rating>2200</Rating>", "<Rating>3000000000</Rating>", "<Rating> is 3000000000; it may be from -900 to"),
        ("<NotPlayingInRound>2</NotPlayingInRound>", "<NotPlayingInRound>5000</NotPlayingInRound>", "is 5000"),
        ("<HandicapLimitValue>9</HandicapLimitValue>", "<HandicapLimitValue>99</HandicapLimitValue>", "is 99"),
        (
            "<HandicapAdjustmentValue>0</HandicapAdjustmentValue>",
            "<HandicapAdjustmentValue>-70000</HandicapAdjustmentValue>",
            "<HandicapAdjustmentValue> is -70000; it may be from -9 to 9.",
        ),
        ("<RoundNumber>2</RoundNumber>", "<RoundNumber></RoundNumber>", "A round without a valid <RoundNumber>."),
        ("<Rating>2200</Rating>", "<Rating>２２００</Rating>", "<Rating> must be a whole number, not “２２００”."),
    ],
)
def test_every_number_is_bounded_and_the_limit_named(db, old, new, message):
    with pytest.raises(MacMahonFormatError) as info:
        import_macmahon(_broken(old, new).encode(), slug="broken", user=SYSTEM)
    assert any(message in m for m in info.value.messages), info.value.messages
    assert not Tournament.objects.exists() and not Registration.objects.exists() and not Round.objects.exists()


def test_the_limits_are_named_in_german_too(db):
    from django.utils import translation

    with translation.override("de"), pytest.raises(MacMahonFormatError) as info:
        read_macmahon(_broken("<NumberOfRounds>3</NumberOfRounds>", "<NumberOfRounds>1000000</NumberOfRounds>"))
    assert info.value.messages == [
        f"Turniereinstellungen: <NumberOfRounds> ist 1000000; erlaubt sind 0 bis {limits.FILE_ROUNDS}."
    ]


def test_macmahon_no_rating_is_no_rating():
    """MacMahon writes -901 or -9999 for a player without rating: no rating, not a number out of range."""
    for text in ("-901", "-9999", "-" + "9" * 40):
        data = read_macmahon(_broken("<Rating>2200</Rating>", f"<Rating>{text}</Rating>"))
        assert data.players[0].rating is None
    assert read_macmahon(_broken("<Rating>2200</Rating>", "<Rating>-900</Rating>")).players[0].rating == -900


@pytest.mark.parametrize(
    "players,rounds,message",
    [
        (limits.FILE_PLAYERS + 2, 0, f"The file holds {limits.FILE_PLAYERS + 2} players; a file may hold at most"),
        (2, limits.FILE_ROUNDS + 1, f"The file holds {limits.FILE_ROUNDS + 1} rounds; a file may hold at most"),
    ],
)
def test_more_players_or_rounds_than_a_file_may_hold_are_refused_at_once(db, players, rounds, message):
    data = macmahon_file(players, rounds, number_of_rounds="1")
    with pytest.raises(MacMahonFormatError) as info:
        import_macmahon(data, slug="big", user=SYSTEM)
    assert len(info.value.messages) == 1 and info.value.messages[0].startswith(message), info.value.messages
    assert not Tournament.objects.exists()


def test_more_pairings_than_a_file_may_hold_are_refused(db, monkeypatch):
    monkeypatch.setattr(limits, "FILE_GAMES", 5)
    with pytest.raises(MacMahonFormatError, match="The file holds 6 pairings; a file may hold at most 5."):
        read_macmahon(macmahon_file(4, 3))
    assert read_macmahon(macmahon_file(4, 2)).rounds == 2


def test_tables_made_up_for_pairings_without_one_stay_within_the_limit(db, monkeypatch):
    """Pairings without a table get the next free ones; beyond the largest table the file is refused."""
    monkeypatch.setattr("tournament.services.file_import.MAX_TABLE", 2)
    with pytest.raises(ValidationError, match="tables beyond 2"):
        import_macmahon(macmahon_file(6, 1, board_number="0"), slug="t", user=SYSTEM)
    assert not Tournament.objects.exists()
    t = import_macmahon(macmahon_file(4, 1, board_number="0"), slug="t", user=SYSTEM)
    assert sorted(Game.objects.filter(round__tournament=t).values_list("table", flat=True)) == [1, 2]


def test_a_congress_is_written_in_a_few_statements(db, django_assert_max_num_queries):
    """2,000 players and ten rounds (10,000 games): a few statements per kind of row, not one per row
    (on SQLite, Django puts at most 999 values in a statement: some 45 games of 22 columns)."""
    data = macmahon_file(limits.FILE_PLAYERS, 10)
    with django_assert_max_num_queries(280):
        t = import_macmahon(data, slug="kongress", user=SYSTEM)
    assert t.registrations.count() == limits.FILE_PLAYERS
    assert Game.objects.filter(round__tournament=t).count() == 10 * limits.FILE_PLAYERS // 2
    assert len(set(t.registrations.values_list("claim_code", flat=True))) == limits.FILE_PLAYERS


def test_deeply_nested_elements_are_refused_before_anything_walks_them(db):
    deep = "<a>" * 200_000 + "</a>" * 200_000
    with pytest.raises(MacMahonFormatError) as info:
        import_macmahon(sample_text().replace("</TournamentData>", deep + "</TournamentData>"), user=SYSTEM)
    assert info.value.messages == [
        f"The file's elements are nested more than {limits.XML_DEPTH} deep; a MacMahon file is not."
    ]


def test_a_database_that_gives_no_ids_back_from_one_insert_gets_the_rows_one_by_one(db, monkeypatch):
    """SQLite before 3.35 returns no ids from a bulk insert: players and rounds are then saved one by one."""
    from django.db import connection

    monkeypatch.setattr(type(connection.features), "can_return_rows_from_bulk_insert", False)
    t = import_macmahon(SAMPLE, slug="old-sqlite", user=SYSTEM)
    assert t.registrations.count() == 4 and t.rounds.count() == 3
    assert Game.objects.filter(round__tournament=t).count() == 3
