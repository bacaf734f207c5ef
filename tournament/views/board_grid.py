"""The board as a grid of points over its picture: built here once, every cell escaped by ``format_html``.

The live board (:mod:`.live_board`: a button for every empty point while the user may play) and the end
of a Go game (:mod:`.marking`: a button for every point while marks can be made) lay the same grid over the
picture ``games.svg`` draws; the style sheet places the cells, their classes say what is on each point.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from games.coords import Point

BUTTON = '<button type="submit" name="{}" value="{}" class="{}" aria-label="{}"></button>'
CELL = '<span class="{}" data-point="{}"></span>'


def board_grid(
    size: int, classes: Callable[[Point], Iterable[str]], *, button: Callable[[Point], bool], name: str = "point"
) -> SafeString:
    """The ``size`` x ``size`` points, the top row first: a button sending ``name`` = the point's coordinate
    where ``button(point)``, else a plain cell; each with the class ``pt`` and ``classes(point)``."""
    cells = []
    for y in range(size - 1, -1, -1):
        for x in range(size):
            p = Point(x, y)
            cls, point = " ".join(["pt", *classes(p)]), p.name()
            if button(p):
                cells.append(format_html(BUTTON, name, point, cls, point))
            else:
                cells.append(format_html(CELL, cls, point))
    return mark_safe("".join(cells))  # noqa: S308 - each cell escaped by format_html
