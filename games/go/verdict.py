"""Replaying a record and checking a claimed result against it.

:func:`replay` plays a record (text or SGF, see :mod:`games.go.record`) with a
game class of the Go family and returns a :class:`Verdict`: whether the
record is legal, its first illegal move, the number of moves, the score (only
for a game ended by two passes) and the result.  :func:`check_claim` tells
whether a submitted result agrees with that verdict (otherwise the site sends
the game to a referee).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.coords import CoordinateError
from games.go.game import Game, IllegalMove, Outcome, format_margin
from games.go.position import BLACK, WHITE, colour_name
from games.go.record import Record, RecordError, RecordMove, parse_record

__all__ = ["Verdict", "replay", "check_claim", "Claim", "parse_claim"]


@dataclass
class Verdict:
    """What the validator answers for one record.

    ``result`` is ``"B+3"``, ``"W+0.5"``, ``"draw"`` or ``"unfinished"`` for a
    legal record and ``None`` for an illegal one; ``score`` is
    ``{"black": n, "white": n}`` without komi, only when two passes ended
    the game.  ``game`` is the game as far as it was replayed (up to the
    illegal move).
    """

    legal: bool
    error: IllegalMove | None
    moves: int
    score: dict | None
    result: str | None
    game: Game
    outcome: Outcome | None = None

    def as_dict(self) -> dict:
        """The JSON object the command line prints."""
        return {
            "legal": self.legal,
            "error": None if self.error is None else self.error.as_dict(),
            "moves": self.moves,
            "score": self.score,
            "result": self.result,
        }


def _settings(game_class: type[Game], record: Record, size, komi, handicap) -> tuple[int, float, int]:
    if size is not None and record.size is not None and size != record.size:
        raise RecordError(f"SZ[{record.size}] disagrees with the board size {size}", None, f"SZ[{record.size}]")
    size = size if size is not None else record.size if record.size is not None else game_class.default_size
    komi = komi if komi is not None else record.komi
    per = game_class.stones_per_handicap
    if record.handicap_stones:
        stated = record.handicap if record.handicap is not None else handicap
        if len(record.handicap_stones) % per or (
            stated is not None and stated * per != len(record.handicap_stones)
        ):
            raise RecordError(
                f"{len(record.handicap_stones)} AB stones do not make the handicap "
                f"{stated if stated is not None else ''} of {per} stone(s) each".replace("  ", " "),
                None,
                "AB",
            )
        if record.handicap is None:
            record.handicap = len(record.handicap_stones) // per
    if handicap is not None and record.handicap is not None and handicap != record.handicap:
        raise RecordError(f"HA[{record.handicap}] disagrees with the handicap {handicap}", None, f"HA[{record.handicap}]")
    handicap = handicap if handicap is not None else record.handicap or 0
    return size, komi, handicap


def replay(
    game_class: type[Game],
    record: str | Record,
    *,
    size: int | None = None,
    komi: float | None = None,
    handicap: int | None = None,
) -> Verdict:
    """Replay ``record`` (text, SGF or a parsed :class:`Record`) under ``game_class``'s rules.

    ``size``, ``komi`` and ``handicap`` override the defaults; a record's
    ``SZ``/``HA`` that disagree with a given size/handicap are unreadable,
    while a given ``komi`` wins over the record's ``KM``.  Raises
    :class:`RecordError` for an unreadable record (and for SGF colours out of
    turn order).
    """
    if isinstance(record, str):
        record = parse_record(record)
    size, komi, handicap = _settings(game_class, record, size, komi, handicap)
    if not 1 <= size <= 25:
        raise RecordError(f"board size {size} is not supported (1 to 25)")
    try:
        game = game_class(size=size, komi=komi, handicap=handicap)
    except ValueError as e:
        raise RecordError(str(e)) from None
    moves: list[RecordMove] = record.handicap_stones + record.moves
    _check_colours(game_class, moves, handicap)
    error = None
    for m in moves:
        try:
            game.play(m.point, label=m.label)
        except IllegalMove as e:
            error = e
            break
    outcome = None if error else game.outcome()
    return Verdict(
        legal=error is None,
        error=error,
        moves=len(moves),
        score=outcome.score() if outcome else None,
        result=None if error else (outcome.result() if outcome else "unfinished"),
        game=game,
        outcome=outcome,
    )


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


@dataclass(frozen=True)
class Claim:
    """A submitted result: ``winner`` (``BLACK``/``WHITE``, ``None`` for a draw) and how."""

    winner: int | None
    how: str  # "resignation", "time", "score", "win" (no margin given), "draw"
    margin: float | None = None


_CLAIM = re.compile(r"(?i)\s*([BW])\s*\+\s*(R|RESIGN|T|TIME|[0-9]+(?:\.[0-9]+)?)?\s*\Z")


def parse_claim(claim: str) -> Claim:
    """Read ``"B+R"``, ``"W+T"``, ``"B+3.5"``, ``"W+"``, ``"draw"``/``"0"``/``"Jigo"``; ``ValueError`` otherwise."""
    text = claim.strip()
    if text.lower() in ("draw", "0", "jigo", "b+0", "w+0"):
        return Claim(None, "draw")
    m = _CLAIM.match(text)
    if not m:
        raise ValueError(f"{claim!r} is not a result")
    winner = BLACK if m.group(1).upper() == "B" else WHITE
    how = (m.group(2) or "").upper()
    if how in ("R", "RESIGN"):
        return Claim(winner, "resignation")
    if how in ("T", "TIME"):
        return Claim(winner, "time")
    if how:
        return Claim(winner, "score", float(how))
    return Claim(winner, "win")


def check_claim(verdict: Verdict, claim: str | Claim) -> bool:
    """True if the claimed result agrees with the record; else the game goes to a referee.

    Consistent: the record is legal and ended, and the claim names its
    result (``"B+3"``; ``"B+"`` without a margin names only the winner); or
    the record is legal and unfinished and the claim is a win by resignation
    or on time.  An illegal record agrees with no claim; an unreadable claim
    raises ``ValueError``.
    """
    if isinstance(claim, str):
        claim = parse_claim(claim)
    if not verdict.legal:
        return False
    outcome = verdict.outcome
    if outcome is None:
        return claim.how in ("resignation", "time")
    if claim.how == "draw":
        return outcome.winner is None
    if claim.winner != outcome.winner:
        return False
    if claim.how == "win":
        return True
    if claim.how == "score":
        return format_margin(claim.margin) == format_margin(abs(outcome.margin))
    return False
