"""The players' scores over a set of rounds, from the one scoring of the project.

The scores are OpenGotha's (:mod:`tournament.pairing.scores`, which the
pairing uses too): this module only lays the standings' plain data (entrants
by id, the chosen rounds) onto it and wraps each player's scores for the
criteria (:mod:`.criteria`), the ranking and the crosstable. A set of rounds
(all rounds, or one discipline's) is scored as a tournament of its own, its
rounds numbered 1..n in order; a round of the set without any game still
counts, as in OpenGotha (SOSM adds the player's starting score for it).

A player's round is one of ``PAIRED`` (has a game, whatever its result),
``BYE``, ``ABSENT`` (registered as not playing that round) or ``NONE``
(present but neither paired nor given a bye).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from tournament.pairing import model as pm
from tournament.pairing import scores as og

from .model import Entrant, Game, PlayerId, TournamentData

#: A player's round in the standings (module docstring).
Participation = Literal["paired", "bye", "absent", "none"]
PAIRED: Final = og.PAIRED
BYE: Final = og.BYE
ABSENT: Final = og.ABSENT
NONE: Final = "none"


@dataclass
class Scores:
    entrant: Entrant
    og: og.PlayerScores
    participation: list[Participation]
    games: list[Game | None]
    dc: int = 0
    sdc: int = 0

    @property
    def id(self) -> PlayerId:
        return self.entrant.id

    @property
    def last(self) -> int:
        return len(self.participation) - 1

    def value(self, criterion: str) -> int:
        """An OpenGotha criterion after the last round (doubled as OpenGotha keeps it)."""
        if criterion == "DC":
            return self.dc
        if criterion == "SDC":
            return self.sdc
        return og.crit_value(self.og, criterion, self.last)

    @property
    def smms_x2(self) -> int:
        return 2 * self.og.smms

    @property
    def nbw(self) -> int:
        return self.value("NBW")

    @property
    def mms(self) -> int:
        return self.value("MMS")

    @property
    def took_part(self) -> bool:
        """Has a game or a bye in one of the rounds (OpenGotha's "implied")."""
        return any(p in (PAIRED, BYE) for p in self.participation)


def plain_player(e: Entrant, rounds: Sequence[int]) -> pm.Player:
    """The entrant as the scoring's player over ``rounds``, keyed by :func:`plain_key` (present in every
    round without an absence: rounds past the player's participation count as present)."""
    return pm.player_from(
        e, plain_key(e.id), tuple(r not in e.absent_rounds for r in rounds) if e.absent_rounds else ()
    )


def plain_key(player: PlayerId) -> str:
    """A player's key in the scoring (the pairing's keys are text: ``str(id)``, as the site pairs)."""
    return str(player)


def compute_scores(
    data: TournamentData, rounds: Sequence[int], entrants: Sequence[Entrant] | None = None
) -> dict[PlayerId, Scores]:
    """Scores of ``entrants`` (default: all) after the given rounds, in order."""
    rounds = sorted(rounds)
    index = {number: i for i, number in enumerate(rounds)}
    n = len(rounds)
    chosen = list(entrants if entrants is not None else data.entrants)
    ids = {e.id for e in chosen}
    games = [g for g in data.games if g.round in index and g.black in ids and g.white in ids]
    result_of, key = pm.RESULT_OF_CODE, plain_key
    # positional: pm.Game(round, white, black, handicap, result, by_default), a congress's thousands of them
    plain_games = [
        pm.Game(index[g.round] + 1, key(g.white), key(g.black), g.handicap, result_of[g.result], g.by_default)
        for g in games
    ]
    byes = [
        pm.Bye(round=index[b.round] + 1, player=plain_key(b.player))
        for b in data.byes
        if b.round in index and b.player in ids
    ]
    table = og.score_table(
        [plain_player(e, rounds) for e in chosen], plain_games, byes, data.settings.general, max(n, 1)
    )
    out: dict[PlayerId, Scores] = {}
    for e in chosen:
        s = table[plain_key(e.id)]
        out[e.id] = Scores(
            entrant=e,
            og=s,
            participation=[NONE if p == og.NOT_ASSIGNED else p for p in s.participation[:n]],
            games=[None] * n,
        )
    for g in games:
        i = index[g.round]
        for pid in (g.black, g.white):
            if out[pid].participation[i] == PAIRED:
                out[pid].games[i] = g
    return out
