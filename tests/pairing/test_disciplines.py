from dataclasses import replace

from tournament.pairing.engine import pair_round
from tournament.pairing.handicap import Setting, table_setting
from tournament.pairing.model import Discipline, Game, Parameters, Player, Result, Tournament


def test_keima_table():
    assert table_setting(Discipline.KEIMA, 2) == Setting(0, 4.0)
    assert table_setting(Discipline.KEIMA, 6) == Setting(0, 2.0)
    assert table_setting(Discipline.KEIMA, 9) == Setting(0, 0.0)
    assert table_setting(Discipline.KEIMA, 13) == Setting(2, 4.0)
    assert table_setting(Discipline.KEIMA, 17) == Setting(2, 2.0)
    assert table_setting(Discipline.KEIMA, 25) == Setting(2, 0.0)


def test_volt_table():
    assert table_setting(Discipline.VOLT, 1) == Setting(0, 5.0)
    assert table_setting(Discipline.VOLT, 11) == Setting(0, 0.0)
    assert table_setting(Discipline.VOLT, 12) == Setting(0, -1.0, True)
    assert table_setting(Discipline.VOLT, 15) == Setting(0, -2.0, True)
    assert table_setting(Discipline.VOLT, 16) == Setting(2, 5.0)
    assert table_setting(Discipline.VOLT, 27) == Setting(2, 0.0)


def two(rank_a, rank_b, disc, games=(), **kw):
    a = Player(key="A", name="A", rank=rank_a)
    b = Player(key="B", name="B", rank=rank_b)
    return Tournament(players=(a, b), games=tuple(games), disciplines=disc, **kw)


def test_handicap_follows_the_rounds_discipline():
    # 8d vs 9k: Go gives the ceiling, Ninuki nothing, Keima and Volt their tables
    disc = {1: Discipline.GO, 2: Discipline.NINUKI, 3: Discipline.KEIMA, 4: Discipline.VOLT}
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
    disc = {1: Discipline.NINUKI, 2: Discipline.GO, 3: Discipline.NINUKI}
    # A was White in the Ninuki round; the Go round does not count for Ninuki colours
    games = [Game(1, "A", "B", result=Result.WHITE_WINS), Game(2, "A", "B", result=Result.WHITE_WINS)]
    t = two(-5, -5, disc, games)
    g = pair_round(t, 3).games[0]
    assert g.white == "B"


def test_scores_count_every_discipline():
    disc = {1: Discipline.NINUKI, 2: Discipline.KEIMA}
    games = [Game(1, "A", "B", result=Result.WHITE_WINS)]
    t = two(-5, -5, disc, games)
    p = pair_round(t, 2)
    s = p.context.scores
    assert s["A"].mms2[0] == s["B"].mms2[0] + 2


def test_rematch_scope():
    ps = tuple(Player(key=k, name=k, rank=-5) for k in "ABCD")
    games = (Game(1, "A", "B", result=Result.WHITE_WINS), Game(1, "C", "D", result=Result.WHITE_WINS))
    disc = {1: Discipline.NINUKI, 2: Discipline.KEIMA}
    whole = Tournament(players=ps, games=games, disciplines=disc)
    per = replace(whole, params=Parameters(rematch_scope="discipline"))
    for t in (whole, per):
        p = pair_round(t, 2)
        pairs = {frozenset((g.white, g.black)) for g in p.games}
        assert frozenset("AB") not in pairs  # winners meet, losers meet
    # across the tournament a rematch costs; within the discipline it does not
    assert pair_round(whole, 2).context.cost("A", "B").terms["duplicate"] == 0
    assert pair_round(per, 2).context.cost("A", "B").terms["duplicate"] > 0


def test_a_round_without_handicap_is_even_whatever_the_ranks():
    """A discipline whose policy is "no handicap": even games with the round's komi, in every kind."""
    disc = {1: Discipline.GO, 2: Discipline.KEIMA, 3: Discipline.VOLT, 4: Discipline.NINUKI}
    t = two(0, -17, disc, even_rounds=frozenset({1, 2, 3, 4}))  # 1d vs 17k
    for number, komi in ((1, 6.5), (2, 4.0), (3, 5.0)):
        params = replace(t.params, general=replace(t.params.general, komi=komi))
        g = pair_round(replace(t, params=params), number).games[0]
        assert (g.handicap, g.komi, g.reverse_komi) == (0, komi, False), number
    assert pair_round(t, 4).games[0].komi == 0.0  # Ninuki: no komi at all
    # the same ranks in a round with handicap: the stronger player gives it
    assert pair_round(replace(t, even_rounds=frozenset()), 1).games[0].handicap == 9
