"""Results: reported by players, confirmed or disputed, set by organizers, adjudicated by referees.

Every function is keyword-only and atomic. A change is written with one
conditional UPDATE on ``Game.version`` (optimistic concurrency): a form that
was opened before somebody else changed the game raises :class:`StaleResult`
with the game as it is now, instead of overwriting that change. Every change
goes to the audit log with who, before, after and why.

The results grid's keyboard field (``37b``) and the phone's entry page opened by a result slip's QR code
write through :func:`result_enter`: it fills a table without a result (or confirms the same result a
player reported), does nothing for a result the table already has, and refuses to replace a different
one (:class:`ResultConflict`, unless the organizer asked to replace that very version). Its audit entry
keeps what the game had before, so that :func:`result_undo` restores it exactly, as long as nobody changed
the game since.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tournament.engines import (
    RecordCheck,
    RecordUnreadable,
    check_claim,
    check_replay,
    marks_settings,
    replay_marks,
    replay_record,
)
from tournament.models import AuditEntry, Game, Round
from tournament.models.game import Result, ResultState, WinMethod, win_methods
from tournament.permissions import (
    ORGANIZER,
    REFEREE,
    Refusal,
    confirm_refusal,
    dispute_refusal,
    report_refusal,
    require,
    withdraw_refusal,
)
from tournament.selectors.official import verdict_of
from tournament.selectors.results import ENTER, UNDO

from .audit import log_change
from .replays import keep


class ResultError(ValidationError):
    """A result that cannot be taken; the message says why."""


class StaleResult(ResultError):
    """The game changed since the form was opened; ``current`` is the game now."""

    def __init__(self, current: Game):
        self.current = current
        super().__init__(
            _("Somebody changed this result meanwhile; it is now %(result)s (%(state)s). Check it and try again.")
            % {"result": current.result_short, "state": current.get_result_state_display()},
            code="stale",
        )


class ResultConflict(ResultError):
    """A typed result would replace a different result the game has (entered by another organizer
    meanwhile, or reported by a player); ``current`` is the game as it is."""

    def __init__(self, current: Game):
        self.current = current
        words = {"table": current.table, "result": current.result_short, "state": current.get_result_state_display()}
        last = _last_change(current)
        if last is not None:
            words["who"] = last.user.get_username() if last.user else _("the site")
            super().__init__(
                _("Table %(table)s already has %(result)s (%(state)s, by %(who)s): replace it, or leave it.") % words,
                code="conflict",
            )
        else:
            super().__init__(
                _("Table %(table)s already has %(result)s (%(state)s): replace it, or leave it.") % words,
                code="conflict",
            )


def _last_change(game: Game) -> AuditEntry | None:
    """The game's last change in the audit log (who made it), if any."""
    return (
        AuditEntry.objects.filter(object_type="game", object_id=game.pk, action__startswith="game.result")
        .select_related("user")
        .first()
    )


class RecordRejected(ResultError):
    """The record was refused by the validator; ``check`` holds the replay."""

    def __init__(self, check: RecordCheck):
        self.check = check
        super().__init__(check.message, code="illegal" if not check.replay.legal else "contradicts")


def snapshot(game: Game) -> dict:
    """What the audit log keeps of a result (with a Go game's dead stones and neutral points, if given)."""
    kept = {
        "result": game.result,
        "by_default": game.by_default,
        "method": game.method,
        "state": game.result_state,
    }
    if game.marks is not None:
        kept["marks"] = game.marks
    return kept


def _change(*, game: Game, version: int, fields: dict, action: str, user, reason: str = "") -> Game:
    """The conditional UPDATE (only if nobody changed the game since ``version``), logged."""
    return _write(game=game, version=version, fields=fields, action=action, user=user, reason=reason)[0]


