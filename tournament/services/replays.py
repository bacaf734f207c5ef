"""A game's record replayed once per version and kept, for the game page and the board viewer.

Replaying costs time per move (a 3,610-move Go record about a third of a
second with its positions); showing a position from what is kept costs
about a millisecond whatever the length. So a record is replayed when it is
reported (:func:`keep`, with the replay the result check made anyway) and
the answer kept in a :class:`~tournament.models.GameReplay`
(:func:`games.packed.pack`), under a key made of everything the replay
depends on: the record, the game kind, board size, rule set and options,
komi and handicap, and a Go game's dead stones and neutral points
(:attr:`Game.marks`). A page that finds no kept replay with its key (an older
record, a discipline whose rules changed since) replays once and keeps it
(:func:`kept_replay`). Derived data: not in the audit log.
"""

from __future__ import annotations

import hashlib
import json

from games.packed import FORMAT, pack, unpack
from games.registry import Replay
from tournament.engines import RecordUnreadable, marks_settings, replay_record
from tournament.models import Game, GameReplay

#: What the engines answer for a record and its settings, as a number: raised when the same inputs
#: count differently, so that the replays kept before are made again.  2: a Go record's SGF
#: ``TB``/``TW`` name its dead stones, removed before counting (issue #22).
COUNTING = 2


def replay_key(*, game: Game) -> str:
    """SHA-256 of what the replay of ``game``'s record depends on."""
    d = game.round.discipline
    inputs = [FORMAT, COUNTING, d.kind, d.board_size, d.rule_set, d.rule_options]
    inputs += [float(game.komi), game.handicap, game.record]
    if game.marks is not None:  # marks given (agreed, reported, decided): they count instead of the record's TB/TW
        inputs.append(game.marks)
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()


def keep(*, game: Game, replay: Replay | None) -> None:
    """Keep ``replay`` of the game's current record (``None``: the record is unreadable)."""
    data = {"format": FORMAT, "unreadable": True} if replay is None else pack(replay)
    GameReplay.objects.update_or_create(game=game, defaults={"key": replay_key(game=game), "data": data})


def kept_replay(*, game: Game) -> Replay | None:
    """The replay of the game's record (:class:`games.registry.Replay`), from
    what is kept, or made and kept now; ``None`` without a record, without a
    validator, or for an unreadable record."""
    if not game.record or not game.round.discipline.has_validator:
        return None
    key = replay_key(game=game)
    data = GameReplay.objects.filter(game=game, key=key).values_list("data", flat=True).first()
    if data is not None and data.get("format") == FORMAT:
        return None if data.get("unreadable") else unpack(data)
    try:
        replay = replay_record(
            discipline=game.round.discipline,
            record=game.record,
            handicap=game.handicap,
            komi=game.komi,
            **marks_settings(game.marks),
        )
    except RecordUnreadable:
        replay = None
    keep(game=game, replay=replay)
    return replay
