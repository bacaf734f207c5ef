"""Table numbers (issue #34, item 3): excluded and reserved tables, tables held by hand, the hall plan in words.

Plain data: :mod:`tournament.pairing.tables`, the one place a round's tables are numbered.
"""

from __future__ import annotations

import pytest

from tournament.limits import MAX_TABLE
from tournament.pairing.tables import (
    Hall,
    Place,
    TableRules,
    TablesFull,
    TableSpecError,
    lowest_free,
    number,
    number_matches,
    parse_halls,
    parse_tables,
    tables_text,
)

GAMES = [("a", "b"), ("c", "d"), ("e", "f"), ("g", "h"), ("i", "j")]  # best game first


def tables(out):
    return [t for t, _hand in out]


def test_without_rules_the_best_game_sits_at_table_1():
    assert number(GAMES) == [(1, False), (2, False), (3, False), (4, False), (5, False)]


def test_an_excluded_table_is_skipped():
    assert tables(number(GAMES, TableRules(excluded=frozenset({2, 4})))) == [1, 3, 5, 6, 7]


def test_reserved_tables_go_to_the_top_boards_wherever_they_are():
    # the broadcast room has tables 101-102: the two best games go there, the others from 1
    rules = TableRules(reserved=frozenset({101, 102}))
    assert tables(number(GAMES, rules)) == [101, 102, 1, 2, 3]


def test_reserved_tables_kept_empty_are_never_given():
    rules = TableRules(reserved=frozenset({1, 2, 3, 4}), reserved_for_top=False)
    assert tables(number(GAMES, rules)) == [5, 6, 7, 8, 9]


def test_more_reserved_tables_than_games_leaves_the_last_ones_free():
    rules = TableRules(reserved=frozenset({1, 2, 3, 4, 5, 6, 7, 8}))
    assert tables(number(GAMES[:2], rules)) == [1, 2]


def test_a_reserved_table_that_is_also_excluded_is_not_given():
    rules = TableRules(excluded=frozenset({1}), reserved=frozenset({1, 2}))
    assert tables(number(GAMES[:3], rules)) == [2, 3, 4]


def test_a_held_table_goes_to_its_players_game_and_is_marked():
    # the wheelchair user "h" was moved to table 5 by hand: wherever her game ranks, it stays at 5
    out = number(GAMES, held={"h": 5})
    assert out[3] == (5, True)
    assert tables(out) == [1, 2, 3, 5, 4]


def test_a_held_table_wins_over_a_reserved_one_and_the_top_boards_fill_the_rest():
    rules = TableRules(reserved=frozenset({1, 2}))
    out = number(GAMES, rules, held={"j": 1})
    assert out[4] == (1, True)
    assert tables(out) == [2, 3, 4, 5, 1]


def test_two_players_holding_one_table_the_better_game_gets_it():
    out = number(GAMES, held={"a": 3, "e": 3})
    assert out[0] == (3, True) and out[2] == (2, False)  # "e"'s game is numbered with the rest
    assert tables(out) == [3, 1, 2, 4, 5]


def test_a_held_table_that_is_excluded_now_is_not_kept():
    out = number(GAMES, TableRules(excluded=frozenset({5})), held={"h": 5})
    assert (5, True) not in out and 5 not in tables(out)


def test_taken_tables_are_left_to_the_games_kept():
    assert tables(number(GAMES[:3], taken={1, 3})) == [2, 4, 5]


def test_no_table_left_is_said():
    with pytest.raises(TablesFull):
        number(GAMES, TableRules(excluded=frozenset(range(1, MAX_TABLE - 1))))


def test_a_game_paired_by_hand_goes_to_the_lowest_table_not_used_excluded_or_reserved():
    rules = TableRules(excluded=frozenset({3}), reserved=frozenset({4}))
    assert lowest_free({1, 2}, rules) == 5
    assert lowest_free({2}) == 1


def test_a_director_may_put_a_game_on_a_reserved_table_but_not_an_excluded_one():
    rules = TableRules(excluded=frozenset({17}), reserved=frozenset({1}))
    assert rules.open_to_hand(1) and not rules.open_to_hand(17)
    assert not rules.open_to_hand(0) and not rules.open_to_hand(MAX_TABLE + 1)


# --- the plans in words ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tables"),
    [
        ("", set()),
        ("17", {17}),
        ("1-4, 17", {1, 2, 3, 4, 17}),
        ("1 - 3; 9", {1, 2, 3, 9}),
        ("5–6 8", {5, 6, 8}),
    ],
)
def test_a_table_list_reads(text, tables):
    assert parse_tables(text) == tables


@pytest.mark.parametrize(
    ("text", "code"),
    [("abc", "syntax"), ("0", "range"), (f"1-{MAX_TABLE + 1}", "range"), ("9-3", "order"), ("1-2-3", "syntax")],
)
def test_a_table_list_that_does_not_read_is_refused_with_a_reason(text, code):
    with pytest.raises(TableSpecError) as exc:
        parse_tables(text)
    assert exc.value.code == code


def test_too_many_ranges_are_refused():
    with pytest.raises(TableSpecError) as exc:
        parse_tables(", ".join(str(n) for n in range(1, 400, 2)) + ", 999")
    assert exc.value.code == "too-many"


def test_a_table_list_is_written_back_as_ranges():
    assert tables_text({17, 1, 2, 3, 4, 9}) == "1-4, 9, 17"
    assert tables_text(set()) == ""


