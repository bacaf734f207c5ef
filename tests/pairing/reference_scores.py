"""The scores as :mod:`tournament.pairing.scores` computed them before they were worked out with numpy: a
straightforward transcription of OpenGotha 3.51.02's ``Tournament.fillBaseScoringInfoIfNecessary``, player
by player and round by round, kept as the reference the fast computation is compared with
(``test_scores_reference.py``). Not used by the site."""

from __future__ import annotations

from collections.abc import Iterable

from tournament.pairing.model import Bye, Game, GeneralParams, Player, Result
from tournament.pairing.scores import (
    ABSENT,
    BYE,
    NOT_ASSIGNED,
    PAIRED,
    Participation,
    PlayerScores,
    category,
    initial_mms,
)


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


def score_table(  # noqa: C901 - the transcription, one loop as OpenGotha's
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
