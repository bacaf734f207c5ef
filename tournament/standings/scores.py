"""Base scores of every player over a set of rounds, as OpenGotha computes them.

Everything is doubled (``*_x2``; SODOS quadrupled) so half points stay
integers.  A player's round is one of ``PAIRED`` (has a game, whatever its
result), ``BYE``, ``ABSENT`` (registered as not playing that round) or
``NONE`` (present but neither paired nor given a bye).

OpenGotha's rules for rounds without a game (``Tournament.java``,
``fillBaseScoringInfoIfNecessary``):

- a bye gives the bye points, an absence the absence points, to both the
  number of wins and the McMahon score (with ``round_down``, their running
  sum counts in whole points only); an unassigned round gives nothing;
- in the *wins* family (SOS, SOS-1, SOS-2, SODOS, SOSOS) such a round adds
  nothing;
- in the *McMahon* family it counts as a virtual opponent with the player's
  own initial McMahon score: SOSM adds ``smms``, SOSOSM adds ``smms`` times
  the number of rounds, SODOSM nothing (nobody was beaten);
- the opponent's score in SOSM is corrected by the handicap: White adds it,
  Black subtracts it;
- SOS-1 and SOS-2 drop the one or two lowest per-round values (with two
  rounds, SOS-1 is the better of the two and SOS-2 is 0; with one round both
  are 0).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from .model import Entrant, Game, TournamentData

PAIRED, BYE, ABSENT, NONE = "paired", "bye", "absent", "none"


@dataclass
class Scores:
    entrant: Entrant
    smms_x2: int
    participation: list[str]
    games: list[Game | None]
    nbw_x2: list[int] = field(default_factory=list)  # cumulative, per round
    mms_x2: list[int] = field(default_factory=list)
    cussw_x2: int = 0
    cussm_x2: int = 0
    sosw_x2: int = 0
    soswm1_x2: int = 0
    soswm2_x2: int = 0
    sodosw_x4: int = 0
    sosm_x2: int = 0
    sosmm1_x2: int = 0
    sosmm2_x2: int = 0
    sodosm_x4: int = 0
    sososw_x2: int = 0
    sososm_x2: int = 0
    dc: int = 0

    @property
    def id(self) -> int:
        return self.entrant.id

    @property
    def nbw(self) -> int:
        return self.nbw_x2[-1] if self.nbw_x2 else 0

    @property
    def mms(self) -> int:
        return self.mms_x2[-1] if self.mms_x2 else self.smms_x2

    @property
    def took_part(self) -> bool:
        return any(p in (PAIRED, BYE) for p in self.participation)


def minus_worst(values: Sequence[int]) -> tuple[int, int]:
    """SOS-1 and SOS-2 from per-round values, OpenGotha's way."""
    n = len(values)
    if n <= 1:
        return 0, 0
    if n == 2:
        return max(values), 0
    ordered = sorted(values)
    total = sum(values)
    return total - ordered[0], total - ordered[0] - ordered[1]


def compute_scores(data: TournamentData, rounds: Sequence[int],
                   entrants: Sequence[Entrant] | None = None) -> dict[int, Scores]:
    """Scores of ``entrants`` (default: all) after the given rounds, in order."""
    rounds = list(rounds)
    index = {number: i for i, number in enumerate(rounds)}
    n = len(rounds)
    settings = data.settings
    table: dict[int, Scores] = {}
    for e in entrants if entrants is not None else data.entrants:
        table[e.id] = Scores(
            entrant=e,
            smms_x2=2 * e.initial_mms,
            participation=[ABSENT if r in e.absent_rounds else NONE for r in rounds],
            games=[None] * n,
        )
    for g in data.games:
        i = index.get(g.round)
        if i is None:
            continue
        for pid in (g.black, g.white):
            s = table.get(pid)
            if s is not None:
                s.participation[i] = PAIRED
                s.games[i] = g
    for b in data.byes:
        i = index.get(b.round)
        s = table.get(b.player)
        if i is not None and s is not None and s.participation[i] != PAIRED:
            s.participation[i] = BYE

    for s in table.values():
        nbw = 0
        mms = s.smms_x2
        cw = cm = 0
        pid = s.entrant.id
        extra = 0  # bye and absence points so far
        for i in range(n):
            part = s.participation[i]
            if part == PAIRED:
                pts = s.games[i].points_x2(pid)
                nbw += pts
                mms += pts
            elif part == BYE:
                extra += settings.bye_points_x2
            elif part == ABSENT:
                extra += settings.absence_points_x2
            counted = (extra // 2) * 2 if settings.round_down else extra
            s.nbw_x2.append(nbw + counted)
            s.mms_x2.append(mms + counted)
            cw += nbw + counted
            cm += mms + counted
        s.cussw_x2, s.cussm_x2 = cw, cm

    for s in table.values():
        pid = s.entrant.id
        osw = [0] * n
        osm = [s.smms_x2] * n
        sodosw = sodosm = 0
        for i in range(n):
            g = s.games[i]
            if s.participation[i] != PAIRED:
                continue
            opp = table.get(g.opponent(pid))
            if opp is None:
                osm[i] = 0
                continue
            result = g.points_x2(pid)
            osw[i] = opp.nbw
            hd = 2 * g.handicap
            osm[i] = opp.mms + (hd if g.white == pid else -hd)
            sodosw += osw[i] * result
            sodosm += osm[i] * result
        s.sosw_x2 = sum(osw)
        s.soswm1_x2, s.soswm2_x2 = minus_worst(osw)
        s.sodosw_x4 = sodosw
        s.sosm_x2 = sum(osm)
        s.sosmm1_x2, s.sosmm2_x2 = minus_worst(osm)
        s.sodosm_x4 = sodosm

    for s in table.values():
        pid = s.entrant.id
        ssw = ssm = 0
        for i in range(n):
            if s.participation[i] != PAIRED:
                ssm += s.smms_x2 * n
                continue
            opp = table.get(s.games[i].opponent(pid))
            if opp is not None:
                ssw += opp.sosw_x2
                ssm += opp.sosm_x2
        s.sososw_x2, s.sososm_x2 = ssw, ssm
    return table
