"""The standings' scores agree with the pairing engine's OpenGotha scores.

Both follow OpenGotha's ``fillBaseScoringInfoIfNecessary``; random
tournaments (absences, byes, unassigned players, handicaps, every result)
must give the same numbers in both.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.pairing import model as pm
from tournament.pairing.scores import initial_mms, score_table
from tournament.standings import Bye, Entrant, Game, RoundInfo, Settings, TournamentData
from tournament.standings.scores import compute_scores

RESULTS = {"B": pm.Result.BLACK_WINS, "W": pm.Result.WHITE_WINS, "D": pm.Result.DRAW,
           "0": pm.Result.BOTH_LOSE, "1": pm.Result.BOTH_WIN, "?": pm.Result.UNKNOWN}


@st.composite
def tournaments(draw):
    n = draw(st.integers(2, 9))
    rounds = draw(st.integers(1, 5))
    ranks = draw(st.lists(st.integers(-30, 8), min_size=n, max_size=n))
    absent = [set(draw(st.lists(st.integers(1, rounds), max_size=2))) for _ in range(n)]
    games, byes = [], []
    for r in range(1, rounds + 1):
        present = [i for i in range(n) if r not in absent[i]]
        order = draw(st.permutations(present))
        pairs = draw(st.integers(0, len(order) // 2))
        for t in range(pairs):
            games.append((r, t + 1, order[2 * t], order[2 * t + 1],
                          draw(st.sampled_from(list(RESULTS))), draw(st.sampled_from([0, 0, 2, 5]))))
        rest = order[2 * pairs:]
        if rest and draw(st.booleans()):
            byes.append((r, rest[0]))
    general = pm.GeneralParams(
        number_of_rounds=rounds, mm_bar=draw(st.integers(-5, 3)), mm_floor=draw(st.integers(-25, -6)),
        mms2_bye=draw(st.integers(0, 2)), mms2_absent=draw(st.integers(0, 2)),
        round_down_nbw_mms=draw(st.booleans()),
    )
    general = pm.GeneralParams(**{**general.__dict__, "nbw2_bye": general.mms2_bye,
                                  "nbw2_absent": general.mms2_absent})
    return n, rounds, ranks, absent, games, byes, general


@settings(max_examples=80, deadline=None)
@given(tournaments())
def test_scores_agree(t):
    n, rounds, ranks, absent, games, byes, general = t
    players = [pm.Player(key=str(i), name=f"P{i}", rank=ranks[i],
                         participation=tuple(r not in absent[i] for r in range(1, rounds + 1)))
               for i in range(n)]
    theirs = score_table(
        players,
        [pm.Game(round=r, white=str(w), black=str(b), handicap=h, result=RESULTS[res], table=tb)
         for r, tb, b, w, res, h in games],
        [pm.Bye(round=r, player=str(p)) for r, p in byes],
        general, rounds,
    )
    data = TournamentData(
        tuple(Entrant(i, f"P{i}", "", ranks[i], initial_mms(players[i], general),
                      absent_rounds=frozenset(absent[i])) for i in range(n)),
        tuple(RoundInfo(r, "Go") for r in range(1, rounds + 1)),
        tuple(Game(r, tb, b, w, res, handicap=h) for r, tb, b, w, res, h in games),
        tuple(Bye(r, p) for r, p in byes),
        Settings(bye_points_x2=general.mms2_bye, absence_points_x2=general.mms2_absent,
                 round_down=general.round_down_nbw_mms),
    )
    ours = compute_scores(data, range(1, rounds + 1))
    last = rounds - 1
    for i in range(n):
        a, b = ours[i], theirs[str(i)]
        assert a.nbw == b.nbw2[last]
        assert a.mms == b.mms2[last]
        assert (a.cussw_x2, a.cussm_x2) == (b.cusw2[last], b.cusm2[last])
        assert (a.sosw_x2, a.soswm1_x2, a.soswm2_x2) == (b.sosw2[last], b.soswm1_2[last], b.soswm2_2[last])
        assert (a.sosm_x2, a.sosmm1_x2, a.sosmm2_x2) == (b.sosm2[last], b.sosmm1_2[last], b.sosmm2_2[last])
        assert (a.sodosw_x4, a.sodosm_x4) == (b.sodosw4[last], b.sodosm4[last])
        assert (a.sososw_x2, a.sososm_x2) == (b.sososw2[last], b.sososm2[last])
