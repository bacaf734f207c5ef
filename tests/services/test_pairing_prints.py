"""The pairing version (one number per pairing, a new one at every change of it, never at a result) and the
papers printed of it: kept with the pairing, flagged as stale with what changed (issue #34, item 2)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tournament.models import AuditEntry, Game, PairingPrint, Round
from tournament.models.discipline import DisciplineKind
from tournament.models.tournament import ROUND_ROBIN_CRITERIA, PairingSystem
from tournament.permissions import SYSTEM
from tournament.selectors.pairing_prints import change_text, pairing_changes, pairing_snapshot, stale_prints
from tournament.services.pairing_prints import pairing_print_dismiss, pairing_print_record
from tournament.services.registrations import registration_merge
from tournament.services.results import result_set
from tournament.services.round_edits import (
    game_move_table,
    game_swap_players,
    game_unpair,
    players_pair,
    round_set_bye,
)
from tournament.services.round_robin import round_robin_remove, round_robin_schedule
from tournament.services.rounds import (
    round_finish,
    round_pair,
    round_publish,
    round_repair,
    round_unpair,
    round_unpublish,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def version(round_: Round) -> int:
    return Round.objects.get(pk=round_.pk).pairing_version


def games(round_: Round) -> list[Game]:
    return list(Game.objects.filter(round=round_).select_related("black", "white").order_by("table"))


def test_each_kind_of_pairing_change_gives_a_new_version_and_nothing_else_does(field):
    _t, players, r1, _r2 = field
    assert version(r1) == 0
    round_pair(round=r1, user=SYSTEM)
    assert version(r1) == 1 and Round.objects.get(pk=r1.pk).shown_pairing == 1
    round_repair(round=r1, user=SYSTEM)  # pairing again is one change, not two (removed, then paired)
    assert version(r1) == 2
    first, second = games(r1)[:2]
    game_swap_players(round=r1, player_a=first.black, player_b=second.white, user=SYSTEM)
    assert version(r1) == 3
    game_move_table(game=games(r1)[0], table=12, user=SYSTEM)
    assert version(r1) == 4
    taken_out = games(r1)[-1]
    game_unpair(game=taken_out, user=SYSTEM)
    assert version(r1) == 5
    players_pair(round=r1, player_a=taken_out.black, player_b=taken_out.white, user=SYSTEM)
    assert version(r1) == 6
    by_hand = next(g for g in games(r1) if g.black_id in (taken_out.black_id, taken_out.white_id))
    game_unpair(game=by_hand, user=SYSTEM)
    round_set_bye(round=r1, player=taken_out.black, user=SYSTEM)
    assert version(r1) == 8
    # publishing, results, withdrawing the publication and closing the round change no pairing
    round_publish(round=r1, user=SYSTEM)
    for game in games(r1):
        result_set(game=game, user=SYSTEM, version=game.version, result="B")
    round_finish(round=r1, user=SYSTEM)
    assert version(r1) == 8
    assert Round.objects.get(pk=r1.pk).version > 1  # the round's own version counted every step meanwhile


def test_removing_the_pairing_is_a_change_and_a_planned_round_shows_no_version(field):
    _t, _players, r1, _r2 = field
    round_pair(round=r1, user=SYSTEM)
    round_publish(round=r1, user=SYSTEM)
    round_unpublish(round=r1, user=SYSTEM)
    assert version(r1) == 1
    round_unpair(round=r1, user=SYSTEM)
    r1.refresh_from_db()
    assert r1.pairing_version == 2 and r1.shown_pairing is None
    round_pair(round=r1, user=SYSTEM)
    assert version(r1) == 3


def test_a_merge_changes_the_pairing_of_the_rounds_it_rewrites(field):
    tournament, players, r1, r2 = field
    round_pair(round=r1, user=SYSTEM)
    twin = make_player(tournament, surname=players[0].surname, given_name=players[0].given_name, status="withdrawn")
    registration_merge(keep=twin, drop=players[0], user=SYSTEM)
    assert version(r1) == 2 and version(r2) == 0


def test_a_round_robin_schedule_versions_every_round_it_pairs():
    t = make_tournament(pairing_system=PairingSystem.ROUND_ROBIN, standings_criteria=list(ROUND_ROBIN_CRITERIA))
    go = make_discipline(t, DisciplineKind.GO, handicap_policy="none")
    for i in range(4):
        make_player(t, surname=f"Spieler{i}", rating=2000 - i)
    rounds = [make_round(t, go, n) for n in (1, 2, 3)]
    round_robin_schedule(tournament=t, user=SYSTEM)
    assert [version(r) for r in rounds] == [1, 1, 1]
    round_robin_remove(tournament=t, user=SYSTEM)
    assert [version(r) for r in rounds] == [2, 2, 2]


def test_a_print_keeps_the_pairing_as_printed_and_its_version(field, django_user_model):
    tournament, _players, r1, _r2 = field
    orga = django_user_model.objects.create_user("orga-print")
    tournament.roles.create(user=orga, role="organizer")
    assert pairing_print_record(round=r1, kind="sheet", user=orga) is None  # nothing paired: nothing to print
    round_pair(round=r1, user=SYSTEM)
    printed = pairing_print_record(round=r1, kind="sheet", user=orga)
    assert printed.pairing_version == 1 and printed.printed_by == orga
    assert printed.pairing == pairing_snapshot(r1)
    assert len(printed.pairing["games"]) == 5 and len(printed.pairing["byes"]) == 1
    # printed again, the same version by the same person: the one row renewed, not a second
    again = pairing_print_record(round=r1, kind="sheet", user=orga)
    assert again.pk == printed.pk and again.printed_at >= printed.printed_at
    assert PairingPrint.objects.filter(round=r1).count() == 1
    entry = AuditEntry.objects.get(action="round.print")
    assert entry.after == {"paper": "sheet", "pairing": 1} and entry.user == orga
    with pytest.raises(ValidationError):
        pairing_print_record(round=r1, kind="poster", user=orga)


def test_players_and_the_public_do_not_record_prints(field, django_user_model):
    tournament, players, r1, _r2 = field
    round_pair(round=r1, user=SYSTEM)
    player = django_user_model.objects.create_user("p-print")
    players[0].user = player
    players[0].save()
    with pytest.raises(PermissionDenied):
        pairing_print_record(round=r1, kind="sheet", user=player)
    with pytest.raises(PermissionDenied):
        pairing_print_dismiss(round=r1, kind="sheet", user=player)


def test_a_change_after_printing_flags_the_paper_stale_with_what_changed(field):
    tournament, _players, r1, _r2 = field
    round_pair(round=r1, user=SYSTEM)
    pairing_print_record(round=r1, kind="sheet", user=SYSTEM)
    pairing_print_record(round=r1, kind="slips", user=SYSTEM)
    assert stale_prints(tournament) == []
    before = games(r1)
    one, two = before[0], before[1]
    game_swap_players(round=r1, player_a=one.white, player_b=two.white, user=SYSTEM)
    stale = stale_prints(tournament)
    assert [(s.round.number, s.print.kind, s.print.pairing_version, s.now) for s in stale] == [
        (1, "sheet", 1, 2),
        (1, "slips", 1, 2),
    ]
    after = games(r1)  # the swap gives the colours by the rules

    def pair(g):
        return f"{g.black.display_name} – {g.white.display_name}"

    assert stale[0].lines == [
        f"Table 1: {pair(one)}, now {pair(after[0])}",
        f"Table 2: {pair(two)}, now {pair(after[1])}",
    ]
    assert {after[0].black_id, after[0].white_id} == {one.black_id, two.white_id}
    # the sheet printed again: only the slips stay stale
    pairing_print_record(round=r1, kind="sheet", user=SYSTEM)
    assert [s.print.kind for s in stale_prints(tournament)] == ["slips"]
    # the slips let stand: nothing stale, until the next change
    pairing_print_dismiss(round=r1, kind="slips", user=SYSTEM, reason="announced")
    assert stale_prints(tournament) == []
    with pytest.raises(ValidationError, match="not stale"):
        pairing_print_dismiss(round=r1, kind="slips", user=SYSTEM)
    assert AuditEntry.objects.get(action="round.print.dismiss").after == {"pairing": 2}
    moved = games(r1)[2]
    game_move_table(game=moved, table=9, user=SYSTEM)
    stale = stale_prints(tournament)
    assert [(s.print.kind, s.now) for s in stale] == [("sheet", 3), ("slips", 3)]
    # the slips show pairing 1: the swap and the move; the sheet (pairing 2) only the move
    names = f"{moved.black.display_name} – {moved.white.display_name}"
    assert stale[0].lines == [f"{names}: table 3, now table 9"]
    assert f"{names}: table 3, now table 9" in stale[1].lines and len(stale[1].lines) == 3


def test_a_removed_pairing_and_a_closed_round(field):
    tournament, _players, r1, _r2 = field
    round_pair(round=r1, user=SYSTEM)
    pairing_print_record(round=r1, kind="sheet", user=SYSTEM)
    round_unpair(round=r1, user=SYSTEM)
    (stale,) = stale_prints(tournament)
    assert stale.unpaired and stale.changes == []
    round_pair(round=r1, user=SYSTEM)
    round_publish(round=r1, user=SYSTEM)
    (stale,) = stale_prints(tournament)
    assert not stale.unpaired and stale.now == 3
    for game in games(r1):
        result_set(game=game, user=SYSTEM, version=game.version, result="W")
    round_finish(round=r1, user=SYSTEM)
    assert stale_prints(tournament) == []  # a closed round's papers are history


def snapshot(games, byes=(), names=None):
    ids = {pk for g in games for pk in g[1:3]} | set(byes)
    return {"games": [list(g) for g in games], "byes": list(byes), "names": names or {str(i): f"P{i}" for i in ids}}


def test_the_differences_by_kind():
    printed = snapshot([(1, 1, 2, 0, "6.5"), (2, 3, 4, 0, "6.5"), (3, 5, 6, 0, "6.5"), (4, 7, 8, 2, "0.5")], [9])
    now = snapshot([(1, 2, 1, 0, "6.5"), (5, 3, 4, 0, "6.5"), (4, 7, 8, 3, "0.5"), (6, 5, 9, 0, "6.5")], [6])
    assert [change_text(c) for c in pairing_changes(printed, now)] == [
        "Table 1: colours swapped, now P2 – P1",
        "Table 3: P5 – P6, no longer paired",
        "Table 4: handicap 2, komi 0.5; now 3, 0.5",
        "P3 – P4: table 2, now table 5",
        "Table 6: P5 – P9, a new game",
        "Bye: P9, now P6",
    ]
    assert pairing_changes(printed, printed) == []