def _write(
    *, game: Game, version: int, fields: dict, action: str, user, reason: str = "", undoable: dict | None = None
) -> tuple[Game, AuditEntry]:
    """:func:`_change`, and its audit entry. ``undoable``: the entry keeps the record's check before
    (``verdict``) and the game's version after, which :func:`result_undo` needs, and ``undoable``'s items
    after (an undo names the entry it undoes)."""
    before = snapshot(game)
    updated = Game.objects.filter(pk=game.pk, version=version).update(
        version=F("version") + 1, updated_at=timezone.now(), **fields
    )
    current = Game.objects.select_related("round__tournament", "round__discipline", "black", "white").get(pk=game.pk)
    if not updated:
        raise StaleResult(current)
    after = snapshot(current)
    if undoable is not None:
        before["verdict"] = game.verdict
        after.update(undoable, version=current.version)
    entry = log_change(current, action, user=user, before=before, after=after, reason=reason)
    return current, entry


def _validate_result(result: str, by_default: bool) -> None:
    if result not in Result.values:
        raise ResultError(_("Unknown result."), code="invalid")
    if by_default and result in (Result.UNKNOWN, Result.DRAW):
        raise ResultError(_("A game not played is won, lost or both by default."), code="invalid")


def _validate_jigo(game: Game, result: str) -> None:
    """An organizer's jigo only where the game can end in one (:attr:`Game.jigo_possible`)."""
    if result == Result.DRAW and not game.jigo_possible:
        raise ResultError(
            _("Table %(table)s cannot end in jigo: its komi is %(komi)s.")
            % {"table": game.table, "komi": number_format(game.komi)},  # always with a half: "6,5"
            code="jigo",
        )


def _validate_method(game: Game, method: str) -> None:
    """``method`` must be a way of winning of the game's discipline ("not given" always is)."""
    if method not in WinMethod.values:
        raise ResultError(_("Unknown way of winning."), code="invalid")
    if method and method not in win_methods(game.round.discipline.kind):
        raise ResultError(
            _("A game of %(discipline)s is not won by %(method)s.")
            % {"discipline": game.round.discipline.name, "method": WinMethod(method).label},
            code="invalid",
        )


def _refuse(refusal: Refusal | None) -> None:
    """Raise the refusal :mod:`tournament.permissions` gave (the same rule the pages' buttons ask), if any."""
    if refusal is None:
        return
    if refusal.forbidden:
        raise PermissionDenied(refusal.message)
    raise ResultError(refusal.message, code=refusal.code)


@transaction.atomic
def result_report(
    *,
    game: Game,
    user,
    version: int,
    result: str,
    method: str = "",
    record: str = "",
    send_to_referee: bool = False,
    note: str = "",
    recorder: bool = False,
    marks: dict | None = None,
    dispute: bool = False,
) -> Game:
    """A player reports the result of their own game, with the record if the discipline wants one.

    The record is replayed at once: an illegal record is refused
    (:class:`RecordRejected`); one that contradicts the claim is refused too,
    unless ``send_to_referee`` is set, which files the game as disputed.
    ``marks``: a Go game's dead stones and neutral points (``{"dead": [...],
    "neutral": [...]}``, points as players write them), counted with the
    record and kept with the result (:attr:`Game.marks`); without them an
    SGF's ``TB``/``TW`` count.  ``dispute``: file the result as disputed
    whatever the check says, ``note`` saying why (the live board's call for
    the referee).  ``recorder``: ``user`` is no player but recorded the game live for the
    players (the scorer an organizer named, or a referee who took the
    recording over; :mod:`tournament.services.live` checks that); either
    player confirms what they propose.
    """
    _refuse(report_refusal(user, game, recorder=recorder))
    if result not in (Result.BLACK, Result.WHITE, Result.DRAW):
        raise ResultError(_("Say who won."), code="invalid")
    _validate_method(game, method)
    discipline = game.round.discipline
    record = (record or "").strip()
    if discipline.record_required and not record:
        raise ResultError(_("This discipline needs the game record with the result."), code="record_missing")
    if marks is not None and not (record and discipline.has_validator):
        raise ResultError(_("Dead stones are marked on the record: give the record too."), code="marks")

    verdict = None
    check = None
    state = ResultState.REPORTED
    reason = note
    if record and discipline.has_validator:
        try:
            check = check_claim(
                discipline=discipline,
                record=record,
                result=result,
                method=method,
                handicap=game.handicap,
                komi=game.komi,
                **marks_settings(marks),
            )
        except RecordUnreadable as exc:
            raise ResultError(_("The record cannot be read: %(error)s") % {"error": exc}, code="unreadable") from exc
        verdict = check.as_verdict()
        if not check.replay.legal:
            raise RecordRejected(check)
        if not check.agrees and not dispute:
            if not send_to_referee:
                raise RecordRejected(check)
            state = ResultState.DISPUTED
            reason = reason or _("The record contradicts the reported result; sent to a referee.")
    if dispute:
        state = ResultState.DISPUTED

    current = _change(
        game=game,
        version=version,
        fields={
            "result": result,
            "method": method,
            "by_default": False,
            "record": record,
            "verdict": verdict,
            "marks": None if marks is None or check is None else replay_marks(check.replay),
            "result_state": state,
            "reported_by": user,
            "reported_at": timezone.now(),
        },
        action="game.result.report",
        user=user,
        reason=reason,
    )
    if check is not None:
        keep(game=current, replay=check.replay)  # the board viewer reads it: no second replay
    return current


