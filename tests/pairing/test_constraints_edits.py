from dataclasses import replace

import pytest

from tournament.pairing.edits import check_games, move_game, swap_players
from tournament.pairing.engine import pair_round
from tournament.pairing.explain import explain_bye, explain_pair

from .helpers import play, tournament


def keys_of(p):
    return {frozenset((g.white, g.black)) for g in p.games}


def test_forbidden_pair_is_never_made():
    t = play(tournament(12, seed=3), 2, seed=3)
    free = pair_round(t, 3)
    g = free.games[0]
    p = pair_round(t, 3, forbidden=[(g.white, g.black)])
    assert frozenset((g.white, g.black)) not in keys_of(p)
    assert len(p.games) == 6


def test_fixed_pair_is_made_and_others_paired_around_it():
    t = play(tournament(10, seed=4), 1, seed=4)
    ks = [pl.key for pl in t.players]
    p = pair_round(t, 2, fixed=[(ks[0], ks[9])])
    assert frozenset((ks[0], ks[9])) in keys_of(p)
    assert sorted(k for g in p.games for k in (g.white, g.black)) == sorted(ks)


def test_fixed_and_forbidden_conflict():
    t = tournament(4)
    ks = [pl.key for pl in t.players]
    with pytest.raises(ValueError):
        pair_round(t, 1, fixed=[(ks[0], ks[1])], forbidden=[(ks[1], ks[0])])


def test_impossible_constraints_leave_players_unpaired_with_a_warning():
    t = tournament(4)
    a, b, c, d = (pl.key for pl in t.players)
    p = pair_round(t, 1, forbidden=[(a, b), (a, c), (a, d)])
    assert a in p.unpaired
    assert any("constraints" in w for w in p.warnings)


def test_repairing_keeps_kept_games_and_tables():
    t = play(tournament(10, seed=5), 1, seed=5)
    first = pair_round(t, 2)
    kept = [replace(first.games[-1], table=7)]
    again = pair_round(t, 2, keep=kept)
    assert kept[0] in again.games
    assert len(again.games) == 5
    assert len({g.table for g in again.games}) == 5


def test_late_entry_withdrawal_and_absence_do_not_touch_earlier_rounds():
    t = play(tournament(9, seed=6), 2, seed=6)
    before = t.games
    late = replace(t.players[0], key="LATEENTRY", name="Late", first_name="Entry", participation=(False, False))
    gone = replace(t.players[1], participation=(True, True, False, False))
    t2 = replace(t, players=(late, gone) + t.players[2:] + (t.players[0],))
    p = pair_round(t2, 3)
    paired = {k for g in p.games for k in (g.white, g.black)} | ({p.bye} if p.bye else set())
    assert "LATEENTRY" in paired and gone.key not in paired
    assert t2.games == before


def test_bye_goes_to_the_weakest_and_is_explained():
    t = tournament(5, seed=7)
    p = pair_round(t, 1)
    weakest = min(t.players, key=lambda pl: (pl.rank,))
    assert p.bye is not None
    assert t.player(p.bye).rank == weakest.rank
    info = explain_bye(p)
    assert info["player"] == p.bye and "weight" in info["reason"]


def test_explain_pair_lists_every_term():
    t = play(tournament(8, seed=8), 1, seed=8)
    p = pair_round(t, 2)
    g = p.games[0]
    e = explain_pair(p, g.white, g.black)
    assert set(e["terms"]) >= {"duplicate", "score_difference", "seeding", "geography"}
    assert e["total"] == 1 + sum(e["terms"].values()) == p.costs[frozenset((g.white, g.black))].total


def test_swap_warns_about_rematch_and_recomputes_handicap():
    t = play(tournament(8, seed=9), 2, seed=9)
    p = pair_round(t, 3)
    # find a round-1 opponent of someone and swap them into the same game
    g1 = next(g for g in t.games if g.round == 1)
    a, b = g1.white, g1.black
    game_a = next(g for g in p.games if a in (g.white, g.black))
    partner = game_a.black if game_a.white == a else game_a.white
    if partner == b:
        pytest.skip("already paired together")
    edit = swap_players(t, 3, p.games, partner, b)
    assert any(w.code == "rematch" and "rematch" in str(w) for w in edit.warnings)
    assert sorted(k for g in edit.games for k in (g.white, g.black)) == sorted(
        k for g in p.games for k in (g.white, g.black)
    )


