"""A discipline's handicap policy reaches the pairing: "no handicap" gives no handicap."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tournament.models.discipline import DisciplineKind, HandicapPolicy
from tournament.permissions import SYSTEM
from tournament.selectors.pairing_data import pairing_tournament
from tournament.services.rounds import round_pair

pytestmark = pytest.mark.django_db

RANKS = ["3d", "1d", "2k", "5k", "9k", "12k", "15k", "20k"]  # far apart: any handicap rule gives some


def paired(kind, policy, komi="7.5"):
    tournament = make_tournament()
    discipline = make_discipline(tournament, kind=kind, handicap_policy=policy, komi=Decimal(komi))
    for i, rank in enumerate(RANKS):
        make_player(tournament, rank=rank, club=f"Club {i}")
    round_ = make_round(tournament, discipline, 1)
    round_pair(round=round_, user=SYSTEM)
    return round_, list(round_.games.values_list("handicap", "komi"))


@pytest.mark.parametrize(
    "kind", [DisciplineKind.GO, DisciplineKind.KEIMA, DisciplineKind.VOLT, DisciplineKind.RUNDGO, DisciplineKind.OTHER]
)
def test_no_handicap_means_even_games_with_the_disciplines_komi(kind):
    _, games_ = paired(kind, HandicapPolicy.NONE, komi="6.5")
    assert games_ and all(h == 0 and k == Decimal("6.5") for h, k in games_)


def test_the_other_policies_give_handicaps():
    round_, go = paired(DisciplineKind.GO, HandicapPolicy.MCMAHON)
    assert any(h > 0 for h, _ in go)
    assert pairing_tournament(round_.tournament, round_).discipline(1).handicap == "mcmahon"
    _, keima = paired(DisciplineKind.KEIMA, HandicapPolicy.RANK_TABLE, komi="4")
    assert any(h > 0 or k != Decimal("4") for h, k in keima)
