"""OpenGotha's scores, the one scoring of the project (pairing, standings, PDFs, exports).

A transcription of OpenGotha 3.51.02's ``Tournament.fillBaseScoringInfoIfNecessary``
over plain data; the recorded answers of OpenGotha itself
(``tests/pairing/opengotha/oracle_answers``) are the test. All scores are kept doubled
(``x2``; SODOS quadrupled) so that half points stay integers. Round indices in
the arrays are 0-based: ``s.mms2[r]`` is twice the MMS after round ``r + 1``;
:func:`crit_value` accepts index -1 ("before round 1").

A player's round is ``PAIRED`` (a game, whatever its result), ``BYE``,
``ABSENT`` (registered as not playing) or ``NOT_ASSIGNED`` (present, neither).

- Points: a game gives its result's points (a game won by default too); an
  absent round ``nbw2_absent``/``mms2_absent``, a bye ``nbw2_bye``/``mms2_bye``,
  to NBW and MMS separately; with ``round_down_nbw_mms`` their running sum counts
  in whole points only.
- CPS (the Cup score) doubles each round before adding the round's points.
- STS (Strasbourg) is the MMS plus 2 points per round from the third-to-last
  round on for a player with every possible point there.
- With ``count_not_played_as_half`` the SOS family reads the opponents'
  "virtual" scores: real games' results only, and half a point for every round
  without a played game (none, unknown result or by default).
- SOSW family: a round without a game adds 0. SOSM family: it adds the
  player's own starting MMS (SOSOSM: that times the number of rounds so far);
  an opponent's MMS is corrected by the handicap (White adds it, Black
  subtracts it).
- SOS-1/-2: with one round both are 0, with two SOS-1 is the better one;
  OpenGotha 3.51.02 leaves SOSM-1 and SOSM-2 at 0 until the third round.
- EXT/EXR (exploits): the opponent's NBW times 0-3 by how much the handicap
  given exceeded the rank difference; EXR counts won games only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final, Literal

from . import categories
from .criteria import TABLE, canonical
from .model import Bye, Game, GeneralParams, Player, Result

#: A player's round (module docstring).
Participation = Literal["absent", "not assigned", "paired", "bye"]
ABSENT: Final = "absent"
NOT_ASSIGNED: Final = "not assigned"
PAIRED: Final = "paired"
BYE: Final = "bye"


def initial_mms(player: Player, general: GeneralParams) -> int:
    """OpenGotha's ``smms``: rank - zero, clamped to [floor, bar], plus correction."""
    zero = general.mm_zero
    smms = player.rank - zero
    smms = max(smms, general.mm_floor - zero)
    smms = min(smms, general.mm_bar - zero)
    return smms + player.mms_correction


def category(rank: int, general: GeneralParams) -> int:
    """OpenGotha's ``Player.category``: 0 is the strongest category."""
    if general.number_of_categories <= 1:
        return 0
    return categories.number(rank, general.lower_category_limits)


@dataclass
class PlayerScores:
    key: str
    smms: int
    rank: int
    rating: int
    category: int = 0
    participation: list[Participation] = field(default_factory=list)
    games: list[Game | None] = field(default_factory=list)
    nbw2: list[int] = field(default_factory=list)
    mms2: list[int] = field(default_factory=list)
    cps2: list[int] = field(default_factory=list)
    sts2: list[int] = field(default_factory=list)
    nbwv2: list[int] = field(default_factory=list)
    mmsv2: list[int] = field(default_factory=list)
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
    sosts2: list[int] = field(default_factory=list)
    sososw2: list[int] = field(default_factory=list)
    sososm2: list[int] = field(default_factory=list)
    ext2: list[int] = field(default_factory=list)
    exr2: list[int] = field(default_factory=list)

    def mms(self, r: int) -> float:
        """MMS after round index r (-1: before round 1)."""
        return (2 * self.smms if r < 0 else self.mms2[r]) / 2

    def nbw(self, r: int) -> float:
        return (0 if r < 0 else self.nbw2[r]) / 2

    @property
    def took_part(self) -> bool:
        """OpenGotha's "implied": the player has a game or a bye in some round."""
        return any(p in (PAIRED, BYE) for p in self.participation) or any(self.games)


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


