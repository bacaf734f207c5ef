"""The QR codes of the PDFs (tournament/pdf/qr.py): module for module what ReportLab's own encoder makes."""

from __future__ import annotations

import random
import re
import string

import numpy as np
import pytest
from reportlab.graphics.barcode import qrencoder

from tournament.models.registration import CLAIM_ALPHABET
from tournament.pdf import qr


def reportlab_modules(text: str) -> np.ndarray:
    """ReportLab's encoding of ``text`` at level M (what its QrCodeWidget draws), mask chosen by ReportLab."""
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    return np.array(code.modules, dtype=bool)


def _texts() -> list[str]:
    rng = random.Random(21)
    claims = [
        f"{host}/claim/{''.join(rng.choice(CLAIM_ALPHABET) for _ in range(10))}/"
        for host in ("http://testserver", "https://turnier.example.org", "http://192.168.178.20:8000")
        for _ in range(8)
    ]
    # every length from one module row to the next version, numeric, alphanumeric, bytes and umlauts
    others = ["0", "12345678901234567890", "HTTP://EXAMPLE.ORG/CLAIM/ABC", "Müller – Öztürk, Łódź", "x" * 300]
    others += ["".join(rng.choice(string.printable[:94]) for _ in range(n)) for n in (1, 7, 17, 26, 43, 62, 84, 120)]
    return claims + others


@pytest.mark.parametrize("text", _texts())
def test_the_matrix_is_the_one_reportlab_encodes(text):
    ours = qr.matrix(text)
    assert ours.dtype == bool and ours.shape[0] == ours.shape[1]
    assert np.array_equal(ours, reportlab_modules(text))


def test_a_text_too_long_for_any_version_is_refused():
    with pytest.raises(ValueError):
        qr.matrix("x" * 3000)


def _svg_modules(svg: str) -> np.ndarray:
    """The dark modules an SVG of :func:`qr.svg` paints (its path: one rectangle a run), quiet zone cut off."""
    side = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))
    grid = np.zeros((side, side), dtype=bool)
    for x, y, w in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", re.search(r' d="([^"]*)"', svg).group(1)):
        grid[int(y), int(x) : int(x) + int(w)] = True
    return grid[qr.QUIET : side - qr.QUIET, qr.QUIET : side - qr.QUIET]


@pytest.mark.parametrize("text", ["http://192.168.178.20:8000/t/demo/", "WIFI:T:WPA;S:Turniersaal;P:go\\;9x9;;"])
def test_the_pages_qr_code_paints_the_same_modules(text):
    """The dashboard's and the projector's QR code (an inline SVG) is the PDFs' matrix, module for module,
    with its quiet zone all light, and nothing in it that the Content-Security-Policy would refuse."""
    svg = qr.svg(text, "label <&>")
    assert np.array_equal(_svg_modules(svg), reportlab_modules(text))
    assert 'aria-label="label &lt;&amp;&gt;"' in svg and "style=" not in svg and "<script" not in svg
    lines = qr.text_lines(text)  # the terminal's: two rows a line, light modules lit
    assert len(lines) == -(-(reportlab_modules(text).shape[0] + 2 * qr.QUIET) // 2)
    assert set("".join(lines)) <= set("\u2588\u2580\u2584 ")
