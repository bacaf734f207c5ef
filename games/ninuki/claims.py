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

from collections.abc import Iterable

from games.common import ClaimCheck as _ClaimCheck
from games.common import Colour, EngineClaim, claim_at_end, claim_before_end, winner_of

from .notation import Move
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


class Claim(EngineClaim):
    """A submitted result: ``kind`` (one of :data:`KINDS`) and ``winner``
    (``"black"``/``"white"``; ``None`` for a draw).  A dataclass, as
    :class:`~games.common.EngineClaim` is: it adds no field."""

    KINDS = KINDS

    def __str__(self) -> str:
        if self.kind == "draw":
            return "a draw"
        how = {"five": "by five", "captures": "by captures", "resignation": "by resignation", "time": "on time"}
        return f"{self.winner} wins {how[self.kind]}"


#: :class:`games.common.ClaimCheck`, shared by every engine.
ClaimCheck = _ClaimCheck


def check_claim(
    record_or_verdict: Verdict | str | Iterable[Move],
    claim: Claim | tuple[str, Colour | None],
    rules: RuleSet | str = "hannover",
    size: int | None = None,
) -> ClaimCheck:
    """Compare a claimed result with a record (text, SGF, move list or a
    :class:`Verdict` already computed).  ``claim`` is a :class:`Claim` or a
    ``(kind, winner)`` pair."""
    if not isinstance(claim, Claim):
        claim = Claim(*claim)
    v = record_or_verdict if isinstance(record_or_verdict, Verdict) else replay(record_or_verdict, rules, size)

    conceded = claim.kind in ("resignation", "time")
    early = claim_before_end(v, v.outcome != "unfinished", claim, conceded)
    if early is not None:
        return early
    reason = v.reason
    assert reason is not None  # a record that ended says why
    ended = "a draw" if v.outcome == "draw" else f"{v.outcome} wins"
    end = f"{ended} by {_REASON_WORDS.get(reason, reason)}"
    return claim_at_end(
        v,
        claim,
        conceded=conceded,
        winner=claim.winner,
        recorded=winner_of(v.outcome),
        end=end,
        end_at=f"{end} at move {v.moves}",
        differs="reason-differs" if v.reason != claim.kind else None,
    )
