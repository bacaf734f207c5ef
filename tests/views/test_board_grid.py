"""The board as a grid of points (:mod:`tournament.views.board_grid`): built once, every cell escaped, and the
live board and the end of a Go game both ask it."""

from __future__ import annotations

import re
from pathlib import Path

from games.coords import Point
from tournament.views.board_grid import board_grid

ROOT = Path(__file__).resolve().parents[2]


def test_the_grid_is_the_top_row_first_with_buttons_where_asked():
    html = board_grid(2, lambda p: ["black"] if p == Point(0, 1) else [], button=lambda p: p.y == 0, name="tap")
    cells = re.findall(r"<(button|span)[^>]*>", html)
    assert cells == ["span", "span", "button", "button"]
    assert html.startswith('<span class="pt black" data-point="A2"></span>')
    assert '<button type="submit" name="tap" value="A1" class="pt" aria-label="A1"></button>' in html


def test_every_cell_is_escaped():
    html = board_grid(1, lambda _p: ['"><script>'], button=lambda _p: True, name='a"b')
    assert "<script>" not in html and "&quot;&gt;&lt;script&gt;" in html and 'name="a&quot;b"' in html


def _grids_of_their_own(path: Path) -> list[str]:
    """Lines that build a board's cells or buttons (a point's cell, a button sending a point)."""
    lines = path.read_text().splitlines()
    return [
        f"{n}: {line.strip()}"
        for n, line in enumerate(lines, 1)
        if "data-point=" in line or ("<button" in line and 'name="point"' in line)
    ]


def test_the_grid_is_built_only_in_board_grid():
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "tournament").rglob("*.py"))
        if path.name != "board_grid.py"
        for line in _grids_of_their_own(path)
    ]
    assert found == [], "lay a board's points with tournament.views.board_grid"


def test_the_scan_finds_a_grid_of_its_own(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('out.append(f\'<button name="point" value="{name}"></button>\')\n')
    assert len(_grids_of_their_own(bad)) == 1
