"""A preview of each player's EGD rating (GoR) change, as the EGD computes it from the results file.

The EGD's current formula (in use since 2021, the whole database recomputed with it; described on
https://www.europeangodatabase.eu/EGD/EGF_rating_system.php). For one game of a player rated ``r``
against an opponent rated ``r2``::

    change = con(r) * (Sa - Se) + bonus(r)
    con(r)   = ((3300 - r) / 200) ** 1.6            how far one game moves the rating
    bonus(r) = ln(1 + exp((2300 - r) / 80)) / 5     against deflation (large for weak players only)
    Se       = 1 / (1 + exp(beta(r2) - beta(r)))    the expected result (Bradley-Terry)
    beta(r)  = -7 * ln(3300 - r)

``Sa`` is 1 for a win, 0.5 for jigo, 0 for a loss. In a handicap game the receiver (Black) counts as
``100 * (h - 0.5)`` points stronger, for ``Se`` only (con and bonus take the player's own rating).
The tournament's class weighs the whole change: A 1.0, B 0.75, C 0.5, D 0.25 (the EGF's tournament
classes; a class X tournament is not rated).

What the EGD rates is what the results file (:mod:`tournament.files.h9`) tells it, so the preview
reads the same standings the file is written from: every game with a result; not a bye, an absence,
a game without a result yet, nor a game won or lost by default (the file marks it ``!``, and the EGD
does not rate it). Every game of the tournament counts from the ratings before it (the EGD rates a
tournament as one event); a player without a rating starts from the rating of their rank
(:func:`tournament.ranks.rating_from_rank`: 1d is 2100, 100 points a grade), as the EGD starts a
new player (a professional: 1p = 2700, 30 points a grade). The EGD's bottom is -900.

Pure: plain data in (:class:`tournament.standings.model.Standings`), plain data out.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

from tournament.ranks import rating_from_rank
from tournament.standings.model import PlayerId, Standings

#: The EGF's tournament classes and how much of the change each counts.
CLASS_WEIGHTS = {"A": 1.0, "B": 0.75, "C": 0.5, "D": 0.25}
#: The EGD resets a rating below this to it.
MIN_GOR = -900
#: The highest rating the formula takes (``beta`` needs one below 3300).
MAX_GOR = 3299
#: ``1p`` as :mod:`tournament.ranks` counts it.
PRO_1P = 9
#: Sa of a game's outcome in the standings (:data:`tournament.result_codes.Outcome`); "?" is not rated.
SCORES = {"+": 1.0, "=": 0.5, "-": 0.0}


def con(rating: float) -> float:
    return float(((3300 - rating) / 200) ** 1.6)


def bonus(rating: float) -> float:
    return math.log1p(math.exp((2300 - rating) / 80)) / 5


def beta(rating: float) -> float:
    return -7 * math.log(3300 - rating)


def handicap_raise(handicap: int) -> float:
    """How much stronger the handicap receiver counts for the expected result (none in an even game)."""
    return 100 * (handicap - 0.5) if handicap > 0 else 0.0


def expected(rating: float, opponent: float, *, handicap: int = 0, receiver: bool = False) -> float:
    """Se: the chance that the player rated ``rating`` wins. With a handicap, ``receiver`` says
    whether this player received it (else the opponent did)."""
    lift = handicap_raise(handicap)
    mine, theirs = (rating + lift, opponent) if receiver else (rating, opponent + lift)
    mine, theirs = min(mine, MAX_GOR), min(theirs, MAX_GOR)  # a strong receiver stays where beta holds
    return 1 / (1 + math.exp(beta(theirs) - beta(mine)))


def game_change(
    rating: float, opponent: float, score: float, *, handicap: int = 0, receiver: bool = False, weight: float = 1.0
) -> float:
    """The change of one game's result ``score`` (Sa), weighted by the class's ``weight``."""
    se = expected(rating, opponent, handicap=handicap, receiver=receiver)
    return weight * (con(rating) * (score - se) + bonus(rating))


def starting_rating(rating: int | None, rank: int) -> int:
    """The rating a player starts the tournament with: their own, else their rank's (a professional's on
    the EGD's scale: 1p = 7d = 2700, 30 points a grade, 9p = 2940); from -900 to 3299, where the formula
    holds (``beta`` needs a rating below 3300)."""
    if rating is None:
        rating = 2700 + 30 * (rank - PRO_1P) if rank >= PRO_1P else rating_from_rank(rank)
    return max(MIN_GOR, min(MAX_GOR, rating))


@dataclass(frozen=True)
class RatedGame:
    round: int
    opponent: PlayerId
    opponent_rating: int
    score: float
    handicap: int
    receiver: bool
    change: float


@dataclass(frozen=True)
class Preview:
    player: PlayerId
    #: The rating the tournament starts from, and whether it is the rank's (no rating of their own).
    rating: int
    from_rank: bool
    games: tuple[RatedGame, ...]

    @property
    def change(self) -> float:
        return sum(g.change for g in self.games)

    @property
    def new_rating(self) -> float:
        return max(MIN_GOR, self.rating + self.change)

    def after_round(self, number: int) -> float:
        """The change of the games up to and including round ``number``."""
        return sum(g.change for g in self.games if g.round <= number)


def weight_of(tournament_class: str) -> float | None:
    """The weight of an EGF class (``"A"`` .. ``"D"``); None for a class the EGD does not rate."""
    return CLASS_WEIGHTS.get((tournament_class or "").strip().upper())


def preview(standings: Standings, *, weight: float, rounds: Collection[int] | None = None) -> dict[PlayerId, Preview]:
    """Each listed player's rated games and change over ``rounds`` (every round of the standings if
    None), weighted by ``weight`` (:func:`weight_of`)."""
    counted = set(standings.rounds if rounds is None else rounds)
    start = {row.entrant.id: starting_rating(row.entrant.rating, row.entrant.rank) for row in standings.rows}
    out: dict[PlayerId, Preview] = {}
    for row in standings.rows:
        e = row.entrant
        mine = start[e.id]
        games = []
        for cell in row.cells:
            opponent = cell.opponent
            if cell.kind != "game" or cell.by_default or cell.round not in counted or opponent is None:
                continue
            score = SCORES.get(cell.outcome)
            theirs = start.get(opponent)
            if score is None or theirs is None:
                continue
            receiver = cell.colour == "b"
            change = game_change(mine, theirs, score, handicap=cell.handicap, receiver=receiver, weight=weight)
            games.append(RatedGame(cell.round, opponent, theirs, score, cell.handicap, receiver, change))
        out[e.id] = Preview(e.id, mine, e.rating is None, tuple(games))
    return out


def format_change(value: float) -> str:
    """``+9.3``, ``-4.1``, ``0.0``: one decimal with its sign, as the EGD lists changes."""
    text = f"{value:+.1f}"
    return "0.0" if text in ("+0.0", "-0.0") else text


__all__ = [
    "CLASS_WEIGHTS",
    "Preview",
    "RatedGame",
    "bonus",
    "con",
    "expected",
    "format_change",
    "game_change",
    "preview",
    "starting_rating",
    "weight_of",
]
