"""Results and legal game records for the demo tournament's rounds.

Records are made by playing random legal moves through the rules engines in
``games/`` (the same ones that check submitted records), so every demo record
replays as legal. Results of disciplines without a validator are drawn by
the players' strength.
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils import timezone

from games import keima, ninuki, volt
from games.coords import Point
from tournament.models import Game, Round
from tournament.models.discipline import DisciplineKind
from tournament.models.game import ResultState, WinMethod
from tournament.services.records import check_claim, replay_record


def ninuki_record(rng: random.Random, rule_set: str, size: int, max_moves: int = 90) -> str:
    """A random legal Ninuki game, played near the centre so that it gets somewhere."""
    board = ninuki.Board(ninuki.RuleSet.preset(rule_set).replace(size=size))
    centre = size // 2
    moves: list[str] = []
    radius = 3
    while not board.is_game_over() and len(moves) < max_moves:
        if not moves:
            point = Point(centre, centre)
        else:
            near = [
                Point(x, y)
                for x in range(max(0, centre - radius), min(size, centre + radius + 1))
                for y in range(max(0, centre - radius), min(size, centre + radius + 1))
            ]
            rng.shuffle(near)
            point = next((p for p in near if board.is_legal(p)), None)
            if point is None:
                radius += 1
                continue
        board.push(point)
        moves.append(str(point))
    return " ".join(moves)


def go_family_record(rng: random.Random, game_class, size: int, komi: float, handicap: int, stones: int = 40) -> str:
    """A random legal Keima-Go or 1000-Volt-Go game ended by two passes."""
    game = game_class(size=size, komi=komi, handicap=handicap)
    names: list[str] = []
    passes_needed = False
    while not game.is_over():
        at_turn_start = getattr(game, "half_turn", None) is None and not game.in_handicap
        if at_turn_start and (passes_needed or len(names) >= stones):
            game.play(None)
            names.append("pass")
            passes_needed = True
            continue
        candidates = game.legal_points()
        rng.shuffle(candidates)
        chosen = None
        for p in candidates:
            trial = game.copy()
            trial.play_point(p)
            # Keima-Go: the first stone of a turn needs a partner.
            if getattr(trial, "half_turn", None) is not None and not trial.legal_points():
                continue
            chosen = p
            break
        if chosen is None:
            if at_turn_start:
                game.play(None)
                names.append("pass")
                continue
            raise RuntimeError("no legal second stone")  # excluded by the look-ahead above
        game.play_point(chosen)
        names.append(game.point_name(chosen))
    return " ".join(names)


#: The validators' reasons for the end of a game, as the way it was won.
_METHODS = {"five": WinMethod.FIVE, "captures": WinMethod.CAPTURES, "double-pass": WinMethod.SCORE}


def _strength_result(rng: random.Random, game: Game) -> str:
    """Black wins more often the stronger Black is after handicap."""
    diff = game.black.rank - game.white.rank + game.handicap
    p_black = min(0.9, max(0.1, 0.5 + 0.08 * diff))
    return "B" if rng.random() < p_black else "W"


@transaction.atomic
def play_round_results(round_: Round, rng: random.Random) -> bool:
    """Give every game of the round without a result a confirmed one; True if any changed."""
    discipline = round_.discipline
    changed = False
    for game in round_.games.select_related("black", "white").filter(result="?"):
        record = ""
        method = WinMethod.SCORE
        if discipline.kind == DisciplineKind.NINUKI:
            record = ninuki_record(rng, discipline.rule_set or "hannover", discipline.board_size)
        elif discipline.kind == DisciplineKind.KEIMA:
            record = go_family_record(rng, keima.KeimaGame, discipline.board_size, float(game.komi), game.handicap, stones=36)
        elif discipline.kind == DisciplineKind.VOLT:
            record = go_family_record(rng, volt.VoltGame, discipline.board_size, float(game.komi), game.handicap, stones=30)
        if record:
            replay = replay_record(discipline=discipline, record=record, handicap=game.handicap, komi=game.komi)
            if replay.winner in ("B", "W", "D"):
                result = replay.winner
                method = _METHODS.get(replay.reason, WinMethod.SCORE)
            else:  # unfinished: somebody resigned
                result = _strength_result(rng, game)
                method = WinMethod.RESIGNATION
            verdict = check_claim(
                discipline=discipline, record=record, result=result, method=method,
                handicap=game.handicap, komi=game.komi,
            ).as_verdict()
        else:
            result = _strength_result(rng, game)
            method = WinMethod.SCORE if discipline.kind != DisciplineKind.OTHER else WinMethod.NONE
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
