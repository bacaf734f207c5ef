"""The live board: a game recorded move by move on the phones as it is played.

Who may enter moves (the two players, or the scorer an organizer named for
the table; once a referee took the recording over, that referee alone) and
who may take a move back is decided in :mod:`tournament.permissions`
(:func:`~tournament.permissions.live_capacity`,
:func:`~tournament.permissions.may_take_back`); the services here ask it.

Every move is checked by the rules engine (:class:`games.live.LiveGame`)
before it is stored, and stored at once with one conditional UPDATE on
:attr:`LiveRecord.version`: two phones that enter a move for the same
position give one move, and the other is told (:class:`StaleBoard`).

The end of the game -- a five, captures, two passes, or a resignation or loss
on time entered on the board -- proposes the result with the record through
:func:`tournament.services.results.result_report`, in the same transaction
as the move: the opponent confirms or disputes as after any report, and the
result is the one the record shows, so the two cannot disagree.  In Go, two
passes begin the marking of the dead stones instead
(:mod:`tournament.services.marking`): the result is proposed once both
players agreed to the marks.  Taking back
the move that ended the game (or the resignation) withdraws that report
(:func:`tournament.services.results.result_withdraw`) while nobody has
confirmed it.  Moves are not written to the audit log one by one (the live
record keeps who entered each and when); take-backs, take-overs and scorers
are.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games.common import IllegalMove
from games.coords import CoordinateError
from games.limits import RecordTooLong
from games.live import LiveGame, Snapshot, normalise
from tournament import engines
from tournament import result_codes as codes
from tournament.engines import end_result, reason_text
from tournament.models import Game, LiveRecord
from tournament.models.live import ENDS_ENTERED_BY_HAND
from tournament.permissions import (
    ORGANIZER,
    board_closed_reason,
    live_capacity,
    may_take_back,
    player_side,
    proposed_on_board,
    require,
    require_recorder,
    side_turn_refusal,
)
from tournament.selectors.sides import move_players, player_to_move

from . import results as result_services
from .audit import log_change

#: Ways a game ends that the board cannot see: entered by a player.
END_METHODS = {method.value: method for method in ENDS_ENTERED_BY_HAND}


class LiveError(ValidationError):
    """A move or an action the live board refuses; the message says why, in the reader's language."""


class IllegalLiveMove(LiveError):
    """The rules forbid the move: ``error`` is the engine's :class:`~games.common.IllegalMove`."""

    def __init__(self, error: IllegalMove, live: LiveRecord | None = None):
        self.error = error
        self.live = live
        super().__init__(
            _("Move %(n)s (%(point)s) is illegal: %(reason)s.")
            % {"n": error.move_number, "point": error.point or "–", "reason": reason_text(error.reason)},
            code="illegal",
        )


class StaleBoard(LiveError):
    """The board changed since the phone showed it: ``current`` is the live record now."""

    def __init__(self, current: LiveRecord, attempted: str | None = None):
        self.current = current
        moves = current.move_list
        if attempted and moves and moves[-1] == attempted:
            message = _("%(point)s was entered already on another phone: it is move %(n)s.") % {
                "point": attempted,
                "n": len(moves),
            }
        else:
            message = _(
                "The board changed on another phone meanwhile (now %(n)s moves). "
                "Check the board and enter your move again."
            ) % {"n": len(moves)}
        super().__init__(message, code="stale")


def has_engine(discipline) -> bool:
    """True if the discipline's game has a rules engine (the live board needs one)."""
    return discipline.has_validator


def engine_settings(game: Game) -> dict:
    """The settings the rules engine plays ``game`` with (:func:`tournament.engines.engine_settings`)."""
    return engines.engine_settings(game.round.discipline, komi=game.komi, handicap=game.handicap)


def new_board(game: Game, moves=()) -> LiveGame:
    """The game after ``moves`` under its discipline's rules."""
    return LiveGame.from_moves(game.round.discipline.kind, moves, **engine_settings(game))


def live_record(game: Game) -> LiveRecord:
    """The game's live record, made empty the first time it is asked for."""
    live, _created = LiveRecord.objects.get_or_create(game=game)
    return live


def _current(game: Game, live: LiveRecord | None) -> LiveRecord:
    """The live record as the caller read it (no second read: whatever changed since, the conditional
    UPDATE on its version finds out), else as it is now; before the first move an empty one, not saved."""
    if live is not None:
        return live
    return LiveRecord.objects.filter(game=game).first() or LiveRecord(game=game)


def _require_open(game: Game) -> None:
    reason = board_closed_reason(game)
    if reason is not None:
        raise LiveError(reason, code="closed")


