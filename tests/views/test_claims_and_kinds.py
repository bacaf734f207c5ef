"""One claim check (the library's) and one list of game kinds (the registry's), seen from the site."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

import games
from tests.fixtures.day import FIVE_FOR_BLACK
from tournament.engines import check_claim, describe, result_claim
from tournament.models import Discipline
from tournament.models.discipline import DisciplineKind
from tournament.models.game import ResultState
from tournament.services.results import RecordRejected, result_report
from tournament.variants import variant_for

pytestmark = pytest.mark.django_db

#  10 . . . . . . .     Black's five K10-O10 at move 9 (White answers below):
#   9 . o o o o . .     the game ends on the board.
#      J K L M N O
#  (FIVE_FOR_BLACK = K10 K9 L10 L9 M10 M9 N10 N9 O10)
UNFINISHED = "K10 K9 L10 L9"  # nobody has won yet


def test_the_sites_kinds_are_the_registrys_names():
    assert set(DisciplineKind.values) - {"other"} == set(games.variants())
    for name, v in games.variants().items():
        assert variant_for(name) is v
    assert {k for k in DisciplineKind.values if variant_for(k).validated} == {"ninuki", "go", "keima", "volt"}


@pytest.mark.parametrize(
    "result, method, record, code",
    [
        # a win the game ended by itself: the record must end so
        ("B", "five", FIVE_FOR_BLACK, "agree"),
        ("B", "", FIVE_FOR_BLACK, "agree"),
        ("B", "captures", FIVE_FOR_BLACK, "agree"),  # the way of ending is not compared (RULES.md: outcomes)
        ("W", "five", FIVE_FOR_BLACK, "winner-differs"),
        ("D", "", FIVE_FOR_BLACK, "not-a-draw"),
        ("B", "five", UNFINISHED, "unfinished"),
        # a win the game did not end by itself: only an unfinished record fits
        ("B", "resignation", UNFINISHED, "agree"),
        ("W", "time", UNFINISHED, "agree"),
        ("W", "default", UNFINISHED, "agree"),
        ("B", "resignation", FIVE_FOR_BLACK, "finished"),  # the site used to accept this
        ("W", "resignation", FIVE_FOR_BLACK, "finished"),
        ("B", "resignation", "K10 K10", "illegal-move"),
    ],
)
def test_the_sites_result_and_way_of_winning_map_onto_the_librarys_claim(day, result, method, record, code):
    check = check_claim(discipline=day.ninuki, record=record, result=result, method=method)
    library = games.variant("ninuki").check_claim(record, result_claim(result, method))
    assert check.code == library.code == code
    assert check.agrees is (code == "agree") and check.as_verdict()["code"] == code


def test_the_mapping():
    assert result_claim("B", "five") == games.registry.ResultClaim("black")
    assert result_claim("W", "score") == games.registry.ResultClaim("white")
    assert result_claim("W", "time") == games.registry.ResultClaim("white", "time")
    assert result_claim("D", "resignation") == games.registry.ResultClaim(None)
    with pytest.raises(ValueError):
        result_claim("1")


def test_a_resignation_claimed_on_a_finished_record_is_refused_or_goes_to_the_referee(day):
    game, alice = day.game, day.user("alice")
    with pytest.raises(RecordRejected) as info:
        result_report(game=game, user=alice, version=0, result="B", method="resignation", record=FIVE_FOR_BLACK)
    assert info.value.check.code == "finished"
    game = result_report(
        game=game, user=alice, version=0, result="B", method="resignation", record=FIVE_FOR_BLACK, send_to_referee=True
    )
    assert game.result_state == ResultState.DISPUTED and game.verdict["code"] == "finished"


@pytest.mark.parametrize(
    "code, english, german",
    [
        (
            "finished",
            "The game ended on the board: Black wins after 9 moves (five in a row)",
            "Die Partie endete auf dem Brett: Schwarz gewinnt nach 9 Zügen (Fünferreihe)",
        ),
        (
            "not-a-draw",
            "A draw is claimed, but the record ends: Black wins after 9 moves",
            "Ein Unentschieden ist gemeldet, aber die Aufzeichnung endet: Schwarz gewinnt nach 9 Zügen",
        ),
        (
            "winner-differs",
            "The record ends differently: Black wins after 9 moves",
            "Die Aufzeichnung endet anders: Schwarz gewinnt nach 9 Zügen",
        ),
    ],
)
def test_the_codes_in_both_languages(day, code, english, german):
    result, method = {"finished": ("B", "resignation"), "not-a-draw": ("D", ""), "winner-differs": ("W", "")}[code]
    verdict = check_claim(discipline=day.ninuki, record=FIVE_FOR_BLACK, result=result, method=method).as_verdict()
    assert verdict["code"] == code
    with translation.override("en"):
        assert english in describe(verdict)
    with translation.override("de"):
        assert german in describe(verdict)


def test_a_draw_claimed_for_a_won_game_and_a_win_for_a_drawn_one(day):
    go = day.go  # 9x9, komi 7: an empty board counted is White's by the komi; komi 0 makes it a draw
    assert check_claim(discipline=go, record="pass pass", result="B", komi=0).code == "is-a-draw"
    with translation.override("en"):
        text = check_claim(discipline=go, record="pass pass", result="B", komi=0).message
    assert text.startswith("The record ends in a draw after 2 moves (two passes)")


def test_verdicts_stored_before_the_codes_are_still_described():
    old = {
        "legal": True,
        "moves": 9,
        "error": None,
        "outcome": "B",
        "reason": "five",
        "score": "",
        "claim": "W",
        "agrees": False,
        "message": "...",
    }
    with translation.override("en"):
        assert describe(old) == "The record ends differently: Black wins after 9 moves (five in a row)."
        assert describe({**old, "outcome": None, "agrees": True, "reason": ""}).startswith(
            "The record is legal and unfinished after 9 moves"
        )
        assert describe({**old, "legal": False, "error": {"move": 3, "point": "K10", "reason": "occupied"}}) == (
            "Move 3 (K10) is illegal: the point is occupied."
        )


# ---- Go counts by area (chinese) or by territory (japanese) -------------------------------


def test_go_offers_the_counts_it_makes(day):
    assert variant_for("go").rule_sets == ("chinese", "japanese")
    go = Discipline(tournament=day.tournament, name="Go 19", kind="go", board_size=19, rule_set="japanese")
    go.clean()
    Discipline(tournament=day.tournament, name="N", kind="ninuki", board_size=15, rule_set="japanese").clean()
    keima = Discipline(tournament=day.tournament, name="K", kind="keima", board_size=9, rule_set="japanese")
    with pytest.raises(ValidationError) as info:
        keima.clean()
    assert "rule_set" in info.value.message_dict


def test_a_go_discipline_counted_by_japanese_rules_on_the_programme_pages(organizer_client, day):
    from django.urls import reverse

    t = day.tournament
    add = reverse("manage_discipline_add", args=[t.slug])
    page = organizer_client.get(add + "?kind=go").content.decode()
    assert 'value="chinese"' in page and 'value="japanese"' in page
    data = {
        "kind": "go",
        "name": "Go 19",
        "board_size": "19",
        "rule_set": "japanese",
        "komi": "6.5",
        "handicap_policy": "mcmahon",
    }
    assert organizer_client.post(add, data).status_code == 302
    go = t.disciplines.get(name="Go 19")
    assert go.rule_set == "japanese"
    programme = organizer_client.get(reverse("manage_programme", args=[t.slug]))
    assert programme.status_code == 200 and "Go 19" in programme.content.decode()
    # and its records are counted by territory: one dead stone in Black's area, komi 6.5
    record = "C3 D3 C2 D2 C4 D4 C5 D5 C1 D1 B4 B3 B2 E3 A3 A4 pass pass"
    go.board_size = 5
    go.save()
    check = check_claim(discipline=go, record=record, result="W", dead=["A4"])
    assert check.agrees and check.replay.score == {"black": 9, "white": 4} and check.replay.result == "W+1.5"


def test_the_handicap_policies_are_the_pairings():
    from tournament.models.discipline import HandicapPolicy
    from tournament.pairing.model import HANDICAP_POLICIES

    assert tuple(HandicapPolicy.values) == HANDICAP_POLICIES


@pytest.mark.django_db(transaction=True)
def test_the_migration_names_the_count_go_disciplines_always_had():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before, after = ("tournament", "0011_egd_rating_list"), ("tournament", "0012_game_replay_go_area_count")
    executor = MigrationExecutor(connection)
    executor.migrate([before])
    old = executor.loader.project_state([before]).apps
    T, D = old.get_model("tournament", "Tournament"), old.get_model("tournament", "Discipline")
    t = T.objects.create(name="A", slug="a", start_date="2026-01-01", end_date="2026-01-01")
    D.objects.create(tournament=t, name="Go", kind="go", rule_set="japanese")
    D.objects.create(tournament=t, name="Ninuki", kind="ninuki", rule_set="japanese", board_size=15)
    executor = MigrationExecutor(connection)
    executor.migrate([after])
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert dict(Discipline.objects.values_list("name", "rule_set")) == {"Go": "chinese", "Ninuki": "japanese"}
