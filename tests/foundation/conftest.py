import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def english():
    """Service messages are checked in English (the site's default language is German)."""
    with translation.override("en"):
        yield


RANKS = ["3d", "1d", "1k", "2k", "4k", "5k", "8k", "10k", "12k", "15k", "20k"]


@pytest.fixture
def field(db):
    """Eleven players of four clubs; round 1 Go 9x9 (McMahon handicap), round 2 Ninuki-Renju, both planned."""
    from tests.factories import make_discipline, make_player, make_round, make_tournament
    from tournament.models.discipline import DisciplineKind, HandicapPolicy

    tournament = make_tournament()
    go = make_discipline(tournament, kind=DisciplineKind.GO, board_size=9, handicap_policy=HandicapPolicy.MCMAHON)
    ninuki = make_discipline(tournament, kind=DisciplineKind.NINUKI, board_size=19)
    players = [make_player(tournament, rank=r, club=f"Club {i % 4}") for i, r in enumerate(RANKS)]
    r1 = make_round(tournament, go, 1)
    r2 = make_round(tournament, ninuki, 2)
    return tournament, players, r1, r2
