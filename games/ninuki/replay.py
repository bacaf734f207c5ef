"""Replaying a whole record to a :class:`Verdict`."""

from __future__ import annotations

from dataclasses import dataclass

from games.coords import Point

from . import notation
from .board import AFTER_END, FIRST_MOVE, OFF_BOARD, Board, IllegalMove, point_name
from .rules import RuleSet

__all__ = ["Verdict", "replay"]


@dataclass
class Verdict:
    """What the validator says about one record.

    ``outcome`` is ``"black"``, ``"white"``, ``"draw"``, ``"unfinished"``, or
    ``None`` when a move is illegal (then ``error`` is the
    :class:`~games.ninuki.board.IllegalMove`).  ``moves`` counts the moves
    replayed legally; ``captures`` the pairs taken by each side (before the
    illegal move, if any).  ``board`` is the final position.
    """

    legal: bool
    outcome: str | None
    reason: str | None
    captures: dict
    moves: int
    error: IllegalMove | None = None
    board: Board | None = None

    def as_dict(self) -> dict:
        """The JSON object of the command line (exactly its keys)."""
        return {
            "legal": self.legal,
            "outcome": self.outcome,
            "reason": self.reason,
            "captures": self.captures,
            "moves": self.moves,
            "error": self.error.as_dict() if self.error else None,
        }


def replay(record, rules: RuleSet | str = "hannover", size: int | None = None) -> Verdict:
    """Replay ``record`` (text notation or SGF as ``str``, or a list of
    :class:`~games.coords.Point`/``None``) under ``rules``.

    Raises :class:`~games.ninuki.notation.NotationError` for unreadable input.
    """
    board = Board(rules, size)
    moves = notation.parse(record, board.size) if isinstance(record, str) else record
    n = board.size
    base, W = board._base, board.W
    push = board._push_index
    error = None
    count = 0
    try:
        for m in moves:
            if m is None:
                push(-1)
            else:
                x, y = m
                if 0 <= x < n and 0 <= y < n:
                    push(base + y * W + x)
                elif board.outcome is not None:
                    raise IllegalMove(count + 1, point_name(m), AFTER_END)
                else:
                    raise IllegalMove(count + 1, point_name(m), OFF_BOARD)
            count += 1
    except IllegalMove as e:
        error = e
    if count == 0 and error is None:
        error = IllegalMove(1, "", FIRST_MOVE)
    board.moves = list(moves[:count]) if isinstance(moves, list) else list(moves)[:count]
    if error is not None:
        return Verdict(False, None, None, board.captures, count, error, board)
    out = board.outcome
    if out is None:
        return Verdict(True, "unfinished", None, board.captures, count, None, board)
    return Verdict(True, out.result, out.reason, board.captures, count, None, board)
