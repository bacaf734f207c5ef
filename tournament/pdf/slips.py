"""Result slips: one per table, to cut out, fill in and sign.

Without a game record five slips fit on an A4 page; disciplines that need a
record get half a page each, with numbered boxes for the moves.  The words
are in the active language (Django's gettext).

A slip with an address (:attr:`SheetTable.entry_url`) carries its QR code at the right, under the
table's number: an organizer's phone scans it and opens the game's result entry (everybody else the
game's public page).
"""

from __future__ import annotations

import io

from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from tournament.pdf.data import PairingSheet, SheetPlayer, SheetTable

from . import fonts, qr
from .cutting import cut_line
from .pairings import komi_text, pairing_text, title

MARGIN = 10 * mm
RECORD_MOVES = 120  # boxes for a short record
RECORD_COLUMNS = 15
#: The QR code's square (its light margin included), below the table's number.
QR_SIDE = 20 * mm
QR_TOP = 24  # points below the slip's top
#: How much lower the QR code's top stands, and so how much smaller it is, when the table's place (the hall
#: plan's line) is under its number: its bottom and the line under it stay above the result's boxes.
PLACE_LINE = 11


def _text(c: Canvas, x: float, y: float, text: str, size: float, bold: bool = False, align: str = "left") -> None:
    c.setFont(fonts.font_for(text, bold), size)
    if align == "right":
        c.drawRightString(x, y, text)
    elif align == "center":
        c.drawCentredString(x, y, text)
    else:
        c.drawString(x, y, text)


def _player(p: SheetPlayer) -> str:
    extra = ", ".join(x for x in (p.rank, p.club) if x)
    return f"{p.name} ({extra})" if extra else p.name


def won_by(methods: tuple[tuple[str, str], ...]) -> str:
    """The ways of winning of the discipline's game (``(code, words)``, in the game's order), to circle
    on the slip; counting with a blank for the points."""
    words = [_("%(method)s (____ points)") % {"method": w} if code == "score" else w for code, w in methods]
    return _("won by: %(methods)s") % {"methods": " · ".join(words)}


def board_of(sheet: PairingSheet, table: int) -> list[str]:
    """A team match's board at the table, in words (``Board 2: Hannover – Berlin``); none for an individual game."""
    for m in sheet.matches:
        for board, at in m.boards:
            if at == table:
                return [
                    _("Board %(board)s: %(team1)s – %(team2)s") % {"board": board, "team1": m.team1, "team2": m.team2}
                ]
    return []


def _slip(c: Canvas, sheet: PairingSheet, t: SheetTable, top: float, height: float, width: float) -> None:
    left = MARGIN
    right = MARGIN + width
    y = top - 16
    _text(c, left, y, title(sheet), 10)
    _text(c, right, y - 4, _("Table %(n)s") % {"n": t.table}, 18, bold=True, align="right")
    if t.place:  # the hall plan: where the table is
        _text(c, right, y - 16, t.place, 9, align="right")
    y -= 12
    details = [x for x in (pairing_text(sheet), f"{sheet.board_size}×{sheet.board_size}") if x]
    if t.handicap:
        details.append(_("handicap %(n)s") % {"n": t.handicap})
    if sheet.komi:  # Ninuki-Renju has none
        details.append(_("komi %(komi)s") % {"komi": komi_text(t.komi)})
    details += board_of(sheet, t.table)
    _text(c, left, y, " · ".join(details), 8)
    y -= 22
    box = 9
    sig_x = left + width * 0.62
    sig_end = right
    if t.entry_url:
        side = QR_SIDE - (PLACE_LINE if t.place else 0)  # under the place, not over it
        qr.draw(c, qr.matrix(t.entry_url), right - side, top - QR_TOP - QR_SIDE, side)
        _text(c, right, top - QR_TOP - QR_SIDE - 5, _("Organizers: scan to enter"), 5, align="right")
        sig_end = right - QR_SIDE - 6
    label_w = max(fonts.width(f"{w}:", fonts.SANS_BOLD, 9) for w in (_("Black"), _("White")))
    for colour, p in ((_("Black"), t.black), (_("White"), t.white)):
        c.rect(left, y - 2, box, box)
        _text(c, left + box + 4, y, f"{colour}:", 9, bold=True)
        _text(c, left + box + 10 + label_w, y, _player(p), 10)
        c.line(sig_x, y - 3, sig_end, y - 3)
        _text(c, sig_x, y - 10, _("Signature"), 6)
        y -= 26
    _text(c, left, y + 4, _("Result:"), 9, bold=True)
    hint_x = left + fonts.width(_("Result:"), fonts.SANS_BOLD, 9) + 6
    hint = _("tick the winner's box, or:")
    _text(c, hint_x, y + 4, hint, 7)
    # no box for a jigo the result check would refuse (a half point of komi)
    choices = [_("Jigo / draw")] if t.jigo_possible else []
    choices += [_("Both lose"), _("Both win")]
    x = max(left + width * 0.32, hint_x + fonts.width(hint, fonts.SANS, 7) + 10)
    for label in choices:
        c.rect(x, y + 2, box, box)
        _text(c, x + box + 3, y + 4, label, 8)
        x += max(85, fonts.width(label, fonts.SANS, 8) + box + 14)
    _text(c, left, y - 10, won_by(sheet.win_methods), 7)
    if sheet.record_required:
        y -= 26
        _text(c, left, y, _("Game record (moves in order; use the discipline's notation)"), 8, bold=True)
        rows = -(-RECORD_MOVES // RECORD_COLUMNS)
        cell_w = width / RECORD_COLUMNS
        bottom_limit = top - height + 10
        cell_h = min(22, (y - 6 - bottom_limit) / rows)
        y -= 4
        c.setLineWidth(0.3)
        for i in range(RECORD_MOVES):
            r, col = divmod(i, RECORD_COLUMNS)
            cx = left + col * cell_w
            cy = y - (r + 1) * cell_h
            c.rect(cx, cy, cell_w, cell_h)
            c.setFont(fonts.SANS, 5)
            c.drawString(cx + 1.5, cy + cell_h - 6, str(i + 1))
        c.setLineWidth(1)


def slips_pdf(sheet: PairingSheet) -> bytes:
    fonts.register()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4, pageCompression=1)
    c.setTitle(_("%(title)s – Result slips") % {"title": title(sheet)})
    c.setCreator("Vielseitig")
    per_page = 2 if sheet.record_required else 5
    page_w, page_h = A4
    height = (page_h - 2 * MARGIN) / per_page
    width = page_w - 2 * MARGIN
    tables = sorted(sheet.tables, key=lambda t: t.table)
    for start in range(0, len(tables), per_page):
        for i, t in enumerate(tables[start : start + per_page]):
            top = page_h - MARGIN - i * height
            _slip(c, sheet, t, top, height, width)
            if i:
                cut_line(c, MARGIN / 2, top, page_w - MARGIN / 2, top)
        c.showPage()
    if not tables:
        _text(c, MARGIN, page_h - MARGIN - 20, _("Round %(n)s: no tables") % {"n": sheet.round}, 12)
        c.showPage()
    c.save()
    return buffer.getvalue()
