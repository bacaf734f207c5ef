"""McMahon and Swiss scores, computed as OpenGotha does.

All scores are kept doubled (``x2``) so that half points stay integers.
Round indices in the arrays are 0-based: ``s.mms2[r]`` is twice the MMS after
round ``r + 1``.  :func:`crit_value` accepts index -1 ("before round 1").

Public API, over plain data:

- :func:`initial_mms` -- a player's starting McMahon score (bar, floor, zero,
  per-player correction).
- :func:`score_table` -- ``{key: PlayerScores}`` for every player and round:
  NBW, MMS, SOS/SOSOS/SODOS variants, cumulated scores.
- :func:`crit_value` -- one placement criterion (OpenGotha names) after a round.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .model import Bye, Game, GeneralParams, Player

ABSENT, NOT_ASSIGNED, PAIRED, BYE = "absent", "not assigned", "paired", "bye"


def initial_mms(player: Player, general: GeneralParams) -> int:
    """OpenGotha's ``smms``: rank - zero, clamped to [floor, bar], plus correction."""
    zero = general.mm_zero
    smms = player.rank - zero
    smms = max(smms, general.mm_floor - zero)
    smms = min(smms, general.mm_bar - zero)
    return smms + player.mms_correction


@dataclass
class PlayerScores:
    key: str
    smms: int
    rank: int
    rating: int
    participation: list[str] = field(default_factory=list)
    games: list[Game | None] = field(default_factory=list)
    nbw2: list[int] = field(default_factory=list)
    mms2: list[int] = field(default_factory=list)
    cusw2: list[int] = field(default_factory=list)
    cusm2: list[int] = field(default_factory=list)
    sosw2: list[int] = field(default_factory=list)
    soswm1_2: list[int] = field(default_factory=list)
    soswm2_2: list[int] = field(default_factory=list)
    sodosw4: list[int] = field(default_factory=list)
    sosm2: list[int] = field(default_factory=list)
    sosmm1_2: list[int] = field(default_factory=list)
    sosmm2_2: list[int] = field(default_factory=list)
    sodosm4: list[int] = field(default_factory=list)
    sososw2: list[int] = field(default_factory=list)
    sososm2: list[int] = field(default_factory=list)

    def mms(self, r: int) -> float:
        """MMS after round index r (-1: before round 1)."""
        return (2 * self.smms if r < 0 else self.mms2[r]) / 2

    def nbw(self, r: int) -> float:
        return (0 if r < 0 else self.nbw2[r]) / 2


def _minus_worst(values: list[int], total: int, r: int) -> tuple[int, int]:
    """SOS-1 and SOS-2 as OpenGotha computes them from per-round values."""
    if r == 0:
        return 0, 0
    if r == 1:
        return max(values[0], values[1]), 0
    rmin = 0
    for rr in range(1, r + 1):
        if values[rr] < values[rmin]:
            rmin = rr
    rmin2 = 1 if rmin == 0 else 0
    for rr in range(r + 1):
        if rr != rmin and values[rr] < values[rmin2]:
            rmin2 = rr
    m1 = total - values[rmin]
    return m1, m1 - values[rmin2]


