"""The bye's choice (:mod:`tournament.pairing.bye`) on its own, and its explanation from the formula it used."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.pairing.helpers import players as some_players
from tournament.pairing import explain
from tournament.pairing.bye import bye_weight, choose_bye, given_by_hand
from tournament.pairing.context import Options
from tournament.pairing.engine import pair_round
from tournament.pairing.model import Parameters, Player, Tournament
from tournament.pairing.scores import PlayerScores
from tournament.pairing_words import bye_explanation_line


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def _field(*rows: tuple[str, int, int, int, int]) -> tuple[list[Player], dict[str, PlayerScores]]:
    """Players as (key, rank, starting MMS, twice the MMS after round 1, twice the wins after round 1)."""
    players = [Player(key=k, name=k.title(), rank=rank) for k, rank, *_ in rows]
    scores = {
        k: PlayerScores(key=k, smms=smms, rank=rank, rating=0, mms2=[mms2], nbw2=[nbw2])
        for k, rank, smms, mms2, nbw2 in rows
    }
    return players, scores


def test_the_weight_is_rank_plus_twice_the_mcmahon_score_plus_1000_per_earlier_bye():
    assert bye_weight(-5, 2 * 20, 0) == 35
    assert bye_weight(-5, 2 * 20, 2) == 2035
    assert bye_weight(-5, 2 * 2, 1, mcmahon=False) == -5 + 40 * 2 + 1000  # Swiss: 40 per win


def test_in_the_first_round_the_starting_mcmahon_score_counts():
    players, scores = _field(("strong", 0, 30, 0, 0), ("weak", -10, 20, 0, 0), ("middle", -5, 25, 0, 0))
    choice = choose_bye(players, scores, {}, round_index=0)
    assert (choice.player, choice.weight, choice.formula) == ("weak", -10 + 40, "mcmahon")
    assert choice.runners_up == (("middle", 45), ("strong", 60))
    assert choice.reason.startswith("lowest bye weight 30 = rank -10 + 2 x MMS 20")


def test_later_rounds_weigh_the_score_before_the_round_and_the_earlier_byes():
    # after round 1: weak won (MMS 21), middle lost (MMS 25); weak had the bye in round 1
    players, scores = _field(("weak", -10, 20, 42, 2), ("middle", -5, 25, 50, 0), ("strong", 0, 30, 60, 0))
    choice = choose_bye(players, scores, {"weak": 1}, round_index=1)
    assert (choice.player, choice.weight) == ("middle", -5 + 50)
    assert dict(choice.runners_up)["weak"] == -10 + 42 + 1000
    assert "1000 x 1 earlier bye" not in choice.reason


def test_swiss_weighs_the_wins_and_says_so():
    players, scores = _field(("a", -10, 0, 0, 2), ("b", -1, 0, 0, 0))
    choice = choose_bye(players, scores, {}, round_index=1, mcmahon=False)
    assert (choice.player, choice.weight, choice.formula) == ("b", -1, "wins")
    assert dict(choice.runners_up) == {"a": -10 + 40}
    assert "40 x wins 0" in choice.reason


def test_on_equal_weights_the_last_candidate_in_the_given_order_gets_it():
    players, scores = _field(("first", -5, 20, 0, 0), ("second", -5, 20, 0, 0))
    assert choose_bye(players, scores, {}, round_index=0).player == "second"
    assert choose_bye(list(reversed(players)), scores, {}, round_index=0).player == "first"


def test_no_candidate_is_an_error():
    with pytest.raises(ValueError, match="no candidate"):
        choose_bye([], {}, {}, round_index=0)


@pytest.mark.parametrize(
    "mcmahon, formula, words",
    [(True, "mcmahon", "twice the McMahon score"), (False, "wins", "40 per win")],
)
def test_the_explanation_words_the_formula_the_choice_used(mcmahon, formula, words):
    """The explanation's formula is the choice's own (the pairing's), not one guessed from the tournament."""
    players, scores = _field(("a", -10, 20, 40, 2), ("b", -1, 20, 40, 0))
    choice = choose_bye(players, scores, {}, round_index=1, mcmahon=mcmahon)
    facts = {"player": choice.player, "weight": choice.weight, "formula": choice.formula, "runners_up": []}
    assert choice.formula == formula
    assert words in bye_explanation_line(facts)
    assert str(choice.weight) in bye_explanation_line(facts)


def test_a_bye_given_by_hand_is_not_explained_by_a_weight():
    choice = given_by_hand("a")
    facts = {"player": "Alice", "weight": choice.weight, "formula": choice.formula, "runners_up": []}
    assert bye_explanation_line(facts) == "Alice got the bye from the director."


def test_a_round_paired_before_the_formula_was_recorded_is_still_explained():
    assert "40 per win" in bye_explanation_line({"player": "A", "weight": 3, "mcmahon": False})
    assert "McMahon" in bye_explanation_line({"player": "A", "weight": 3, "mcmahon": True})


@pytest.mark.parametrize(
    "dialect, formula, words",
    [("3.51.02", "mcmahon", "twice the McMahon score"), ("fixtures", "wins", "40 per win")],
)
def test_a_swiss_rounds_bye_is_explained_by_the_formula_its_pairing_used(dialect, formula, words):
    """OpenGotha 3.51.02 weighs a Swiss bye by the McMahon score: the explanation says so, not "per win"."""
    swiss = Tournament(players=some_players(7, seed=3), params=Parameters(placement=("NBW", "SOSW", "SOSOSW")))
    pairing = pair_round(swiss, 1, options=Options(dialect=dialect))
    facts = explain.bye_facts(pairing)
    assert facts is not None and facts["formula"] == formula == pairing.bye_choice.formula
    assert words in bye_explanation_line(dict(facts))
