"""Where a result is checked: a submitted record replayed and compared with the claim.

The site's one door to the rules engines: ``discipline.variant`` (the
game's :class:`~games.registry.Variant`, :mod:`tournament.variants`) replays the record
and checks the claim; this module hands it the discipline's settings and says
its answers in the reader's language.

One claim check, the library's (:meth:`games.registry.Variant.check_claim`
with a :class:`~games.registry.ResultClaim`, ``RULES.md``: the record's
outcome is the claimed one, or the record is unfinished and the claim is a
win by resignation, on time or by default). The site's result and way of
winning map onto it (:func:`result_claim`):

- B or W won by resignation, on time or by default:
  ``ResultClaim("black"/"white", "resignation"/"time"/"default")``; agrees
  with an unfinished record only (a record that ended by itself answers
  ``finished``);
- B or W won by five, captures, counting, or the way not given:
  ``ResultClaim("black"/"white")``, a game that ended by itself: the record
  must end so, with that winner (else ``unfinished``, ``winner-differs``,
  ``is-a-draw``);
- D, whatever the way: ``ResultClaim(None)``: the record must end in a draw
  (else ``not-a-draw``, ``unfinished``).

So "Black won by resignation" on a record that ends in Black's five does
not agree (``finished``): the site used to accept it. The way a game ended
by itself (five, captures, count) is not compared: ``RULES.md`` compares
outcomes.

The library's codes (:data:`games.common.CLAIM_CODES`, the reasons of
:data:`games.common.ILLEGAL_REASONS` and ``END_REASONS``) are translated in
:func:`describe`. Nothing here writes to the database:
:mod:`tournament.services.results` stores the verdict with the result and
:mod:`tournament.services.replays` keeps the replay.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import go
from games.go import MarkError
from games.limits import RecordTooLong
from games.registry import Replay, ResultClaim
from tournament import result_codes as codes
from tournament.models.game import Result, WinMethod

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
    "captures": gettext_lazy("captured pairs"),
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

#: The site's way of winning that names a win the record need not show (the game stopped early).
EARLY_WINS = {WinMethod.RESIGNATION: "resignation", WinMethod.TIME: "time", WinMethod.DEFAULT: "default"}


#: The ends a rules engine sees that are a way of winning of their own (without them: a count, or none).
END_WINS = {"five": WinMethod.FIVE, "captures": WinMethod.CAPTURES}


def end_result(outcome: str, reason: str | None, counted: str | None) -> tuple[str, str]:
    """The result and way of winning the site stores for a game its rules engine ended (a live board's
    last move, a record replayed for the demo): the outcome's code; won by the count when the engine
    counted (``counted``: a Go-family game after two passes), by five or captures when they ended it, and
    by nothing else -- a Ninuki draw by two passes or by a split overline has no way of winning."""
    method = WinMethod.SCORE if counted else END_WINS.get(reason or "", WinMethod.NONE)
    return codes.OUTCOMES[outcome], method


class RecordUnreadable(ValueError):
    """The text is not a game record (not even an illegal one)."""


def result_claim(result: str, method: str = "") -> ResultClaim:
    """The site's result (``B``, ``W``, ``D``) and way of winning as the library's claim (table above)."""
    if result == Result.DRAW:
        return ResultClaim(None)
    winner = codes.winner_colour(result)
    if winner is None:
        raise ValueError(f"only a win or a draw can be checked against a record: {result!r}")
    return ResultClaim(winner, EARLY_WINS.get(method))


def _too_long(exc: RecordTooLong) -> RecordUnreadable:
    """An over-long record, said in the visitor's language (refused before it is replayed)."""
    if exc.moves is None:
        text = _("The record is too long: more than %(limit)s moves, more than any game of this kind can have.")
    else:
        text = _(
            "The record is too long: %(moves)s moves, more than any game of this kind can have (at most %(limit)s)."
        )
    return RecordUnreadable(text % {"moves": exc.moves, "limit": exc.limit})


def engine_settings(discipline, *, komi=None, handicap: int = 0) -> dict:
    """The settings a game of ``discipline`` is played with by its engine: board, rule set and
    adjustments, komi (the game's, else the discipline's) and handicap. The one conversion of a
    discipline for the engines: replays here, the live board (:mod:`tournament.services.live`)."""
    return {
        "size": discipline.board_size,
        "rules": discipline.rule_set or None,
        "options": discipline.rule_options or None,
        "komi": float(komi if komi is not None else discipline.komi),
        "handicap": handicap,
    }


