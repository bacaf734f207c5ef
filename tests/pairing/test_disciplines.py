from dataclasses import replace

import pytest

from tournament.pairing.engine import pair_round
from tournament.pairing.handicap import Setting, rule_for, table_setting
from tournament.pairing.model import (
    HANDICAP_POLICIES,
    Discipline,
    Game,
    HandicapParams,
    Parameters,
    Player,
    Result,
    Tournament,
)


def test_keima_table():
    assert table_setting(Discipline("keima"), 2) == Setting(0, 4.0)
    assert table_setting(Discipline("keima"), 6) == Setting(0, 2.0)
    assert table_setting(Discipline("keima"), 9) == Setting(0, 0.0)
    assert table_setting(Discipline("keima"), 13) == Setting(2, 4.0)
    assert table_setting(Discipline("keima"), 17) == Setting(2, 2.0)
    assert table_setting(Discipline("keima"), 25) == Setting(2, 0.0)


def test_volt_table():
    assert table_setting(Discipline("volt"), 1) == Setting(0, 5.0)
    assert table_setting(Discipline("volt"), 11) == Setting(0, 0.0)
    assert table_setting(Discipline("volt"), 12) == Setting(0, -1.0, True)
    assert table_setting(Discipline("volt"), 15) == Setting(0, -2.0, True)
    assert table_setting(Discipline("volt"), 16) == Setting(2, 5.0)
    assert table_setting(Discipline("volt"), 27) == Setting(2, 0.0)


def two(rank_a, rank_b, disc, games=(), **kw):
    a = Player(key="A", name="A", rank=rank_a)
    b = Player(key="B", name="B", rank=rank_b)
    return Tournament(players=(a, b), games=tuple(games), disciplines=disc, **kw)


def test_handicap_follows_the_rounds_discipline():
    # 8d vs 9k: Go gives the ceiling, Ninuki nothing, Keima and Volt their tables
    disc = {1: Discipline("go"), 2: Discipline("ninuki"), 3: Discipline("keima"), 4: Discipline("volt")}
    t = two(0, -17, disc)  # 1d vs 17k: 17 ranks apart
    g1 = pair_round(t, 1).games[0]
    assert (g1.white, g1.handicap) == ("A", 9)  # ceiling 9
    g2 = pair_round(t, 2).games[0]
    assert g2.handicap == 0 and g2.komi == 0.0
    g3 = pair_round(t, 3).games[0]
    assert (g3.white, g3.handicap, g3.komi) == ("A", 2, 2.0)
    g4 = pair_round(t, 4).games[0]
    assert (g4.white, g4.handicap, g4.komi) == ("A", 2, 5.0)


def test_colours_balance_within_the_discipline():
    disc = {1: Discipline("ninuki"), 2: Discipline("go"), 3: Discipline("ninuki")}
    # A was White in the Ninuki round; the Go round does not count for Ninuki colours
    games = [Game(1, "A", "B", result=Result.WHITE_WINS), Game(2, "A", "B", result=Result.WHITE_WINS)]
    t = two(-5, -5, disc, games)
    g = pair_round(t, 3).games[0]
    assert g.white == "B"


def test_scores_count_every_discipline():
    disc = {1: Discipline("ninuki"), 2: Discipline("keima")}
    games = [Game(1, "A", "B", result=Result.WHITE_WINS)]
    t = two(-5, -5, disc, games)
    p = pair_round(t, 2)
    s = p.context.scores
    assert s["A"].mms2[0] == s["B"].mms2[0] + 2


def test_rematch_scope():
    ps = tuple(Player(key=k, name=k, rank=-5) for k in "ABCD")
    games = (Game(1, "A", "B", result=Result.WHITE_WINS), Game(1, "C", "D", result=Result.WHITE_WINS))
    disc = {1: Discipline("ninuki"), 2: Discipline("keima")}
    whole = Tournament(players=ps, games=games, disciplines=disc)
    per = replace(whole, params=Parameters(rematch_scope="discipline"))
    for t in (whole, per):
        p = pair_round(t, 2)
        pairs = {frozenset((g.white, g.black)) for g in p.games}
        assert frozenset("AB") not in pairs  # winners meet, losers meet
    # across the tournament a rematch costs; within the discipline it does not
    assert pair_round(whole, 2).context.cost("A", "B").terms["duplicate"] == 0
    assert pair_round(per, 2).context.cost("A", "B").terms["duplicate"] > 0


