"""Welcome slips: eight to an A4 sheet, with cut lines, one per player entered by an organizer.

Each slip (105 x 74 mm, an eighth of the sheet) holds the tournament, the
player's name and data, what to do, the claim link and its QR code, and the
claim code to type. The player scans the code (or types the link, or the
code on the claim page), logs in or makes an account, and the registration
is theirs: they see their table on their phone and report their results.
The words are in the active language (Django's gettext).

Every QR code is encoded once and drawn as one path (:mod:`.qr`), so 2,000
slips take a few seconds.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from . import cutting, fonts, qr

COLUMNS, ROWS = 2, 4
PER_SHEET = COLUMNS * ROWS
SLIP_W, SLIP_H = A4[0] / COLUMNS, A4[1] / ROWS
#: Room between a slip's edge and its text (more than a printer's unprinted border).
PAD = 7 * mm
#: The QR code's square, its light margin included: 4 mm from the slip's top and right edges.
QR_SIDE = 36 * mm
QR_INSET = 4 * mm


@dataclass(frozen=True)
class WelcomeSlip:
    tournament: str
    when: str
    name: str
    details: str  # rank, club, country, PIN
    code: str  # as printed: ACDEF-GHJKM
    url: str  # the claim link the QR code holds
    claim_page: str  # where the code can be typed


def slip_origin(index: int) -> tuple[float, float]:
    """The lower left corner of the ``index``-th slip of a sheet (row by row from the top left)."""
    row, column = divmod(index % PER_SHEET, COLUMNS)
    return column * SLIP_W, A4[1] - (row + 1) * SLIP_H


def qr_square(index: int) -> tuple[float, float, float]:
    """The lower left corner and the side of the ``index``-th slip's QR code square (light margin included)."""
    x, y = slip_origin(index)
    return x + SLIP_W - QR_INSET - QR_SIDE, y + SLIP_H - QR_INSET - QR_SIDE, QR_SIDE


@lru_cache(maxsize=4096)
def _placed(text: str, size: float, width: float, bold: bool = False, smallest: float = 5.0) -> tuple[str, float, str]:
    """(font, size, text): the size at most ``size`` (at least ``smallest``, in half points) at which
    ``text`` fits ``width``, and the text cut where it is still too wide. Most lines are the same on
    every slip: worked out once."""
    font = fonts.font_for(text, bold)
    natural = fonts.width(text, font, size)
    if natural > width:
        size = max(smallest, int(2 * size * width / natural) / 2)
    return font, size, fonts.clip(text, font, size, width)


@lru_cache(maxsize=1024)
def _wrapped(text: str, size: float, width: float, bold: bool, lines: int) -> tuple[str, tuple[str, ...]]:
    """(font, lines): ``text`` wrapped to ``width``, at most ``lines`` lines (the last one cut)."""
    font = fonts.font_for(text, bold)
    split = simpleSplit(text, font, size, width)
    if len(split) > lines:
        split = split[: lines - 1] + [fonts.clip(" ".join(split[lines - 1 :]), font, size, width)]
    return font, tuple(split)


def _line(c: Canvas, x: float, y: float, text: str, size: float, width: float, bold: bool = False) -> None:
    """``text`` made smaller to fit ``width`` (down to 5 points, then cut)."""
    font, size, text = _placed(text, size, width, bold)
    c.setFont(font, size)
    c.drawString(x, y, text)


def _centred(c: Canvas, x: float, y: float, text: str, size: float, width: float, bold: bool = False) -> None:
    font, size, text = _placed(text, size, width, bold)
    c.setFont(font, size)
    c.drawCentredString(x, y, text)


def _paragraph(
    c: Canvas, x: float, y: float, text: str, size: float, width: float, bold: bool = False, lines: int = 4
) -> float:
    """``text`` wrapped to ``width`` (at most ``lines`` lines) from the baseline ``y`` down; the baseline after it."""
    font, wrapped = _wrapped(text, size, width, bold, lines)
    c.setFont(font, size)
    for line in wrapped:
        c.drawString(x, y, line)
        y -= size * 1.25
    return y


@lru_cache(maxsize=256)
def _step_lines(text: str, size: float, width: float) -> tuple[str, float, str, tuple[str, ...]]:
    """(number, indent, font, lines) of a numbered step (``"1. Scan ..."``): its text wrapped beside the number."""
    number, _space, rest = text.partition(" ")
    indent = fonts.width(number + " ", fonts.font_for(number), size)
    font, lines = _wrapped(rest, size, width - indent, False, 4)
    return number, indent, font, lines


def _step(c: Canvas, x: float, y: float, text: str, size: float, width: float) -> float:
    """A numbered step, its lines after the first indented under its text; the baseline after it."""
    number, indent, font, lines = _step_lines(text, size, width)
    c.setFont(fonts.font_for(number), size)
    c.drawString(x, y, number)
    c.setFont(font, size)
    for line in lines:
        c.drawString(x + indent, y, line)
        y -= size * 1.25
    return y


