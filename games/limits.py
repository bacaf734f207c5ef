"""The longest record a game accepts, checked before the record is replayed.

Replaying costs time per move, so every engine refuses a record longer than
its game allows *before* replaying it, and the SGF reader stops counting
nodes (empty ones included) once there are more than that.  The limits and
the reasons for them live with each engine:

- Ninuki-Renju, :meth:`games.ninuki.RuleSet.max_moves`: a real bound, no
  legal game is longer (stones fill the board; captures free only a few
  points before the game ends; passes cannot come two in a row).
- Go, Keima-Go, 1000-Volt-Go, :meth:`games.go.Game.max_moves`: a practical
  limit, ten moves a point.  Their rules allow endless games (a ko cycle
  repeats for ever), so no bound follows from the rules; tournament games
  stay far below it.

Refusing is not finding an illegal move: the answer is
:class:`RecordTooLong` with the stable code ``too-long`` (unreadable input
for the command lines, exit status 2), which each engine raises as a kind
of its own "unreadable" error (:class:`games.ninuki.NotationError`,
:class:`games.go.RecordError`), so callers that catch those refuse it too.
"""

from __future__ import annotations

__all__ = ["RecordTooLong", "too_long_message"]


class RecordTooLong(ValueError):
    """A record longer than its game accepts: ``moves`` (``None`` when the
    reader stopped counting before the end) and ``limit``."""

    code = "too-long"
    moves: int | None = None
    limit: int = 0


def too_long_message(moves: int | None, limit: int, what: str) -> str:
    """``"the record is too long: 812 moves, at most 810 for 1000-Volt-Go on 9x9"``."""
    count = f"more than {limit}" if moves is None else str(moves)
    return f"the record is too long: {count} moves, at most {limit} for {what}"