def _state(state: str) -> dict:
    return {"result_state": state}


@transaction.atomic
def result_confirm(*, game: Game, user, version: int) -> Game:
    """The opponent of the reporter agrees with the reported result."""
    _refuse(confirm_refusal(user, game))
    return _change(
        game=game, version=version, fields=_state(ResultState.CONFIRMED), action="game.result.confirm", user=user
    )


@transaction.atomic
def result_dispute(*, game: Game, user, version: int, reason: str) -> Game:
    """A player says the reported result is wrong; a referee decides."""
    _refuse(dispute_refusal(user, game))
    reason = (reason or "").strip()
    if not reason:
        raise ResultError(_("Say what is wrong with the result."), code="reason")
    fields = _state(ResultState.DISPUTED)
    return _change(game=game, version=version, fields=fields, action="game.result.dispute", user=user, reason=reason)


@transaction.atomic
def result_set(
    *,
    game: Game,
    user,
    version: int,
    result: str,
    by_default: bool = False,
    method: str | None = None,
    reason: str = "",
) -> Game:
    """An organizer enters or corrects a result (or marks the game not played).

    An entered result counts as confirmed; ``?`` takes the result back to pending. ``method`` ``None``
    (the results grid, which has no field for it): the way of winning the game holds stays while the
    result stays the same (a reported "White wins by resignation" saved as "White wins" keeps it),
    and is none for another result. The record is checked against the new result
    (:func:`tournament.selectors.official.verdict_of`). A result of a closed (finished) round changes
    only with a ``reason``, as a referee's decision does; the audit log keeps it.
    """
    require(user, game.round.tournament, ORGANIZER)
    reason = (reason or "").strip()
    fields = _set_fields(game, result=result, by_default=by_default, method=method, reason=reason)
    if fields is None:
        return game  # nothing changes
    return _change(game=game, version=version, fields=fields, action="game.result.set", user=user, reason=reason)


def _set_fields(game: Game, *, result: str, by_default: bool, method: str | None, reason: str) -> dict | None:
    """What an organizer's result writes (:func:`result_set`, :func:`result_enter`), checked; ``None`` when
    the game has it already."""
    _validate_result(result, by_default)
    _validate_jigo(game, result)
    if by_default:
        method = WinMethod.DEFAULT
    elif method is None:
        same = (result, by_default) == (game.result, game.by_default)
        method = game.method if same else WinMethod.NONE
    _validate_method(game, method)
    state = ResultState.PENDING if result == Result.UNKNOWN else ResultState.CONFIRMED
    now = (game.result, game.by_default, game.method, game.result_state)
    if now == (result, by_default, method, state):
        return None
    if not (reason or "").strip() and game.round.status == Round.Status.FINISHED:
        raise ResultError(
            _("The round is closed: say why its result changes. The reason is kept in the audit log."),
            code="reason",
        )
    fields = {"result": result, "by_default": by_default, "method": method, "result_state": state}
    fields["verdict"] = verdict_of(game, result, method)
    return fields


