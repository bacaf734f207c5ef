"""Does a submitted result agree with the game record?

``RULES.md``: a result is consistent with a record when the record's outcome
is the claimed one, or when the record is unfinished and the claim is a win
by resignation or on time.  Anything else goes to a referee.

:func:`check_claim` answers with a :class:`ClaimCheck`: ``agrees``, a stable
``code`` the site can translate, and an English ``message``.

Codes: ``agree``; ``illegal-move`` (the record has an illegal move);
``unfinished`` (a five, captures or draw is claimed but the record has not
ended); ``finished`` (resignation or time is claimed but the record ended
by itself); ``winner-differs``; ``reason-differs`` (right winner, other
way of winning); ``not-a-draw`` / ``is-a-draw``.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.common import ClaimCheck as _ClaimCheck

from .replay import Verdict, replay
from .rules import RuleSet

__all__ = ["Claim", "ClaimCheck", "check_claim", "KINDS"]

KINDS = ("five", "captures", "resignation", "time", "draw")
_REASON_WORDS = {
    "five": "a five",
    "captures": "five captured pairs",
    "overline-split": "a capture that split an overline (draw)",
    "double-pass": "two passes in a row (draw)",
}


@dataclass(frozen=True)
class Claim:
    """A submitted result: ``kind`` (one of :data:`KINDS`) and ``winner``
    (``"black"``/``"white"``; ``None`` for a draw)."""

    kind: str
    winner: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"claim kind must be one of {KINDS}: {self.kind!r}")
        if self.kind == "draw":
            if self.winner is not None:
                raise ValueError("a draw has no winner")
        elif self.winner not in ("black", "white"):
            raise ValueError(f"a win needs winner 'black' or 'white': {self.winner!r}")

    def __str__(self) -> str:
        if self.kind == "draw":
            return "a draw"
        how = {"five": "by five", "captures": "by captures", "resignation": "by resignation", "time": "on time"}
        return f"{self.winner} wins {how[self.kind]}"


#: :class:`games.common.ClaimCheck`, shared by every engine.
ClaimCheck = _ClaimCheck


def check_claim(
    record_or_verdict, claim: Claim | tuple, rules: RuleSet | str = "hannover", size: int | None = None
) -> ClaimCheck:
    """Compare a claimed result with a record (text, SGF, move list or a
    :class:`Verdict` already computed).  ``claim`` is a :class:`Claim` or a
    ``(kind, winner)`` pair."""
    if not isinstance(claim, Claim):
        claim = Claim(*claim)
    v = record_or_verdict if isinstance(record_or_verdict, Verdict) else replay(record_or_verdict, rules, size)

    def answer(agrees: bool, code: str, message: str) -> ClaimCheck:
        return ClaimCheck(agrees, code, message, v)

    if not v.legal:
        e = v.error
        return answer(
            False,
            "illegal-move",
            f"the record has an illegal move: move {e.move_number} ({e.point or 'none'}), {e.reason}",
        )
    if v.outcome == "unfinished":
        if claim.kind in ("resignation", "time"):
            return answer(True, "agree", f"the record is unfinished after {v.moves} moves; {claim} is consistent")
        return answer(False, "unfinished", f"{claim} is claimed, but the record has not ended after {v.moves} moves")
    ended = "a draw" if v.outcome == "draw" else f"{v.outcome} wins"
    how = _REASON_WORDS.get(v.reason, v.reason)
    if claim.kind in ("resignation", "time"):
        return answer(
            False, "finished", f"{claim} is claimed, but the record ends by itself: {ended} by {how} at move {v.moves}"
        )
    if claim.kind == "draw":
        if v.outcome == "draw":
            return answer(True, "agree", f"the record ends in a draw by {how}")
        return answer(False, "not-a-draw", f"a draw is claimed, but in the record {ended} by {how}")
    if v.outcome == "draw":
        return answer(False, "is-a-draw", f"{claim} is claimed, but the record ends in a draw by {how}")
    if v.outcome != claim.winner:
        return answer(False, "winner-differs", f"{claim} is claimed, but in the record {ended} by {how}")
    if v.reason != claim.kind:
        return answer(False, "reason-differs", f"{claim} is claimed, but in the record {ended} by {how}")
    return answer(True, "agree", f"the record agrees: {ended} by {how} at move {v.moves}")
