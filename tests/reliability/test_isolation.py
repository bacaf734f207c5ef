"""Nothing done in tournament B changes what tournament A shows: the attacks of issue #11, each refused.

A's face is everything it shows or exports for its players: the standings
CSV, the standings PDF's text, the EGD results file, the registrations'
data, and its audit log.
"""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.fixtures.day import round_to_come
from tournament.models import Registration

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


def face(client, two) -> dict:
    """What tournament A shows, as A's organizer sees it."""
    client.force_login(two.user("orga_a"))
    client.cookies["django_language"] = "en"  # a log-out clears the cookies
    pdf = client.get(reverse("pdf_standings", args=["a"])).content
    face = {
        "csv": client.get(reverse("csv_standings", args=["a"])).content,
        "h9": client.get(reverse("h9_results", args=["a"])).content,
        "pdf": "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages),
        "players": sorted(
            two.a.registrations.values_list(
                "surname", "given_name", "club", "country", "rank", "egd_pin", "email", "user_id"
            )
        ),
        "audit": list(two.a.audit_entries.values_list("pk", "action")),
    }
    client.logout()
    return face


def test_organizer_of_b_importing_a_players_pin_leaves_a_unchanged(client, two):
    before = face(client, two)
    assert b"Bergmann" in before["csv"] and "12345678" in before["h9"].decode()
    client.force_login(two.user("orga_b"))
    csv_text = (
        "surname;given name;club;country;rank;EGD PIN;e-mail\n"
        "Bergmann-Neu;Annabel;Bremen;NL;9d;12345678;evil@example.org\n"
        "Brandt;Bernd;Bremen;DE;1k;23456789;\n"
    )
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = client.post(
        reverse("manage_players_import", args=["b"]),
        {"file": SimpleUploadedFile("list.csv", csv_text.encode()), "confirmed": "on"},
    )
    assert response.status_code == 302
    # B has its own copies, as the file says ...
    assert two.b.registrations.get(egd_pin="12345678").surname == "Bergmann-Neu"
    assert two.b.registrations.get(egd_pin="23456789").user_id is None
    # ... and A shows exactly what it showed before, its audit log untouched.
    assert face(client, two) == before


def test_a_player_registering_in_b_with_another_rank_leaves_a_unchanged(client, two):
    before = face(client, two)
    client.force_login(two.user("anna"))
    register = reverse("register", args=["b"])
    page = client.get(register).content.decode()
    assert 'value="Bergmann"' in page and 'value="12345678"' in page  # prefilled from her registration in A
    response = client.post(
        register,
        {
            "given_name": "Anna",
            "surname": "Bergmann",
            "club": "Hannover",
            "country": "DE",
            "rank": "1k",
            "egd_pin": "12345678",
            "email": "anna@example.org",
        },
    )
    assert response.status_code == 302
    in_b = Registration.objects.get(tournament=two.b, user=two.user("anna"))
    assert in_b.rank_display == "1k" and in_b.egd_pin == "12345678"
    assert face(client, two) == before
    assert Registration.objects.get(pk=two.anna.pk).rank_display == "3k"


def test_a_player_with_a_pin_registers_for_two_tournaments(client, two):
    """Anna's PIN is on her registration in A: registering in B with it is not "taken"."""
    client.force_login(two.user("anna"))
    response = client.post(
        reverse("register", args=["b"]),
        {
            "given_name": "Anna",
            "surname": "Bergmann",
            "club": "Hannover",
            "country": "DE",
            "rank": "3k",
            "egd_pin": "12345678",
            "email": "anna@example.org",
        },
    )
    assert response.status_code == 302
    pins = Registration.objects.filter(user=two.user("anna")).values_list("tournament__slug", "egd_pin")
    assert sorted(pins) == [("a", "12345678"), ("b", "12345678")]
    page = client.get(reverse("my_tournaments")).content.decode()
    assert "Turnier A" in page and "Turnier B" in page


def test_typing_another_players_pin_links_nothing(client, two):
    """Mallory registers in A with Bernd's public PIN (Bernd has no account): refused, nothing linked."""
    two.a.registration_open = True
    two.a.save()
    round_to_come(two.a)
    client.force_login(two.user("mallory"))
    client.cookies["django_language"] = "en"  # the message is matched in English
    response = client.post(
        reverse("register", args=["a"]),
        {
            "given_name": "Bernd",
            "surname": "Brandt",
            "club": "Hannover",
            "country": "DE",
            "rank": "5k",
            "egd_pin": "23456789",
            "email": "mallory@example.org",
        },
    )
    assert response.status_code == 200
    assert "EGD PIN" in response.content.decode()
    bernd = Registration.objects.get(pk=two.bernd.pk)
    assert bernd.user_id is None
    assert not Registration.objects.filter(user=two.user("mallory")).exists()
    # Mallory cannot report Bernd's game either
    game = bernd.games_as_black.get()
    assert client.get(reverse("game_report", args=["a", game.pk])).status_code == 403


