"""One writer for every file a tournament or its players come from (:mod:`tournament.services.file_import`):
what OpenGotha's, MacMahon's and the CSV readers give is checked and written the same way."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from tests.fixtures.tournament_files import macmahon_file, opengotha_file
from tournament.models import Game, Registration, Tournament
from tournament.permissions import SYSTEM
from tournament.services.file_import import PlayerImportError
from tournament.services.macmahon import import_macmahon
from tournament.services.opengotha import import_opengotha
from tournament.services.players import players_import_csv, players_import_opengotha

pytestmark = pytest.mark.django_db


def _tables(tournament: Tournament, number: int = 1) -> dict[tuple[str, str], int]:
    """The tables of a round's games, by the surnames of Black and White."""
    games = Game.objects.filter(round__tournament=tournament, round__number=number).select_related("black", "white")
    return {(g.black.surname, g.white.surname): g.table for g in games}


def test_an_opengotha_file_with_clashing_tables_is_renumbered_as_a_macmahon_file_is():
    """Every game of a round at table 1 (a file written by hand, or by a program that numbers no tables):
    the first keeps it, the others get the next free tables, in the file's order, whichever program wrote it."""
    og = import_opengotha(opengotha_file(8, 2, table_number="1"), slug="og", user=SYSTEM)
    mm = import_macmahon(macmahon_file(8, 2, board_number="1"), slug="mm", user=SYSTEM)
    for number in (1, 2):
        assert sorted(_tables(og, number).values()) == [1, 2, 3, 4]
        assert _tables(og, number) == _tables(mm, number)


def test_the_upload_page_takes_an_opengotha_file_with_clashing_tables(client):
    client.force_login(get_user_model().objects.create_user("ute", password="pw-ute-123"))
    upload = SimpleUploadedFile("t.xml", opengotha_file(6, 1, table_number="1"), content_type="application/xml")
    response = client.post(reverse("tournament_new_opengotha"), {"file": upload, "slug": "tische"})
    assert response.status_code == 302
    assert sorted(_tables(Tournament.objects.get(slug="tische")).values()) == [1, 2, 3]


def test_the_command_line_takes_an_opengotha_file_with_clashing_tables(tmp_path):
    path = tmp_path / "tische.xml"
    path.write_bytes(opengotha_file(6, 1, table_number="1"))
    out = io.StringIO()
    call_command("import_opengotha", str(path), "--slug", "tische", stdout=out)
    assert "Imported" in out.getvalue()
    assert sorted(_tables(Tournament.objects.get(slug="tische")).values()) == [1, 2, 3]


# -- one rule for a player's data, whatever the file -------------------------------------------------------


def _opengotha(players) -> bytes:
    """An OpenGotha file of ``players`` (surname, EGD PIN, country), no games."""
    rows = "".join(
        f'<Player name="{s}" firstName="Max" rank="5K" club="Hann" country="{c}" egfPin="{pin}" rating="1500"'
        ' registeringStatus="FIN" participating="1"/>'
        for s, pin, c in players
    )
    return (
        f'<Tournament dataVersion="201"><Players>{rows}</Players><Games/><TournamentParameterSet>'
        '<GeneralParameterSet name="Liste" shortName="liste" numberOfRounds="1"/></TournamentParameterSet></Tournament>'
    ).encode()


def _macmahon(players) -> bytes:
    rows = "".join(
        f"<Player><Id>{n}</Id><GoPlayer><FirstName>Max</FirstName><Surname>{s}</Surname><Club>Hann</Club>"
        f"<Country>{c}</Country><GoLevel>5k</GoLevel><EgdPin>{pin}</EgdPin></GoPlayer></Player>"
        for n, (s, pin, c) in enumerate(players, 1)
    )
    return (
        '<TournamentData typeversion="3.9"><Tournament typeversion="3.9"><Name>Liste</Name>'
        f"<NumberOfRounds>1</NumberOfRounds></Tournament><Playerlist>{rows}</Playerlist></TournamentData>"
    ).encode()


