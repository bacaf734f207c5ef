"""The welcome slips (PDF): eight to an A4 sheet with cut lines, each with its player's code, link and a
QR code that holds the link (read back from the printed picture), in German or English; every QR code
encoded once; at most ``SLIPS_PER_FILE`` slips a download, more in parts."""

from __future__ import annotations

import io
import subprocess

import numpy as np
import pytest
from django.urls import reverse
from PIL import Image
from pypdf import PdfReader
from reportlab.graphics.barcode import qrencoder
from reportlab.lib.pagesizes import A4

from tests.standings.test_qr import reportlab_modules
from tournament.models import Registration
from tournament.models.registration import format_claim_code
from tournament.pdf import welcome
from tournament.views import players as player_views

pytestmark = pytest.mark.django_db

DPI = 300


def add_players(tournament, count: int) -> list[Registration]:
    return [
        Registration.objects.create(
            tournament=tournament,
            surname=f"Zett{i:02d}",
            given_name="Zoë",
            rank=-5,
            club="Hannover",
            status=Registration.Status.CONFIRMED,
        )
        for i in range(count)
    ]


def slips(client, two, query: str = "lang=en"):
    client.force_login(two.user("orga_a"))
    return client.get(reverse("manage_welcome_slips", args=["a"]) + "?" + query)


def unclaimed(two) -> list[Registration]:
    return list(two.a.registrations.filter(user__isnull=True).order_by("surname", "given_name", "pk"))


def slip_text(pdf: bytes, page: int, index: int) -> str:
    """The text of slip ``index`` of sheet ``page`` (pdftotext, cut to the slip's eighth of the sheet)."""
    x, y = welcome.slip_origin(index)
    top = A4[1] - y - welcome.SLIP_H
    crop = ["-x", str(int(x)), "-y", str(int(top)), "-W", str(int(welcome.SLIP_W)), "-H", str(int(welcome.SLIP_H))]
    args = ["pdftotext", "-r", "72", "-f", str(page), "-l", str(page), *crop, "-", "-"]
    return subprocess.run(args, input=pdf, capture_output=True, check=True).stdout.decode()


def empty(text: str) -> bool:
    """No slip there (the scissors of a cut line may be)."""
    return text.replace("✂", "").strip() == ""