#: The results of a game that an organizer's typed result leaves as they are (settled).
_SETTLED = (ResultState.CONFIRMED, ResultState.ADJUDICATED)


@dataclass(frozen=True)
class Entered:
    """What :func:`result_enter` did: the game as it is now, and the audit entry of the change (``None``:
    the game had that result already, nothing changed)."""

    game: Game
    entry: AuditEntry | None


def _already(game: Game, result: str, by_default: bool) -> bool:
    """Whether the game has the typed result already (settled, or no result and none typed)."""
    if (game.result, game.by_default) != (result, by_default):
        return False
    return game.result_state in _SETTLED or (result == Result.UNKNOWN and game.result_state == ResultState.PENDING)


def _replaces(game: Game, result: str, by_default: bool) -> bool:
    """Whether the typed result would replace another result of the game (a disputed one always: a referee's
    matter). Taking a result away (``?``) replaces nothing; the same result as a player reported confirms it."""
    if result == Result.UNKNOWN or not game.has_result:
        return False
    return (game.result, game.by_default) != (result, by_default) or game.result_state == ResultState.DISPUTED


@transaction.atomic
def result_enter(*, game: Game, user, result: str, by_default: bool = False, replace: int | None = None) -> Entered:
    """An organizer's result typed in the results grid (``37b``) or tapped on the phone's entry page.

    The table gets it at once (confirmed, as :func:`result_set` enters it) if it has no result, or the
    same result a player reported. The same result it has already changes nothing
    (``Entered.entry`` is ``None``): two organizers entering the same slip, or a slip entered twice. A
    different result, entered meanwhile by another organizer or reported by a player, is not
    overwritten: :class:`ResultConflict` says what the table has, unless ``replace`` is the game's
    version the organizer saw and chose to replace. The audit entry (action ``game.result.enter``) is
    what :func:`result_undo` takes back.
    """
    require(user, game.round.tournament, ORGANIZER)
    for _attempt in range(2):
        if _already(game, result, by_default):
            return Entered(game, None)
        if replace != game.version and _replaces(game, result, by_default):
            raise ResultConflict(game)
        fields = _set_fields(game, result=result, by_default=by_default, method=None, reason="")
        if fields is None:
            return Entered(game, None)
        try:
            with transaction.atomic():
                current, entry = _write(
                    game=game, version=game.version, fields=fields, action=ENTER, user=user, undoable={}
                )
        except StaleResult as exc:  # written by somebody else between the read and the write: look again
            game, replace = exc.current, None
            continue
        return Entered(current, entry)
    raise ResultConflict(game)


@transaction.atomic
def result_undo(*, entry: AuditEntry, user) -> Game:
    """Take back a typed result (:func:`result_enter`'s audit ``entry``): the game gets exactly what it had
    before (a player's confirmed result with its way of winning and its record's check, or no result),
    if nobody changed it since; else :class:`ResultError` says what it has now. Logged as
    ``game.result.undo``, naming the entry."""
    require(user, entry.tournament, ORGANIZER)
    if entry.action != ENTER or entry.object_type != "game":
        raise ResultError(_("Only a typed result can be undone."), code="undo")
    game = (
        Game.objects.select_related("round__tournament", "round__discipline", "black", "white")
        .filter(pk=entry.object_id, round__tournament_id=entry.tournament_id)
        .first()
    )
    if game is None:
        raise ResultError(_("The game is no longer in the pairing: nothing to undo."), code="gone")
    if game.version != (entry.after or {}).get("version"):
        raise ResultError(
            _("Table %(table)s has changed since (it has %(result)s now): not undone.")
            % {"table": game.table, "result": game.result_short},
            code="changed",
        )
    if game.round.status == Round.Status.FINISHED:
        raise ResultError(
            _("The round is closed: change its result in its row, with the reason."),
            code="reason",
        )
    before = entry.before or {}
    fields = {
        "result": before["result"],
        "by_default": before["by_default"],
        "method": before["method"],
        "result_state": before["state"],
        "verdict": before.get("verdict"),
    }
    return _write(
        game=game, version=game.version, fields=fields, action=UNDO, user=user, undoable={"undoes": entry.pk}
    )[0]