# ---- the handicap policy of the round's discipline ------------------------------------------


@pytest.mark.parametrize(
    "kind, policy, handicap, komi",
    [
        # 1d vs 17k: Go gives the ceiling by the McMahon scores (OpenGotha) or by the ranks
        ("go", None, 9, 0.5),
        ("go", "mcmahon", 9, 0.5),
        ("go", "rank-table", 9, 0.5),
        ("go", "none", 0, 7.5),  # "no handicap" means none
        ("rundgo", "mcmahon", 9, 0.5),
        ("rundgo", "none", 0, 7.5),
        ("other", "none", 0, 7.5),
        # Keima-Go's table for 17 ranks: two keimas, komi 2
        ("keima", None, 2, 2.0),
        ("keima", "rank-table", 2, 2.0),
        ("keima", "none", 0, 7.5),
        # 1000-Volt-Go's table for 17 ranks: two stones, komi 5
        ("volt", "rank-table", 2, 5.0),
        ("volt", "none", 0, 7.5),
        # Ninuki-Renju is never played with handicap, and has no komi
        ("ninuki", None, 0, 0.0),
        ("ninuki", "mcmahon", 0, 0.0),
    ],
)
def test_the_handicap_policy_is_honoured(kind, policy, handicap, komi):
    t = two(0, -17, {1: Discipline(kind, policy)})  # general komi 7.5
    g = pair_round(t, 1).games[0]
    assert (g.handicap, g.komi) == (handicap, komi)
    if handicap:
        assert g.white == "A"  # the stronger player gives the handicap


def test_no_handicap_balances_colours_whatever_the_ranks():
    # A was White in round 1 (an even Go game by the policy "none"), so A is Black now
    disc = {1: Discipline("go", "none"), 2: Discipline("go", "none")}
    first = pair_round(two(0, -17, disc), 1).games[0]
    games_ = [replace(first, result=Result.WHITE_WINS)]
    second = pair_round(two(0, -17, disc, games_), 2).games[0]
    assert second.white != first.white and second.handicap == 0
    # with the McMahon policy the stronger player takes White again, with handicap
    disc = {1: Discipline("go", "mcmahon"), 2: Discipline("go", "mcmahon")}
    again = pair_round(two(0, -17, disc, games_), 2).games[0]
    assert again.white == "A" and again.handicap > 0


def test_keima_by_mcmahon_scores_reads_the_table_with_the_score_difference():
    # 1d vs 16k, and the 16k has won a round more: 16 ranks apart (two keimas, komi 2), but
    # 15 apart in McMahon score (two keimas, komi 4): the policy chooses which difference the table reads
    hp = HandicapParams()
    by_rank = rule_for(Discipline("keima", "rank-table"), hp, 4.0)
    by_mms = rule_for(Discipline("keima", "mcmahon"), hp, 4.0)
    mms2_1d, mms2_16k = 2 * (0 + 30), 2 * (-16 + 30 + 1)
    assert by_rank.setting(0, -16, mms2_1d, mms2_16k) == table_setting(Discipline("keima"), 16) == Setting(2, 2.0)
    assert by_mms.setting(0, -16, mms2_1d, mms2_16k) == table_setting(Discipline("keima"), 15) == Setting(2, 4.0)
    assert by_mms.advantage(0, -16, mms2_1d, mms2_16k) == 1 and by_mms.advantage(-16, 0, mms2_16k, mms2_1d) == -1


def test_an_unknown_policy_is_refused():
    assert HANDICAP_POLICIES == ("none", "mcmahon", "rank-table")
    with pytest.raises(ValueError):
        Discipline("go", "nine stones")
