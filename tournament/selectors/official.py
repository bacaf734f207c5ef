"""A game's official result, and what its record is worth beside it: the one answer every surface asks.

The official result is the one the game holds (:attr:`Game.result`, :attr:`Game.method`,
:attr:`Game.by_default`): reported, confirmed, entered by an organizer or decided by a referee. What
the pages, the results grid, the referee's queue, the SGF (its ``RE``), the JSON API and the crosstable
say of a game is read here (:func:`official`, :func:`officials` for many games at once), never from
the submitted record's own ending or from a check of a claim the game no longer holds.

The record's standing beside it (:class:`Standing`):

- ``agrees``: the rules engine's check of the record against the official result agrees;
- ``rejected``: the result was decided by a referee (or entered by an organizer) against the record:
  every surface labels the record as rejected;
- ``contradicts``: a claim that the record contradicts, waiting for a referee;
- ``unchecked``: a record no engine checks (no validator, an unreadable record, a result such as "both
  lose" that no record can show);
- ``none``: no record.

The result services keep :attr:`Game.verdict` as the check of the record against the game's result
(:mod:`tournament.services.results`); a verdict kept from before (the check of a claim the referee
overruled) is checked again here, against the official result.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django.utils.translation import gettext as _

from tournament import result_codes as codes
from tournament.engines import EARLY_WINS, RecordUnreadable, check_claim, describe, marks_settings
from tournament.models import AuditEntry, Game
from tournament.models.game import Result, ResultState, WinMethod

#: The site's result as SGF's ``RE``, and the way of winning SGF writes after it.
_RE = codes.SGF
_RE_METHOD = {WinMethod.RESIGNATION: "R", WinMethod.TIME: "T", WinMethod.DEFAULT: "F"}
#: The results a record can be checked against.
_CHECKED = (Result.BLACK, Result.WHITE, Result.DRAW)
#: The audit entries whose written reason stands beside a result in this state.
_REASON_OF = {
    ResultState.ADJUDICATED: ("game.result.adjudicate",),
    ResultState.DISPUTED: ("game.result.dispute", "game.result.report"),
}


class Standing(StrEnum):
    NONE = "none"
    AGREES = "agrees"
    REJECTED = "rejected"
    CONTRADICTS = "contradicts"
    UNCHECKED = "unchecked"


@dataclass(frozen=True)
class Official:
    """The official result of ``game`` and its record's standing beside it."""

    game: Game
    #: The record checked against the official result (:meth:`tournament.engines.RecordCheck.as_verdict`),
    #: ``None`` where it was not checked.
    verdict: dict | None
    standing: Standing
    #: The written reason beside the result: the referee's for a decision, the dispute's for a game that
    #: waits for one ("" otherwise).
    reason: str = ""

    @property
    def settled(self) -> bool:
        return self.game.result_state in (ResultState.CONFIRMED, ResultState.ADJUDICATED)

    @property
    def decided(self) -> bool:
        return self.game.result_state == ResultState.ADJUDICATED

    @property
    def words(self) -> str:
        """The result as the pages say it: "Black wins · on time", "White wins (not played) · by default"."""
        g = self.game
        text = str(g.get_result_display())
        if g.by_default:
            text += " (" + _("not played") + ")"
        if g.method:
            text += " · " + str(g.get_method_display())
        return text

    @property
    def black_first(self) -> str:
        """``1-0`` (Black won), as the pages and PDFs write it; ``!`` for a game not played."""
        return self.game.result_short

    @property
    def rejected(self) -> bool:
        return self.standing == Standing.REJECTED

    @property
    def record_label(self) -> str:
        """What a rejected record is labelled with ("" for any other)."""
        if not self.rejected:
            return ""
        if self.decided:
            return _("Rejected by the referee")
        return _("Rejected by the organizer")

    @property
    def verdict_text(self) -> str:
        """The check of the record against the official result, in words ("" without one)."""
        return describe(self.verdict)

    @property
    def reason_label(self) -> str:
        if not self.reason:
            return ""
        return _("Referee's reason") if self.decided else _("Why it went to a referee")

    def sgf_result(self, replay) -> str | None:
        """SGF's ``RE`` of the official result where the record's own end does not say it (a resignation,
        a loss on time, a decision against the record); ``None`` where it does (the record's own ``RE``,
        with the count's margin, stands) or the result is none SGF can write."""
        g = self.game
        if g.result not in _RE:
            return None
        if replay.finished and codes.of_outcome(replay.outcome) == g.result and g.method not in EARLY_WINS:
            return None
        return _RE[g.result] + ("" if g.result == Result.DRAW else _RE_METHOD.get(g.method, ""))


def _about(verdict: dict | None, result: str, method: str) -> bool:
    """Whether ``verdict`` is the check of ``result`` won by ``method`` (not of another claim)."""
    return isinstance(verdict, dict) and verdict.get("claim") == result and (verdict.get("method") or "") == method


def verdict_of(game: Game, result: str, method: str = "") -> dict | None:
    """The game's record checked against ``result`` won by ``method``: the kept verdict when it is that
    check, else the check made now (``None`` without a record, a validator, or for a result no record
    can show). The result services keep it with each new result."""
    if _about(game.verdict, result, method or ""):
        return game.verdict
    discipline = game.round.discipline
    if not game.record.strip() or not discipline.has_validator or result not in _CHECKED:
        return None
    try:
        check = check_claim(
            discipline=discipline,
            record=game.record,
            result=result,
            method=method or "",
            handicap=game.handicap,
            komi=game.komi,
            **marks_settings(game.marks),
        )
    except (RecordUnreadable, ValueError):
        return None
    return check.as_verdict()


def _standing(game: Game, verdict: dict | None) -> Standing:
    if not game.record.strip():
        return Standing.NONE
    if verdict is None:
        return Standing.UNCHECKED
    if verdict.get("agrees"):
        return Standing.AGREES
    if game.result_state in (ResultState.ADJUDICATED, ResultState.CONFIRMED):
        return Standing.REJECTED
    return Standing.CONTRADICTS


def reasons(games) -> dict[int, str]:
    """The written reason beside each game's result (:attr:`Official.reason`), in one statement."""
    wanted = {g.pk: _REASON_OF[g.result_state] for g in games if g.result_state in _REASON_OF}
    if not wanted:
        return {}
    latest: dict[int, tuple[str, str]] = {}
    entries = (
        AuditEntry.objects.filter(object_type="game", object_id__in=wanted, action__startswith="game.result")
        .order_by("created_at", "id")
        .values_list("object_id", "action", "reason")
    )
    for pk, action, reason in entries:
        latest[pk] = (action, reason)
    return {pk: reason for pk, (action, reason) in latest.items() if action in wanted[pk] and reason}


def official(game: Game, *, reason: str | None = None) -> Official:
    """The official result of ``game`` (``reason``: its written reason, if read already with
    :func:`reasons`)."""
    verdict = verdict_of(game, game.result, game.method)
    if reason is None:
        reason = reasons([game]).get(game.pk, "")
    return Official(game, verdict, _standing(game, verdict), reason)


def officials(games) -> list[Official]:
    """:func:`official` of each of ``games``, their reasons read in one statement."""
    games = list(games)
    written = reasons(games)
    return [official(g, reason=written.get(g.pk, "")) for g in games]
