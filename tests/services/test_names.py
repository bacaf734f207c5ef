"""Names of players and teams refuse what a reader cannot see or what turns the text around it (issue #30
item 6): bidi overrides and marks, zero-width characters, control characters, as user names do. One rule
(:func:`tournament.names.invisible_character`), asked by every form, import and service that takes a name:
a player's names and club, a team's (or a Pair Go or Rengo side's) name, a partner's names."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.fixtures.pair_go import build_pair_day
from tests.fixtures.teams import build_teams
from tests.shared import shared, skip_without_shared
from tournament.models import Registration, Round, Team, Tournament
from tournament.names import invisible_character
from tournament.permissions import SYSTEM
from tournament.services.registrations import registration_create, registration_update
from tournament.services.teams import team_create, team_rename

pytestmark = pytest.mark.django_db

#: Each with the character the error names.
ODD = [
    ("Ali\u202ece", "U+202E"),  # right-to-left override
    ("\u202dAlice", "U+202D"),  # left-to-right override
    ("Alice\u2067", "U+2067"),  # right-to-left isolate
    ("Ali\u200fce", "U+200F"),  # right-to-left mark
    ("Al\u200bice", "U+200B"),  # zero-width space
    ("Alice\u200d", "U+200D"),  # zero-width joiner
    ("\ufeffAlice", "U+FEFF"),  # zero-width no-break space (byte order mark)
    ("Ali\u2060ce", "U+2060"),  # word joiner
    ("Ali\tce", "U+0009"),  # a tab (control)
    ("Ali\nce", "U+000A"),  # a line break (control)
    ("Ali\u2028ce", "U+2028"),  # line separator
    ("Ali\ue000ce", "U+E000"),  # private use
]

#: Names of every script, with their own letters and marks: taken.
FINE = ["Müller-Lüdenscheidt", "O'Neill", "van der Berg", "山田", "Ким", "محمد", "שרה", "Nguyễn Thị", "Ørsted"]


def test_the_rule_names_the_character_and_takes_every_script():
    for text, culprit in ODD:
        assert invisible_character(text).startswith(culprit), text
    assert invisible_character("Ali\u202ece") == "U+202E RIGHT-TO-LEFT OVERRIDE"
    for text in FINE:
        assert invisible_character(text) is None, text


@pytest.mark.parametrize(("name", "culprit"), ODD)
@pytest.mark.parametrize("field", ["surname", "given_name", "surname_latin", "given_name_latin", "club"])
def test_a_player_is_refused_a_name_with_an_invisible_character(day, name, culprit, field):
    t = day.tournament
    data = {"surname": "Neu", "given_name": "Nina", "rank": -5, "country": "DE", field: name}
    before = Registration.objects.count()
    with pytest.raises(ValidationError) as exc:
        registration_create(tournament=t, data=data, user=SYSTEM)
    assert list(exc.value.message_dict) == [field]
    assert culprit in exc.value.message_dict[field][0]
    assert Registration.objects.count() == before
    player = t.registrations.first()
    old = Registration.objects.filter(pk=player.pk).values().get()
    with pytest.raises(ValidationError):
        registration_update(registration=player, data={field: name}, user=SYSTEM)
    assert Registration.objects.filter(pk=player.pk).values().get() == old


def test_names_of_every_script_are_taken(day):
    t = day.tournament
    for name in FINE:
        registration_create(
            tournament=t, data={"surname": name, "given_name": name, "rank": -5, "club": name}, user=SYSTEM
        )
    assert t.registrations.filter(surname__in=FINE).count() == len(FINE)


def test_the_pages_say_so_in_german_and_english(day):
    slug = day.tournament.slug
    Round.objects.create(tournament=day.tournament, discipline=day.go, number=2)  # registration stays open
    words = {
        "en": "contains an invisible or control character (U+202E RIGHT-TO-LEFT OVERRIDE)",
        "de": "enthält ein unsichtbares oder Steuerzeichen (U+202E RIGHT-TO-LEFT OVERRIDE)",
    }
    data = {"given_name": "Nina", "surname": "Ne\u202eu", "club": "", "country": "DE", "rank": "5k"}
    for language, text in words.items():
        client = Client()
        client.cookies["django_language"] = language
        client.force_login(day.user("organizer"))
        response = client.post(reverse("manage_player_add", args=[slug]), {**data, "egd_pin": "", "email": ""})
        assert response.status_code in (200, 422) and text in response.content.decode(), language
        player = day.tournament.registrations.first()
        response = client.post(
            reverse("manage_registration", args=[slug, player.pk]),
            {
                **{k: getattr(player, k) or "" for k in ("given_name", "club", "country", "status")},
                "rank": player.rank_display,
                "surname": "X\u202ey",
            },
        )
        assert response.status_code in (200, 422) and text in response.content.decode(), language
        # a visitor registering themselves
        visitor = Client()
        visitor.cookies["django_language"] = language
        response = visitor.post(
            reverse("register", args=[slug]),
            {**data, "email": "n@example.org", "username": "nina", "password": "ein-langes-Passwort-42"},
        )
        assert response.status_code in (200, 422) and text in response.content.decode(), language
    assert not Registration.objects.filter(given_name="Nina").exists()


# --- teams and Pair Go sides --------------------------------------------------------------------------


#: A team's name is written on one line: a tab, a line break or a line separator in it is a blank.
BLANKS = ("U+0009", "U+000A", "U+2028")


@pytest.mark.parametrize(("name", "culprit"), [(n, c) for n, c in ODD if c not in BLANKS])
def test_a_team_is_refused_a_name_with_an_invisible_character(name, culprit):
    teams = build_teams()
    with translation.override("en"):
        with pytest.raises(ValidationError) as exc:
            team_create(tournament=teams.tournament, name=name, user=teams.organizer)
        assert culprit in " ".join(exc.value.messages)
        with pytest.raises(ValidationError):
            team_rename(team=teams.teams[0], name=name, user=teams.organizer)
    assert list(Team.objects.filter(tournament=teams.tournament).values_list("name", flat=True)) == [
        "Hannover",
        "Berlin",
        "Hamburg",
        "Köln",
    ]


def test_a_team_name_on_two_lines_is_one_line():
    teams = build_teams()
    for n, name in enumerate(name for name, culprit in ODD if culprit in BLANKS):
        team = team_create(tournament=teams.tournament, name=f"{name}{n}", user=teams.organizer)
        assert team.name == f"Ali ce{n}"


def test_the_team_pages_say_so():
    teams = build_teams()
    slug = teams.tournament.slug
    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(teams.organizer)
    response = client.post(reverse("manage_teams_add", args=[slug]), {"name": "Bre\u202emen"})
    assert response.status_code == 422 and "U+202E RIGHT-TO-LEFT OVERRIDE" in response.content.decode()
    response = client.post(reverse("manage_teams_rename", args=[slug, teams.teams[0].pk]), {"name": "Han\u200bnover"})
    assert response.status_code == 422 and "U+200B ZERO WIDTH SPACE" in response.content.decode()
    assert Team.objects.get(pk=teams.teams[0].pk).name == "Hannover"


def test_a_pair_go_side_and_its_partners_follow_the_same_rule():
    day = build_pair_day()
    side = day.teams[0]
    with pytest.raises(ValidationError):
        team_rename(team=side, name="Pair\u202e 1", user=day.organizer)
    partner = day.people["bob"]
    with pytest.raises(ValidationError):
        registration_update(registration=partner, data={"given_name": "B\u200bob"}, user=day.organizer)
    assert (Team.objects.get(pk=side.pk).name, Registration.objects.get(pk=partner.pk).given_name) == ("Pair 1", "Bob")


# --- files ---------------------------------------------------------------------------------------------


def test_a_player_list_with_an_invisible_character_is_refused_naming_the_line():
    from tournament.services.players import players_import_csv

    t = build_teams().tournament
    before = t.registrations.count()
    data = "surname,given name,club,country,rank\nGut,Greta,Hann,DE,5k\nNeu,Ni\u200bna,Hann,DE,5k\n".encode()
    with translation.override("en"):
        with pytest.raises(ValidationError) as exc:
            players_import_csv(tournament=t, data=data, user=SYSTEM, confirmed=True)
    assert any("Line 3" in m and "U+200B" in m for m in exc.value.messages), exc.value.messages
    assert t.registrations.count() == before


@pytest.mark.parametrize("where", ["player", "team"])
def test_an_opengotha_file_with_an_invisible_character_in_a_name_is_refused(where):
    from tests.pairing.opengotha.test_teams_file import team_file
    from tournament.services.opengotha import import_opengotha

    skip_without_shared(shared("opengotha", "simpleswiss.xml"))
    data = team_file()
    odd = data.replace(b'teamName="Team A"', b'teamName="Team&#x202E; A"', 1)
    if where == "player":
        name = data.split(b"<Player ", 1)[1].split(b'name="', 1)[1].split(b'"', 1)[0]
        odd = data.replace(b'name="' + name + b'"', b'name="' + name + b'&#x200B;"', 1)
    assert odd != data
    with translation.override("en"):
        with pytest.raises(ValidationError) as exc:
            import_opengotha(odd, user=SYSTEM)
    assert "U+202E" in str(exc.value) or "U+200B" in str(exc.value)
    assert not Tournament.objects.exists()
    assert import_opengotha(data, user=SYSTEM).teams.count() == 8  # the file as it was comes in


def test_a_macmahon_file_with_an_invisible_character_in_a_name_is_refused():
    from tournament.services.macmahon import import_macmahon

    sample = shared("macmahon", "sample-tournament.xml")
    skip_without_shared(sample)
    data = sample.read_bytes().replace(b"<FirstName>Alice</FirstName>", b"<FirstName>Al&#x202E;ice</FirstName>", 1)
    with pytest.raises(ValidationError):
        import_macmahon(data, slug="mm-odd", user=SYSTEM)
    assert not Tournament.objects.filter(slug="mm-odd").exists()


def test_the_upload_page_names_the_problem():
    t = build_teams().tournament
    client = Client()
    client.cookies["django_language"] = "de"
    client.force_login(t.roles.get(role="organizer").user)
    data = "surname,given name,club,country,rank\nNeu,Ni\u202ena,Hann,DE,5k\n".encode()
    response = client.post(
        reverse("manage_players_import", args=[t.slug]),
        {"file": SimpleUploadedFile("players.csv", data), "confirmed": "on"},
    )
    assert response.status_code in (200, 422)
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in response.content.decode()
    assert not t.registrations.filter(surname="Neu").exists()
