"""Where a result is checked: replay a submitted game record and compare it with the claim.

One dispatch by discipline kind (:data:`ENGINES`) hands the record to the
validator in :mod:`games` for that game; every engine answers with the same
plain :class:`Replay` (the position after each move, the first illegal move,
the outcome), so that the result check, the referee's board viewer and the
report form's error diagram read one shape.

Nothing here writes to the database: :mod:`tournament.services.results`
stores the verdict with the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.coords import CoordinateError, Point
from games.limits import RecordTooLong
from tournament.models.discipline import DisciplineKind
from tournament.models.game import Result

#: The words for the validators' reason codes.
REASON_TEXT = {
    # Ninuki
    "after-end": gettext_lazy("the game was already over"),
    "off-board": gettext_lazy("the point is not on the board"),
    "occupied": gettext_lazy("the point is occupied"),
    "first-move": gettext_lazy("the first move must be on the centre point"),
    "opening": gettext_lazy("the opening restriction forbids this point"),
    "double-three": gettext_lazy("a forbidden double-three"),
    "five": gettext_lazy("five in a row"),
    "captures": gettext_lazy("captures"),
    "overline-split": gettext_lazy("an overline broken by a capture"),
    "double-pass": gettext_lazy("two passes"),
    # Go family
    "suicide": gettext_lazy("suicide"),
    "ko": gettext_lazy("retaking a ko"),
    "handicap": gettext_lazy("a pass while handicap stones are still to be placed"),
    "not-keima": gettext_lazy("the second stone of the turn is not a knight's move from the first"),
    "two-ko": gettext_lazy("the turn retakes both kos"),
    "incomplete-turn": gettext_lazy("a pass as the second stone of a turn"),
}


class RecordUnreadable(ValueError):
    """The text is not a game record (not even an illegal one)."""


def _too_long(exc) -> RecordUnreadable:
    """An over-long record, said in the visitor's language (refused before it is replayed)."""
    if exc.moves is None:
        text = _("The record is too long: more than %(limit)s moves, more than any game of this kind can have.")
    else:
        text = _("The record is too long: %(moves)s moves, more than any game of this kind can have "
                 "(at most %(limit)s).")
    return RecordUnreadable(text % {"moves": exc.moves, "limit": exc.limit})


@dataclass
class Frame:
    """The board after ``number`` moves."""

    number: int
    stones: dict  # (x, y) -> "black" | "white"
    last: tuple | None = None  # (x, y) of the move just played, None for a pass / the start
    last_label: str = ""
    captured: list = field(default_factory=list)  # [(x, y)] just taken off
    captures: dict | None = None  # pairs captured so far (Ninuki)
    colour: str = ""  # who played move ``number``


@dataclass
class Replay:
    """A record replayed under a discipline's rules."""

    size: int
    frames: list[Frame]
    moves: int
    error: dict | None = None  # {"move": n, "point": "K10", "reason": "occupied"}
    winner: str | None = None  # "B", "W", "D" or None (unfinished / illegal)
    reason: str = ""  # why the game ended, the validator's code
    score: str = ""  # "B+3.5" for counted games

    @property
    def legal(self) -> bool:
        return self.error is None

    @property
    def finished(self) -> bool:
        return self.winner is not None


@dataclass
class RecordCheck:
    """The result check: the replay, the claim, and whether they agree."""

    replay: Replay
    claim: str
    agrees: bool
    message: str

    def as_verdict(self) -> dict:
        """What :attr:`Game.verdict` stores."""
        r = self.replay
        return {
            "legal": r.legal,
            "moves": r.moves,
            "error": r.error,
            "outcome": r.winner,
            "reason": r.reason,
            "score": r.score,
            "claim": self.claim,
            "agrees": self.agrees,
            "message": self.message,
        }


def reason_text(code: str) -> str:
    return str(REASON_TEXT.get(code, code))


# --- reading records ---------------------------------------------------------


def _parse(text: str):
    """A record of the Go family (plain moves or SGF)."""
    from games.go.record import RecordError, parse_record

    try:
        return parse_record(text)
    except RecordTooLong as exc:
        raise _too_long(exc) from exc
    except (RecordError, CoordinateError, ValueError) as exc:
        raise RecordUnreadable(str(exc)) from exc


# --- engines -----------------------------------------------------------------


