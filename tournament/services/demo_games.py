"""Results and legal game records for the demo tournament's rounds.

A discipline that wants records gets random legal games played through its
rules engine (``games.variant(kind).sample``, :mod:`games.sample`: the same
engines that check submitted records), so every demo record replays as
legal. Other results are drawn by the players' strength.
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils import timezone

from tournament.engines import check_replay, end_result, replay_record
from tournament.models import Game, Round
from tournament.models.game import Result, ResultState, WinMethod


def _strength_result(rng: random.Random, game: Game) -> str:
    """Black wins more often the stronger Black is after handicap."""
    diff = game.black.rank - game.white.rank + game.handicap
    p_black = min(0.9, max(0.1, 0.5 + 0.08 * diff))
    return Result.BLACK if rng.random() < p_black else Result.WHITE


@transaction.atomic
def play_round_results(round_: Round, rng: random.Random) -> bool:
    """Give every game of the round without a result a confirmed one; True if any changed."""
    discipline = round_.discipline
    changed = False
    variant = discipline.variant
    with_records = discipline.record_required and variant.validated
    for game in round_.games.select_related("black", "white").filter(result=Result.UNKNOWN):
        if with_records:
            record = variant.sample(
                rng,
                size=discipline.board_size,
                rules=discipline.rule_set or None,
                komi=float(game.komi),
                handicap=game.handicap,
            )
            replay = replay_record(discipline=discipline, record=record, handicap=game.handicap, komi=game.komi)
            # who won: the record's outcome, or (unfinished) somebody resigned
            if replay.finished:  # stored as the live board stores the same end
                result, method = end_result(replay.outcome, replay.reason, replay.result)
            else:
                result = _strength_result(rng, game)
                method = WinMethod.RESIGNATION
            verdict = check_replay(discipline=discipline, replay=replay, result=result, method=method).as_verdict()
        else:
            record = ""
            result = _strength_result(rng, game)
            method = WinMethod.SCORE if variant is not None else WinMethod.NONE
            verdict = None
        Game.objects.filter(pk=game.pk).update(
            result=result,
            method=method,
            record=record,
            verdict=verdict,
            result_state=ResultState.CONFIRMED,
            reported_at=timezone.now(),
            updated_at=timezone.now(),
        )
        changed = True
    return changed