@transaction.atomic
def result_accept(*, game: Game, user, version: int) -> Game:
    """An organizer confirms a reported result as it was reported: the winner, the way of winning and the
    record stay (the results grid's "Confirm" on a reported row)."""
    require(user, game.round.tournament, ORGANIZER)
    if game.result_state != ResultState.REPORTED:
        raise ResultError(_("Only a reported result can be confirmed."), code="state")
    return _change(
        game=game,
        version=version,
        fields=_state(ResultState.CONFIRMED),
        action="game.result.confirm",
        user=user,
        reason=_("Confirmed by an organizer."),
    )


@transaction.atomic
def result_adjudicate(
    *,
    game: Game,
    user,
    version: int,
    result: str,
    reason: str,
    by_default: bool = False,
    method: str = "",
    marks: dict | None = None,
) -> Game:
    """A referee decides a result, with a written reason the players see.

    ``marks``: the dead stones and neutral points the referee marked on a Go
    record ended by two passes (``{"dead": [...], "neutral": [...]}``): the
    record is counted with them, and the decision keeps them and the count
    (:attr:`Game.marks`, the verdict); ``None`` leaves both as they were.
    """
    require(user, game.round.tournament, REFEREE)
    _validate_result(result, by_default)
    reason = (reason or "").strip()
    if not reason:
        raise ResultError(_("Write down the reason for the decision."), code="reason")
    if by_default:
        method = WinMethod.DEFAULT
    _validate_method(game, method)
    fields = {
        "result": result,
        "by_default": by_default,
        "method": method,
        "result_state": ResultState.ADJUDICATED,
    }
    replay = None
    if marks is None:
        fields["verdict"] = verdict_of(game, result, method)
    else:
        replay = _counted_with(game, marks)
        fields["marks"] = replay_marks(replay)
        if result in (Result.BLACK, Result.WHITE, Result.DRAW):
            check = check_replay(discipline=game.round.discipline, replay=replay, result=result, method=method)
            fields["verdict"] = check.as_verdict()
    current = _change(
        game=game, version=version, fields=fields, action="game.result.adjudicate", user=user, reason=reason
    )
    if replay is not None:
        keep(game=current, replay=replay)
    return current


def _counted_with(game: Game, marks: dict):
    """The game's record replayed and counted with the referee's ``marks``; :class:`ResultError` for marks
    that cannot stand (or a game without a record to mark)."""
    discipline = game.round.discipline
    if not (game.record.strip() and discipline.variant.removes_dead_stones):
        raise ResultError(_("Dead stones are marked on the record: give the record too."), code="marks")
    try:
        return replay_record(
            discipline=discipline,
            record=game.record,
            handicap=game.handicap,
            komi=game.komi,
            **marks_settings(marks),
        )
    except RecordUnreadable as exc:
        raise ResultError(str(exc), code="marks") from exc


@transaction.atomic
def result_withdraw(*, game: Game, user, version: int, reason: str = "") -> Game:
    """The reporter takes back a result nobody has confirmed yet (the game goes on, or is reported again).

    The live board does this when the last move, which ended the game, is
    taken back before the opponent confirmed the result it proposed.
    """
    _refuse(withdraw_refusal(user, game))
    return _change(
        game=game,
        version=version,
        fields={
            "result": Result.UNKNOWN,
            "method": WinMethod.NONE,
            "by_default": False,
            "record": "",
            "verdict": None,
            "marks": None,
            "result_state": ResultState.PENDING,
            "reported_by": None,
            "reported_at": None,
        },
        action="game.result.withdraw",
        user=user,
        reason=reason,
    )