def _replay_ninuki(discipline, text: str, *, handicap: int = 0, komi=None) -> Replay:
    import games.ninuki as ninuki
    from games.ninuki.notation import parse as parse_moves

    try:
        rules = ninuki.RuleSet.preset(discipline.rule_set or "hannover", **(discipline.rule_options or {}))
        rules = rules.replace(size=discipline.board_size) if rules.size != discipline.board_size else rules
        moves = parse_moves(text, rules.size)
        verdict = ninuki.replay(moves, rules)
    except RecordTooLong as exc:
        raise _too_long(exc) from exc
    except (ninuki.NotationError, TypeError, ValueError) as exc:
        raise RecordUnreadable(str(exc)) from exc
    # Step through the legal part again for the positions the viewer shows.
    board = ninuki.Board(rules)
    frames = [Frame(0, {}, captures={"black": 0, "white": 0})]
    for n, move in enumerate(moves[: verdict.moves], 1):
        colour = board.turn
        point = ninuki.Point(*move) if move is not None else None
        captured = board.push(point)
        frames.append(
            Frame(
                n,
                {tuple(p): c for p, c in board.stones().items()},
                last=tuple(point) if point is not None else None,
                last_label=point.name() if point is not None else "pass",
                captured=[tuple(p) for p in captured],
                captures=dict(board.captures),
                colour=colour,
            )
        )
    error = verdict.error.as_dict() if verdict.error is not None else None
    winner = {"black": "B", "white": "W", "draw": "D"}.get(verdict.outcome or "")
    return Replay(rules.size, frames, verdict.moves, error, winner, verdict.reason or "")


def _go_family(module: str, class_name: str) -> Callable[..., Replay]:
    def replay(discipline, text: str, *, handicap: int = 0, komi=None) -> Replay:
        import importlib

        from games.go.record import RecordError
        from games.go.verdict import replay as go_replay

        game_class = getattr(importlib.import_module(module), class_name)
        record = _parse(text)
        try:
            verdict = go_replay(
                game_class,
                record,
                size=discipline.board_size,
                komi=float(komi if komi is not None else discipline.komi),
                handicap=handicap,
            )
        except RecordTooLong as exc:
            raise _too_long(exc) from exc
        except RecordError as exc:
            raise RecordUnreadable(str(exc)) from exc
        # Step through again to keep every position for the viewer.
        game = game_class(size=verdict.game.size, komi=verdict.game.komi, handicap=verdict.game.handicap)
        graph = game.graph
        frames = [Frame(0, {})]
        for n, played in enumerate(verdict.game.moves, 1):
            move = game.play_point(played.point)
            stones = {
                graph.point(p): ("black" if s == 1 else "white")
                for p, s in enumerate(game.position.stones)
                if s
            }
            last = graph.point(move.point) if move.point is not None else None
            frames.append(
                Frame(
                    n,
                    stones,
                    last=last,
                    last_label=Point(*last).name() if last else "pass",
                    captured=[graph.point(p) for p in move.captured],
                    colour="black" if move.colour == 1 else "white",
                )
            )
        error = verdict.error.as_dict() if verdict.error is not None else None
        winner, reason, score = None, "", ""
        outcome = verdict.outcome
        if error is None and outcome is not None:
            winner = {1: "B", 2: "W", None: "D"}[outcome.winner]
            reason = "double-pass"
            score = outcome.result()
        return Replay(graph.size or discipline.board_size, frames, verdict.moves, error, winner, reason, score)

    return replay


#: The game class of each kind of the Go family: (module, class name).
GO_FAMILY = {
    DisciplineKind.GO: ("games.go", "Game"),
    DisciplineKind.KEIMA: ("games.keima", "KeimaGame"),
    DisciplineKind.VOLT: ("games.volt", "VoltGame"),
}

#: One validator per kind of discipline.
ENGINES: dict[str, Callable[..., Replay]] = {
    DisciplineKind.NINUKI: _replay_ninuki,
    **{kind: _go_family(module, name) for kind, (module, name) in GO_FAMILY.items()},
}


def _go_class(kind):
    import importlib

    module, name = GO_FAMILY[kind]
    return getattr(importlib.import_module(module), name)


def can_check(discipline) -> bool:
    """True if a validator for the discipline is installed."""
    engine = ENGINES.get(discipline.kind)
    if engine is None:
        return False
    if discipline.kind in GO_FAMILY:
        try:
            _go_class(discipline.kind)
        except (ImportError, AttributeError):
            return False
    return True


