"""Import and export from the pages: OpenGotha files (a whole tournament, or its players), the downloads."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.shared import needs_shared, shared
from tournament.files.opengotha import read_tournament
from tournament.models import AuditEntry, Registration, Round, Tournament
from tournament.permissions import SYSTEM
from tournament.services.file_import import PlayerImportError
from tournament.services.opengotha import import_opengotha
from tournament.services.players import players_import_opengotha

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]

SHARED = shared("opengotha")
SIMPLE = SHARED / "simplemm.xml"

needs_simple = needs_shared("opengotha", "simplemm.xml")


def _upload(data: bytes, name="t.xml"):
    return SimpleUploadedFile(name, data, content_type="application/xml")


@needs_simple
def test_a_whole_opengotha_tournament_from_the_page_has_the_uploader_as_organizer(client):
    ute = get_user_model().objects.create_user("ute", password="pw-ute-123")
    client.force_login(ute)
    response = client.post(
        reverse("tournament_new_opengotha"), {"file": _upload(SIMPLE.read_bytes()), "slug": "mm-2024"}
    )
    t = Tournament.objects.get(slug="mm-2024")
    assert response["Location"] == reverse("manage", args=[t.slug])
    assert list(t.roles.values_list("user__username", "role")) == [("ute", "organizer")]
    plain = read_tournament(SIMPLE.read_bytes())
    assert t.registrations.count() == len(plain.players) and t.rounds.count() == plain.params.general.number_of_rounds
    assert AuditEntry.objects.filter(tournament=t, action="role.add").exists()
    # again under the same short name: a clear error, nothing made
    response = client.post(
        reverse("tournament_new_opengotha"), {"file": _upload(SIMPLE.read_bytes()), "slug": "mm-2024"}
    )
    assert response.status_code == 422 and "exists already" in response.content.decode()
    assert Tournament.objects.filter(name=t.name).count() == 1


BAD_FILES = [
    b"",
    b"not xml at all",
    b"\x00\x01\x02",
    b"<Tournament/>",
    b'<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><Tournament>&b;</Tournament>',
    b'<Tournament><TournamentParameterSet><GeneralParameterSet numberOfRounds="1000000000"/>'
    b"</TournamentParameterSet></Tournament>",
    b'<Tournament><TournamentParameterSet><GeneralParameterSet numberOfRounds="0"/>'
    b"</TournamentParameterSet></Tournament>",
    b'<Tournament><TournamentParameterSet><GeneralParameterSet numberOfRounds="x"/>'
    b"</TournamentParameterSet></Tournament>",
]


@pytest.mark.parametrize("data", BAD_FILES)
def test_a_bad_file_is_a_clear_error(client, data):
    client.force_login(get_user_model().objects.create_user("ute", password="pw-ute-123"))
    response = client.post(reverse("tournament_new_opengotha"), {"file": _upload(data)})
    assert response.status_code in (200, 422)
    assert response.context["upload"].errors
    assert not Tournament.objects.exists()


@needs_simple
def test_a_value_the_site_cannot_store_refuses_the_whole_file():
    ute = get_user_model().objects.create_user("ute")
    data = SIMPLE.read_bytes().replace(b'genMMS2ValueBye="2"', b'genMMS2ValueBye="99999999"', 1)
    assert data != SIMPLE.read_bytes()
    with pytest.raises(ValidationError):
        import_opengotha(data, user=ute)
    assert not Tournament.objects.exists()


@needs_simple
def test_only_the_players_of_an_opengotha_file(day):
    t = day.tournament
    before = set(t.registrations.values_list("pk", flat=True))
    made = players_import_opengotha(tournament=t, data=SIMPLE.read_bytes(), user=day.user("organizer"))
    plain = read_tournament(SIMPLE.read_bytes())
    assert len(made) == len(plain.players)
    assert t.rounds.count() == 1 and t.registrations.count() == len(before) + len(plain.players)
    assert {r.source for r in made} == {Registration.Source.IMPORT} and all(r.claim_code for r in made)
    entry = AuditEntry.objects.get(tournament=t, action="players.import")
    assert entry.after == {"players": len(made), "from": "OpenGotha"}
    # the same file again: the PINs are registered already -> nothing, and each player named
    if any(r.egd_pin for r in made):
        with pytest.raises(PlayerImportError) as info:
            players_import_opengotha(tournament=t, data=SIMPLE.read_bytes(), user=SYSTEM)
        assert any("Player" in m and "registered already" in m for m in info.value.messages)
    assert not day.other.registrations.exists()


@pytest.mark.parametrize("data", BAD_FILES[:5])
def test_odd_player_files_import_nothing(organizer_client, day, data):
    t = day.tournament
    count = Registration.objects.count()
    response = organizer_client.post(reverse("manage_opengotha_players", args=[t.slug]), {"file": _upload(data)})
    assert response.status_code == 422
    assert Registration.objects.count() == count


def test_the_files_page_links_every_download(organizer_client, day):
    t = day.tournament
    page = organizer_client.get(reverse("manage_files", args=[t.slug])).content.decode()
    assert reverse("manage_opengotha_export", args=[t.slug]) in page  # one discipline played: one file
    assert 'href="' + reverse("h9_results", args=[t.slug]) + '"' not in page  # no Go round yet
    Round.objects.create(tournament=t, discipline=day.go, number=2, status=Round.Status.PUBLISHED)
    page = organizer_client.get(reverse("manage_files", args=[t.slug])).content.decode()
    for name, args in (
        ("manage_opengotha_export_discipline", [t.slug, day.go.pk]),
        ("h9_results", [t.slug]),
        ("csv_standings", [t.slug]),
        ("pdf_standings", [t.slug]),
        ("pdf_crosstable", [t.slug]),
        ("pdf_pairings", [t.slug, 1]),
        ("pdf_slips", [t.slug, 1]),
        ("manage_players_import", [t.slug]),
    ):
        assert reverse(name, args=args) in page, name
    response = organizer_client.get(reverse("manage_opengotha_export", args=[t.slug]))
    assert response.status_code == 200 and response["Content-Type"].startswith("application/xml")
    exported = read_tournament(b"".join(response))
    assert {p.name for p in exported.players} == set(t.registrations.values_list("surname", flat=True))


def test_every_link_of_the_files_page_answers(organizer_client, day):
    """Issue #21 (5): the per-discipline downloads passed the name where the views take the id (404)."""
    t = day.tournament
    page = organizer_client.get(reverse("manage_files", args=[t.slug])).content.decode()
    links = sorted(set(re.findall(r'href="(/[^"#]*)', html.unescape(page))))
    links = [link for link in links if not link.startswith("/static/")]  # served by whitenoise, not the views
    content = page.split('id="content"', 1)[-1]
    for discipline in t.disciplines.all():
        assert f"discipline={discipline.pk}" in content, discipline.name
    for link in links:
        response = organizer_client.get(link)
        assert response.status_code == 200, (link, response.status_code)