def test_a_new_account_typing_a_pin_links_nothing_either(client, two):
    two.a.registration_open = True
    two.a.save()
    response = client.post(
        reverse("register", args=["a"]),
        {
            "given_name": "Bernd",
            "surname": "Brandt",
            "club": "Hannover",
            "country": "DE",
            "rank": "5k",
            "egd_pin": "23456789",
            "email": "x@example.org",
            "username": "notbernd",
            "password": "a-long-pass-123",
            "password2": "a-long-pass-123",
        },
    )
    assert response.status_code == 200
    assert Registration.objects.get(pk=two.bernd.pk).user_id is None


def test_clearing_a_pin_in_b_leaves_as_pin_in_place(client, two):
    client.force_login(two.user("anna"))
    client.post(
        reverse("register", args=["b"]),
        {
            "given_name": "Anna",
            "surname": "Bergmann",
            "club": "Hannover",
            "country": "DE",
            "rank": "3k",
            "egd_pin": "12345678",
            "email": "anna@example.org",
        },
    )
    in_b = Registration.objects.get(tournament=two.b, user=two.user("anna"))
    before = face(client, two)
    client.force_login(two.user("orga_b"))
    response = client.post(
        reverse("manage_registration", args=["b", in_b.pk]),
        {
            "given_name": "Anna",
            "surname": "Bergmann",
            "club": "Hannover",
            "country": "DE",
            "rank": "3k",
            "egd_pin": "",
            "email": "anna@example.org",
            "status": "confirmed",
            "reason": "PIN typed wrong",
        },
    )
    assert response.status_code == 302
    assert Registration.objects.get(pk=in_b.pk).egd_pin == ""
    assert Registration.objects.get(pk=two.anna.pk).egd_pin == "12345678"
    assert face(client, two) == before
    entry = two.b.audit_entries.get(action="registration.edit")
    assert (entry.before, entry.after, entry.user) == ({"egd_pin": "12345678"}, {"egd_pin": ""}, two.user("orga_b"))


def test_late_entry_in_b_with_as_pin_is_bs_own(client, two):
    client.force_login(two.user("orga_b"))
    response = client.post(
        reverse("manage_player_add", args=["b"]),
        {
            "given_name": "Bernd",
            "surname": "Brandt",
            "club": "Bremen",
            "country": "DE",
            "rank": "2k",
            "egd_pin": "23456789",
        },
    )
    assert response.status_code == 302
    assert Registration.objects.get(pk=two.bernd.pk).club == "Hannover"
    assert two.b.registrations.get(egd_pin="23456789").club == "Bremen"


def test_the_same_pin_twice_in_one_tournament_is_refused_with_a_clear_message(client, two):
    client.force_login(two.user("orga_a"))
    client.cookies["django_language"] = "en"
    response = client.post(
        reverse("manage_player_add", args=["a"]),
        {
            "given_name": "Berndt",
            "surname": "Brand",
            "club": "Bremen",
            "country": "DE",
            "rank": "2k",
            "egd_pin": "23456789",
        },
    )
    assert response.status_code == 200
    assert "A player with this EGD PIN is registered already." in response.content.decode()
    assert two.a.registrations.filter(egd_pin="23456789").count() == 1


def test_self_registrations_are_limited_per_address(client, two, settings):
    from django.contrib.auth import get_user_model

    settings.SELF_REGISTRATIONS_PER_HOUR = 2
    for t in (two.a, two.b):
        t.registration_open = True
        t.save()
        round_to_come(t)

    def register(slug, username, address):
        c = type(client)(REMOTE_ADDR=address)
        c.cookies["django_language"] = "en"
        c.force_login(get_user_model().objects.get_or_create(username=username)[0])
        return c.post(
            reverse("register", args=[slug]),
            {
                "given_name": username.title(),
                "surname": "Test",
                "country": "DE",
                "rank": "5k",
                "email": f"{username}@example.org",
            },
        )

    assert register("b", "u1", "203.0.113.7").status_code == 302
    assert register("a", "u2", "203.0.113.7").status_code == 302
    third = register("b", "u3", "203.0.113.7")
    assert third.status_code == 200 and "Too many registrations from your network" in third.content.decode()
    assert not Registration.objects.filter(user__username="u3").exists()
    assert register("b", "u4", "198.51.100.9").status_code == 302  # another network
    stored = Registration.objects.get(user__username="u1").registered_from
    assert stored and "203.0.113.7" not in stored  # a keyed hash, not the address


def test_preliminary_registrations_are_public_only_when_the_tournament_says_so(client, two):
    Registration.objects.create(
        tournament=two.a,
        surname="Vorläufig",
        given_name="Vera",
        rank=-5,
        status=Registration.Status.PRELIMINARY,
        source="self",
    )
    page = client.get(reverse("players", args=["a"])).content.decode()
    assert "Bergmann" in page and "Vorläufig" not in page
    two.a.public_preliminary = True
    two.a.save()
    assert "Vorläufig" in client.get(reverse("players", args=["a"])).content.decode()
