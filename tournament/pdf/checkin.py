"""The check-in poster: one A4 page for the hall's doors and the desk, the tournament's name, the QR code the
players' phones check in with (:mod:`.qr`, 14 cm: read from two metres) and its address, in the active
language (Django's gettext)."""

from __future__ import annotations

import io

from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from . import fonts, qr

#: The QR code's square, its light margin included.
QR_SIDE = 140 * mm
MARGIN = 18 * mm


def _centred(c: Canvas, y: float, text: str, size: float, bold: bool = False) -> None:
    """``text`` centred on the page at the baseline ``y``, made smaller (down to 8 points) to fit."""
    font = fonts.font_for(text, bold)
    room = A4[0] - 2 * MARGIN
    natural = fonts.width(text, font, size)
    if natural > room:
        size = max(8.0, size * room / natural)
    c.setFont(font, size)
    c.drawCentredString(A4[0] / 2, y, fonts.clip(text, font, size, room))


def checkin_poster_pdf(title: str, url: str) -> bytes:
    fonts.register()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4, pageCompression=1)
    c.setTitle(_("%(title)s – Check-in") % {"title": title})
    c.setCreator("Vielseitig")
    top = A4[1] - MARGIN
    _centred(c, top - 20, title, 24, bold=True)
    _centred(c, top - 62, _("Check in here"), 40, bold=True)
    _centred(c, top - 90, _("Scan the code with your phone's camera and confirm: you are paired then."), 13)
    qr.draw(c, qr.matrix(url), (A4[0] - QR_SIDE) / 2, top - 110 - QR_SIDE, QR_SIDE)
    _centred(c, top - 130 - QR_SIDE, url, 11)
    _centred(c, MARGIN + 20, _("No phone? Come to the check-in desk."), 14)
    c.showPage()
    c.save()
    return buffer.getvalue()
