"""Server-side SVG diagrams of a square Go-family board (like ``chess.svg.board``).

>>> from games.coords import Point
>>> svg = board(9, {Point(4, 4): "black"}, last_move=Point(4, 4))
>>> svg.startswith("<svg") and 'class="stone black"' in svg
True

Points are :class:`games.coords.Point` (column from the left, row from the
bottom); colours are ``"black"`` and ``"white"``.  Nothing here knows any
game's rules, so every engine can draw with it, and so does the site (the
referee's board viewer, the report form's error diagram): one renderer.

The marks: the last move a ring in the other colour on its stone (red where
no stone stands); captured stones a small red cross; an illegal move a red
frame with a red cross (``<g class="illegal">``); star points at the 3-3
(4-4 from 13x13 up) points, the centre, and on odd boards from 13x13 up the
sides.  The end of a Go game: dead stones pale with a dashed outline
(``class="dead white"``), the points each colour is counted for a small
square of its colour on top (``class="territory black"``, also on the
points of the dead stones it gains), neutral points a small grey ring
(``class="neutral"``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol, TypedDict
from xml.sax.saxutils import escape, quoteattr

from games.coords import COLUMN_LETTERS, CoordinateError, Point

__all__ = ["board", "error_point", "Options"]

_FILL = {"black": "#111", "white": "#fafafa"}
_RING = {"black": "#fff", "white": "#111"}
_WOOD = "#e3b96b"
_INK = "#3b2a12"


class _Labelled(Protocol):
    """An illegal move as the engines report it: its ``point`` label (``"K10"``, ``"pass"``, ``""``)."""

    @property
    def point(self) -> str: ...


class Options(TypedDict, total=False):
    """The drawing options of :func:`board`, for callers that pass them on."""

    coordinates: bool
    square: int
    title: str | None


def error_point(error: _Labelled | None) -> Point | None:
    """The point to frame for an illegal move (an object with a ``point``
    label such as ``"K10"``): ``None`` for none, a pass, a missing first move
    or a label that is no coordinate (an SGF point without a Go name)."""
    if error is None or error.point in ("", "pass"):
        return None
    try:
        return Point.parse(error.point)
    except CoordinateError:
        return None


def _star_points(size: int) -> list[tuple[int, int]]:
    if size < 7:
        return []
    edge = 2 if size < 13 else 3
    far = size - 1 - edge
    mid = size // 2
    spots = {(edge, edge), (edge, far), (far, edge), (far, far)}
    if size % 2 == 1:
        spots.add((mid, mid))
        if size >= 13:
            spots |= {(edge, mid), (far, mid), (mid, edge), (mid, far)}
    return sorted(spots)


def board(  # noqa: C901
    size: int,
    stones: Mapping[Point, str] | Iterable[tuple[Point, str]] = (),
    *,
    last_move: Point | None = None,
    captured: Iterable[Point] = (),
    error: Point | None = None,
    dead: Iterable[Point] = (),
    territory: Mapping[Point, str] | None = None,
    neutral: Iterable[Point] = (),
    coordinates: bool = True,
    square: int = 24,
    title: str | None = None,
) -> str:
    """An SVG picture of the board as a string.

    ``stones``: point -> ``"black"``/``"white"``.  ``last_move`` gets a ring,
    ``captured`` points a small cross, ``error`` (an illegal move, which may
    lie off the board: then it is not drawn) a red frame and cross.
    ``dead``: stones marked dead (drawn pale); ``territory``:
    point -> the colour it is counted for (a small square); ``neutral``:
    points that count for nobody (a small ring).
    ``coordinates`` writes column letters and row numbers on the margin.
    ``title`` names the picture (``<title>``, and ``aria-label`` for
    screen readers).
    """
    if not 2 <= size <= len(COLUMN_LETTERS):
        raise ValueError(f"board size must be 2-{len(COLUMN_LETTERS)}: {size}")
    # in board order, so that one position always gives the same picture
    items = sorted(stones.items() if isinstance(stones, Mapping) else stones)
    s = square
    margin = s if coordinates else s // 2
    width = margin * 2 + s * (size - 1)

    def cx(p: Point) -> float:
        return margin + p.x * s

    def cy(p: Point) -> float:
        return margin + (size - 1 - p.y) * s

    label = f' role="img" aria-label={quoteattr(title)}' if title else ""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {width}" '
        f'width="{width}" height="{width}" class="go-board"{label}>'
    ]
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(f'<rect width="{width}" height="{width}" fill="{_WOOD}"/>')
    end = margin + s * (size - 1)
    lines = []
    for i in range(size):
        c = margin + i * s
        lines.append(f"M{margin} {c}H{end}M{c} {margin}V{end}")
    out.append(f'<path d="{"".join(lines)}" stroke="{_INK}" stroke-width="1" fill="none"/>')
    for x, y in _star_points(size):
        out.append(
            f'<circle class="star" cx="{cx(Point(x, y))}" cy="{cy(Point(x, y))}" r="{s * 0.12:.1f}" fill="{_INK}"/>'
        )
    if coordinates:
        font = f'font-family="sans-serif" font-size="{s * 0.42:.1f}" text-anchor="middle" fill="{_INK}"'
        for i in range(size):
            c = margin + i * s
            letter = COLUMN_LETTERS[i]
            row = size - i
            out.append(f'<text x="{c}" y="{margin * 0.55:.1f}" {font}>{letter}</text>')
            out.append(f'<text x="{c}" y="{end + margin * 0.8:.1f}" {font}>{letter}</text>')
            out.append(f'<text x="{margin * 0.45:.1f}" y="{c + s * 0.15:.1f}" {font}>{row}</text>')
            out.append(f'<text x="{end + margin * 0.55:.1f}" y="{c + s * 0.15:.1f}" {font}>{row}</text>')
    r = s * 0.46
    on_board: dict[Point, str] = {}
    dead_stones = set(dead)
    for p, colour in items:
        if colour not in _FILL:
            raise ValueError(f"stone colour must be 'black' or 'white': {colour!r}")
        if not p.on_board(size):
            continue
        on_board[p] = colour
        if p in dead_stones:
            out.append(
                f'<circle class="dead {colour}" cx="{cx(p)}" cy="{cy(p)}" r="{r:.1f}" fill="{_FILL[colour]}" '
                f'fill-opacity=".4" stroke="#111" stroke-opacity=".4" stroke-width="1" stroke-dasharray="3 2"/>'
            )
            continue
        out.append(
            f'<circle class="stone {colour}" cx="{cx(p)}" cy="{cy(p)}" r="{r:.1f}" '
            f'fill="{_FILL[colour]}" stroke="#111" stroke-width="1"/>'
        )
    for p, colour in sorted((territory or {}).items()):
        if colour not in _FILL:
            raise ValueError(f"territory colour must be 'black' or 'white': {colour!r}")
        if p.on_board(size):
            h = s * 0.14
            out.append(
                f'<rect class="territory {colour}" x="{cx(p) - h:.1f}" y="{cy(p) - h:.1f}" width="{2 * h:.1f}" '
                f'height="{2 * h:.1f}" fill="{_FILL[colour]}" stroke="#111" stroke-width=".8"/>'
            )
    for p in sorted(neutral):
        if p.on_board(size) and p not in on_board:
            out.append(
                f'<circle class="neutral" cx="{cx(p)}" cy="{cy(p)}" r="{s * 0.17:.1f}" fill="none" '
                f'stroke="#777" stroke-width="2"/>'
            )
    for p in captured:
        if p.on_board(size):
            d = s * 0.18
            out.append(
                f'<path class="captured" d="M{cx(p) - d:.1f} {cy(p) - d:.1f}l{2 * d:.1f} {2 * d:.1f}'
                f'm0 {-2 * d:.1f}l{-2 * d:.1f} {2 * d:.1f}" stroke="#c00" stroke-width="2"/>'
            )
    if last_move is not None and last_move.on_board(size):
        ring = _RING.get(on_board.get(last_move, ""), "#e33")
        out.append(
            f'<circle class="last-move" cx="{cx(last_move)}" cy="{cy(last_move)}" r="{s * 0.22:.1f}" '
            f'fill="none" stroke="{ring}" stroke-width="2"/>'
        )
    if error is not None and error.on_board(size):
        h = s * 0.46
        d = s * 0.36
        out.append(
            f'<g class="illegal" stroke="#d0021b" fill="none">'
            f'<rect class="error" x="{cx(error) - h:.1f}" y="{cy(error) - h:.1f}" width="{2 * h:.1f}" '
            f'height="{2 * h:.1f}" stroke-width="2"/>'
            f'<path d="M{cx(error) - d:.1f} {cy(error) - d:.1f}l{2 * d:.1f} {2 * d:.1f}'
            f'm0 {-2 * d:.1f}l{-2 * d:.1f} {2 * d:.1f}" stroke-width="4" stroke-linecap="round"/></g>'
        )
    out.append("</svg>")
    return "".join(out)