def _write(live: LiveRecord, version: int, attempted: str | None = None, **fields) -> LiveRecord:
    """The conditional UPDATE on the live record's version; :class:`StaleBoard` if it moved on.

    Only this (and what follows from it) runs in a transaction: the move was checked before, on the
    record at ``version``.  ``live`` is updated in memory to what the database now holds."""
    if live.pk is None:  # the first write: the row is made now (two first moves at once make one)
        saved, _created = LiveRecord.objects.get_or_create(game=live.game)
        live.pk, live.id = saved.pk, saved.pk
    now = timezone.now()
    updated = LiveRecord.objects.filter(pk=live.pk, version=version).update(
        version=F("version") + 1, updated_at=now, **fields
    )
    if not updated:
        raise StaleBoard(LiveRecord.objects.get(pk=live.pk), attempted)
    for name, value in fields.items():
        setattr(live, name, value)
    live.version, live.updated_at = version + 1, now
    return live


# ---- moves ------------------------------------------------------------------------------------


@dataclass
class Played:
    """What a write left: the live record, the game (its result may have changed) and the board."""

    live: LiveRecord
    game: Game
    board: LiveGame

    @property
    def snapshot(self) -> Snapshot:
        return self.board.snapshot()


def place(*, game: Game, user, version: int, point: str, live: LiveRecord | None = None) -> Played:
    """Enter the next move (``"K10"`` or ``"pass"``) of the position at ``version``.

    Raises :class:`IllegalLiveMove` for a move the rules forbid (nothing is
    stored), :class:`StaleBoard` if the board moved on since ``version``,
    :class:`LiveError` for a closed board or a text that is no point,
    ``PermissionDenied`` for a user who may not record.  A move that ends the
    game proposes the result (:mod:`tournament.services.results`), in the transaction that stores it.
    """
    live = _current(game, live)
    who = live_capacity(user, game, live)
    require_recorder(who)
    _require_open(game)
    try:
        token = normalise(point)
    except CoordinateError as exc:
        raise LiveError(
            _("%(text)s is not a point of the board: write a letter and a number, such as K10, or pass.")
            % {"text": str(point)[:20]},
            code="unreadable",
        ) from exc
    if live.version != version:
        raise StaleBoard(live, token)
    try:
        board = new_board(game, live.move_list)
        _require_turn(game, user, who, board)
        board.play(token)
    except IllegalMove as exc:
        raise IllegalLiveMove(exc, live) from exc
    except RecordTooLong as exc:
        raise LiveError(
            _("The game is too long: at most %(limit)s moves.") % {"limit": exc.limit}, code="too-long"
        ) from exc
    snapshot = board.snapshot()
    with transaction.atomic():
        live = _write(
            live, version, token, moves=board.text, entries=live.entries + [[user.get_username(), int(time.time())]]
        )
        if snapshot.over and not board.removes_dead_stones:  # Go: the dead stones are marked first
            result, method = end_result(snapshot.outcome, snapshot.reason, snapshot.result)
            game = _propose(game=game, user=user, live=live, result=result, method=method)
    return Played(live, game, board)


def _require_turn(game: Game, user, who, board: LiveGame) -> None:
    """Pair Go and Rengo: refuse a move from anybody but the player whose turn it is (the permission:
    :func:`~tournament.permissions.side_turn_refusal`)."""
    refusal = side_turn_refusal(user, who, player_to_move(game, board.colours, board.snapshot().to_move))
    if refusal is not None:
        raise LiveError(refusal, code="turn")


def _propose(
    *, game: Game, user, live: LiveRecord, result: str, method: str, marks=None, dispute: bool = False, note=""
) -> Game:
    """The result with the live record (and a Go game's marks), reported by whoever ended the game on the
    board (or agreed last to the marks); ``dispute``: straight to the referee, ``note`` saying why."""
    recorder = player_side(game, user) is None
    return result_services.result_report(
        game=game,
        user=user,
        version=game.version,
        result=result,
        method=method,
        record=live.moves,
        recorder=recorder,
        marks=marks,
        dispute=dispute,
        note=note,
    )


#: The fields of a live record's marking, as they are before any mark (and again once the moves change).
NO_MARKS = {"marks": {}, "black_agreed": None, "white_agreed": None, "black_marks": None, "white_marks": None}


def cleared_marks(live: LiveRecord) -> dict:
    """The fields that clear the marking of ``live`` when its moves change (a take-back, play resumed):
    no marks, no agreement, and the next marks version (so that a phone's marks are stale)."""
    return {**NO_MARKS, "marks_version": live.marks_version + 1}


