"""The QR codes of the PDFs (tournament/pdf/qr.py): module for module what ReportLab's own encoder makes."""

from __future__ import annotations

import random
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
