from tournament.pairing.model import Bye, Game, GeneralParams, Player, Result
from tournament.pairing.scores import crit_value, initial_mms, score_table

G = GeneralParams(number_of_rounds=4, mm_floor=-20, mm_bar=0, mms2_absent=1, mms2_bye=2)


def P(key, rank, corr=0, part=()):
    return Player(key=key, name=key, rank=rank, mms_correction=corr, participation=part)


def test_initial_mms_bar_floor_correction():
    assert initial_mms(P("a", -5), G) == 25  # 5k: rank + 30
    assert initial_mms(P("b", 3), G) == 30  # 4d is above the 1d bar
    assert initial_mms(P("c", -28), G) == 10  # 28k is below the 20k floor
    assert initial_mms(P("d", -5, corr=2), G) == 27


def test_points_absent_and_bye_rounded_down():
    ps = [P("a", -5, part=(True, False, False, True)), P("b", -5), P("c", -6), P("d", -7)]
    games = [Game(1, "a", "b", result=Result.WHITE_WINS), Game(2, "b", "c", result=Result.DRAW)]
    byes = [Bye(2, "d")]
    s = score_table(ps, games, byes, G)
    # a: win (2) then two absent rounds worth 1/2 each, rounded down until they make a point
    assert [s["a"].mms2[r] for r in range(4)] == [52, 52, 54, 54]
    assert s["b"].mms2[:2] == [50, 51]
    assert s["d"].mms2[1] == 2 * 23 + 2  # bye counts a whole point
    assert s["d"].nbw2[1] == 2
    assert crit_value(s["a"], "MMS", -1) == 50


def test_sos_uses_opponents_final_scores_and_handicap():
    ps = [P("a", -5), P("b", -8)]
    games = [Game(1, "a", "b", handicap=2, result=Result.BLACK_WINS)]
    s = score_table(ps, games, [], G)
    # white's SOSM adds twice the handicap to black's MMS, black's subtracts it
    assert s["a"].sosm2[0] == s["b"].mms2[0] + 4
    assert s["b"].sosm2[0] == s["a"].mms2[0] - 4
    assert s["b"].sosw2[0] == 0 and s["a"].sosw2[0] == 2
