"""Choosing the bye player, as OpenGotha does.

Every candidate gets a weight, 1000 for each bye already received plus
- McMahon: rank + twice the MMS before the round (OpenGotha 3.5x);
- Swiss: rank + 40 x the number of wins (OpenGotha 3.51 and pairgoth),
and the lowest weight gets the bye.  On equal weights OpenGotha keeps the
last candidate it looked at; it visits them in the order of its pairing list
(the standings before the round, then name), which the caller gives.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from .model import Player
from .scores import PlayerScores

#: How a bye's weight was made: rank + twice the McMahon score, rank + 40 per win, or not at all (the
#: director gave the bye by hand). The explanation words the formula the choice used (:mod:`.explain`).
Formula = Literal["mcmahon", "wins", "hand"]


@dataclass(frozen=True)
class ByeChoice:
    player: str
    weight: int
    reason: str
    runners_up: tuple[tuple[str, int], ...] = ()
    formula: Formula = "hand"


def given_by_hand(player: str) -> ByeChoice:
    """The bye the director gave ``player``: no weight was compared."""
    return ByeChoice(player, 0, "bye given by hand", formula="hand")


def bye_weight(rank: int, score2_before: int, previous_byes: int, mcmahon: bool = True) -> int:
    """score2_before: twice the MMS (McMahon) or twice the wins (Swiss)."""
    score_part = score2_before if mcmahon else 20 * score2_before
    return rank + score_part + 1000 * previous_byes


def choose_bye(
    candidates: Iterable[Player],
    scores: dict[str, PlayerScores],
    byes_so_far: dict[str, int],
    round_index: int,
    mcmahon: bool = True,
) -> ByeChoice:
    """candidates: Players in OpenGotha's list order (at least one). round_index: OpenGotha's 0-based round."""
    ordered = list(candidates)
    best: tuple[Player, int] | None = None
    weights = []
    for p in ordered:
        s = scores[p.key]
        if mcmahon:
            score2 = 2 * s.smms if round_index == 0 else s.mms2[round_index - 1]
        else:
            score2 = 0 if round_index == 0 else s.nbw2[round_index - 1]
        w = bye_weight(p.rank, score2, byes_so_far.get(p.key, 0), mcmahon)
        weights.append((p.key, w))
        if best is None or w <= best[1]:
            best = (p, w)
    if best is None:
        raise ValueError("no candidate for the bye")
    p, w = best
    n = byes_so_far.get(p.key, 0)
    if mcmahon:
        part = f"2 x MMS {(w - p.rank - 1000 * n) / 2:g}"
    else:
        part = f"40 x wins {(w - p.rank - 1000 * n) / 40:g}"
    reason = (
        f"lowest bye weight {w} = rank {p.rank} + {part}"
        + (f" + 1000 x {n} earlier bye(s)" if n else "")
        + "; ties go to the last of them in the standings before the round"
    )
    others = tuple(sorted((kw for kw in weights if kw[0] != p.key), key=lambda kw: kw[1])[:3])
    return ByeChoice(p.key, w, reason, others, formula="mcmahon" if mcmahon else "wins")