def _csv(players) -> bytes:
    return "".join(f"{s};Max;Hann;{c};5k;{pin};\n" for s, pin, c in players).encode()


def _whole(read, reader):
    def bring(day, players):
        return list(reader(read(players), slug="liste", user=SYSTEM).registrations.order_by("pk"))

    return bring


def _into(read, service):
    def bring(day, players):
        return service(tournament=day.tournament, data=read(players), user=day.user("organizer"))

    return bring


#: Each way players come from a file: (how the file is made, what brings it in).
PATHS = {
    "OpenGotha": _whole(_opengotha, import_opengotha),
    "MacMahon": _whole(_macmahon, import_macmahon),
    "OpenGotha players": _into(_opengotha, players_import_opengotha),
    "CSV": _into(_csv, players_import_csv),
}


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(
    "players,message",
    [
        ([("Meier", "1234567", "DE")], "EGD PIN: An EGD PIN has eight digits."),
        ([("Meier", "12345678", "DE"), ("Kuhn", "12345678", "DE")], "The EGD PIN 12345678 belongs to more than one"),
        ([("Meier", "", "DEU")], "Country: Use the two-letter country code"),
        ([("M" * 101, "", "DE")], "Surname: Ensure this value has at most 100 characters"),
    ],
)
def test_every_file_is_checked_by_the_same_rules(day, path, players, message):
    """OpenGotha's players were taken unchecked (a PIN of seven digits dropped, a name too long a database
    error), MacMahon's checked by its reader, a CSV list's by a form: now one writer checks them all."""
    before = Registration.objects.count()
    with pytest.raises(PlayerImportError) as info:
        PATHS[path](day, players)
    assert any(message in m for m in info.value.messages), info.value.messages
    assert Registration.objects.count() == before and not Tournament.objects.filter(slug="liste").exists()


@pytest.mark.parametrize("path", PATHS)
def test_a_good_player_comes_in_the_same_from_every_file(day, path):
    (made,) = PATHS[path](day, [("Meier", "12345678", "nl")])
    assert (made.surname, made.given_name, made.club, made.country, made.rank, made.egd_pin) == (
        "Meier",
        "Max",
        "Hann",
        "NL",
        -5,
        "12345678",
    )
    assert made.source == Registration.Source.IMPORT and made.claim_code


@pytest.mark.parametrize("path", PATHS)
def test_a_player_without_a_country_gets_the_tournaments(day, path):
    """A list coming into the Hannover tournament: Germany; a whole tournament from a file names no country."""
    (made,) = PATHS[path](day, [("Meier", "", "")])
    assert made.country == ("DE" if path in ("CSV", "OpenGotha players") else "")


def test_a_list_coming_into_a_tournament_abroad_takes_its_country(day):
    day.tournament.country = "FR"
    day.tournament.save()
    (made,) = players_import_csv(tournament=day.tournament, data=_csv([("Meier", "", "")]), user=day.user("organizer"))
    assert made.country == "FR"


@pytest.mark.usefixtures("english")
def test_a_player_list_names_every_problem_of_every_line_at_once(day):
    text = "Meier;Max;Hann;DE;;;\nKuhn;Kai;Hann;DE;5k;123;\nLang;Lea;Hann;DE;5 kyu;;x@\nOtt;Ole;Hann;DE;5k;;;;extra\n"
    with pytest.raises(PlayerImportError) as info:
        players_import_csv(tournament=day.tournament, data=text, user=day.user("organizer"))
    assert info.value.messages == [
        "Line 1, Go rank: No rank: write 30k to 1k, 1d to 9d or 1p to 9p.",
        "Line 3, Go rank: “5 kyu” is not a rank: write 30k to 1k, 1d to 9d or 1p to 9p.",
        "Line 4: 9 columns, expected at most 7.",
        "Line 2, EGD PIN: An EGD PIN has eight digits.",
        "Line 3, E-mail: Enter a valid email address.",
    ]