@needs_simple
def test_the_players_of_a_file_from_the_page(organizer_client, day):
    t = day.tournament
    response = organizer_client.post(
        reverse("manage_opengotha_players", args=[t.slug]), {"file": _upload(SIMPLE.read_bytes()), "confirmed": "on"}
    )
    assert response["Location"] == reverse("manage_registrations", args=[t.slug])
    assert t.registrations.filter(source=Registration.Source.IMPORT, status="confirmed").count() == len(
        read_tournament(SIMPLE.read_bytes()).players
    )


def test_the_csv_import_page_shows_its_example_in_the_visitors_language(organizer_client, day):
    """Issue #21 item 18: the English page showed a German header; each example is one the reader takes."""
    from tournament.files.player_csv import read_player_csv

    url = reverse("manage_players_import", args=[day.tournament.slug])
    examples = {}
    for language, header in (("en", "Surname;Given name;Club"), ("de", "Nachname;Vorname;Verein")):
        organizer_client.cookies["django_language"] = language
        page = organizer_client.get(url).content.decode()
        example = html.unescape(re.search(r'<pre class="muted">(.*?)</pre>', page, re.S).group(1))
        assert example.startswith(header), example
        examples[language] = example
    assert "Nachname" not in examples["en"]
    for example in examples.values():
        (player,) = read_player_csv(example.encode()).players
        assert (player.surname, player.given_name, player.club, player.email) == (
            "Bergmann",
            "Anna",
            "Hannover",
            "anna@example.org",
        )
