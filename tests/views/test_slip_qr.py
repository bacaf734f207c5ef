"""Each result slip carries a QR code with its game's address (``game_slip``), which opens the result
entry on an organizer's phone: the addresses are checked at the encoder's input (the real encoder,
watched), and the words under the codes in the PDF in German and English."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.views.test_round_pages import pdf_text
from tournament.pdf import qr

pytestmark = pytest.mark.django_db


@pytest.fixture
def encoded(monkeypatch):
    """What the QR encoder is asked to encode (it still encodes it)."""
    texts: list[str] = []
    real = qr.matrix

    def watched(text):
        texts.append(text)
        return real(text)

    monkeypatch.setattr(qr, "matrix", watched)
    return texts


def _slip_urls(day, base="http://testserver"):
    return [f"{base}{reverse('game_slip', args=[day.tournament.slug, g.pk])}" for g in (day.game, day.game2)]


@pytest.mark.parametrize(
    ("language", "words"), [("en", "Organizers: scan to enter"), ("de", "Turnierleitung: scannen")]
)
def test_each_slip_has_its_games_address_in_its_qr_code(client, day, encoded, language, words):
    url = reverse("pdf_slips", args=[day.tournament.slug, 1]) + f"?lang={language}"
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert encoded == _slip_urls(day)  # table 1, then table 2: one code a slip
    text = pdf_text(response.content)
    assert text.count(words) == 2


def test_the_site_address_names_the_venue_and_the_command_line_pdf_too(client, day, encoded, settings, tmp_path):
    """At the venue (``DJANGO_SITE_URL``) the codes name the laptop's address on the hall's network; the
    ``pdf`` command knows no other address, and without one its slips have no code."""
    settings.SITE_URL = "http://192.168.1.10:8000"
    client.get(reverse("pdf_slips", args=[day.tournament.slug, 1]))
    assert encoded == _slip_urls(day, "http://192.168.1.10:8000")
    encoded.clear()
    out = tmp_path / "slips.pdf"
    call_command("pdf", "slips", "--tournament", "hannover", "--round", "1", "-o", str(out))
    assert encoded == _slip_urls(day, "http://192.168.1.10:8000")
    encoded.clear()
    settings.SITE_URL = ""
    call_command("pdf", "slips", "--tournament", "hannover", "--round", "1", "-o", str(out))
    assert encoded == [] and "Organizers" not in pdf_text(out.read_bytes())


def test_the_pairing_sheet_has_no_qr_codes(client, day, encoded):
    assert client.get(reverse("pdf_pairings", args=[day.tournament.slug, 1])).status_code == 200
    assert encoded == []