def test_the_hall_plan_gives_room_and_row():
    plan = parse_halls("1-40: Hall A, row by 10\n41-80: Hall B\n\n# the annex\n81-90: Annex, 5 per row")
    assert plan.halls[0] == Hall(1, 40, "Hall A", 10)
    assert plan.place(37) == Place("Hall A", 4)
    assert plan.place(40) == Place("Hall A", 4) and plan.place(41) == Place("Hall B", None)
    assert plan.place(86) == Place("Annex", 2)
    assert plan.place(91) is None and plan.place(None) is None


@pytest.mark.parametrize(
    "line",
    [
        "1-40: Saal A, Reihen zu 10",
        "1-40: Saal A, Reihe je 10",
        "1-40: Saal A, 10 pro Reihe",
        "1-40: Saal A, rows of 10",
    ],
)
def test_rows_are_read_in_german_and_english(line):
    assert parse_halls(line).place(37) == Place("Saal A", 4)


def test_a_room_name_with_a_comma_stays_whole():
    assert parse_halls("1-9: Hall B, upstairs").place(3) == Place("Hall B, upstairs", None)


@pytest.mark.parametrize(
    ("text", "code", "line"),
    [
        ("1-40 Hall A", "syntax", 1),
        ("1-40:", "room", 1),
        ("1-40: " + "x" * 61, "room", 1),
        ("1-40: A\n30-50: B", "overlap", 2),
        ("1-40: A, rows of 0", "row", 1),
        ("1-40: A, rows of 1001", "row", 1),
        ("x-40: A", "syntax", 1),
        ("0-40: A", "range", 1),
    ],
)
def test_a_hall_plan_that_does_not_read_names_the_line(text, code, line):
    with pytest.raises(TableSpecError) as exc:
        parse_halls(text)
    assert (exc.value.code, exc.value.line) == (code, line)


def test_a_hall_plan_is_bounded():
    with pytest.raises(TableSpecError):
        parse_halls("\n".join(f"{n}: R" for n in range(1, 300)))


# --- a team round's matches: each match's boards at consecutive tables -----------------------------
#
# The row of tables as a director sees it: ``[3x]`` excluded, ``[1r]`` reserved; under it, which match
# (A best, then B, C) sits where.


def test_without_a_plan_the_matches_sit_as_opengotha_seats_them():
    #  1 2 3 4 | 5 6 7 8 | 9 10 11 12
    #  A A A A | B B B B | C C  C  C
    assert number_matches([4, 4, 4]) == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]


def test_a_match_is_not_split_around_an_excluded_table():
    #  1 2 [3x] 4 5 6 7 8 9 10 11
    #  . .      A A A A B B B  B    (tables 1-2 hold no match of 4: they stay empty)
    assert number_matches([4, 4], TableRules(excluded=frozenset({3}))) == [[4, 5, 6, 7], [8, 9, 10, 11]]


def test_a_smaller_match_takes_the_gap_a_larger_one_left():
    #  1 2 [3x] 4 5 6 7 8 9
    #  B B      A A A A
    assert number_matches([4, 2], TableRules(excluded=frozenset({3}))) == [[4, 5, 6, 7], [1, 2]]


def test_reserved_tables_go_to_the_top_match():
    #  1 2 3 4 [5r 6r 7r 8r] 9 10 11 12
    #  B B B B  A  A  A  A   C C  C  C
    rules = TableRules(reserved=frozenset({5, 6, 7, 8}))
    assert number_matches([4, 4, 4], rules) == [[5, 6, 7, 8], [1, 2, 3, 4], [9, 10, 11, 12]]


def test_the_top_match_runs_on_past_too_few_reserved_tables():
    #  [1r 2r] 3 4 | 5 6 7 8
    #   A  A   A A | B B B B
    rules = TableRules(reserved=frozenset({1, 2}))
    assert number_matches([4, 4], rules) == [[1, 2, 3, 4], [5, 6, 7, 8]]


def test_an_excluded_and_a_reserved_table_together():
    #  [1r] 2 [3x] 4 5 6 | 7 8 9
    #   .   .      A A A | B B B   (no run of 3 starts at the reserved table 1: it stays empty)
    rules = TableRules(excluded=frozenset({3}), reserved=frozenset({1}))
    assert number_matches([3, 3], rules) == [[4, 5, 6], [7, 8, 9]]


def test_reserved_tables_kept_empty_are_passed_over():
    #  [1r 2r] 3 4 5 6 | 7 8 9 10
    #   .  .   A A A A | B B B  B
    rules = TableRules(reserved=frozenset({1, 2}), reserved_for_top=False)
    assert number_matches([4, 4], rules) == [[3, 4, 5, 6], [7, 8, 9, 10]]


def test_taken_tables_are_left_alone():
    #  1 2 [3 kept] 4 5 6 7
    assert number_matches([2, 2], taken={3}) == [[1, 2], [4, 5]]


def test_too_few_tables_for_a_match_is_refused():
    every_other = TableRules(excluded=frozenset(range(2, MAX_TABLE + 1, 2)))
    assert number_matches([1], every_other) == [[1]]
    with pytest.raises(TablesFull):
        number_matches([2], every_other)  # 1 [2x] 3 [4x] ...: no two tables in a row
    with pytest.raises(TablesFull):
        number_matches([4] * (MAX_TABLE // 4 + 1))
    assert number_matches([4] * (MAX_TABLE // 4))[-1][-1] == MAX_TABLE // 4 * 4
