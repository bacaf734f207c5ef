"""One person entered twice: warned about, merged by the organizer; deleting only what has no games."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.fixtures.day import round_to_come
from tournament.models import Bye, Game, PairConstraint, Registration, Round
from tournament.names import fold_name
from tournament.permissions import SYSTEM
from tournament.ranks import parse_rank
from tournament.selectors.duplicates import duplicate_pairs, duplicates_in
from tournament.services.registrations import registration_delete, registration_merge


@pytest.fixture(autouse=True)
def _english():
    """The messages below are matched in English; outside a request the site speaks German (its default), so the
    result must not depend on which language an earlier test left active."""
    from django.utils import translation

    with translation.override("en"):
        yield


pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


def person(surname, given, rank="5k", club="", pin="", surname_latin="", given_name_latin=""):
    return SimpleNamespace(
        surname=surname,
        given_name=given,
        rank=parse_rank(rank),
        club=club,
        egd_pin=pin,
        surname_latin=surname_latin,
        given_name_latin=given_name_latin,
    )


@pytest.mark.parametrize(
    "a,b",
    [
        ("Müller", "Mueller"),
        ("Müller", "MULLER"),
        ("Émilie", "Emilie"),
        ("Janßen", "Janssen"),
        ("Łukasz", "Lukasz"),
        ("Dvořák", "Dvorak"),
        ("de Vries", "De-Vries"),
        ("Søren", "Soren"),
    ],
)
def test_names_fold_to_the_same_text(a, b):
    assert fold_name(a) == fold_name(b)


def test_likely_duplicates_need_the_name_and_the_club_or_rank():
    people = [
        person("Müller", "Jürgen", "3k", "Hannover"),
        person("Mueller", "Juergen", "1k", "hannover"),  # same name, same club
        person("Jürgen", "Müller", "3k", "Bremen"),  # name in the other order, same rank
        person("Müller", "Jürgen", "9k", "Köln"),  # same name only: another person
        person("Sato", "Hanako", "2k", "", "12345678"),
        person("佐藤", "花子", "2k", "", "", "Sato", "Hanako"),  # the Latin name, same rank
        person("Other", "Name", "2k", "", "12345678"),  # same PIN
    ]
    found = {(people.index(d.first), people.index(d.second)) for d in duplicate_pairs(people)}
    assert found == {(0, 1), (0, 2), (4, 5), (4, 6)}


def _reg(t, surname, given, rank="5k", **kw):
    return Registration.objects.create(
        tournament=t, surname=surname, given_name=given, rank=parse_rank(rank), status="confirmed", **kw
    )


def test_late_entry_warns_and_enters_only_when_told(client, two):
    client.force_login(two.user("orga_a"))
    client.cookies["django_language"] = "en"
    data = {"given_name": "Bernd", "surname": "Brandt", "club": "Hannover", "country": "DE", "rank": "4k"}
    page = client.post(reverse("manage_player_add", args=["a"]), data).content.decode()
    assert "may be registered already" in page and "enter_anyway" in page
    assert two.a.registrations.filter(surname="Brandt").count() == 1
    assert client.post(reverse("manage_player_add", args=["a"]), {**data, "enter_anyway": "1"}).status_code == 302
    assert two.a.registrations.filter(surname="Brandt").count() == 2
    page = client.get(reverse("manage_registrations", args=["a"])).content.decode()
    assert "Perhaps entered twice" in page and "same name and club" in page


def test_csv_import_and_self_registration_warn_about_duplicates(client, two):
    round_to_come(two.a)
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(two.user("orga_a"))
    client.cookies["django_language"] = "en"
    upload = SimpleUploadedFile("p.csv", b"Brandt,Bernd,Hannover,DE,5k,,\nNeu,Nina,Bremen,DE,9k,,\n")
    response = client.post(
        reverse("manage_players_import", args=["a"]), {"file": upload, "confirmed": "on"}, follow=True
    )
    assert "Possibly one person entered twice: Bernd Brandt and Bernd Brandt" in response.content.decode()
    two.a.registration_open = True
    two.a.save()
    client.force_login(two.user("mallory"))
    response = client.post(
        reverse("register", args=["a"]),
        {
            "given_name": "Nina",
            "surname": "Neu",
            "club": "Bremen",
            "country": "DE",
            "rank": "9k",
            "email": "m@example.org",
        },
        follow=True,
    )
    assert "Somebody with your name is registered already" in response.content.decode()


def test_merge_moves_games_byes_and_constraints_and_fills_gaps(client, two):
    a = two.a
    twin = _reg(a, "Brandt", "Bernd", "5k", club="", email="bb@example.org", user=two.user("mallory"))
    r2 = Round.objects.create(tournament=a, discipline=a.disciplines.get(), number=2, status="finished")
    carl = a.registrations.get(surname="Claus")
    g2 = Game.objects.create(round=r2, table=1, black=twin, white=carl, result="B")
    r3 = Round.objects.create(tournament=a, discipline=a.disciplines.get(), number=3, status="finished")
    Bye.objects.create(round=r3, player=twin)
    PairConstraint.objects.create(tournament=a, kind="forbidden", player_a=twin, player_b=carl)
    PairConstraint.objects.create(tournament=a, kind="forbidden", player_a=two.bernd, player_b=twin)
    client.force_login(two.user("orga_a"))
    response = client.post(
        reverse("manage_registration_merge", args=["a", two.bernd.pk]), {"other": twin.pk, "reason": "entered twice"}
    )
    assert response.status_code == 302
    bernd = Registration.objects.get(pk=two.bernd.pk)
    assert not Registration.objects.filter(pk=twin.pk).exists()
    g2.refresh_from_db()
    assert g2.black_id == bernd.pk and g2.version == 1
    assert Bye.objects.get(round=r3).player_id == bernd.pk
    assert list(PairConstraint.objects.values_list("player_a", "player_b")) == [(bernd.pk, carl.pk)]
    # his own data stay; the account came from the twin
    assert bernd.club == "Hannover" and bernd.email == "bernd@example.org" and bernd.user == two.user("mallory")
    entry = a.audit_entries.get(action="registration.merge")
    assert entry.reason == "entered twice" and entry.after["merged_id"] == twin.pk
    assert entry.before["merged"]["player"] == "Bernd Brandt"


def test_merge_is_refused_when_both_played_the_same_round(two):
    twin = _reg(two.a, "Brandt", "Bernd")
    Bye.objects.create(round=two.a.rounds.get(number=1), player=twin)
    with pytest.raises(ValidationError, match="round 1"):
        registration_merge(keep=two.bernd, drop=twin, user=SYSTEM)
    assert Registration.objects.filter(pk=twin.pk).exists()


def test_merge_is_refused_for_two_accounts_and_across_tournaments(two):
    twin = _reg(two.a, "Bergmann", "Anna", user=two.user("mallory"))
    with pytest.raises(ValidationError, match="two different accounts"):
        registration_merge(keep=two.anna, drop=twin, user=SYSTEM)
    elsewhere = _reg(two.b, "Brandt", "Bernd")
    with pytest.raises(ValidationError, match="this tournament"):
        registration_merge(keep=two.bernd, drop=elsewhere, user=SYSTEM)


def test_only_a_registration_without_games_can_be_deleted(client, two):
    client.force_login(two.user("orga_a"))
    client.cookies["django_language"] = "en"
    response = client.post(reverse("manage_registration_delete", args=["a", two.bernd.pk]), follow=True)
    assert "withdraw the registration instead" in response.content.decode()
    assert Registration.objects.filter(pk=two.bernd.pk).exists()
    typo = _reg(two.a, "Tippfehler", "Tim")
    client.post(reverse("manage_registration_delete", args=["a", typo.pk]), {"reason": "typed twice"})
    assert not Registration.objects.filter(pk=typo.pk).exists()
    entry = two.a.audit_entries.get(action="registration.delete")
    assert entry.before["surname"] == "Tippfehler" and entry.reason == "typed twice"
    with pytest.raises(ValidationError):
        registration_delete(registration=two.bernd, user=SYSTEM)


def test_duplicates_of_a_large_field_are_found_without_comparing_every_pair(two):
    """Bucketed by folded name: 2,000 registrations, a handful of pairs."""
    Registration.objects.bulk_create(
        [
            Registration(tournament=two.b, surname=f"Spieler{i}", given_name="Max", rank=-5, status="confirmed")
            for i in range(2000)
        ]
        + [Registration(tournament=two.b, surname="Spieler7", given_name="Max", rank=-5, status="confirmed")]
    )
    found = duplicates_in(two.b)
    assert [(d.first.surname, d.second.surname) for d in found] == [("Spieler7", "Spieler7")]


def test_opengotha_import_warns_about_duplicates_and_refuses_one_pin_twice(tmp_path):
    import io

    from django.core.management import call_command
    from django.core.management.base import CommandError

    def player(name, first, pin):
        return (
            f'<Player agaExpirationDate="" agaId="" club="Hann" country="DE" egfPin="{pin}" ffgLicence="" '
            f'ffgLicenceStatus="" firstName="{first}" grade="5K" name="{name}" participating="11111" '
            f'rank="5K" rating="1500" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>'
        )

    def write(path, players):
        path.write_text(
            '<?xml version="1.0" encoding="UTF-8"?><Tournament dataVersion="201" runningRound="1">'
            f"<Players>{''.join(players)}</Players><Games/><TournamentParameterSet>"
            '<GeneralParameterSet name="Dups" shortName="dups" numberOfRounds="5"/>'
            "</TournamentParameterSet></Tournament>"
        )

    ok = tmp_path / "ok.xml"
    write(ok, [player("Müller", "Jürgen", "12345678"), player("Mueller", "Juergen", "")])
    out = io.StringIO()
    call_command("import_opengotha", str(ok), stdout=out)
    assert "perhaps one person entered twice: Jürgen Müller and Juergen Mueller" in out.getvalue()
    bad = tmp_path / "bad.xml"
    write(bad, [player("Müller", "Jürgen", "12345678"), player("Other", "Otto", "12345678")])
    with pytest.raises(CommandError, match="12345678 belongs to more than one player"):
        call_command("import_opengotha", str(bad), "--slug", "dups2", stdout=io.StringIO())
