"""The SGF of a Pair Go game: ``PB``/``PW`` list each side's players in their order of play, and each
move's node names its player in a comment (``C``), by the rotation."""

from __future__ import annotations

import re

import pytest

from games import sgf
from tests.fixtures.pair_go import build_pair_day
from tournament.models import Game, Round
from tournament.models.game import ResultState
from tournament.selectors.game_sgf import game_sgf
from tournament.services.team_rounds import team_round_pair

pytestmark = pytest.mark.django_db


def test_the_sgf_names_the_sides_and_the_player_of_each_move():
    day = build_pair_day()
    team_round_pair(round=day.round, user=day.organizer)
    Round.objects.filter(pk=day.round.pk).update(status=Round.Status.FINISHED)
    Game.objects.filter(round=day.round).update(
        record="C3 G7 G3 E5 C7 E3 E7 pass pass", result="B", result_state=ResultState.CONFIRMED
    )
    game = Game.objects.select_related("round__discipline", "round__tournament", "black", "white").get(round=day.round)
    text = game_sgf(game)
    sgf.parse(text)  # it reads back
    assert "PB[Cohen Carla & Dorn Dan]" in text and "PW[Albers Alice & Berg Bob]" in text
    names = re.findall(r";[BW]\[[a-z]*\]C\[([^\]]*)\]", text)
    # three handicap stones by Carla in the root, as AB (issue #31, item 11); then Alice, Dan, Bob, Carla,
    # and the passes: Alice, Dan
    assert "HA[3]" in text and "AB[cg][gc][gg];W[ee]C[Albers Alice]" in text
    assert names == [
        "Albers Alice",
        "Dorn Dan",
        "Berg Bob",
        "Cohen Carla",
        "Albers Alice",
        "Dorn Dan",
    ]
