"""A knockout stage on paper: the bracket on a landscape page (the stages left to right, each match
between the two it follows, the winners in bold, the game for third place under the final), then the
final places as a prize-giving reads them (:mod:`tournament.pdf.grid`).

Every word goes through Django's gettext, in the language active when it is drawn.
"""

from __future__ import annotations

import io

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen.canvas import Canvas

from tournament.pdf.data import BracketMatch, BracketSheet, BracketSide

from . import fonts
from .grid import MARGIN, GridColumn, Section, draw, page_count, title_lines

#: the largest and smallest type of the players' lines
MAX_SIZE = 9.0
MIN_SIZE = 4.0
LINE = (0.45, 0.45, 0.45)


def title(sheet: BracketSheet) -> str:
    return _("%(tournament)s – Knockout stage") % {"tournament": sheet.tournament}


def _side_text(side: BracketSide, bye: str = "") -> str:
    if side.player is None:
        return bye or "–"
    origin = f" ({side.origin})" if side.origin else ""
    return f"{side.seed}. {side.player.name} {side.player.rank}{origin}"


def _results(match: BracketMatch) -> str:
    return "  ".join(g.result for g in match.games if g.result)


def _draw_match(canvas: Canvas, match: BracketMatch, x: float, y: float, w: float, line_h: float, size: float):
    """The match's two lines centred on ``y`` (the top side above), its results under the right end."""
    bye = match.state if not match.games and (match.top.player is None) != (match.bottom.player is None) else ""
    for side, sy in ((match.top, y + line_h * 0.15), (match.bottom, y - line_h * 0.85)):
        text = _side_text(side, bye)
        font = fonts.font_for(text, bold=side.won)
        canvas.setFont(font, size)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.drawString(x + 2, sy + size * 0.3, fonts.clip(text, font, size, w - 4))
    canvas.setStrokeColorRGB(*LINE)
    canvas.setLineWidth(0.6)
    canvas.line(x, y + line_h * 0.15, x + w, y + line_h * 0.15)
    canvas.line(x, y - line_h * 0.85, x + w, y - line_h * 0.85)
    canvas.line(x + w, y + line_h * 0.15, x + w, y - line_h * 0.85)
    results = _results(match) or (match.state if match.top.player and match.bottom.player else "")
    if results:
        canvas.setFont(fonts.font_for(results), size * 0.8)
        canvas.setFillColorRGB(0.3, 0.3, 0.3)
        canvas.drawRightString(x + w - 2, y - line_h * 0.85 - size * 0.95, results)


def _bracket_page(canvas: Canvas, sheet: BracketSheet, footer: str, total: int) -> None:
    page = landscape(A4)
    canvas.setPageSize(page)
    width, height = page
    y = height - MARGIN - 12
    size, lines = title_lines(title(sheet), width - 2 * MARGIN)
    canvas.setFont(fonts.font_for(title(sheet), bold=True), size)
    for n, line in enumerate(lines):
        if n:
            y -= size * 1.2
        canvas.drawString(MARGIN, y, line)
    note = f"{sheet.rule} {sheet.colours}."
    y -= 13
    canvas.setFont(fonts.font_for(note), 8)
    canvas.drawString(MARGIN, y, fonts.clip(note, fonts.font_for(note), 8, width - 2 * MARGIN))
    top = y - 22
    bottom = MARGIN + 14
    stages = sheet.stages
    column = (width - 2 * MARGIN) / len(stages)
    gap = min(14.0, column * 0.08)
    first = len(stages[0].matches)
    slot = (top - bottom) / first
    line_h = min(slot / 2.6, 28.0)
    size = max(MIN_SIZE, min(MAX_SIZE, line_h * 0.62))
    centres: list[list[float]] = [[top - (i + 0.5) * slot for i in range(first)]]
    for _stage in stages[1:]:
        before = centres[-1]
        centres.append([(before[2 * i] + before[2 * i + 1]) / 2 for i in range(len(before) // 2)])
    for number, stage in enumerate(stages):
        x = MARGIN + number * column
        canvas.setFont(fonts.SANS_BOLD, 9)
        canvas.setFillColorRGB(0, 0, 0)
        rounds = ", ".join(map(str, stage.rounds))
        head = stage.name + (
            " · " + ngettext("round %(rounds)s", "rounds %(rounds)s", len(stage.rounds)) % {"rounds": rounds}
            if stage.rounds
            else ""
        )
        canvas.drawString(x + 2, top + 8, fonts.clip(head, fonts.SANS_BOLD, 9, column - gap))
        w = column - gap
        for i, match in enumerate(m for m in stage.matches if not m.third):
            cy = centres[number][i]
            _draw_match(canvas, match, x, cy, w, line_h, size)
            if number + 1 < len(stages):  # the line on to the next stage's match
                ny = centres[number + 1][i // 2]
                canvas.setStrokeColorRGB(*LINE)
                mid = cy - line_h * 0.35
                canvas.line(x + w, mid, x + column, mid)
                canvas.line(x + column, mid, x + column, ny - line_h * 0.35)
        third = next((m for m in stage.matches if m.third), None)
        if third is not None:
            ty = bottom + line_h * 1.6
            canvas.setFont(fonts.SANS_BOLD, max(MIN_SIZE, size * 0.9))
            canvas.setFillColorRGB(0, 0, 0)
            canvas.drawString(x + 2, ty + line_h * 0.9, _("Game for third place"))
            _draw_match(canvas, third, x, ty, w, line_h, size)
    canvas.setFont(fonts.font_for(footer), 7)
    canvas.drawString(MARGIN, MARGIN / 2, fonts.clip(footer, fonts.font_for(footer), 7, width - 2 * MARGIN - 50))
    canvas.setFont(fonts.SANS, 7)
    canvas.drawRightString(width - MARGIN, MARGIN / 2, f"1 / {total}")
    canvas.showPage()


def places_section(sheet: BracketSheet) -> Section:
    rows = [
        [p.label, p.player.name, p.player.rank, p.player.club, p.player.country, str(p.seed), p.origin, p.how]
        for p in sheet.places
    ]
    columns = [
        GridColumn(_("Place")),
        GridColumn(_("Name"), shrink=True),
        GridColumn(_("Rank"), "right"),
        GridColumn(_("Club"), shrink=True),
        GridColumn(_("Country")),
        GridColumn(_("Seed"), "right"),
        GridColumn(_("Qualified as")),
        GridColumn(_("How"), shrink=True),
    ]
    heading = _("Final places") if sheet.complete else _("Places decided so far")
    return Section(
        title=f"{sheet.tournament} – {heading}", columns=columns, rows=rows, orientation="portrait", max_size=11
    )


def bracket_pdf(sheet: BracketSheet) -> bytes:
    """The bracket's page, then (once a place is decided) the final places."""
    fonts.register()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=landscape(A4), pageCompression=1)
    canvas.setTitle(title(sheet))
    canvas.setCreator("Vielseitig")
    footer = sheet.seeded
    sections = [places_section(sheet)] if sheet.places else []
    _bracket_page(canvas, sheet, footer, 1 + (page_count(sections) if sections else 0))
    if sections:
        draw(canvas, sections, footer=footer, pages_drawn=1)
    canvas.save()
    return buffer.getvalue()
