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
    text = svg.board(
        19,
        v.board.stones(),
        last_move=Point.parse("N10"),
        captured=[Point.parse("L10"), Point.parse("M10")],
        error=Point.parse("K10"),
        title="Game <1>",
    )
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


def _stars(size):
    root = parse(svg.board(size, {}, square=10, coordinates=False))
    # back from pixels (margin 5, 10 a line) to points, row 1 at the bottom
    return sorted(
        Point(round((float(c.get("cx")) - 5) / 10), size - 1 - round((float(c.get("cy")) - 5) / 10)).name()
        for c in root.iter(NS + "circle")
        if c.get("class") == "star"
    )


def test_star_points_of_the_usual_boards():
    assert _stars(9) == ["C3", "C7", "E5", "G3", "G7"]
    assert _stars(13) == ["D10", "D4", "D7", "G10", "G4", "G7", "K10", "K4", "K7"]
    assert _stars(19) == ["D10", "D16", "D4", "K10", "K16", "K4", "Q10", "Q16", "Q4"]
    assert len(_stars(21)) == 9 and _stars(5) == []


def test_the_last_move_ring_takes_the_other_colour_and_red_on_an_empty_point():
    def ring(stones, last):
        root = parse(svg.board(9, stones, last_move=Point.parse(last)))
        return next(c for c in root.iter(NS + "circle") if c.get("class") == "last-move").get("stroke")

    assert ring({Point.parse("E5"): "black"}, "E5") == "#fff"
    assert ring({Point.parse("E5"): "white"}, "E5") == "#111"
    assert ring({}, "E5") == "#e33"  # a stone that did not stay (1000-Volt-Go's self-capture)


def test_an_illegal_move_is_a_red_frame_with_a_cross_and_the_title_is_read_aloud():
    root = parse(svg.board(9, {Point.parse("E5"): "black"}, error=Point.parse("E5"), title='Move 3 "E5"'))
    illegal = [g for g in root.iter(NS + "g") if g.get("class") == "illegal"]
    assert len(illegal) == 1
    assert [e.tag for e in illegal[0]] == [NS + "rect", NS + "path"] and illegal[0][0].get("class") == "error"
    assert root.get("role") == "img" and root.get("aria-label") == 'Move 3 "E5"'
    assert parse(svg.board(9, {})).get("role") is None


def test_the_end_of_a_go_game_dead_stones_territory_and_neutral_points():
    p = Point.parse
    stones = {p("C3"): "black", p("B3"): "white", p("D3"): "white"}
    text = svg.board(
        5,
        stones,
        dead=[p("B3")],
        territory={p("A3"): "black", p("B3"): "black", p("E5"): "white"},
        neutral=[p("A1"), p("C3")],  # a neutral mark on a stone is not drawn
    )
    root = parse(text)
    circles = [c.get("class") for c in root.iter(NS + "circle")]
    assert circles.count("dead white") == 1 and circles.count("stone white") == 1 and circles.count("stone black") == 1
    dead = next(c for c in root.iter(NS + "circle") if c.get("class") == "dead white")
    assert dead.get("fill-opacity") == ".4"
    squares = sorted(r.get("class") for r in root.iter(NS + "rect") if "territory" in (r.get("class") or ""))
    assert squares == ["territory black", "territory black", "territory white"]
    assert circles.count("neutral") == 1
    # the square of a dead stone's point is drawn after (over) the pale stone
    order = [e.get("class") for e in root.iter() if e.get("class") in ("dead white", "territory black")]
    assert order[0] == "dead white"
    with pytest.raises(ValueError):
        svg.board(5, {}, territory={p("A1"): "red"})