def _played(g: Game) -> bool:
    """OpenGotha's ``gameWasPlayed``: a known result, not by default."""
    return g.result is not Result.UNKNOWN and not g.by_default


def score_table(  # noqa: C901
    players: Iterable[Player],
    games: Iterable[Game],
    byes: Iterable[Bye],
    general: GeneralParams,
    rounds: int | None = None,
    *,
    opponents: bool = True,
) -> dict[str, PlayerScores]:
    """Scores of every player after every round 1..rounds (OpenGotha's rules, module doc).

    ``rounds`` defaults to the tournament's number of rounds; rounds with games
    or byes beyond it are computed too. ``opponents=False`` leaves out the
    criteria made of the opponents' scores (SOS, SOSOS, SODOS, EXT, EXR...:
    their lists stay empty), most of the work: what checking a pairing needs.
    """
    players = list(players)
    games = list(games)
    byes = list(byes)
    n = rounds if rounds is not None else general.number_of_rounds
    n = max([n, 1] + [game.round for game in games] + [bye.round for bye in byes])
    table: dict[str, PlayerScores] = {}
    for p in players:
        s = PlayerScores(p.key, initial_mms(p, general), p.rank, p.rating, category(p.rank, general))
        s.participation = [
            NOT_ASSIGNED if (r >= len(p.participation) or p.participation[r]) else ABSENT for r in range(n)
        ]
        s.games = [None] * n
        table[p.key] = s
    for game in games:
        for k in (game.white, game.black):
            table[k].participation[game.round - 1] = PAIRED
            table[k].games[game.round - 1] = game
    for bye in byes:
        if bye.player in table:
            table[bye.player].participation[bye.round - 1] = BYE

    nbw_ab_step: dict[Participation, int] = {ABSENT: general.nbw2_absent, BYE: general.nbw2_bye}
    mms_ab_step: dict[Participation, int] = {ABSENT: general.mms2_absent, BYE: general.mms2_bye}
    round_down = general.round_down_nbw_mms
    nb_rounds = general.number_of_rounds
    top = 2 * (30 + general.mm_bar)
    for s in table.values():
        nb = cp = nbv = 0
        mm = mmv = 2 * s.smms
        nbw_ab = mms_ab = unplayed = 0
        cw = cm = 0
        for r in range(n):
            g = s.games[r]
            cp *= 2
            if g is not None:
                pts = g.result.points_x2(g.white == s.key)
                nb += pts
                cp += pts
                mm += pts
                if _played(g):
                    nbv += pts
                    mmv += pts
                else:
                    unplayed += 1
            else:
                unplayed += 1
            part = s.participation[r]
            nbw_ab += nbw_ab_step.get(part, 0)
            mms_ab += mms_ab_step.get(part, 0)
            a, b = (nbw_ab // 2 * 2, mms_ab // 2 * 2) if round_down else (nbw_ab, mms_ab)
            s.nbw2.append(nb + a)
            s.cps2.append(cp + a)
            s.mms2.append(mm + b)
            s.nbwv2.append(nbv + unplayed)
            s.mmsv2.append(mmv + unplayed)
            cw += nb + a
            cm += mm + b
            s.cusw2.append(cw)
            s.cusm2.append(cm)
        sts = list(s.mms2)
        for start, last in ((nb_rounds - 3, nb_rounds - 2), (nb_rounds - 2, nb_rounds - 1)):
            value = s.mms2[start] if 0 <= start < n else 0
            if value == top + 2 * last:
                for i in range(start, nb_rounds):
                    if 0 <= i < n:
                        sts[i] += 4
        s.sts2 = sts

    if not opponents:
        return table
    virtual = general.count_not_played_as_half
    # What every round's game is for the player, whatever the round the scores are taken after: the
    # opponent, the points (doubled), the handicap's effect; None for a round without a game.
    # Worked out once here, not once per later round (the loops below are rounds x rounds).
    links: dict[str, list[tuple[PlayerScores, int, int, int] | None]] = {}
    for s in table.values():
        mine: list[tuple[PlayerScores, int, int, int] | None] = []
        for rr in range(n):
            g = s.games[rr]
            if g is None or s.participation[rr] != PAIRED:  # (a PAIRED round has its game)
                mine.append(None)
                continue
            opp = table[g.opponent(s.key)]
            white = g.white == s.key
            hd = 2 * g.handicap if white else -2 * g.handicap
            excess = (g.handicap if white else -g.handicap) - (s.rank - opp.rank)
            coef = 0 if excess < 0 else min(excess + 1, 3)
            mine.append((opp, g.result.points_x2(white), hd, coef))
        links[s.key] = mine
    # Player by player (each player's lists are appended round by round, and read only the opponents'
    # first lists, complete by now): the opponent's lists this tournament reads picked once per game.
    for s in table.values():
        start = 2 * s.smms
        sides: list[tuple[list[int], list[int], list[int] | None, list[int], int, int, int] | None] = [
            None
            if link is None
            else (
                link[0].nbwv2 if virtual else link[0].nbw2,
                link[0].mmsv2 if virtual else link[0].mms2,
                None if virtual else link[0].sts2,  # OpenGotha 3.51.02 never fills the virtual STS: it reads 0
                link[0].nbw2,
                link[1],
                link[2],
                link[3],
            )
            for link in links[s.key]
        ]
        for r in range(n):
            osw: list[int] = []
            osm: list[int] = []
            sodosw = sodosm = sosts = ext = exr = 0
            for side in sides[: r + 1]:
                if side is None:
                    osw.append(0)
                    osm.append(start)
                    sosts += start
                    continue
                wins, mms, opp_sts, nbw, res, hd, coef = side
                w = wins[r]
                m = mms[r] + hd
                osw.append(w)
                osm.append(m)
                sodosw += w * res
                sodosm += m * res
                sosts += (0 if opp_sts is None else opp_sts[r]) + hd
                if coef:
                    e = nbw[r] * coef
                    ext += e
                    if res == 2:
                        exr += e
            total = sum(osw)
            s.sosw2.append(total)
            s.sodosw4.append(sodosw)
            m1, m2 = _minus_worst(osw, total, r)
            s.soswm1_2.append(m1)
            s.soswm2_2.append(m2)
            total = sum(osm)
            s.sosm2.append(total)
            s.sodosm4.append(sodosm)
            s.sosts2.append(sosts)
            m1, m2 = _minus_worst(osm, total, r) if r >= 2 else (0, 0)
            s.sosmm1_2.append(m1)
            s.sosmm2_2.append(m2)
            s.ext2.append(ext)
            s.exr2.append(exr)
    for r in range(n):
        for s in table.values():
            ssw = ssm = 0
            for link in links[s.key][: r + 1]:
                if link is None:
                    ssm += 2 * s.smms * (r + 1)
                    continue
                ssw += link[0].sosw2[r]
                ssm += link[0].sosm2[r]
            s.sososw2.append(ssw)
            s.sososm2.append(ssm)
    return table


#: OpenGotha's name of a criterion -> the array of PlayerScores holding it.
_CRIT_ATTR = {d.name: d.array for d in TABLE if d.array is not None}
#: Criteria whose value before round 1 is the starting McMahon score.
_START_MMS = ("MMS", "STS")


def crit_value(s: PlayerScores, crit: str, r: int) -> int:
    """Value (doubled, as OpenGotha compares them) of a criterion after round index r.

    DC and SDC depend on the whole table: :mod:`tournament.standings.ranking`
    computes them; here they are 0.
    """
    crit = canonical(crit)
    if crit == "Rating":
        return s.rating
    if crit == "Rank":
        return s.rank
    if crit == "CAT":
        return -s.category
    attr = _CRIT_ATTR.get(crit)
    if attr is None:
        return 0
    if r < 0:
        return 2 * s.smms if crit in _START_MMS else 0
    values: list[int] = getattr(s, attr)
    return values[r]
