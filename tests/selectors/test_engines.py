"""An over-long record is refused before it is replayed, with a message in the visitor's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournament.engines import RecordUnreadable, replay_record

pytestmark = pytest.mark.django_db


def test_a_record_longer_than_any_game_is_refused_in_words(day):
    record = "(;SZ[9]" + ";B[aa];W[ii]" * 406 + ")"  # 812 moves; at most 810 on 9x9
    with translation.override("en"), pytest.raises(RecordUnreadable, match="too long: 812 moves.*at most 810"):
        replay_record(discipline=day.go, record=record)
    with translation.override("de"), pytest.raises(RecordUnreadable, match="zu lang"):
        replay_record(discipline=day.go, record=record)


def test_empty_nodes_count_and_cost_nothing(day):
    with translation.override("en"), pytest.raises(RecordUnreadable, match="too long"):
        replay_record(discipline=day.go, record="(;SZ[9]" + ";" * 199_000 + ")")


def test_a_ninuki_record_past_its_bound_is_refused(day):
    moves = " ".join(["K10", "K9"] * 400)  # 800 moves; at most 755 on 19x19
    with translation.override("en"), pytest.raises(RecordUnreadable, match="too long"):
        replay_record(discipline=day.ninuki, record=moves)


# ---- a Go record ending in two passes, with its dead stones -------------------------------

# 9x9: Black's wall F1-F9, White's G1-G9; White's B5 is left dead in Black's area and both pass.
#     . . . . . X O . .
#     . . . . . X O . .
#     . . . . . X O . .
#     . . . . . X O . .
#     . O . . . X O . .
#     . . . . . X O . .
#     . . . . . X O . .
#     . . . . . X O . .
#     . . . . . X O . .
DEAD_B5 = " ".join(f"F{i} G{i}" for i in range(1, 10)) + " pass B5 pass pass"


def test_a_claim_counted_with_the_dead_stones_agrees_and_without_them_goes_to_the_referee(day):
    from tournament.engines import check_claim

    # As it stands, B5 makes Black's area neutral: Black 9, White 28 (komi 7): W+26.
    check = check_claim(discipline=day.go, record=DEAD_B5, result="B")
    assert not check.agrees and check.code == "winner-differs" and check.replay.result == "W+26"
    # B5 dead: Black 9 stones + A1-E9 (45) = 54, White 27: B+20.
    check = check_claim(discipline=day.go, record=DEAD_B5, result="B", dead=["B5"])
    assert check.agrees and check.replay.result == "B+20"
    assert check.replay.verdict.dead == {"black": 0, "white": 1}


def test_an_sgf_names_its_dead_stones_with_tb_tw(day):
    from games import go
    from tournament.engines import check_claim

    game = go.replay(DEAD_B5, size=9, komi=7).game
    sgf = go.write_sgf(game, marks=go.Marks.of(["B5"], size=9))
    assert "TB[" in sgf and "be" in sgf  # B5 among Black's points
    check = check_claim(discipline=day.go, record=sgf, result="B")
    assert check.agrees and check.replay.result == "B+20"
    # The dead points given beside the record win over its TB/TW.
    assert not check_claim(discipline=day.go, record=sgf, result="B", dead=[]).agrees


def test_the_disciplines_rule_set_counts(day):
    from tournament.engines import check_claim, replay_record

    day.go.rule_set = "japanese"
    day.go.full_clean()
    day.go.save()
    # Territory: Black A1-E9 (45) + the dead stone = 46; White H1-J9 = 18; komi 7: B+21.
    replay = replay_record(discipline=day.go, record=DEAD_B5, dead=["B5"])
    assert replay.score == {"black": 46, "white": 18} and replay.result == "B+21"
    assert check_claim(discipline=day.go, record=DEAD_B5, result="B", dead=["be"]).agrees


@pytest.mark.parametrize(
    "dead, neutral, english, german",
    [
        (["A1"], None, "There is no stone on A1 to mark dead.", "Auf A1 steht kein Stein"),
        (["K5"], None, "K5 is not on the board.", "K5 liegt nicht auf dem Brett."),
        (["x1y"], None, "“x1y” is not a point", "„x1y“ ist kein Punkt"),
        (None, ["F5"], "F5 holds a stone: only an empty point can be neutral.", "nur ein leerer Punkt"),
    ],
)
def test_marks_that_cannot_stand_are_refused_in_both_languages(day, dead, neutral, english, german):
    for language, words in (("en", english), ("de", german)):
        with translation.override(language), pytest.raises(RecordUnreadable) as info:
            replay_record(discipline=day.go, record=DEAD_B5, dead=dead, neutral=neutral)
        assert words in str(info.value)


def test_marks_on_a_game_without_two_passes_or_without_removal_are_refused(day):
    with translation.override("en"), pytest.raises(RecordUnreadable, match="does not end with two passes"):
        replay_record(discipline=day.go, record="E5 D4", dead=["E5"])
    from tournament.models import Discipline

    volt = Discipline.objects.create(tournament=day.tournament, name="Volt", kind="volt", board_size=9, komi=5)
    with translation.override("de"), pytest.raises(RecordUnreadable, match="leben alle Steine"):
        replay_record(discipline=volt, record="E5 pass pass", dead=["E5"])
