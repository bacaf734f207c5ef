"""A fast table renderer for long lists: header row repeated on every page.

Drawn directly on the canvas (no flowable splitting), so a crosstable of a
thousand players stays quick.  The font size shrinks to make all columns
fit the page (down to ``MIN_SIZE``); landscape is chosen when portrait would
need a smaller size than ``PORTRAIT_MIN``.  Columns marked ``shrink`` (names,
clubs) are cut with an ellipsis when even that is not enough.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from . import fonts

MAX_SIZE = 9.0
MIN_SIZE = 5.5
PORTRAIT_MIN = 7.5
PAD = 3.0  # points left and right of a cell's text
MARGIN = 12 * mm
STRIPE = (0.93, 0.93, 0.93)
HEADER_BG = (0.80, 0.84, 0.90)


@dataclass(frozen=True)
class GridColumn:
    header: str
    align: str = "left"  # left, right, center
    shrink: bool = False


@dataclass
class Section:
    """One table with its title; every section starts on a new page."""

    title: str
    columns: Sequence[GridColumn]
    rows: Sequence[Sequence[str]]
    subtitle: str = ""
    orientation: str = "auto"  # auto, portrait, landscape
    page_size: tuple[float, float] = field(default=A4)
    #: the largest font size: bigger for sheets read from a distance (pairings on the wall)
    max_size: float = MAX_SIZE
    #: one more line under the subtitle (e.g. each round's discipline), smaller type
    note: str = ""


#: the title's sizes, largest first: one line at 13 pt, up to two at 11 pt, as many as it needs at 9 pt
TITLE_SIZES = ((13.0, 1), (11.0, 2), (9.0, 0))


def _wrap(text: str, font: str, size: float, room: float) -> list[str]:
    """``text`` in lines no wider than ``room``, broken at spaces (a word wider than a line is cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and fonts.width(candidate, font, size) > room:
            lines.append(line)
            candidate = word
        line = candidate if fonts.width(candidate, font, size) <= room else fonts.clip(candidate, font, size, room)
    return [*lines, line] if line else lines or [""]


def title_lines(title: str, room: float) -> tuple[float, list[str]]:
    """The title's size and lines: a long one (the longest tournament and discipline names) shrinks, then
    wraps, and never runs off the page."""
    font = fonts.font_for(title, bold=True)
    for size, most in TITLE_SIZES:
        lines = _wrap(title, font, size, room)
        if not most or len(lines) <= most:
            return size, lines
    raise AssertionError("unreachable: the last size takes any number of lines")


def _head_space(section: Section, page) -> float:
    size, lines = title_lines(section.title, page[0] - 2 * MARGIN)
    return (12 if section.subtitle else 0) + (11 if section.note else 0) + (len(lines) - 1) * size * 1.2


def _units(section: Section) -> list[float]:
    """Natural width of each column at font size 1."""
    units = []
    sw = fonts.width
    for i, col in enumerate(section.columns):
        best = sw(col.header, fonts.SANS_BOLD, 1.0)
        seen: set[str] = set()
        for row in section.rows:
            text = row[i]
            if text in seen:
                continue
            seen.add(text)
            w = _unit_width(text, fonts.font_for(text))
            if w > best:
                best = w
        units.append(best)
    return units


def _layout(section: Section, units: list[float]):
    def fit(size_w: float) -> float:
        pads = 2 * PAD * len(units)
        return (size_w - 2 * MARGIN - pads) / max(sum(units), 1e-6)

    portrait = section.page_size
    land = landscape(section.page_size)
    if section.orientation == "portrait":
        page = portrait
    elif section.orientation == "landscape":
        page = land
    elif section.max_size > MAX_SIZE and _one_page(section, land, min(section.max_size, fit(land[0]))):
        # a sheet for the wall: the orientation that gives the larger type
        page = land if fit(land[0]) > fit(portrait[0]) else portrait
    else:
        page = portrait if fit(portrait[0]) >= PORTRAIT_MIN else land
    size = max(MIN_SIZE, min(section.max_size, fit(page[0])))
    widths = [u * size + 2 * PAD for u in units]
    avail = page[0] - 2 * MARGIN
    excess = sum(widths) - avail
    if excess > 0.01:
        shrinkable = [i for i, c in enumerate(section.columns) if c.shrink]
        total = sum(widths[i] for i in shrinkable) or 1
        for i in shrinkable:  # never below 8 letters' width, nor wider than it was (an empty club column)
            widths[i] = max(widths[i] - excess * widths[i] / total, min(widths[i], 8 * size))
    return page, size, widths


def _one_page(section: Section, page, size: float) -> bool:
    row_h = size * 1.45
    top_space = 2 * MARGIN + 22 + _head_space(section, page) + row_h
    return len(section.rows) <= (page[1] - top_space) // row_h


def _clip(text: str, font: str, size: float, room: float) -> str:
    if _unit_width(text, font) * size <= room + 0.01:
        return text
    return fonts.clip(text, font, size, room)


def _head_line(canvas, text: str, size: float, y: float, room: float) -> None:
    """A line under the title (the subtitle, the note) at ``size`` points, smaller (down to 5) where it is
    longer than the page is wide (a frozen table's German note), clipped only past that."""
    font = fonts.font_for(text)
    while size > 5 and fonts.width(text, font, size) > room:
        size -= 0.5
    canvas.setFont(font, size)
    canvas.drawString(MARGIN, y, _clip(text, font, size, room))


def _plans(sections: Sequence[Section]) -> list[tuple]:
    """Each section's page, type size, column widths, row height, rows a page and pages."""
    plans = []
    for section in sections:
        units = _units(section)
        page, size, widths = _layout(section, units)
        row_h = size * 1.45
        top_space = 2 * MARGIN + 22 + _head_space(section, page) + row_h
        per_page = max(1, int((page[1] - top_space) // row_h))
        count = max(1, -(-len(section.rows) // per_page))
        plans.append((section, page, size, widths, row_h, per_page, count))
    return plans


def page_count(sections: Sequence[Section]) -> int:
    """How many pages :func:`draw` takes for the sections."""
    fonts.register()
    return sum(plan[-1] for plan in _plans(sections))


def draw(canvas: Canvas, sections: Sequence[Section], footer: str = "", *, pages_drawn: int = 0) -> None:
    """The sections on their pages; ``pages_drawn``: pages the document has before them (drawn by the
    caller), counted in the page numbers."""
    fonts.register()
    plans = _plans(sections)
    total_pages = pages_drawn + sum(plan[-1] for plan in plans)
    page_no = pages_drawn
    for section, page, size, widths, row_h, per_page, count in plans:
        xs = [MARGIN]
        for w in widths[:-1]:
            xs.append(xs[-1] + w)
        table_w = sum(widths)
        for p in range(count):
            page_no += 1
            canvas.setPageSize(page)
            y = page[1] - MARGIN - 12
            title_size, lines = title_lines(section.title, page[0] - 2 * MARGIN)
            canvas.setFont(fonts.font_for(section.title, bold=True), title_size)
            for n, line in enumerate(lines):
                if n:
                    y -= title_size * 1.2
                canvas.drawString(MARGIN, y, line)
            if section.subtitle:
                y -= 14
                _head_line(canvas, section.subtitle, 9.0, y, page[0] - 2 * MARGIN)
            if section.note:
                y -= 11
                _head_line(canvas, section.note, 8.0, y, page[0] - 2 * MARGIN)
            y -= 10 + row_h
            # header row
            canvas.setFillColorRGB(*HEADER_BG)
            canvas.rect(MARGIN, y - row_h * 0.3, table_w, row_h, stroke=0, fill=1)
            canvas.setFillColorRGB(0, 0, 0)
            tx = canvas.beginText()
            tx.setFont(fonts.SANS, size)
            _draw_row(tx, [c.header for c in section.columns], section.columns, xs, widths, y, size, bold=True)
            chunk = section.rows[p * per_page : (p + 1) * per_page]
            canvas.setFillColorRGB(*STRIPE)
            for n, row in enumerate(chunk):
                y -= row_h
                if n % 2 == 1:
                    canvas.rect(MARGIN, y - row_h * 0.3, table_w, row_h, stroke=0, fill=1)
                _draw_row(tx, row, section.columns, xs, widths, y, size)
            canvas.setFillColorRGB(0, 0, 0)
            canvas.drawText(tx)
            canvas.setFont(fonts.font_for(footer), 7)
            # the footer leaves room for the page number
            canvas.drawString(MARGIN, MARGIN / 2, _clip(footer, fonts.font_for(footer), 7, page[0] - 2 * MARGIN - 50))
            canvas.setFont(fonts.SANS, 7)
            canvas.drawRightString(page[0] - MARGIN, MARGIN / 2, f"{page_no} / {total_pages}")
            canvas.showPage()


_WIDTHS: dict[tuple[str, str], float] = {}


def _unit_width(text: str, font: str) -> float:
    key = (text, font)
    w = _WIDTHS.get(key)
    if w is None:
        if len(_WIDTHS) > 200_000:
            _WIDTHS.clear()
        w = _WIDTHS[key] = fonts.width(text, font, 1.0)
    return w


def _draw_row(tx, row, columns, xs, widths, y, size, bold=False):
    """Add a row's cells to the page's text object (one object per page is much
    faster than a drawString per cell)."""
    for text, col, x, w in zip(row, columns, xs, widths):
        if not text:
            continue
        font = fonts.font_for(text, bold)
        if font != tx._fontname:
            tx.setFont(font, size)
        if col.shrink:
            text = _clip(text, font, size, w - 2 * PAD)
        if col.align == "left":
            tx.setTextOrigin(x + PAD, y)
        else:
            tw = _unit_width(text, font) * size
            if col.align == "right":
                tx.setTextOrigin(x + w - PAD - tw, y)
            else:
                tx.setTextOrigin(x + (w - tw) / 2, y)
        tx.textOut(text)


def render(sections: Sequence[Section], *, title: str = "", footer: str = "") -> bytes:
    """The PDF bytes of the sections."""
    import io

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("Vielseitig")
    draw(canvas, sections, footer=footer)
    canvas.save()
    return buffer.getvalue()