def _form(c: Canvas, forms: set[str], name: str, x: float, y: float, draw) -> None:
    """What ``draw(c)`` draws around the origin, drawn once as a form (a PDF XObject) named ``name`` and
    placed with its origin at (``x``, ``y``): the words every slip shares are in the file once."""
    if name not in forms:
        c.beginForm(name, lowerx=-SLIP_W, lowery=-SLIP_H, upperx=SLIP_W, uppery=SLIP_H)
        draw(c)
        c.endForm()
        forms.add(name)
    c.saveState()
    c.translate(x, y)
    c.doForm(name)
    c.restoreState()


def _how_to(c: Canvas, forms: set[str], x: float, y: float, width: float, floor: float) -> None:
    """What to do, from the baseline ``y`` down, in the largest type (7 to 5.5 points) that stays above ``floor``."""
    intro = _("See your pairings and table on your phone and report your results:")
    steps = (
        _("1. Scan the QR code with your phone's camera, or open the link below."),
        _("2. Log in, or create an account: it takes a minute."),
        _("3. Tap “This is me”: the registration is yours."),
    )
    for size in (7, 6.5, 6, 5.5):
        lines = len(_wrapped(intro, size, width, False, 4)[1])
        lines += sum(len(_step_lines(step, size, width - 4)[3]) for step in steps)
        if y - (lines - 1) * size * 1.25 - 2 >= floor:
            break

    def draw(c: Canvas) -> None:
        below = _paragraph(c, 0, 0, intro, size, width) - 2
        for step in steps:
            below = _step(c, 4, below, step, size, width - 4)

    _form(c, forms, f"HowTo{size:g}".replace(".", "_"), x, y, draw)


def _greeting(c: Canvas, x: float, y: float, text: str, width: float) -> float:
    """The greeting in large type, smaller for a long name, on two lines for a very long one."""
    font, size, fitted = _placed(text, 12, width, bold=True, smallest=9)
    if fitted == text:
        c.setFont(font, size)
        c.drawString(x, y, text)
        return y - 11
    return _paragraph(c, x, y, text, 9, width, bold=True, lines=2) - 11 + 9 * 1.25


def _slip(c: Canvas, slip: WelcomeSlip, index: int, forms: set[str]) -> None:
    x0, y0 = slip_origin(index)
    left, top = x0 + PAD, y0 + SLIP_H - PAD
    full = SLIP_W - 2 * PAD
    qr_x, qr_y, side = qr_square(index)
    text_w = qr_x - left - 2 * mm
    qr.draw(c, qr.matrix(slip.url), qr_x, qr_y, side)

    y = top - 8
    _line(c, left, y, slip.tournament, 9, text_w, bold=True)
    y -= 10
    _line(c, left, y, slip.when, 7, text_w)
    y -= 17
    y = _greeting(c, left, y, _("Welcome, %(name)s!") % {"name": slip.name}, text_w)
    _line(c, left, y, slip.details, 7, text_w)
    bottom = y0 + PAD
    _how_to(c, forms, left, y - 14, text_w, bottom + 26)

    centre = qr_x + side / 2
    _centred(c, centre, qr_y - 2, _("Your code"), 6.5, side)
    _centred(c, centre, qr_y - 16, slip.code, 13, side, bold=True)

    _line(c, left, bottom + 17, slip.url, 8, full, bold=True)

    def footer(c: Canvas) -> None:
        _line(c, 0, 8, _("Or type the code at %(page)s") % {"page": slip.claim_page}, 6, full)
        _line(c, 0, 0, _("Keep this slip to yourself: whoever uses the code takes over the registration."), 5.5, full)

    _form(c, forms, "Footer", left, bottom, footer)


def _cut_lines(c: Canvas, count: int) -> None:
    """Cut lines between the ``count`` slips of a sheet."""
    rows = -(-count // COLUMNS)
    width, height = A4
    if count > 1:
        cutting.cut_line(c, SLIP_W, height, SLIP_W, height - rows * SLIP_H)
    for row in range(1, rows + 1):
        y = height - row * SLIP_H
        if y > 0:
            cutting.cut_line(c, 0, y, width if count > COLUMNS * (row - 1) + 1 else SLIP_W, y)


def welcome_slips_pdf(title: str, slips: list[WelcomeSlip]) -> bytes:
    fonts.register()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4, pageCompression=1)
    c.setTitle(_("%(title)s – Welcome slips") % {"title": title})
    c.setCreator("Vielseitig")
    forms: set[str] = set()
    for start in range(0, len(slips), PER_SHEET):
        sheet = slips[start : start + PER_SHEET]
        for index, slip in enumerate(sheet):
            _slip(c, slip, index, forms)
        _cut_lines(c, len(sheet))
        c.showPage()
    if not slips:
        c.setFont(fonts.SANS, 12)
        c.drawString(18 * mm, A4[1] - 18 * mm - 20, _("Every player has an account: no welcome slips to print."))
        c.showPage()
    c.save()
    return buffer.getvalue()