def picture(pdf: bytes, page: int, tmp_path, dpi: int) -> Image.Image:
    """Sheet ``page`` as printed: a grey picture (pdftoppm)."""
    out = tmp_path / f"sheet-{page}-{dpi}"
    subprocess.run(
        ["pdftoppm", "-gray", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", "-", str(out)],
        input=pdf,
        check=True,
    )
    return Image.open(f"{out}.pgm")


def read_qr(image: Image.Image, index: int, size: int) -> np.ndarray:
    """The modules of slip ``index``'s QR code of ``size`` modules, read from the picture at their centres;
    the light margin around it must be light."""
    x, y, side = welcome.qr_square(index)
    unit = side / (size + 2 * 4)
    scale = DPI / 72
    pixels = np.asarray(image)

    def dark(row: float, col: float) -> bool:
        px = (x + (4 + col + 0.5) * unit) * scale
        py = (A4[1] - (y + side - (4 + row + 0.5) * unit)) * scale
        return bool(pixels[round(py), round(px)] < 128)

    margin = [dark(r, c) for r in (-2, size + 1) for c in range(-2, size + 2)]
    margin += [dark(r, c) for r in range(-2, size + 2) for c in (-2, size + 1)]
    assert not any(margin), "the quiet zone around the QR code must stay light"
    return np.array([[dark(r, c) for c in range(size)] for r in range(size)])


def test_eight_slips_to_a_sheet_each_with_its_name_code_and_link(client, two):
    add_players(two.a, 7)  # with Bernd, Carl and Dora: ten players without an account
    response = slips(client, two)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pdf = response.content
    regs = unclaimed(two)
    assert len(regs) == 10 and len(PdfReader(io.BytesIO(pdf)).pages) == 2
    for n, reg in enumerate(regs):
        text = slip_text(pdf, 1 + n // 8, n % 8)
        assert reg.full_name in text and "Turnier A" in text
        assert format_claim_code(reg.claim_code) in text and f"/claim/{reg.claim_code}/" in text
        others = [r for r in regs if r.pk != reg.pk]
        assert not any(format_claim_code(r.claim_code) in text for r in others)
        assert "Scan the QR code" in text and "Your code" in text


def test_the_sheet_has_dashed_cut_lines_between_the_slips(client, two, tmp_path):
    add_players(two.a, 5)  # eight slips: a full sheet
    image = np.asarray(picture(slips(client, two).content, 1, tmp_path, 72))
    height, width = image.shape
    assert abs(width - A4[0]) < 1 and abs(height - A4[1]) < 1  # a pixel a point

    def dashed(lines: list[np.ndarray]) -> bool:
        share = max(float((line < 200).mean()) for line in lines)
        return 0.35 < share < 0.8  # dashes and gaps, not a solid line, not nothing

    column = round(welcome.SLIP_W)
    assert dashed([image[:, column + d] for d in (-1, 0, 1)])
    for row in range(1, welcome.ROWS):
        y = round(row * welcome.SLIP_H)
        assert dashed([image[y + d, :] for d in (-1, 0, 1)]), row
    # inside a slip, between its words and the next slip: no line
    assert (image[:, column - round(welcome.PAD / 2)] < 200).mean() < 0.05  # the padding of the slips left of the cut


def test_each_qr_code_holds_its_slips_link(client, two, tmp_path):
    pdf = slips(client, two).content
    image = picture(pdf, 1, tmp_path, DPI)
    for n, reg in enumerate(unclaimed(two)):
        link = next(line for line in slip_text(pdf, 1, n).splitlines() if "/claim/" in line and "http" in line)
        link = link.strip()
        assert link == f"http://testserver/claim/{reg.claim_code}/"
        expected = reportlab_modules(link)
        assert np.array_equal(read_qr(image, n, len(expected)), expected)


def test_at_the_venue_the_slips_name_the_laptop_s_address(client, two, tmp_path, settings):
    """The organizer prints on the laptop itself (127.0.0.1); the phones need the address on the hall's
    network, which ``manage.py venue`` sets as DJANGO_SITE_URL: link, QR code and claim page name it."""
    settings.SITE_URL = "http://192.168.178.20:8000"
    pdf = slips(client, two).content
    image = picture(pdf, 1, tmp_path, DPI)
    for n, reg in enumerate(unclaimed(two)):
        text = slip_text(pdf, 1, n)
        link = next(line for line in text.splitlines() if "/claim/" in line and "http" in line).strip()
        assert link == f"http://192.168.178.20:8000/claim/{reg.claim_code}/"
        assert "testserver" not in text and "http://192.168.178.20:8000/claim/" in text.replace(link, "")
        expected = reportlab_modules(link)
        assert np.array_equal(read_qr(image, n, len(expected)), expected)


def test_every_qr_code_is_encoded_once(client, two, monkeypatch):
    add_players(two.a, 9)
    slips(client, two)  # the layouts of the QR versions are made once per process: not counted below
    counted = {"version": 0, "make": 0}
    version, make = qrencoder.QRCode.calculate_version, qrencoder.QRCode.make

    def counting_version(self):
        counted["version"] += 1
        return version(self)

    def counting_make(self):
        counted["make"] += 1
        return make(self)

    monkeypatch.setattr(qrencoder.QRCode, "calculate_version", counting_version)
    monkeypatch.setattr(qrencoder.QRCode, "make", counting_make)
    assert slips(client, two).status_code == 200
    assert counted == {"version": 12, "make": 0}  # one encoding per slip; ReportLab's eight-mask layouts never


def test_the_slips_speak_the_language_asked_for(client, two):
    german = slip_text(slips(client, two, "lang=de").content, 1, 0)
    assert "Willkommen, Bernd Brandt!" in german and "Dein Code" in german and "Handykamera" in german
    english = slip_text(slips(client, two, "lang=en").content, 1, 0)
    assert "Welcome, Bernd Brandt!" in english and "Your code" in english


def test_one_players_slip(client, two):
    pdf = slips(client, two, f"player={two.bernd.pk}&lang=en").content
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    assert "Bernd Brandt" in slip_text(pdf, 1, 0) and empty(slip_text(pdf, 1, 1))


def test_more_slips_than_one_download_holds_come_in_parts(client, two, monkeypatch):
    monkeypatch.setattr(player_views, "SLIPS_PER_FILE", 2)
    regs = unclaimed(two)  # three: two parts
    response = slips(client, two)
    assert response.status_code == 302 and response["Location"] == reverse("manage_registrations", args=["a"])
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "3 players have no account yet: their welcome slips come in parts of 2" in page
    url = reverse("manage_welcome_slips", args=["a"])
    assert f"{url}?part=1&amp;lang=en" in page and f"{url}?part=2&amp;lang=en" in page
    assert "Welcome slips 1–2 (PDF)" in page and "Welcome slips 3–3 (PDF)" in page
    first, second = slips(client, two, "part=1").content, slips(client, two, "part=2").content
    assert regs[1].full_name in slip_text(first, 1, 1) and empty(slip_text(first, 1, 2))
    assert regs[2].full_name in slip_text(second, 1, 0)
    assert slips(client, two, "part=3").status_code == 404
    files = client.get(reverse("manage_files", args=["a"])).content.decode()
    assert f"{url}?part=2" in files


def test_no_slips_when_every_player_has_an_account(client, two):
    Registration.objects.filter(tournament=two.a).update(status=Registration.Status.WITHDRAWN)
    pdf = slips(client, two).content
    assert "Every player has an account" in slip_text(pdf, 1, 0) + slip_text(pdf, 1, 1)
