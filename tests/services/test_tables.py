"""The tables' services (issue #34, item 3): a table plan saved and checked, the pairing and the hand edits
following it, a table set by hand kept when the round is renumbered or paired again."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tests.factories import make_player
from tournament.models import AuditEntry, Round, TablePlan
from tournament.permissions import SYSTEM
from tournament.selectors.tables import hall_plan, table_rules, where
from tournament.services.round_edits import game_move_table, game_unpair, players_pair
from tournament.services.rounds import round_pair, round_publish, round_repair
from tournament.services.tables import round_renumber_tables, table_plan_save

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def tables_of(round_: Round) -> list[int]:
    return list(round_.games.order_by("table").values_list("table", flat=True))


def by_pair(round_: Round) -> dict[frozenset, tuple[int, bool]]:
    return {frozenset((g.black_id, g.white_id)): (g.table, g.table_by_hand) for g in round_.games.all()}


def test_the_pairing_skips_excluded_tables_and_gives_reserved_ones_to_the_top_boards(field):
    tournament, _players, r1, _ = field
    table_plan_save(tournament=tournament, excluded="2, 4", reserved="101-102", user=SYSTEM)
    round_pair(round=r1, user=SYSTEM)
    assert tables_of(r1) == [1, 3, 5, 101, 102]
    best = r1.games.get(table=101)  # the strongest pair sits at the first broadcast table
    strongest = max(r1.tournament.registrations.all(), key=lambda p: p.rank)
    assert strongest.pk in (best.black_id, best.white_id) or r1.byes.filter(player=strongest).exists()


def test_reserved_tables_kept_empty_and_a_round_of_its_own(field):
    tournament, _players, r1, r2 = field
    table_plan_save(tournament=tournament, reserved="1-2", reserved_use="empty", user=SYSTEM)
    table_plan_save(tournament=tournament, round=r1, excluded="3", user=SYSTEM)  # round 1: table 3 is broken
    assert table_rules(r1).excluded == {3} and table_rules(r1).reserved == set()
    assert table_rules(r2).reserved == {1, 2} and not table_rules(r2).reserved_for_top
    round_pair(round=r1, user=SYSTEM)
    assert tables_of(r1) == [1, 2, 4, 5, 6]
    # both fields empty: round 1 follows the tournament's tables again
    assert table_plan_save(tournament=tournament, round=r1, user=SYSTEM) is None
    assert table_rules(r1).reserved == {1, 2}
    assert not TablePlan.objects.filter(round=r1).exists()


def test_a_plan_is_checked_and_nothing_is_saved_when_it_is_wrong(field):
    tournament, *_ = field
    with pytest.raises(ValidationError) as exc:
        table_plan_save(tournament=tournament, excluded="9-3", halls="1-40: Hall A", user=SYSTEM)
    assert "a range goes from the lower table to the higher" in str(exc.value)
    with pytest.raises(ValidationError) as exc:
        table_plan_save(tournament=tournament, halls="1-40: A\n30-50: B", user=SYSTEM)
    assert "Line 2" in str(exc.value) and "in an earlier line already" in str(exc.value)
    with pytest.raises(ValidationError, match="cannot be reserved too"):
        table_plan_save(tournament=tournament, excluded="1-3", reserved="3-4", user=SYSTEM)
    with translation.override("de"), pytest.raises(ValidationError) as exc:
        table_plan_save(tournament=tournament, halls="1-40 Saal A", user=SYSTEM)
    assert "Zeile 1" in str(exc.value) and "Bereich" in str(exc.value)
    assert not TablePlan.objects.exists()


def test_a_plan_is_kept_tidy_and_in_the_audit_log(field):
    tournament, *_ = field
    plan = table_plan_save(
        tournament=tournament, excluded="17 ,4 ,3", reserved="1 - 2", halls="  1-40: Hall A, rows of 10 ", user=SYSTEM
    )
    assert (plan.excluded, plan.reserved, plan.halls) == ("3-4, 17", "1-2", "1-40: Hall A, rows of 10")
    entry = AuditEntry.objects.get(action="tables.plan")
    assert entry.after["excluded"] == "3-4, 17" and entry.before is None
    assert where(hall_plan(tournament), 37) == "Hall A, row 4"
    with translation.override("de"):
        assert where(hall_plan(tournament), 37) == "Hall A, Reihe 4"
    assert where(hall_plan(tournament), 41) == ""


def test_a_table_set_by_hand_is_kept_when_the_round_is_renumbered(field):
    tournament, _players, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    last = r1.games.get(table=5)
    moved = game_move_table(game=last, table=9, user=SYSTEM)  # the wheelchair table
    assert moved.table_by_hand
    table_plan_save(tournament=tournament, excluded="1", user=SYSTEM)  # table 1 breaks
    assert round_renumber_tables(round=r1, user=SYSTEM) == 4
    pairs = by_pair(r1)
    assert pairs[frozenset((last.black_id, last.white_id))] == (9, True)
    assert tables_of(r1) == [2, 3, 4, 5, 9]
    assert AuditEntry.objects.filter(action="round.renumber").count() == 1
    # numbered again without a change: nothing moves
    assert round_renumber_tables(round=r1, user=SYSTEM) == 0


def test_moving_a_game_swaps_and_only_the_moved_game_is_set_by_hand(field):
    tournament, _players, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    first, second = r1.games.get(table=1), r1.games.get(table=2)
    game_move_table(game=second, table=1, user=SYSTEM)
    assert by_pair(r1)[frozenset((second.black_id, second.white_id))] == (1, True)
    assert by_pair(r1)[frozenset((first.black_id, first.white_id))] == (2, False)
    table_plan_save(tournament=tournament, excluded="17", user=SYSTEM)
    with pytest.raises(ValidationError, match="Table 17 is excluded"):
        game_move_table(game=r1.games.get(table=3), table=17, user=SYSTEM)


def test_pairing_again_gives_a_player_her_table_set_by_hand(field):
    _tournament, _players, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    last = r1.games.get(table=5)
    game_move_table(game=last, table=12, user=SYSTEM)
    round_repair(round=r1, user=SYSTEM)
    held = r1.games.get(table=12)
    assert held.table_by_hand
    assert {last.black_id, last.white_id} & {held.black_id, held.white_id}
    assert tables_of(r1) == [1, 2, 3, 4, 12]


def test_a_game_paired_by_hand_takes_the_lowest_table_the_plan_allows(field):
    tournament, players, r1, _ = field
    table_plan_save(tournament=tournament, excluded="1", reserved="2", reserved_use="empty", user=SYSTEM)
    round_pair(round=r1, user=SYSTEM)
    assert tables_of(r1) == [3, 4, 5, 6, 7]
    late = make_player(tournament, rank="9k")  # arrives after the pairing: plays the bye
    bye = r1.byes.get().player
    game, _warnings = players_pair(round=r1, player_a=bye, player_b=late, user=SYSTEM)
    assert game.table == 8
    game_unpair(game=r1.games.get(table=3), user=SYSTEM)
    seated = {pk for g in r1.games.all() for pk in (g.black_id, g.white_id)}
    a, b = [p for p in players if p.pk not in seated]
    game, _warnings = players_pair(round=r1, player_a=a, player_b=b, user=SYSTEM)
    assert game.table == 3


def test_renumbering_is_refused_once_the_round_is_closed(field):
    _tournament, _players, r1, _ = field
    with pytest.raises(ValidationError, match="only be changed while the round is being played"):
        round_renumber_tables(round=r1, user=SYSTEM)
    round_pair(round=r1, user=SYSTEM)
    round_publish(round=r1, user=SYSTEM)
    assert round_renumber_tables(round=r1, user=SYSTEM) == 0  # a published round may be renumbered


def test_a_round_of_another_tournament_is_refused(field):
    from tests.factories import make_discipline, make_round, make_tournament

    tournament, *_ = field
    other = make_tournament(name="Other", slug="other")
    foreign = make_round(other, make_discipline(other), 1)
    with pytest.raises(ValidationError, match="not one of the tournament's"):
        table_plan_save(tournament=tournament, round=foreign, excluded="3", user=SYSTEM)


def test_a_round_robin_keeps_its_board_order_at_the_tables_the_plan_leaves():
    from tests.services.test_round_robin import robin
    from tournament.services.round_robin import round_robin_schedule

    t, _regs = robin(players=6, rounds=5)
    table_plan_save(tournament=t, excluded="2", reserved="1", reserved_use="empty", user=SYSTEM)
    plain = robin(players=6, rounds=5)[0]  # the same schedule without a plan
    round_robin_schedule(tournament=t, user=SYSTEM)
    round_robin_schedule(tournament=plain, user=SYSTEM)
    for number in range(1, 6):
        with_plan = t.rounds.get(number=number).games.order_by("table")
        without = plain.rounds.get(number=number).games.order_by("table")
        assert [g.table for g in with_plan] == [3, 4, 5]
        assert [g.black.surname for g in with_plan] == [g.black.surname for g in without]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "No table is left for the game: every table up to 9999 is in use, excluded or reserved"),
        ("de", "Für die Partie ist kein Tisch mehr frei: Jeder Tisch bis 9999 ist besetzt, gesperrt oder reserviert"),
    ],
)
def test_a_game_paired_by_hand_when_the_plan_leaves_no_table_is_refused_in_words(field, language, words):
    """Tables 1-5 are played at, the plan excludes 6 to the last: the game paired by hand has no table.
    ::

        tables  1 2 3 4 5 | 6 ......... 9999
                played      excluded
        hand-paired game -> refused, nothing changes
    """
    tournament, _players, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    assert tables_of(r1) == [1, 2, 3, 4, 5]
    table_plan_save(tournament=tournament, excluded="6-9999", user=SYSTEM)
    late = make_player(tournament, rank="9k")
    bye = r1.byes.get().player
    with translation.override(language), pytest.raises(ValidationError) as refused:
        players_pair(round=r1, player_a=bye, player_b=late, user=SYSTEM)
    assert words in refused.value.messages[0]
    assert tables_of(r1) == [1, 2, 3, 4, 5] and r1.byes.get().player == bye
