"""Replaying a record and checking a claimed result against it.

:func:`replay` plays a record (text or SGF, see :mod:`games.go.record`) with a
game class of the Go family and returns a :class:`Verdict`: whether the
record is legal, its first illegal move, the number of moves, the score (only
for a game ended by two passes, counted by the rule set with the dead stones
removed) and the result.  :func:`check_claim` tells whether a submitted
result agrees with that verdict (otherwise the site sends the game to a
referee).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from games.common import ClaimCheck as _ClaimCheck
from games.common import Colour, EngineClaim, claim_before_end, json_fields
from games.coords import Point
from games.go.game import Game, IllegalMove, Outcome, format_margin
from games.go.marks import MarkError, Marks
from games.go.position import BLACK, EMPTY, WHITE, colour_name
from games.go.record import Record, RecordError, RecordMove, TooLong, parse_record

__all__ = [
    "Verdict",
    "replay",
    "check_claim",
    "bind",
    "BoundReplay",
    "BoundCheckClaim",
    "Claim",
    "ClaimInput",
    "ClaimCheck",
    "KINDS",
    "Points",
    "parse_claim",
]


@dataclass
class Verdict:
    """What the validator answers for one record.

    ``result`` is ``"B+3"``, ``"W+0.5"``, ``"draw"`` or ``"unfinished"`` for a
    legal record and ``None`` for an illegal one; ``moves`` counts the moves
    replayed legally (for an illegal record, those before the illegal one,
    ``RULES.md``); ``score`` is
    ``{"black": n, "white": n}`` without komi, only when two passes ended
    the game, and ``dead`` the stones of each colour removed as dead before
    counting (then too); ``prisoners`` the opponent's stones each colour
    took off the board during play.  ``game`` is the game as far as it was
    replayed (up to the illegal move); ``marks`` the dead stones (whole
    chains) and neutral points counted with, ``None`` where none were given
    or read from the record's ``TB``/``TW``.
    """

    legal: bool
    error: IllegalMove | None
    moves: int
    score: dict[Colour, int] | None
    result: str | None
    game: Game
    outcome: Outcome | None = None
    dead: dict[Colour, int] | None = None
    prisoners: dict[Colour, int] | None = None
    marks: Marks | None = None

    #: The keys of :meth:`as_dict`: the JSON object of the command line (a stable contract).
    JSON_KEYS = ("legal", "error", "moves", "score", "result", "dead", "prisoners")

    def as_dict(self) -> dict[str, Any]:
        """The JSON object the command line prints."""
        return json_fields(self, self.JSON_KEYS)


def _settings(
    game_class: type[Game], record: Record, size: int | None, komi: float | None, handicap: int | None
) -> tuple[int, float | None, int]:
    """Board size, komi and handicap from the arguments, the record and the defaults."""
    if size is not None and record.size is not None and size != record.size:
        raise RecordError(f"SZ[{record.size}] disagrees with the board size {size}", None, f"SZ[{record.size}]")
    size = size if size is not None else record.size if record.size is not None else game_class.default_size
    komi = komi if komi is not None else record.komi
    stated = record.handicap
    if handicap is not None and stated is not None and handicap != stated:
        raise RecordError(f"HA[{stated}] disagrees with the handicap {handicap}", None, f"HA[{stated}]")
    handicap = handicap if handicap is not None else stated or 0
    return size, komi, handicap


#: Points as :func:`replay` takes them: :class:`~games.coords.Point`, ``"D4"`` or SGF letters ``"dd"``.
Points = Iterable[str | Point]


def replay(
    game_class: type[Game],
    record: str | Record,
    *,
    size: int | None = None,
    komi: float | None = None,
    handicap: int | None = None,
    rules: str | None = None,
    dead: Points | None = None,
    neutral: Points | None = None,
) -> Verdict:
    """Replay ``record`` (text, SGF or a parsed :class:`Record`) under ``game_class``'s rules.

    ``size``, ``komi`` and ``handicap`` override the defaults; a record's
    ``SZ``/``HA`` that disagree with a given size/handicap are unreadable,
    while a given ``komi`` wins over the record's ``KM``.  ``rules`` is the
    rule set counted by (default the game's first; ``ValueError`` for one the
    game lacks).  A game ended by two passes is counted after removing the
    chains of the ``dead`` stones, with the ``neutral`` points counting for
    nobody (:mod:`games.go.marks`); without ``dead``, an SGF's ``TB``/``TW``
    in its last node name the dead stones (a stone inside the other
    colour's).  Keima-Go and 1000-Volt-Go take no marks and ignore
    ``TB``/``TW``.

    Raises :class:`RecordError` for an unreadable record (and for SGF colours
    out of turn order, or ``TB``/``TW`` off the board), and its kind
    :class:`~games.go.record.TooLong` (code ``too-long``) for a record longer
    than :meth:`Game.max_moves`, before replaying anything;
    :class:`~games.go.marks.MarkError` for marks that do not fit the legal
    record (a point off the board or unreadable, a dead mark without a
    stone, a neutral mark on a stone, marks on a game not ended by two
    passes, any marks in Keima-Go and 1000-Volt-Go).  An illegal record's
    marks are not looked at.
    """
    rules = game_class.check_rules(rules)
    if isinstance(record, str):
        record = parse_record(record)
    size, komi, handicap = _settings(game_class, record, size, komi, handicap)
    if not 1 <= size <= 25:
        raise RecordError(f"board size {size} is not supported (1 to 25)")
    try:
        game = game_class(size=size, komi=komi, handicap=handicap, rules=rules)
    except ValueError as e:
        raise RecordError(str(e)) from None
    limit = game_class.max_moves(size)
    if record.length > limit:  # before anything is replayed
        raise TooLong(record.length, limit, f"{game_class.title} on {size}x{size}")
    record = record.for_size(size)  # SGF points count rows from the top of this board
    moves: list[RecordMove] = record.moves
    _check_colours(game_class, moves, handicap)
    error = None
    for m in moves:
        try:
            game.play(m.point, label=m.label)
        except IllegalMove as e:
            error = e
            break
    marks = None if error else _marks(game, record, size, dead, neutral)
    outcome = None if error else game.outcome(marks)
    return Verdict(
        legal=error is None,
        error=error,
        moves=game.move_number,
        score=outcome.score() if outcome else None,
        result=None if error else (outcome.result() if outcome else "unfinished"),
        game=game,
        outcome=outcome,
        dead=outcome.dead_stones() if outcome else None,
        prisoners=_by_colour(game.prisoners()),
        marks=marks if outcome else None,
    )


def _by_colour(counts: tuple[int, int]) -> dict[Colour, int]:
    return {"black": counts[0], "white": counts[1]}


def _marks(game: Game, record: Record, size: int, dead: Points | None, neutral: Points | None) -> Marks | None:
    """The marks a legal record is counted with: those given, else the dead
    stones its ``TB``/``TW`` name; each dead chain whole (``None``: no marks)."""
    given = Marks.of(dead or (), neutral or (), size=size)
    if not game.removes_dead_stones:
        if given:
            raise MarkError(f"in {game.title} every stone on the board is alive: nothing is marked", "no-removal")
        return None
    if not game.is_over():
        if given:
            raise MarkError("the game has not ended with two passes: there is nothing to mark yet", "not-over")
        return None
    if dead is None:
        territory = record.territory_points(size)
        if territory is not None:
            stones, graph = game.position.stones, game.graph
            inside = {BLACK: territory[1], WHITE: territory[0]}  # a black stone in TW, a white one in TB
            named = frozenset(
                Point(*graph.point(q))
                for q, c in enumerate(stones)
                if c != EMPTY and Point(*graph.point(q)) in inside[c]
            )
            given = Marks(named, given.neutral)
        elif neutral is None:
            return None
    return given.normalised(game.position)


def _check_colours(game_class: type[Game], moves: list[RecordMove], handicap: int) -> None:
    expected = game_class.turn_colours([m.point is not None for m in moves], handicap)
    for n, (m, colour) in enumerate(zip(moves, expected), 1):
        if m.colour is not None and m.colour != colour:
            raise RecordError(
                f"move {n} is {colour_name(m.colour)}'s but {colour_name(colour)} is to play",
                m.line,
                m.token,
            )


# ---- claims -----------------------------------------------------------------

#: What a claim can say: a win on the count (``"B+3.5"``), a win with no
#: margin given (``"B+"``), by resignation, on time, or a draw.
KINDS = ("score", "win", "resignation", "time", "draw")


@dataclass(frozen=True)
class Claim(EngineClaim):
    """A submitted result: ``kind`` (one of :data:`KINDS`), ``winner``
    (``"black"``/``"white"``, ``None`` for a draw) and, for ``score``, the ``margin``."""

    KINDS = KINDS

    margin: float | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if (self.kind == "score") != (self.margin is not None):
            raise ValueError("a margin belongs to a win on the count only")

    def __str__(self) -> str:
        if self.kind == "draw":
            return "a draw"
        if self.margin is not None:  # a win on the count, kind "score"
            return f"{self.winner} wins by {format_margin(self.margin)}"
        how = {"win": "", "resignation": " by resignation", "time": " on time"}[self.kind]
        return f"{self.winner} wins{how}"


#: :class:`games.common.ClaimCheck`, shared by every engine (codes there).
ClaimCheck = _ClaimCheck


_CLAIM = re.compile(r"(?i)\s*([BW])\s*\+\s*(R|RESIGN|T|TIME|[0-9]+(?:\.[0-9]+)?)?\s*\Z")


def parse_claim(claim: str) -> Claim:
    """Read ``"B+R"``, ``"W+T"``, ``"B+3.5"``, ``"W+"``, ``"draw"``/``"0"``/``"Jigo"`` (SGF ``RE`` style)."""
    text = claim.strip()
    if text.lower() in ("draw", "0", "jigo", "b+0", "w+0"):
        return Claim("draw")
    m = _CLAIM.match(text)
    if not m:
        raise ValueError(f"{claim!r} is not a result")
    winner: Colour = "black" if m.group(1).upper() == "B" else "white"
    how = (m.group(2) or "").upper()
    if how in ("R", "RESIGN"):
        return Claim("resignation", winner)
    if how in ("T", "TIME"):
        return Claim("time", winner)
    if how:
        return Claim("score", winner, float(how))
    return Claim("win", winner)


#: A claim as :func:`check_claim` takes it: a :class:`Claim`, its fields as a tuple, or a result text.
ClaimInput = Claim | tuple[str, Colour | None] | tuple[str, Colour | None, float | None] | str


def check_claim(verdict: Verdict, claim: ClaimInput) -> ClaimCheck:
    """Does the claimed result agree with the replayed record?  (If not: a referee.)

    ``claim`` is a :class:`Claim`, a ``(kind, winner[, margin])`` tuple or a
    text such as ``"B+3.5"`` (:func:`parse_claim`; ``ValueError`` if
    unreadable).  Agrees: the record is legal and ended by two passes, and the
    claim names its result (``"B+"`` without a margin names only the winner);
    or the record is legal and unfinished and the claim is a win by
    resignation or on time.  An illegal record agrees with no claim.
    """
    if isinstance(claim, str):
        claim = parse_claim(claim)
    elif not isinstance(claim, Claim):
        claim = Claim(*claim)
    v = verdict

    early = claim_before_end(v, v.outcome is not None, claim, claim.kind in ("resignation", "time"))
    if early is not None:
        return early
    outcome = v.outcome
    assert outcome is not None  # an unfinished record is answered above

    def answer(agrees: bool, code: str, message: str) -> ClaimCheck:
        return ClaimCheck(agrees, code, message, v)

    result = outcome.result()
    ended = f"the record ends with two passes: {result}"
    if any(outcome.dead):
        ended += f" (dead stones removed: {outcome.dead[0]} black, {outcome.dead[1]} white)"
    if claim.kind in ("resignation", "time"):
        return answer(False, "finished", f"{claim} is claimed, but {ended}")
    if claim.kind == "draw":
        if outcome.winner is None:
            return answer(True, "agree", f"{ended}")
        return answer(False, "not-a-draw", f"a draw is claimed, but {ended}")
    if outcome.winner is None:
        return answer(False, "is-a-draw", f"{claim} is claimed, but {ended}")
    if claim.winner != colour_name(outcome.winner):
        return answer(False, "winner-differs", f"{claim} is claimed, but {ended}")
    if claim.margin is not None and format_margin(claim.margin) != format_margin(abs(outcome.margin)):
        return answer(False, "margin-differs", f"{claim} is claimed, but {ended}")
    return answer(True, "agree", f"the record agrees: {result}")


class BoundReplay(Protocol):
    """:func:`replay` bound to one game of the family: ``games.keima.replay`` and the like."""

    def __call__(
        self,
        record: str | Record,
        *,
        size: int | None = None,
        komi: float | None = None,
        handicap: int | None = None,
        rules: str | None = None,
        dead: Points | None = None,
        neutral: Points | None = None,
    ) -> Verdict: ...


class BoundCheckClaim(Protocol):
    """:func:`check_claim` bound to one game of the family, taking a record or a verdict."""

    def __call__(
        self,
        record_or_verdict: Verdict | str | Record,
        claim: ClaimInput,
        *,
        size: int | None = None,
        komi: float | None = None,
        handicap: int | None = None,
        rules: str | None = None,
        dead: Points | None = None,
        neutral: Points | None = None,
    ) -> ClaimCheck: ...


def bind(game_class: type[Game]) -> tuple[BoundReplay, BoundCheckClaim]:
    """``(replay, check_claim)`` for one game of the family, as each package exports them.

    The bound ``replay(record, *, size=None, komi=None, handicap=None,
    rules=None, dead=None, neutral=None)`` replays under ``game_class``; the
    bound ``check_claim(record_or_verdict, claim, **the same settings)``
    takes a record or a :class:`Verdict` already worked out (whose own
    settings and marks then count).
    """
    name = game_class.title

    def bound_replay(
        record: str | Record,
        *,
        size: int | None = None,
        komi: float | None = None,
        handicap: int | None = None,
        rules: str | None = None,
        dead: Points | None = None,
        neutral: Points | None = None,
    ) -> Verdict:
        return replay(
            game_class, record, size=size, komi=komi, handicap=handicap, rules=rules, dead=dead, neutral=neutral
        )

    def bound_check_claim(
        record_or_verdict: Verdict | str | Record,
        claim: ClaimInput,
        *,
        size: int | None = None,
        komi: float | None = None,
        handicap: int | None = None,
        rules: str | None = None,
        dead: Points | None = None,
        neutral: Points | None = None,
    ) -> ClaimCheck:
        v = record_or_verdict
        if not isinstance(v, Verdict):
            v = bound_replay(v, size=size, komi=komi, handicap=handicap, rules=rules, dead=dead, neutral=neutral)
        return check_claim(v, claim)

    bound_replay.__doc__ = f"Replay a {name} record (text or SGF); see :func:`games.go.verdict.replay`."
    bound_check_claim.__doc__ = (
        f"Check a claimed {name} result against a record or verdict; see :func:`games.go.verdict.check_claim`."
    )
    bound_replay.__name__, bound_check_claim.__name__ = "replay", "check_claim"
    return bound_replay, bound_check_claim