def test_colour_imbalance_warning():
    from tournament.pairing.model import Game, Result

    t = tournament(2, seed=1)
    t = replace(t, players=tuple(replace(pl, rank=-5) for pl in t.players))
    a, b = (pl.key for pl in t.players)

    t = replace(t, games=(Game(1, a, b, result=Result.DRAW), Game(2, a, b, result=Result.DRAW)))
    warnings = check_games(t, 3, [Game(3, a, b, table=1)])
    assert any(w.code == "colour" and w.players == (a,) and "colour imbalance" in str(w) for w in warnings)
    assert any(w.code == "rematch" for w in warnings)


def test_move_game_swaps_tables():
    t = play(tournament(6, seed=2), 1, seed=2)
    p = pair_round(t, 2)
    edit = move_game(p.games, 1, 3)
    by_table = {g.table: g for g in edit.games}
    old = {g.table: g for g in p.games}
    assert by_table[3].white == old[1].white and by_table[1].white == old[3].white
    with pytest.raises(ValueError):
        move_game(p.games, 9, 1)


def test_pair_by_hand_follows_the_rules_at_the_lowest_free_table():
    from tournament.pairing.edits import EditRefused, pair_by_hand, unpair_game
    from tournament.pairing.engine import build_context, make_game

    t = play(tournament(10, seed=11), 1, seed=11)
    p = pair_round(t, 2)
    taken_out = unpair_game(p.games, 2)
    lonely = next(g for g in p.games if g.table == 2)
    assert len(taken_out.games) == 4 and all(g.table != 2 for g in taken_out.games)
    edit = pair_by_hand(t, 2, taken_out.games, lonely.black, lonely.white)
    made = next(g for g in edit.games if g.table == 2)
    ruled = make_game(build_context(t, 2, [lonely.black, lonely.white]), lonely.black, lonely.white, 2)
    assert (made.white, made.black, made.handicap, made.komi) == (ruled.white, ruled.black, ruled.handicap, ruled.komi)
    assert edit.changed == (2,)
    busy = next(g for g in p.games if g.table == 1).white
    with pytest.raises(EditRefused) as refused:
        pair_by_hand(t, 2, taken_out.games, lonely.black, busy)
    assert refused.value.code == "busy" and refused.value.players == (busy,)
    with pytest.raises(EditRefused) as refused:
        pair_by_hand(t, 2, taken_out.games, lonely.black, lonely.black)
    assert refused.value.code == "same-player"
    with pytest.raises(EditRefused) as refused:
        pair_by_hand(t, 2, taken_out.games, lonely.black, "NOBODY")
    assert refused.value.code == "unknown"


def test_a_game_with_a_result_is_never_changed_by_an_edit():
    from tournament.pairing.edits import EditRefused, unpair_game
    from tournament.pairing.model import Result

    t = play(tournament(8, seed=12), 1, seed=12)
    p = pair_round(t, 2)
    g1, g2 = sorted(p.games, key=lambda g: g.table)[:2]
    decided = replace(g1, result=Result.BLACK_WINS)
    games = [decided if g is g1 else g for g in p.games]
    for a, b in ((g1.black, g2.black), (g2.white, g1.white), (g1.black, g1.white)):
        with pytest.raises(EditRefused) as refused:
            swap_players(t, 2, games, a, b)
        assert refused.value.code == "has-result" and refused.value.table == g1.table
    with pytest.raises(EditRefused):
        unpair_game(games, g1.table)
    # other games may still change, and the decided one stays as it was
    g3, g4 = sorted(p.games, key=lambda g: g.table)[2:4]
    edit = swap_players(t, 2, games, g3.black, g4.black)
    assert decided in edit.games and edit.changed == (g3.table, g4.table)


def test_a_colour_swap_in_one_game_keeps_handicap_and_komi():
    from tournament.pairing.model import Game

    t = tournament(2, seed=1)
    a, b = (pl.key for pl in t.players)
    game = Game(1, white=a, black=b, handicap=3, table=1, komi=0.5)
    edit = swap_players(t, 1, [game], a, b)
    (swapped,) = edit.games
    assert (swapped.white, swapped.black, swapped.handicap, swapped.komi) == (b, a, 3, 0.5)
