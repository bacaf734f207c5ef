"""Replaying a whole record to a :class:`Verdict`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Unpack, cast

from games.common import Colour, OutcomeName, json_fields

from . import notation
from .board import AFTER_END, FIRST_MOVE, OFF_BOARD, Board, IllegalMove, point_name
from .notation import Move
from .rules import RuleSet

if TYPE_CHECKING:
    from games.svg import Options

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
    outcome: OutcomeName | None
    reason: str | None
    captures: dict[Colour, int]
    moves: int
    error: IllegalMove | None = None
    board: Board | None = None

    def svg(self, **options: Unpack[Options]) -> str:
        """The final position as an SVG diagram (:func:`games.svg.board`):
        the last move ringed, its captures crossed, an illegal move's point
        framed."""
        from games import svg

        board = self.board
        assert board is not None  # replay() keeps the board it played on
        last = board.moves[-1] if board.moves else None
        return svg.board(
            board.size,
            board.stones(),
            last_move=last,
            captured=board.last_captured,
            error=svg.error_point(self.error),
            **options,
        )

    #: The keys of :meth:`as_dict`: the JSON object of the command line (a stable contract).
    JSON_KEYS = ("legal", "outcome", "reason", "captures", "moves", "error")

    def as_dict(self) -> dict[str, Any]:
        """The JSON object of the command line (exactly its keys)."""
        return json_fields(self, self.JSON_KEYS)


def replay(record: str | Iterable[Move], rules: RuleSet | str = "hannover", size: int | None = None) -> Verdict:
    """Replay ``record`` (text notation or SGF as ``str``, or a list of
    :class:`~games.coords.Point`/``None``) under ``rules``.

    An SGF record's ``SZ`` sets the board size unless ``size`` is given (then
    an ``SZ`` that differs is unreadable).  Raises
    :class:`~games.ninuki.notation.NotationError` for unreadable input, and
    its kind :class:`~games.ninuki.notation.TooLong` (code ``too-long``) for
    a record longer than any legal game (:meth:`RuleSet.max_moves`), before
    replaying anything.
    """
    if isinstance(rules, str):
        rules = RuleSet.preset(rules)
    moves: list[Move] | None = None
    if isinstance(record, str) and notation.is_sgf(record):
        size, moves = notation.read_sgf(record, size, rules.size, rules)
    board = Board(rules, size)
    indices: list[int] | None = None
    if moves is not None:
        pass
    elif isinstance(record, str):
        if notation.is_plain(record):  # the common case: plain coordinates
            tokens = record.split()
            notation.check_length(len(tokens), rules, board.size)
            get = board._geo.token_index().get
            found = [get(t) for t in tokens]
            if None not in found:
                indices = cast(list[int], found)  # every token names a point of this board, or a pass
        moves = None if indices is not None else notation.parse_text(record)
    else:
        moves = list(record)
    if moves is not None:
        notation.check_length(len(moves), rules, board.size)
    if indices is None:
        assert moves is not None  # read as moves where not as indices
        indices = _indices(board, moves)
    error = None
    try:
        board.play_indices(indices)
    except IllegalMove as e:
        error = e
    count = board.ply
    if error is None and moves is not None and count < len(moves):  # an off-board point stopped the list
        m = moves[count]
        error = IllegalMove(count + 1, point_name(m), AFTER_END if board.outcome is not None else OFF_BOARD)
    if count == 0 and error is None:
        error = IllegalMove(1, "", FIRST_MOVE)
    if moves is None:
        board._moves, board._move_indices = None, indices  # made into points when asked for
    else:
        board.moves = moves[:count]
    if error is not None:
        return Verdict(False, None, None, board.captures, count, error, board)
    out = board.outcome
    if out is None:
        return Verdict(True, "unfinished", None, board.captures, count, None, board)
    return Verdict(True, out.result, out.reason, board.captures, count, None, board)


def _indices(board: Board, moves: Iterable[Move]) -> list[int]:
    """List indices of the moves up to the first off-board point (not included)."""
    n, base, W = board.size, board._base, board.W
    out: list[int] = []
    for m in moves:
        if m is None:
            out.append(-1)
        else:
            x, y = m
            if not (0 <= x < n and 0 <= y < n):
                break
            out.append(base + y * W + x)
    return out
