"""The end of a Go game on the live board: the dead stones marked and agreed on the phones.

After two passes (:mod:`tournament.services.live` stores them like any move)
a Go game is not counted at once: either phone taps a stone to mark its
chain dead (or alive again) or an empty point neutral (:func:`mark`), and
both see the count under the marks as they change.  Each player agrees to
the marks as they are (:func:`agree`); a change of the marks withdraws both
agreements, and once both agreed the result is proposed with the record and
the marks through :func:`tournament.services.results.result_report`, to be
confirmed as after any report.  Either player can instead resume play
(:func:`resume`: the opponent of the one who asked plays first, by the rules;
``games/go/RULES-DECISIONS.md``) or call the referee (:func:`call_referee`:
the result under the marks goes to the referee's queue with the marks each
player made).  Keima-Go and 1000-Volt-Go count every stone on the board as
alive: two passes propose their result at once, as before.

Everything is stored as moves are, in the live record
(:class:`~tournament.models.LiveRecord`: ``marks``, ``marks_version``,
``black_agreed``/``white_agreed``, ``black_marks``/``white_marks``): a
reload or a dead phone loses nothing.  A mark or an agreement is written with
one conditional UPDATE on ``marks_version`` (the marks the phone showed), so
two phones marking at once give one consistent state and the other phone is
told; agreements go in each player's own column, so two at once are both
kept and the second proposes the result.  Every mark, agreement and
resumption is in the audit log (the game's history).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games import go
from games.live import LiveGame
from tournament import result_codes as codes
from tournament.engines import mark_text
from tournament.models import Game, LiveRecord
from tournament.models.game import WinMethod
from tournament.permissions import board_closed_reason, live_capacity, require_recorder, speaks_for

from .audit import log_change
from .live import (
    LiveError,
    Played,
    StaleBoard,
    _current,
    _propose,
    _require_open,
    _write,
    cleared_marks,
    new_board,
)

#: The longest reason a player gives when calling the referee from the board.
MAX_REASON = 1000


class StaleMarks(StaleBoard):
    """The marks changed on another phone since this one showed them: ``current`` is the live record now."""

    def __init__(self, current: LiveRecord):
        self.current = current
        LiveError.__init__(
            self,
            _("The marks changed on another phone meanwhile. Look at the board again: it shows them now."),
            code="stale",
        )


def marking_of(board: LiveGame, live: LiveRecord) -> go.Marking | None:
    """The marking phase of the game on ``board`` with the live record's marks: ``None`` while the game
    goes on, and in a game without one (every stone alive, or Ninuki-Renju)."""
    if not board.removes_dead_stones or not board.snapshot().over:
        return None
    try:
        return board.marking(live.marks or None)
    except go.MarkError:  # marks kept for other moves: never, the moves' changes clear them
        return board.marking()


def _marking(game: Game, live: LiveRecord) -> tuple[LiveGame, go.Marking]:
    board = new_board(game, live.move_list)
    marking = marking_of(board, live)
    if marking is None:
        raise LiveError(_("Dead stones are marked after two passes, in Go only."), code="not-marking")
    return board, marking


def _write_marks(live: LiveRecord, shown: int, **fields) -> LiveRecord:
    """The conditional UPDATE on the marks version the phone showed (``shown``); :class:`StaleMarks` if
    they changed meanwhile.  Run in the caller's transaction, which it leaves holding the live record's
    row: the game is read after it, so that a mark never follows a result proposed (or sent to the
    referee) meanwhile on the other phone (:class:`LiveError` ``closed``)."""
    updated = LiveRecord.objects.filter(pk=live.pk, marks_version=shown).update(
        version=F("version") + 1, updated_at=timezone.now(), **fields
    )
    if not updated:
        raise StaleMarks(LiveRecord.objects.get(pk=live.pk))
    closed = board_closed_reason(Game.objects.select_related("round").get(pk=live.game_id))
    if closed is not None:
        raise LiveError(closed, code="closed")
    live.refresh_from_db()
    return live


def _open_marking(game: Game, user, live: LiveRecord | None, marks_version: int):
    """The live record, the user's part in it, the board and its marking, checked: the user may record,
    the board is open, the game is in its marking phase and the phone shows the marks as they are."""
    live = _current(game, live)
    who = live_capacity(user, game, live)
    require_recorder(who)
    _require_open(game)
    board, marking = _marking(game, live)
    if live.marks_version != marks_version:
        raise StaleMarks(live)
    return live, who, board, marking


def mark(*, game: Game, user, marks_version: int, point: str, live: LiveRecord | None = None) -> Played:
    """Tap ``point`` in the marking phase: a stone's whole chain turns dead (or alive again), an empty
    point neutral (or counts again). Both agreements are withdrawn."""
    live, who, board, marking = _open_marking(game, user, live, marks_version)
    try:
        change = marking.toggle(str(point)[:20])
    except go.MarkError as exc:
        raise LiveError(mark_text(exc, game.round.discipline.get_kind_display()), code="mark") from exc
    marks = change.marking.as_dict()
    fields = {"marks": marks if change.marking.marks else {}, "marks_version": marks_version + 1}
    own = speaks_for(who)
    if len(own) == 1:  # a player's own view of the marks (a scorer marks for both: nobody's)
        fields[f"{own[0]}_marks"] = marks
    with transaction.atomic():
        live = _write_marks(live, marks_version, **fields)
        log_change(game, "game.live.mark", user=user, after={change.mark: [p.name() for p in change.points]})
    return Played(live, game, board)


def agree(*, game: Game, user, marks_version: int, live: LiveRecord | None = None) -> Played:
    """Agree to the marks as the phone showed them (``marks_version``), for one's own side (a scorer or
    the referee recording: for both). Once both sides agreed to the same marks, the result under them is
    proposed with the record and the marks, and the opponent confirms it as after any report."""
    live, who, board, marking = _open_marking(game, user, live, marks_version)
    sides = [side for side in speaks_for(who) if not live.agreed(side)]
    if not sides:
        return Played(live, game, board)  # agreed already (a second tap, or two phones of one player)
    marks = marking.as_dict()
    count = marking.count()
    fields = {}
    for side in sides:
        fields[f"{side}_agreed"] = marks_version
        fields[f"{side}_marks"] = marks
    with transaction.atomic():
        live = _write_marks(live, marks_version, **fields)
        log_change(game, "game.live.agree", user=user, after={**_shown(marks), "count": count.result()})
        if live.agreed("black") and live.agreed("white"):
            game = _propose(
                game=game,
                user=user,
                live=live,
                result=codes.OUTCOMES[count.ending],
                method=WinMethod.SCORE,
                marks=marks,
            )
    return Played(live, game, board)


def _shown(marks: dict) -> dict:
    """Marks as the audit log keeps them: only the lists that hold points."""
    return {key: points for key, points in marks.items() if points}


def resume(*, game: Game, user, version: int, side: str = "", live: LiveRecord | None = None) -> Played:
    """Resume play after the two passes, asked by ``side`` (a player: their own; a scorer or the referee
    recording names it): the opponent of the one who asked plays first, the marks are dropped."""
    live = _current(game, live)
    who = live_capacity(user, game, live)
    require_recorder(who)
    _require_open(game)
    if live.version != version:
        raise StaleBoard(live)
    asking = speaks_for(who, side)
    if len(asking) != 1:
        raise LiveError(_("Say who asks to resume play."), code="invalid")
    board, _marking_now = _marking(game, live)
    resumed = board.resumed(asking[0])
    kept = len(resumed.moves)
    with transaction.atomic():
        live = _write(live, version, moves=resumed.text, entries=list(live.entries)[:kept], **cleared_marks(live))
        log_change(
            game,
            "game.live.resume",
            user=user,
            before={"moves": len(board.moves)},
            after={"moves": kept, "asked_by": asking[0]},
        )
    return Played(live, game, resumed)


def call_referee(*, game: Game, user, marks_version: int, reason: str = "", live: LiveRecord | None = None) -> Played:
    """The players do not agree on the dead stones: the result under the marks as they are goes to the
    referee with the record and the marks (the referee sees each player's marks, and decides)."""
    live, who, board, marking = _open_marking(game, user, live, marks_version)
    count = marking.count()
    note = _("Called from the live board: the players do not agree on the dead stones.")
    reason = (reason or "").strip()[:MAX_REASON]
    if reason:
        note = f"{note} {reason}"
    with transaction.atomic():
        # the marks sent are the marks as they stay: a mark on the other phone meanwhile makes this stale,
        # one after it finds the board closed
        live = _write_marks(live, marks_version, marks_version=marks_version + 1)
        game = _propose(
            game=game,
            user=user,
            live=live,
            result=codes.OUTCOMES[count.ending],
            method=WinMethod.SCORE,
            marks=marking.as_dict(),
            dispute=True,
            note=note,
        )
    return Played(live, game, board)