def replay_record(*, discipline, record: str, handicap: int = 0, komi=None) -> Replay:
    """Replay ``record`` (plain moves or SGF) under the discipline's rules.

    Raises :class:`RecordUnreadable` when the text is no record, or when no
    validator exists for the discipline.
    """
    if not can_check(discipline):
        raise RecordUnreadable(_("There is no validator for %(kind)s yet.") % {"kind": discipline.get_kind_display()})
    if not record.strip():
        raise RecordUnreadable(_("The record is empty."))
    return ENGINES[discipline.kind](discipline, record, handicap=handicap, komi=komi)


def check_claim(*, discipline, record: str, result: str, method: str = "", handicap: int = 0, komi=None) -> RecordCheck:
    """Replay the record and tell whether it agrees with the claimed ``result`` (B, W, D, 0, 1).

    A legal, finished record agrees when it names the same winner. A legal
    record that has not ended agrees only with a win by resignation, on time
    or by default. An illegal record agrees with nothing.
    """
    replay = replay_record(discipline=discipline, record=record, handicap=handicap, komi=komi)
    if not replay.legal:
        agrees = False
    elif replay.finished:
        agrees = result == replay.winner
    else:
        agrees = result in (Result.BLACK, Result.WHITE) and method in ("resignation", "time", "default")
    check = RecordCheck(replay, result, agrees, "")
    check.message = describe(check.as_verdict())
    return check


def describe(verdict: dict | None) -> str:
    """The validator's verdict in words, in the reader's language."""
    if not verdict:
        return ""
    if not verdict.get("legal", True):
        err = verdict.get("error") or {}
        return _("Move %(n)s (%(point)s) is illegal: %(reason)s.") % {
            "n": err.get("move"),
            "point": err.get("point") or "–",
            "reason": reason_text(err.get("reason", "")),
        }
    moves = verdict.get("moves", 0)
    if verdict.get("outcome"):
        outcome = f"{Result(verdict['outcome']).label} {verdict.get('score', '')}".strip()
        if verdict.get("agrees"):
            message = _("The record agrees: %(outcome)s after %(n)s moves (%(reason)s).")
        else:
            message = _("The record ends differently: %(outcome)s after %(n)s moves (%(reason)s).")
        return message % {"outcome": outcome, "n": moves, "reason": reason_text(verdict.get("reason", ""))}
    if verdict.get("agrees"):
        return _("The record is legal and unfinished after %(n)s moves; the claimed win fits it.") % {"n": moves}
    return _(
        "The record is legal but the game had not ended after %(n)s moves; "
        "only a win by resignation or on time fits it."
    ) % {"n": moves}


#: SGF's ``RE`` for a result (SGF writes a draw as ``0``); other results leave it out.
_SGF_RESULT = {Result.BLACK: "B+", Result.WHITE: "W+", Result.DRAW: "0"}


def record_sgf(*, discipline, record: str, handicap: int = 0, komi=None, result: str = Result.UNKNOWN) -> str | None:
    """The record as SGF text, e.g. for the JSON API.

    A record submitted as SGF is given as it was; one in the plain notation
    is written as SGF by the discipline's own notation (Ninuki) or replayed
    by its engine (the Go family: colours follow the turn order, handicap
    stones are Black's first moves). None when the text is no record of the
    discipline, or the discipline has no notation.
    """
    text = (record or "").strip()
    if not text:
        return None
    if text.lstrip("\ufeff").startswith("("):
        return text
    outcome = _SGF_RESULT.get(result)
    try:
        if discipline.kind == DisciplineKind.NINUKI:
            from games.ninuki.notation import NotationError, parse
            from games.ninuki.notation import write_sgf as ninuki_sgf

            try:
                return ninuki_sgf(parse(text, discipline.board_size), discipline.board_size, result=outcome)
            except NotationError:
                return None
        if discipline.kind in GO_FAMILY and can_check(discipline):
            from games.go.record import RecordError, write_sgf
            from games.go.verdict import replay as go_replay

            try:
                verdict = go_replay(_go_class(discipline.kind), text, size=discipline.board_size,
                                    komi=float(komi if komi is not None else discipline.komi), handicap=handicap)
            except RecordError:
                return None
            return write_sgf(verdict.game, result=outcome or "unfinished")
    except (CoordinateError, ValueError):
        return None
    return None