def take_back(*, game: Game, user, version: int, live: LiveRecord | None = None) -> Played:
    """Take back the last move (or the resignation, or time loss, entered last).

    Refused once the opponent has moved (it is then no longer the last move)
    and once the result it proposed is confirmed.
    """
    live = _current(game, live)
    who = live_capacity(user, game, live)
    require_recorder(who)
    if live.version != version:
        raise StaleBoard(live)
    ended_here = proposed_on_board(game, live)

    def last_player():  # Pair Go and Rengo: who played the last move (None in an ordinary game)
        return (move_players(game, live.move_list) or [None])[-1]

    if not may_take_back(
        user,
        game,
        live,
        who,
        last_colour=lambda: new_board(game, live.move_list).snapshot().colour,
        last_player=last_player,
    ):
        closed = board_closed_reason(game)
        if closed is not None and not ended_here:
            raise LiveError(closed, code="closed")
        mover = last_player()
        raise LiveError(
            (side_turn_refusal(user, who, mover, taking_back=True) if mover is not None else None)
            or _("Only the last move can be taken back, by the one who made it, before the opponent moves."),
            code="not-yours",
        )
    moves, entries = live.move_list, list(live.entries)
    count = len(moves)
    cleared = {}
    if ended_here and game.method in END_METHODS.values():
        taken = game.method  # the resignation or time loss: the moves stay
    else:
        taken = moves.pop()
        entries.pop()
        cleared = cleared_marks(live)  # the second pass of a Go game taken back: no marking phase any more
    with transaction.atomic():
        live = _write(live, version, moves=" ".join(moves), entries=entries, **cleared)
        if ended_here:
            game = result_services.result_withdraw(
                game=game, user=user, version=game.version, reason=_("Taken back on the live board.")
            )
        log_change(
            game, "game.live.take_back", user=user, before={"moves": count, "taken": taken}, after={"moves": len(moves)}
        )
    return Played(live, game, new_board(game, moves))


def end(*, game: Game, user, version: int, loser: str, method: str, live: LiveRecord | None = None) -> Played:
    """A resignation or a loss on time entered on the board: ``loser`` (``"black"``/``"white"``)
    loses by ``method`` (``"resignation"``/``"time"``); the result is proposed with the record so far."""
    if loser not in ("black", "white") or method not in END_METHODS:
        raise LiveError(_("Say who resigned or lost on time."), code="invalid")
    live = _current(game, live)
    who = live_capacity(user, game, live)
    require_recorder(who)
    _require_open(game)
    if live.version != version:
        raise StaleBoard(live)
    board = new_board(game, live.move_list)
    if board.snapshot().over:
        raise LiveError(_("The game is over already."), code="over")
    _require_turn(game, user, who, board)
    winner = codes.winner("white" if loser == "black" else "black")
    with transaction.atomic():
        live = _write(live, version)
        game = _propose(game=game, user=user, live=live, result=winner, method=END_METHODS[method])
    return Played(live, game, board)


# ---- referees and organizers ------------------------------------------------------------------


@transaction.atomic
def take_over(*, game: Game, user, version: int, release: bool = False, live: LiveRecord | None = None) -> LiveRecord:
    """A referee takes over the recording of the game (the players' phones only follow it), or
    hands it back to the players (``release``)."""
    live = _current(game, live)
    who = live_capacity(user, game, live)
    if not who.referee:
        raise PermissionDenied(_("Only a referee can take over the recording."))
    if live.version != version:
        raise StaleBoard(live)
    before = live.recorder.get_username() if live.recorder else None
    live = _write(live, version, recorder=None if release else user)
    log_change(
        game,
        "game.live.hand_back" if release else "game.live.take_over",
        user=user,
        before={"recorder": before},
        after={"recorder": None if release else user.get_username()},
    )
    return live


@transaction.atomic
def set_scorer(*, game: Game, user, username: str) -> LiveRecord:
    """An organizer names the scorer for the game's table (an empty name: none)."""
    from tournament.selectors.accounts import find_user

    require(user, game.round.tournament, ORGANIZER)
    username = (username or "").strip()
    scorer = None
    if username:
        scorer = find_user(username[:150])
        if scorer is None:
            raise LiveError(_("There is no account called %(name)s.") % {"name": username[:150]}, code="unknown")
    live = live_record(game)
    before = live.scorer.get_username() if live.scorer else None
    after = scorer.get_username() if scorer else None
    if before == after:
        return live
    live = _write(live, live.version, scorer=scorer)
    log_change(game, "game.live.scorer", user=user, before={"scorer": before}, after={"scorer": after})
    return live