#: The words for the marks of a Go game's end that cannot stand (:data:`games.go.marks.MARK_CODES`).
MARK_TEXT = {
    "not-a-point": gettext_lazy("“%(point)s” is not a point: write D4, or SGF letters such as dd."),
    "off-board": gettext_lazy("%(point)s is not on the board."),
    "no-stone": gettext_lazy("There is no stone on %(point)s to mark dead."),
    "not-empty": gettext_lazy("%(point)s holds a stone: only an empty point can be neutral."),
    "not-over": gettext_lazy("The record does not end with two passes: there are no dead stones to mark."),
    "no-removal": gettext_lazy(
        "In %(kind)s every stone on the board is alive: no dead stones or neutral points are marked."
    ),
    "unreadable": gettext_lazy("The marked points cannot be read."),
}


#: The most points a kept list of marks holds (every point of the largest board).
_MAX_MARKS = 25 * 25


def marks_settings(marks) -> dict:
    """The replay settings (``dead``, ``neutral``) of marks as a game keeps them (:attr:`Game.marks`,
    :meth:`games.go.Marks.as_dict`); ``{}`` for none kept (``None``): the record's ``TB``/``TW`` count.
    Kept marks of another shape (a hand-made backup) count as none: texts only, at most a board's points."""
    if not isinstance(marks, dict):
        return {}

    def points(key: str) -> list[str]:
        values = marks.get(key) or []
        if not isinstance(values, list):
            return []
        return [str(v)[:5] for v in values[:_MAX_MARKS] if isinstance(v, str)]

    return {"dead": points("dead"), "neutral": points("neutral")}


def replay_marks(replay: Replay) -> dict | None:
    """The dead stones and neutral points a Go replay was counted with (as :attr:`Game.marks` keeps
    them), ``None`` where none were given or read from ``TB``/``TW``."""
    verdict = replay.verdict
    marks = verdict.marks if isinstance(verdict, go.Verdict) else None
    return None if marks is None else marks.as_dict()


def mark_text(exc: MarkError, kind: str) -> str:
    """Why the dead stones or neutral points given with a record cannot stand, in the reader's language."""
    text = MARK_TEXT.get(exc.code)
    return str(exc) if text is None else str(text) % {"point": exc.point or "", "kind": kind}


def replay_record(*, discipline, record: str, handicap: int = 0, komi=None, dead=None, neutral=None) -> Replay:
    """Replay ``record`` (moves or SGF) under the discipline's rules: a
    :class:`games.registry.Replay`.

    A Go game ended by two passes is counted by the discipline's rule set
    after removing the chains of the ``dead`` stones, with the ``neutral``
    points counting for nobody (points as players write them: ``"D4"`` or
    SGF letters; :func:`games.go.marks.split_points` reads a field of
    them). Without ``dead``, an SGF's ``TB``/``TW`` name the dead stones.

    Raises :class:`RecordUnreadable` when the text is no record, is too
    long, when no validator exists for the discipline, or when the marks
    cannot stand (a point without a stone marked dead, a stone marked
    neutral, a point off the board, a game not ended by two passes, marks
    in a game that removes none).
    """
    variant = discipline.variant
    if not variant.validated:
        raise RecordUnreadable(_("There is no validator for %(kind)s yet.") % {"kind": discipline.get_kind_display()})
    if not record.strip():
        raise RecordUnreadable(_("The record is empty."))
    settings = engine_settings(discipline, komi=komi, handicap=handicap)
    try:
        return variant.replay(record, dead=dead, neutral=neutral, **settings)
    except RecordTooLong as exc:
        raise _too_long(exc) from exc
    except MarkError as exc:
        raise RecordUnreadable(mark_text(exc, discipline.get_kind_display())) from exc
    except (TypeError, ValueError) as exc:  # the engines' unreadable input, bad rule options
        raise RecordUnreadable(str(exc)) from exc


@dataclass
class RecordCheck:
    """The result check: the replay, the claim, and the library's answer (``code``)."""

    replay: Replay
    claim: str  # the site's result: B, W, D
    method: str
    code: str  # games.common.CLAIM_CODES
    agrees: bool
    library_message: str = ""

    def as_verdict(self) -> dict:
        """What :attr:`Game.verdict` stores (:func:`describe` says it in words)."""
        r = self.replay
        return {
            "legal": r.legal,
            "moves": r.moves,
            "error": None if r.error is None else r.error.as_dict(),
            "outcome": codes.of_outcome(r.outcome),
            "reason": r.reason or "",
            "score": r.result or "",
            "claim": self.claim,
            "method": self.method,
            "code": self.code,
            "agrees": self.agrees,
            "message": self.library_message,
            "marks": replay_marks(r),
        }

    @property
    def message(self) -> str:
        """The answer in the reader's language."""
        return describe(self.as_verdict())


def check_claim(
    *,
    discipline,
    record: str,
    result: str,
    method: str = "",
    handicap: int = 0,
    komi=None,
    dead=None,
    neutral=None,
) -> RecordCheck:
    """Replay the record and ask the library whether it agrees with the claimed
    ``result`` (B, W, D) won by ``method`` (:func:`result_claim`); a Go game
    counted with its ``dead`` stones and ``neutral`` points (:func:`replay_record`)."""
    result_claim(result, method)  # a result that cannot be checked fails before the replay
    replay = replay_record(
        discipline=discipline, record=record, handicap=handicap, komi=komi, dead=dead, neutral=neutral
    )
    return check_replay(discipline=discipline, replay=replay, result=result, method=method)


