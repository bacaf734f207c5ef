"""Types every engine shares: the illegal move, the answer to a result claim, and their codes.

Each engine's own names stay (``games.ninuki.IllegalMove``,
``games.go.IllegalMove``, ``games.ninuki.ClaimCheck``, ...): they are these
classes, so ``except games.common.IllegalMove`` catches any engine's.

Also here, so that each is written once: the names of the colours and of a
record's outcome (:data:`Colour`, :data:`OutcomeName`), what every engine's
verdict answers (:class:`EngineVerdict`), the checks of a claimed result
that all games make alike (:class:`EngineClaim`, :func:`claim_before_end`,
:func:`claim_at_end`) and the JSON of a verdict (:func:`json_fields`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Protocol, TypedDict

__all__ = [
    "Colour",
    "COLOURS",
    "Ending",
    "OutcomeName",
    "winner_of",
    "IllegalMove",
    "IllegalMoveDict",
    "EngineVerdict",
    "ClaimCheck",
    "EngineClaim",
    "claim_before_end",
    "claim_at_end",
    "json_fields",
    "ILLEGAL_REASONS",
    "END_REASONS",
    "CLAIM_CODES",
]

#: A player, as every engine names it.
Colour = Literal["black", "white"]
#: The colours in the engines' order (``BLACK`` is 1, ``WHITE`` 2).
COLOURS: tuple[Colour, Colour] = ("black", "white")
#: How a game that is over ended: a winner, or a draw.
Ending = Literal["black", "white", "draw"]
#: Where a legal record leaves the game: over (:data:`Ending`), or not yet.
OutcomeName = Literal["black", "white", "draw", "unfinished"]


def winner_of(outcome: OutcomeName | None) -> Colour | None:
    """``"black"`` or ``"white"`` for a game won, else ``None`` (a draw, not over, illegal)."""
    return outcome if outcome in COLOURS else None


#: Why a move is illegal, over all engines (``RULES.md`` and the engines' decisions pages).
ILLEGAL_REASONS = (
    "after-end",
    "off-board",
    "occupied",
    "first-move",
    "opening",
    "double-three",  # Ninuki-Renju
    "suicide",
    "ko",
    "handicap",  # Go family
    "not-keima",
    "incomplete-turn",
    "two-ko",  # Keima-Go
)
#: Why a game ended by itself.
END_REASONS = ("five", "captures", "overline-split", "double-pass")
#: The codes of :class:`ClaimCheck`, stable for translation.
CLAIM_CODES = (
    "agree",
    "illegal-move",
    "unfinished",
    "finished",
    "winner-differs",
    "reason-differs",
    "margin-differs",
    "not-a-draw",
    "is-a-draw",
)


class IllegalMoveDict(TypedDict):
    """The error object of the validators' JSON."""

    move: int
    point: str
    reason: str


class IllegalMove(ValueError):
    """Move ``move_number`` (1-based) at ``point`` (``"K10"``, ``"pass"``, or
    ``""`` for a missing first move) breaks a rule: ``reason`` (one of
    :data:`ILLEGAL_REASONS`)."""

    def __init__(self, move_number: int, point: str, reason: str):
        super().__init__(f"move {move_number} ({point or 'none'}) is illegal: {reason}")
        self.move_number = move_number
        self.point = point
        self.reason = reason

    def as_dict(self) -> IllegalMoveDict:
        """The error object of the validators' JSON: ``{"move": n, "point": "K10", "reason": r}``."""
        return {"move": self.move_number, "point": self.point, "reason": self.reason}


class EngineVerdict(Protocol):
    """What every verdict answers (``games.ninuki.Verdict``,
    ``games.go.Verdict``, :class:`games.registry.Replay`): legal or the first
    illegal move, the moves replayed legally, and its JSON."""

    @property
    def legal(self) -> bool: ...
    @property
    def error(self) -> IllegalMove | None: ...
    @property
    def moves(self) -> int: ...
    def as_dict(self) -> dict[str, Any]: ...


def json_fields(verdict: object, keys: Iterable[str]) -> dict[str, Any]:
    """The attributes ``keys`` of ``verdict`` as JSON-ready values, in that
    order: an :class:`IllegalMove` as its :meth:`~IllegalMove.as_dict`, a
    mapping as a plain dict."""
    out: dict[str, Any] = {}
    for key in keys:
        value = getattr(verdict, key)
        if isinstance(value, IllegalMove):
            value = value.as_dict()
        elif isinstance(value, Mapping):
            value = dict(value)
        out[key] = value
    return out


