"""Board diagrams as SVG (games/svg.py)."""

import xml.etree.ElementTree as ET

import pytest

from games import svg
from games.coords import Point
from games.ninuki import replay

NS = "{http://www.w3.org/2000/svg}"


def parse(text):
    return ET.fromstring(text)


def test_stones_last_move_captures_and_error():
    v = replay("K10 L10 K12 M10 N10")  # black N10 takes L10-M10
    text = svg.board(19, v.board.stones(), last_move=Point.parse("N10"),
                     captured=[Point.parse("L10"), Point.parse("M10")], error=Point.parse("K10"),
                     title="Game <1>")
    root = parse(text)
    stones = [c for c in root.iter(NS + "circle") if "stone" in c.get("class", "")]
    assert len(stones) == 3 and all(c.get("class") == "stone black" for c in stones)
    assert len([p for p in root.iter(NS + "path") if p.get("class") == "captured"]) == 2
    assert len([c for c in root.iter(NS + "circle") if c.get("class") == "last-move"]) == 1
    assert len([r for r in root.iter(NS + "rect") if r.get("class") == "error"]) == 1
    assert root.find(NS + "title").text == "Game <1>"
    # N10 is column 13 (I skipped) on a 24px grid with a 24px margin
    last = next(c for c in root.iter(NS + "circle") if c.get("class") == "last-move")
    assert (float(last.get("cx")), float(last.get("cy"))) == (24 + 12 * 24, 24 + 9 * 24)


def test_coordinates_on_the_margin():
    root = parse(svg.board(13, {}))
    texts = [t.text for t in root.iter(NS + "text")]
    assert "J" in texts and "I" not in texts and "13" in texts and "N" in texts
    assert [t for t in parse(svg.board(13, {}, coordinates=False)).iter(NS + "text")] == []


def test_off_board_points_are_not_drawn_and_bad_input_refused():
    root = parse(svg.board(9, [(Point(20, 20), "white")], error=Point(9, 20)))
    assert not [c for c in root.iter(NS + "circle") if "stone" in c.get("class", "")]
    with pytest.raises(ValueError):
        svg.board(9, {Point(1, 1): "red"})
    with pytest.raises(ValueError):
        svg.board(30)


def test_verdict_draws_its_final_position():
    v = replay("K10 L10 K12 M10 N10 K10")  # the last move is occupied
    root = parse(v.svg(title="check"))
    assert len([c for c in root.iter(NS + "circle") if "stone" in c.get("class", "")]) == 3
    assert len([p for p in root.iter(NS + "path") if p.get("class") == "captured"]) == 2  # L10, M10
    assert len([r for r in root.iter(NS + "rect") if r.get("class") == "error"]) == 1
