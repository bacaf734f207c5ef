"""The board diagram: an SVG drawn by the server for one position of a record."""

from __future__ import annotations

from django.template.loader import render_to_string

from games.coords import COLUMN_LETTERS, Point

CELL = 24
MARGIN = 26

_STARS = {
    19: [3, 9, 15],
    17: [3, 8, 13],
    15: [3, 7, 11],
    13: [3, 6, 9],
    11: [2, 5, 8],
    9: [2, 4, 6],
}


def board_svg(*, size: int, frame=None, mark: str | None = None, title: str = "") -> str:
    """SVG of ``frame`` (a :class:`tournament.services.records.Frame`) on a ``size`` board.

    ``mark`` names a point (``"K10"``) to cross out in red: the illegal move.
    """
    span = (size - 1) * CELL
    width = span + 2 * MARGIN

    def sx(x: int) -> int:
        return MARGIN + x * CELL

    def sy(y: int) -> int:
        return MARGIN + (size - 1 - y) * CELL

    lines = [
        {"x1": sx(0), "y1": sy(i), "x2": sx(size - 1), "y2": sy(i)} for i in range(size)
    ] + [{"x1": sx(i), "y1": sy(0), "x2": sx(i), "y2": sy(size - 1)} for i in range(size)]
    stars = [(sx(x), sy(y)) for x in _STARS.get(size, []) for y in _STARS.get(size, [])]
    stones = []
    last = tuple(frame.last) if frame is not None and frame.last else None
    if frame is not None:
        for (x, y), colour in sorted(frame.stones.items()):
            stones.append({"cx": sx(x), "cy": sy(y), "colour": colour, "last": (x, y) == last})
    captured = [{"cx": sx(x), "cy": sy(y)} for x, y in (frame.captured if frame is not None else [])]
    cross = None
    if mark:
        try:
            p = Point.parse(mark)
        except ValueError:
            p = None
        if p is not None and p.on_board(size):
            cross = {"cx": sx(p.x), "cy": sy(p.y), "r": CELL // 2 - 3}
    columns = [{"x": sx(i), "label": COLUMN_LETTERS[i]} for i in range(size)]
    rows = [{"y": sy(i), "label": i + 1} for i in range(size)]
    return render_to_string(
        "tournament/board.svg",
        {
            "width": width,
            "lines": lines,
            "stars": stars,
            "stones": stones,
            "captured": captured,
            "cross": cross,
            "columns": columns,
            "rows": rows,
            "r": CELL // 2 - 1,
            "top": MARGIN // 2,
            "bottom": width - MARGIN // 2 + 4,
            "left": MARGIN // 2 - 2,
            "right": width - MARGIN // 2 + 2,
            "title": title,
        },
    )