@dataclass(frozen=True)
class ClaimCheck:
    """Does a claimed result agree with the record?  ``agrees``, a stable
    ``code`` (one of :data:`CLAIM_CODES`) the site can translate, a
    ``message`` in English, and the ``verdict`` it was checked against.

    Codes: ``agree``; ``illegal-move`` (the record has an illegal move);
    ``unfinished`` (an end of the game is claimed that the record has not
    reached); ``finished`` (resignation or time is claimed but the record
    ended by itself); ``winner-differs``; ``reason-differs`` (right winner,
    other way of winning); ``margin-differs`` (right winner, other count);
    ``not-a-draw`` / ``is-a-draw``.
    """

    agrees: bool
    code: str
    message: str
    verdict: EngineVerdict | None = None

    def __bool__(self) -> bool:
        return self.agrees


@dataclass(frozen=True)
class EngineClaim:
    """A result claimed in an engine's own form: ``kind`` (one of the engine's
    :attr:`KINDS`) and ``winner`` (``"black"``/``"white"``; ``None`` for a
    draw).  Each engine's ``Claim`` is one (``games.ninuki.Claim``,
    ``games.go.Claim``, which adds the margin of a count)."""

    #: The kinds of claim the engine knows; ``"draw"`` is the one without a winner.
    KINDS: ClassVar[tuple[str, ...]] = ()

    kind: str
    winner: Colour | None = None

    def __post_init__(self) -> None:
        if self.kind not in self.KINDS:
            raise ValueError(f"claim kind must be one of {self.KINDS}: {self.kind!r}")
        if self.kind == "draw":
            if self.winner is not None:
                raise ValueError("a draw has no winner")
        elif self.winner not in ("black", "white"):
            raise ValueError(f"a win needs winner 'black' or 'white': {self.winner!r}")


def claim_before_end(verdict: EngineVerdict, ended: bool, claim: object, conceded: bool) -> ClaimCheck | None:
    """The answers every game gives alike before its own end is compared
    (``RULES.md``): a record with an illegal move agrees with no claim; a
    record that has not ``ended`` agrees with a win the loser ``conceded``
    (resignation, time, default) and with nothing else.  ``None`` when the
    record ended by itself: the engine compares the ``claim`` with its end."""
    error, moves = verdict.error, verdict.moves
    if error is not None:
        message = f"move {error.move_number} ({error.point or 'none'}), {error.reason}"
        return ClaimCheck(False, "illegal-move", f"the record has an illegal move: {message}", verdict)
    if ended:
        return None
    if conceded:
        return ClaimCheck(
            True, "agree", f"the record is unfinished after {moves} moves; {claim} is consistent", verdict
        )
    return ClaimCheck(
        False, "unfinished", f"{claim} is claimed, but the record has not ended after {moves} moves", verdict
    )


def claim_at_end(
    verdict: EngineVerdict,
    claim: object,
    *,
    conceded: bool,
    winner: Colour | None,
    recorded: Colour | None,
    end: str,
    end_at: str,
    differs: str | None = None,
) -> ClaimCheck:
    """Does ``claim`` name the end of a record that ended by itself?

    The record's winner is ``recorded`` (``None``: a draw), said in words by
    ``end`` (``"black wins by a five"``) and ``end_at`` (with where, or the
    same).  The claim names ``winner`` (``None``: a draw) or is a win the
    loser ``conceded``, which a finished record does not allow.  ``differs``
    is the code of a difference the engine found beyond the winner
    (``reason-differs``), given once the winner agrees.  ``verdict`` goes
    into the answer."""

    def answer(agrees: bool, code: str, message: str) -> ClaimCheck:
        return ClaimCheck(agrees, code, message, verdict)

    if conceded:
        return answer(False, "finished", f"{claim} is claimed, but the record ends by itself: {end_at}")
    if winner is None:
        if recorded is None:
            return answer(True, "agree", f"the record ends in {end}")
        return answer(False, "not-a-draw", f"a draw is claimed, but in the record {end}")
    if recorded is None:
        return answer(False, "is-a-draw", f"{claim} is claimed, but the record ends in {end}")
    if recorded != winner:
        return answer(False, "winner-differs", f"{claim} is claimed, but in the record {end}")
    if differs is not None:
        return answer(False, differs, f"{claim} is claimed, but in the record {end}")
    return answer(True, "agree", f"the record agrees: {end_at}")
