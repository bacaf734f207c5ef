"""Cut lines between slips printed several to a sheet (result slips, welcome slips)."""

from __future__ import annotations

import math

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from . import fonts

SCISSORS = "✂"
#: where the scissors sit on a line, from its start
SCISSORS_AT = 8 * mm
SCISSORS_SIZE = 9


def cut_line(c: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    """A dashed grey line from (x1, y1) to (x2, y2) with scissors on it near its start."""
    c.saveState()
    c.setStrokeGray(0.45)
    c.setFillGray(0.45)
    c.setLineWidth(0.5)
    c.setDash(4, 3)
    c.line(x1, y1, x2, y2)
    c.translate(x1, y1)
    c.rotate(math.degrees(math.atan2(y2 - y1, x2 - x1)))
    width = fonts.width(SCISSORS, fonts.SANS, SCISSORS_SIZE)
    c.setFillGray(1)
    c.rect(SCISSORS_AT - 1, -SCISSORS_SIZE / 2, width + 2, SCISSORS_SIZE, stroke=0, fill=1)
    c.setFillGray(0.45)
    c.setFont(fonts.SANS, SCISSORS_SIZE)
    c.drawString(SCISSORS_AT, -SCISSORS_SIZE * 0.35, SCISSORS)
    c.restoreState()