def score_table(players: Iterable[Player], games: Iterable[Game], byes: Iterable[Bye],
                general: GeneralParams, rounds: int | None = None) -> dict[str, PlayerScores]:
    """Scores of every player after every round 1..rounds (OpenGotha's rules).

    A round where a player is absent gives ``mms2_absent``/``nbw2_absent``
    half-points, a bye ``mms2_bye``/``nbw2_bye``; with ``round_down_nbw_mms``
    the accumulated absent/bye points are rounded down to whole points.
    """
    players = list(players)
    games = list(games)
    byes = list(byes)
    n = rounds if rounds is not None else general.number_of_rounds
    n = max([n, 1] + [g.round for g in games] + [b.round for b in byes])
    table: dict[str, PlayerScores] = {}
    for p in players:
        s = PlayerScores(p.key, initial_mms(p, general), p.rank, p.rating)
        s.participation = [NOT_ASSIGNED if (r >= len(p.participation) or p.participation[r]) else ABSENT
                           for r in range(n)]
        s.games = [None] * n
        table[p.key] = s
    for g in games:
        for k in (g.white, g.black):
            table[k].participation[g.round - 1] = PAIRED
            table[k].games[g.round - 1] = g
    for b in byes:
        if b.player in table:
            table[b.player].participation[b.round - 1] = BYE

    # game points, cumulated
    for s in table.values():
        nb = 0
        mm = 2 * s.smms
        for r in range(n):
            g = s.games[r]
            if g is not None:
                pts = g.result.points_x2(g.white == s.key)
                nb += pts
                mm += pts
            s.nbw2.append(nb)
            s.mms2.append(mm)
    # absent and bye points
    for s in table.values():
        nbw_ab = mms_ab = 0
        for r in range(n):
            if s.participation[r] == ABSENT:
                nbw_ab += general.nbw2_absent
                mms_ab += general.mms2_absent
            elif s.participation[r] == BYE:
                nbw_ab += general.nbw2_bye
                mms_ab += general.mms2_bye
            a, b = nbw_ab, mms_ab
            if general.round_down_nbw_mms:
                a, b = (a // 2) * 2, (b // 2) * 2
            s.nbw2[r] += a
            s.mms2[r] += b
    for s in table.values():
        cw = cm = 0
        for r in range(n):
            cw += s.nbw2[r]
            cm += s.mms2[r]
            s.cusw2.append(cw)
            s.cusm2.append(cm)
    # SOS family
    for r in range(n):
        for s in table.values():
            osw = [0] * (r + 1)
            dosw = [0] * (r + 1)
            osm = [0] * (r + 1)
            dosm = [0] * (r + 1)
            for rr in range(r + 1):
                if s.participation[rr] != PAIRED:
                    osm[rr] = 2 * s.smms
                    continue
                g = s.games[rr]
                opp = table[g.opponent(s.key)]
                white = g.white == s.key
                res = g.result.points_x2(white)
                osw[rr] = opp.nbw2[r]
                dosw[rr] = osw[rr] * res
                osm[rr] = opp.mms2[r] + (2 * g.handicap if white else -2 * g.handicap)
                dosm[rr] = osm[rr] * res
            s.sosw2.append(sum(osw))
            s.sodosw4.append(sum(dosw))
            m1, m2 = _minus_worst(osw, s.sosw2[r], r)
            s.soswm1_2.append(m1)
            s.soswm2_2.append(m2)
            s.sosm2.append(sum(osm))
            s.sodosm4.append(sum(dosm))
            m1, m2 = _minus_worst(osm, s.sosm2[r], r)
            s.sosmm1_2.append(m1)
            s.sosmm2_2.append(m2)
    for r in range(n):
        for s in table.values():
            ssw = ssm = 0
            for rr in range(r + 1):
                if s.participation[rr] != PAIRED:
                    ssm += 2 * s.smms * (r + 1)
                    continue
                opp = table[s.games[rr].opponent(s.key)]
                ssw += opp.sosw2[r]
                ssm += opp.sosm2[r]
            s.sososw2.append(ssw)
            s.sososm2.append(ssm)
    return table


_CRIT_ATTR = {
    "NBW": "nbw2", "MMS": "mms2", "CUSSW": "cusw2", "CUSSM": "cusm2",
    "SOSW": "sosw2", "SOSWM1": "soswm1_2", "SOSWM2": "soswm2_2", "SODOSW": "sodosw4",
    "SOSM": "sosm2", "SOSMM1": "sosmm1_2", "SOSMM2": "sosmm2_2", "SODOSM": "sodosm4",
    "SOSOSW": "sososw2", "SOSOSM": "sososm2",
}


def crit_value(s: PlayerScores, crit: str, r: int) -> int:
    """Value (doubled, as OpenGotha compares them) of a criterion after round index r."""
    if crit == "RATING":
        return s.rating
    if crit == "RANK":
        return s.rank
    if crit in ("NULL", "", None):
        return 0
    if r < 0:
        return 2 * s.smms if crit in ("MMS", "CUSSM") else 0
    attr = _CRIT_ATTR.get(crit)
    if attr is None:
        return 0
    return getattr(s, attr)[r]