def check_replay(*, discipline, replay: Replay, result: str, method: str = "") -> RecordCheck:
    """:func:`check_claim` for a record replayed already (:func:`replay_record`)."""
    check = discipline.variant.check_claim(replay, result_claim(result, method))
    return RecordCheck(replay, result, method, check.code, check.agrees, check.message)


def reason_text(code: str) -> str:
    return str(REASON_TEXT.get(code, code))


def end_words(winner: str, reason: str) -> str:
    """How the rules engine ended a game, in words (``winner``: the winning colour in words, "" for a
    draw): "Black wins: five in a row.", "Draw: two passes." -- the reasons' words are :data:`REASON_TEXT`."""
    if winner:
        return _("%(winner)s wins: %(reason)s.") % {"winner": winner, "reason": reason_text(reason)}
    return _("Draw: %(reason)s.") % {"reason": reason_text(reason)}


def count_words(*, black, white, komi, result: str, by_territory: bool = False) -> str:
    """A Go-family game's count in words: each colour's points, komi and the result, by area or by
    territory (the live board's end, the marking of dead stones, the referee's board)."""
    words = {"black": black, "white": white, "komi": f"{float(komi):g}", "result": result}
    if by_territory:
        return (
            _("Count (territory and prisoners): Black %(black)s, White %(white)s, komi %(komi)s: %(result)s.") % words
        )
    return _("Count (area): Black %(black)s, White %(white)s, komi %(komi)s: %(result)s.") % words


def _legacy_code(verdict: dict) -> str:
    """The claim code of a verdict stored before the site used the library's check."""
    if not verdict.get("legal", True):
        return "illegal-move"
    if verdict.get("agrees"):
        return "agree"
    return "winner-differs" if verdict.get("outcome") else "unfinished"


def describe(verdict: dict | None) -> str:
    """A stored verdict (:meth:`RecordCheck.as_verdict`) in words, in the reader's language."""
    if not verdict:
        return ""
    code = verdict.get("code") or _legacy_code(verdict)
    moves = verdict.get("moves", 0)
    if code == "illegal-move":
        err = verdict.get("error") or {}
        return _("Move %(n)s (%(point)s) is illegal: %(reason)s.") % {
            "n": err.get("move"),
            "point": err.get("point") or "–",
            "reason": reason_text(err.get("reason", "")),
        }
    if not verdict.get("outcome"):  # unfinished
        if code == "agree":
            return _("The record is legal and unfinished after %(n)s moves; the claimed win fits it.") % {"n": moves}
        return _(
            "The record is legal but the game had not ended after %(n)s moves; "
            "only a win by resignation or on time fits it."
        ) % {"n": moves}
    words = {
        "n": moves,
        "outcome": f"{Result(verdict['outcome']).label} {verdict.get('score', '')}".strip(),
        "reason": reason_text(verdict.get("reason", "")),
    }
    marked = marks_words(verdict.get("marks"))
    return f"{_describe_end(code, words)} {marked}" if marked else _describe_end(code, words)


def marks_words(marks) -> str:
    """Marks as a game keeps them, in words: "Dead stones: C3, C4. Neutral points: E5." ("" for none)."""
    if not isinstance(marks, dict):
        return ""
    if not marks.get("dead") and not marks.get("neutral"):
        return _("No dead stones.")
    parts = []
    if marks.get("dead"):
        parts.append(_("Dead stones: %(points)s.") % {"points": ", ".join(marks["dead"])})
    if marks.get("neutral"):
        parts.append(_("Neutral points: %(points)s.") % {"points": ", ".join(marks["neutral"])})
    return " ".join(parts)


def _describe_end(code: str, words: dict) -> str:
    """A finished record's verdict in words (:func:`describe`)."""
    if code == "agree":
        return _("The record agrees: %(outcome)s after %(n)s moves (%(reason)s).") % words
    if code == "finished":
        return (
            _(
                "The game ended on the board: %(outcome)s after %(n)s moves (%(reason)s); "
                "a win by resignation, on time or by default does not fit the record."
            )
            % words
        )
    if code == "not-a-draw":
        return _("A draw is claimed, but the record ends: %(outcome)s after %(n)s moves (%(reason)s).") % words
    if code == "is-a-draw":
        return _("The record ends in a draw after %(n)s moves (%(reason)s), not in a win.") % words
    # winner-differs, and the engines' own reason-differs / margin-differs
    return _("The record ends differently: %(outcome)s after %(n)s moves (%(reason)s).") % words
