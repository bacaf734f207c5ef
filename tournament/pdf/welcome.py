"""Welcome slips: one page per player entered by an organizer, with the claim code and its QR code.

The player scans the code (or types the link, or the code on the claim
page), logs in or makes an account, and the registration is theirs: they
see their table on their phone and report their results. The words are in
the active language (Django's gettext).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from django.utils.translation import gettext as _
from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from . import fonts

MARGIN = 18 * mm


@dataclass(frozen=True)
class WelcomeSlip:
    tournament: str
    when: str
    name: str
    details: str  # rank, club, country, PIN
    code: str  # as printed: ACDEF-GHJKM
    url: str  # the claim link the QR code holds
    claim_page: str  # where the code can be typed


def _text(c: Canvas, x: float, y: float, text: str, size: float, bold: bool = False, centre: bool = False) -> None:
    c.setFont(fonts.font_for(text, bold), size)
    if centre:
        c.drawCentredString(x, y, text)
    else:
        c.drawString(x, y, text)


def _fit(text: str, size: float, width: float, bold: bool = False) -> float:
    """The font size at most ``size`` at which ``text`` fits ``width``."""
    font = fonts.font_for(text, bold)
    while size > 6 and fonts.width(text, font, size) > width:
        size -= 0.5
    return size


def _qr(c: Canvas, url: str, x: float, y: float, side: float) -> None:
    widget = QrCodeWidget(url, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(side, side, transform=[side / (x1 - x0), 0, 0, side / (y1 - y0), 0, 0])
    drawing.add(widget)
    renderPDF.draw(drawing, c, x, y)


def _page(c: Canvas, slip: WelcomeSlip) -> None:
    page_w, page_h = A4
    width = page_w - 2 * MARGIN
    centre = page_w / 2
    y = page_h - MARGIN - 10
    _text(c, MARGIN, y, slip.tournament, _fit(slip.tournament, 16, width, True), bold=True)
    y -= 16
    _text(c, MARGIN, y, slip.when, 10)
    y -= 48
    greeting = _("Welcome, %(name)s!") % {"name": slip.name}
    _text(c, MARGIN, y, greeting, _fit(greeting, 24, width, True), bold=True)
    y -= 20
    _text(c, MARGIN, y, slip.details, _fit(slip.details, 11, width))
    y -= 36
    intro = _("See your pairings and table on your phone and report your results:")
    _text(c, MARGIN, y, intro, _fit(intro, 12, width))
    y -= 24
    steps = [
        _("1. Scan the code below with your phone's camera (or open the link)."),
        _("2. Log in, or create an account: it takes a minute."),
        _("3. Tap “This is me”: the registration is yours."),
    ]
    for step in steps:
        _text(c, MARGIN + 6, y, step, _fit(step, 11, width - 6))
        y -= 18
    side = 70 * mm
    y -= side + 6
    _qr(c, slip.url, centre - side / 2, y, side)
    y -= 22
    _text(c, centre, y, slip.url, _fit(slip.url, 9, width), centre=True)
    y -= 40
    label = _("Your code")
    _text(c, centre, y, label, 10, centre=True)
    y -= 34
    _text(c, centre, y, slip.code, 30, bold=True, centre=True)
    y -= 24
    hint = _("Or type the code at %(page)s") % {"page": slip.claim_page}
    _text(c, centre, y, hint, _fit(hint, 9, width), centre=True)
    note = _("Keep this slip to yourself: whoever uses the code takes over the registration.")
    _text(c, MARGIN, MARGIN, note, _fit(note, 8, width))


def welcome_slips_pdf(title: str, slips: list[WelcomeSlip]) -> bytes:
    fonts.register()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4, pageCompression=1)
    c.setTitle(_("%(title)s – Welcome slips") % {"title": title})
    c.setCreator("Vielseitig")
    for slip in slips:
        _page(c, slip)
        c.showPage()
    if not slips:
        _text(c, MARGIN, A4[1] - MARGIN - 20, _("Every player has an account: no welcome slips to print."), 12)
        c.showPage()
    c.save()
    return buffer.getvalue()
