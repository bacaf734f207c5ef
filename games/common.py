"""Types every engine shares: the illegal move, the answer to a result claim, and their codes.

Each engine's own names stay (``games.ninuki.IllegalMove``,
``games.go.IllegalMove``, ``games.ninuki.ClaimCheck``, ...): they are these
classes, so ``except games.common.IllegalMove`` catches any engine's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["IllegalMove", "ClaimCheck", "ILLEGAL_REASONS", "END_REASONS", "CLAIM_CODES"]

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


class IllegalMove(ValueError):
    """Move ``move_number`` (1-based) at ``point`` (``"K10"``, ``"pass"``, or
    ``""`` for a missing first move) breaks a rule: ``reason`` (one of
    :data:`ILLEGAL_REASONS`)."""

    def __init__(self, move_number: int, point: str, reason: str):
        super().__init__(f"move {move_number} ({point or 'none'}) is illegal: {reason}")
        self.move_number = move_number
        self.point = point
        self.reason = reason

    def as_dict(self) -> dict:
        """The error object of the validators' JSON: ``{"move": n, "point": "K10", "reason": r}``."""
        return {"move": self.move_number, "point": self.point, "reason": self.reason}


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
    verdict: Any = None

    def __bool__(self) -> bool:
        return self.agrees
