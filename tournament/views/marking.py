"""The end of a Go game as the pages show it: the marked end position, drawn by the engine, and its count.

The live board in its marking phase (:mod:`tournament.views.live`), the
referee's marking on a game's page (:mod:`tournament.views.games`) and the
rules pages (:mod:`tournament.views.rules`) draw a :class:`games.go.Marking`
the same way: dead stones pale and crossed, each colour's points a small
square, neutral points a ring (:func:`games.svg.board`); every point of the
grid over the picture a button where it can be tapped.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games import go, svg
from games.common import COLOURS
from games.coords import Point
from games.go.marks import split_points
from tournament import engines
from tournament import result_codes as codes
from tournament.forms.results import MAX_POINTS
from tournament.selectors.live import marks_of_live_record

from .board_grid import board_grid


def count_text(marking: go.Marking) -> str:
    """The count under the marks, in words: each colour's count, komi, result, and what was removed."""
    count = marking.count()
    text = engines.count_words(
        black=count.black, white=count.white, komi=count.komi, result=count.result(), by_territory=marking.by_territory
    )
    dead = count.dead_stones()
    if dead["black"] or dead["white"]:
        text += " " + _("Removed as dead: %(black)s black, %(white)s white stones.") % dead
    return text


def picture(marking: go.Marking, *, title: str, last_move: Point | None = None) -> SafeString:
    """The final position with the marks: dead stones, each colour's points, neutral points."""
    game = marking.game
    size = game.graph.size
    assert size is not None  # marks need a square board (go.Marking checks)
    stones = {Point(*game.graph.point(q)): COLOURS[c - 1] for q, c in enumerate(game.position.stones) if c}
    drawn = svg.board(
        size,
        stones,
        last_move=last_move,
        dead=marking.marks.dead,
        territory=marking.territory(),
        neutral=marking.marks.neutral,
        title=title,
    )
    return mark_safe(drawn)  # noqa: S308 - drawn by games.svg, its text escaped there


def grid(marking: go.Marking, *, buttons: bool, name: str = "point") -> SafeString:
    """The points over the picture: a button for every point (``name`` = its coordinate) while marks can
    be made, else plain cells; dead stones and neutral points carry their class."""
    game = marking.game
    size = game.graph.size
    assert size is not None
    stones = game.position.stones
    dead, neutral = marking.marks.dead, marking.marks.neutral

    def classes(p: Point) -> list[str]:
        colour = stones[game.graph.index(p.x, p.y)]
        marks = [(COLOURS[colour - 1] if colour else "", bool(colour)), ("dead", p in dead), ("neutral", p in neutral)]
        return [mark for mark, on in marks if on]

    return board_grid(size, classes, button=lambda _p: buttons, name=name)


def points_text(points) -> str:
    """Points in board order as ``C3, C4`` (``–`` for none)."""
    return ", ".join(points) or "–"


def marks_line(label: str, marks: dict | None) -> str:
    """One side's marks in words: "Black: dead C3, C4; neutral E5"."""
    if not isinstance(marks, dict):
        return format_html("{}: {}", label, _("no marks yet"))
    return format_html(
        "{}: {} {}; {} {}",
        label,
        _("dead"),
        points_text(marks.get("dead") or []),
        _("neutral"),
        points_text(marks.get("neutral") or []),
    )


def _query(marks: dict) -> str:
    """The referee's board with ``marks`` on it: the query of the game's page."""
    return urlencode({"dead": ",".join(marks.get("dead") or []), "neutral": ",".join(marks.get("neutral") or [])})


def referee_marking(request, game) -> dict | None:
    """The referee's board of a Go record ended by two passes, on the game's page: the final position
    with the marks being considered (``?dead=...&neutral=...``, a tap ``&tap=B5`` toggling a chain or a
    point; at first those the result was given with, else the live board's, else the record's
    ``TB``/``TW``), their count, and the marks each side made; ``None`` for another game."""
    discipline = game.round.discipline
    if not game.record.strip() or not discipline.variant.removes_dead_stones:
        return None
    try:
        replay = engines.replay_record(
            discipline=discipline, record=game.record, handicap=game.handicap, komi=game.komi
        )
    except engines.RecordUnreadable:
        return None
    verdict = replay.verdict
    if not replay.legal or replay.reason != "double-pass" or not isinstance(verdict, go.Verdict):
        return None
    size = replay.size
    live = marks_of_live_record(game)
    sources = []
    if live is not None:
        for side, label in (("black", _("Black's marks")), ("white", _("White's marks"))):
            if isinstance(live[f"{side}_marks"], dict):
                sources.append((label, live[f"{side}_marks"]))
        if live["marks"] and isinstance(live["marks"], dict):
            sources.append((_("The marks on the live board"), live["marks"]))
    if isinstance(game.marks, dict):
        sources.append((_("The marks of the result"), game.marks))
    in_record = engines.replay_marks(replay)
    if in_record is not None:
        sources.append((_("The dead stones of the record (TB/TW)"), in_record))
    error = ""
    if "dead" in request.GET or "neutral" in request.GET:
        start = {key: split_points(request.GET.get(key, "")[:MAX_POINTS])[: size * size] for key in ("dead", "neutral")}
    else:
        start = engines.marks_settings(game.marks) or engines.marks_settings(in_record)
        start = start or engines.marks_settings((live or {}).get("marks"))
    marking = go.Marking(verdict.game)
    try:
        marking = go.Marking(verdict.game, go.Marks.of(start.get("dead") or (), start.get("neutral") or (), size=size))
    except go.MarkError as exc:
        error = engines.mark_text(exc, discipline.get_kind_display())
    tap = request.GET.get("tap", "")[:5]
    if tap:
        try:
            marking = marking.toggle(tap).marking
        except go.MarkError as exc:
            error = engines.mark_text(exc, discipline.get_kind_display())
    marks = marking.as_dict()
    return {
        "picture": picture(marking, title=_("The end of the game with the dead stones marked")),
        "grid": grid(marking, buttons=True, name="tap"),
        "size": size,
        "count": count_text(marking),
        "result": codes.OUTCOMES[marking.count().ending],
        "dead": ",".join(marks["dead"]),
        "neutral": ",".join(marks["neutral"]),
        "sources": [
            {"line": marks_line(label, engines.marks_settings(m)), "query": _query(engines.marks_settings(m))}
            for label, m in sources
        ],
        "error": error,
    }
