"""The round robin's schedule on the site (:mod:`tournament.services.round_robin`): made at once, stored
as paired rounds, refused where it cannot be made, taken back while no round is published, ranked by
wins, direct confrontation and SODOS."""

from __future__ import annotations

import datetime as dt
from itertools import combinations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tournament.limits import MAX_ROUND_ROBIN_PLAYERS
from tournament.models import AuditEntry, Bye, Game, Registration, Round, Tournament
from tournament.models.discipline import DisciplineKind
from tournament.models.game import Result
from tournament.models.tournament import ROUND_ROBIN_CRITERIA, PairingSystem
from tournament.pairing_words import warning_text
from tournament.permissions import SYSTEM
from tournament.selectors.round_day import game_warnings
from tournament.selectors.round_robin import withdrawal_plan
from tournament.selectors.standings import standings_for
from tournament.services.registrations import registration_set_status
from tournament.services.round_robin import Remaining, round_robin_remove, round_robin_schedule, round_robin_withdraw
from tournament.services.rounds import RoundStateError, round_pair, round_publish
from tournament.services.tournaments import tournament_create

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def robin(players: int = 5, rounds: int = 5, ranks=None):
    t = make_tournament(pairing_system=PairingSystem.ROUND_ROBIN, standings_criteria=list(ROUND_ROBIN_CRITERIA))
    go = make_discipline(t, DisciplineKind.GO, handicap_policy="none")
    ninuki = make_discipline(t, DisciplineKind.NINUKI)
    regs = [
        make_player(t, surname=f"Spieler{i:02d}", rank=(ranks[i] if ranks else "5k"), rating=2000 - i)
        for i in range(players)
    ]
    for n in range(1, rounds + 1):
        make_round(t, go if n % 2 else ninuki, n)
    return t, regs


def test_the_whole_schedule_is_stored_as_paired_rounds():
    t, regs = robin(players=5, rounds=6)
    made = round_robin_schedule(tournament=t, user=SYSTEM)
    assert [r.number for r in made.rounds] == [1, 2, 3, 4, 5] and made.players == 5 and made.left_empty == [6]
    rounds = list(t.rounds.order_by("number"))
    assert [r.status for r in rounds] == [Round.Status.PAIRED] * 5 + [Round.Status.PLANNED]
    games = list(Game.objects.filter(round__tournament=t))
    met = [frozenset((g.black_id, g.white_id)) for g in games]
    assert len(met) == len(set(met)) == 10 == len(list(combinations(regs, 2)))
    byes = [r.byes.get().player_id for r in rounds[:5]]
    assert sorted(byes) == sorted(r.pk for r in regs)
    for r in rounds[:5]:
        seated = [p for g in r.games.all() for p in (g.black_id, g.white_id)] + byes[r.number - 1 : r.number]
        assert sorted(seated) == sorted(r.pk for r in regs)
        assert sorted(r.games.values_list("table", flat=True)) == [1, 2]
    # the strongest (seat 1: rating 2000) has the bye of round 1 and White against seat 2 in round 2 (5-3 1-2)
    assert byes[0] == regs[0].pk
    assert rounds[1].games.filter(white=regs[0], black=regs[1]).exists()
    # komi as each round's discipline: Go 7.5 by default, Ninuki-Renju none
    assert {g.komi for g in rounds[0].games.all()} == {rounds[0].discipline.komi}
    assert t.audit_entries.filter(action="round.robin").count() == 5
    entry = AuditEntry.objects.get(action="tournament.round_robin")
    assert entry.after["rounds"] == 5 and entry.after["players"][0] == regs[0].spoken_name


def test_a_player_marked_absent_keeps_the_game_and_the_organizer_is_told():
    t, regs = robin(players=4, rounds=3)
    regs[2].absent_rounds = [2]
    regs[2].save()
    made = round_robin_schedule(tournament=t, user=SYSTEM)
    assert made.absent == [(regs[2].spoken_name, 2)]
    assert (
        t.rounds.get(number=2).games.filter(black=regs[2]).exists()
        or t.rounds.get(number=2).games.filter(white=regs[2]).exists()
    )


def test_only_confirmed_players_take_a_seat():
    t, regs = robin(players=4, rounds=3)
    make_player(t, surname="Spät", status=Registration.Status.PRELIMINARY)
    round_robin_schedule(tournament=t, user=SYSTEM)
    assert Game.objects.filter(round__tournament=t).count() == 6
    assert not t.rounds.filter(byes__isnull=False).exists()


def test_a_handicap_game_gives_white_to_the_stronger_whatever_the_table():
    t, regs = robin(players=4, rounds=3, ranks=["1k", "8k", "8k", "8k"])
    t.disciplines.filter(kind=DisciplineKind.GO).update(handicap_policy="mcmahon")
    round_robin_schedule(tournament=t, user=SYSTEM)
    for g in Game.objects.filter(round__tournament=t, round__discipline__kind=DisciplineKind.GO):
        if regs[0].pk in (g.black_id, g.white_id):
            assert g.white_id == regs[0].pk and g.handicap > 0
        else:
            assert g.handicap == 0


def test_only_an_organizer_makes_or_removes_it(django_user_model):
    t, _ = robin(players=4, rounds=3)
    someone = django_user_model.objects.create_user("someone", password="x")
    with pytest.raises(PermissionDenied):
        round_robin_schedule(tournament=t, user=someone)
    round_robin_schedule(tournament=t, user=SYSTEM)
    with pytest.raises(PermissionDenied):
        round_robin_remove(tournament=t, user=someone)
    assert Game.objects.filter(round__tournament=t).count() == 6


@pytest.mark.parametrize(
    ("players", "rounds", "message"),
    [
        (1, 3, "at least two"),
        (MAX_ROUND_ROBIN_PLAYERS + 1, 21, f"at most {MAX_ROUND_ROBIN_PLAYERS} players; 21 are registered"),
    ],
)
def test_refused_with_a_reason_and_nothing_written(players, rounds, message):
    t, _ = robin(players=players, rounds=rounds)
    with pytest.raises(ValidationError, match=message):
        round_robin_schedule(tournament=t, user=SYSTEM)
    assert not Game.objects.filter(round__tournament=t).exists()
    assert not t.rounds.exclude(status=Round.Status.PLANNED).exists()


def test_refused_for_another_system_and_once_made():
    t, _ = robin(players=4, rounds=3)
    t.pairing_system = PairingSystem.SWISS
    t.save()
    with pytest.raises(ValidationError, match="paired by Swiss, not as a round robin"):
        round_robin_schedule(tournament=t, user=SYSTEM)
    t.pairing_system = PairingSystem.ROUND_ROBIN
    t.save()
    round_robin_schedule(tournament=t, user=SYSTEM)
    with pytest.raises(RoundStateError, match=r"paired already \(1, 2, 3\)"):
        round_robin_schedule(tournament=t, user=SYSTEM)
    assert Game.objects.filter(round__tournament=t).count() == 6


def test_a_round_robin_round_is_not_paired_by_the_engine():
    t, _ = robin(players=4, rounds=3)
    with pytest.raises(ValidationError, match="paired all at once"):
        round_pair(round=t.rounds.get(number=1), user=SYSTEM)


def test_removed_while_no_round_is_published_then_made_again_with_a_late_player():
    t, regs = robin(players=4, rounds=5)
    round_robin_schedule(tournament=t, user=SYSTEM)
    assert round_robin_remove(tournament=t, user=SYSTEM) == [1, 2, 3]
    assert not Game.objects.filter(round__tournament=t).exists()
    assert not t.rounds.exclude(status=Round.Status.PLANNED).exists()
    assert AuditEntry.objects.filter(action="tournament.round_robin_remove").get().before == {"rounds": [1, 2, 3]}
    make_player(t, surname="Spät")
    made = round_robin_schedule(tournament=t, user=SYSTEM)
    assert len(made.rounds) == 5 and Game.objects.filter(round__tournament=t).count() == 10
    round_publish(round=t.rounds.get(number=1), user=SYSTEM)
    with pytest.raises(RoundStateError, match="Round 1 is published; take it back first"):
        round_robin_remove(tournament=t, user=SYSTEM)
    with pytest.raises(RoundStateError, match="no schedule"):
        t2, _ = robin(players=4, rounds=3)
        round_robin_remove(tournament=t2, user=SYSTEM)


def test_created_as_a_round_robin_it_ranks_by_wins_then_direct_confrontation_then_sodos(django_user_model):
    user = django_user_model.objects.create_superuser("boss", password="x")
    t = tournament_create(
        user=user,
        data={
            "name": "Vereinsmeisterschaft",
            "start_date": dt.date(2026, 12, 1),
            "place": "Hannover",
            "time_zone": "Europe/Berlin",
            "pairing_system": PairingSystem.ROUND_ROBIN,
        },
    )
    assert t.standings_criteria == ROUND_ROBIN_CRITERIA == ["nbw", "dc", "sodos"]
    assert t.bye_points == 0 and t.bye_points_nbw is None  # everyone rests once: the bye is worth nothing
    go = make_discipline(t, DisciplineKind.GO, handicap_policy="none")
    a, b, c, d = (make_player(t, surname=s, rating=2000 - i) for i, s in enumerate("ABCD"))
    for n in (1, 2, 3):
        make_round(t, go, n)
    round_robin_schedule(tournament=t, user=user)
    # A beats B and C, loses to D; B beats C and D; C beats D; D beats A: A and B have two wins each and
    # A beat B. (That DC counts before SODOS where SODOS says otherwise: the jar's round robins, rr-N, in
    # tests/pairing/opengotha/test_site_standings.py.)
    winners = {frozenset((a.pk, b.pk)): a, frozenset((a.pk, c.pk)): a, frozenset((a.pk, d.pk)): d}
    winners |= {frozenset((b.pk, c.pk)): b, frozenset((b.pk, d.pk)): b, frozenset((c.pk, d.pk)): c}
    for g in Game.objects.filter(round__tournament=t):
        w = winners[frozenset((g.black_id, g.white_id))]
        g.result = Result.BLACK if w.pk == g.black_id else Result.WHITE
        g.save(update_fields=["result"])
    st = standings_for(t, public=False, up_to=3)
    rows = [(row.entrant.id, dict(zip([c.header for c in st.columns], row.values))) for row in st.rows]
    assert [pk for pk, _ in rows[:2]] == [a.pk, b.pk]
    assert rows[0][1]["NBW"] == rows[1][1]["NBW"] and rows[0][1]["DC"] != rows[1][1]["DC"]
    assert [c.header for c in st.columns][:3] == ["NBW", "DC", "SODOSW"]


def test_a_withdrawn_player_takes_no_seat_and_twenty_active_players_are_accepted():
    t, regs = robin(players=MAX_ROUND_ROBIN_PLAYERS, rounds=MAX_ROUND_ROBIN_PLAYERS - 1)
    gone = make_player(t, surname="Weg", rating=2500, status=Registration.Status.WITHDRAWN)
    made = round_robin_schedule(tournament=t, user=SYSTEM)
    assert made.players == MAX_ROUND_ROBIN_PLAYERS and len(made.rounds) == MAX_ROUND_ROBIN_PLAYERS - 1
    assert not Game.objects.filter(round__tournament=t).filter(Q(black=gone) | Q(white=gone)).exists()
    assert (
        Game.objects.filter(round__tournament=t).count() == MAX_ROUND_ROBIN_PLAYERS * (MAX_ROUND_ROBIN_PLAYERS - 1) // 2
    )


def test_a_withdrawn_player_among_an_odd_field_is_left_out_without_an_error():
    t, regs = robin(players=4, rounds=3)
    make_player(t, surname="Weg", status=Registration.Status.WITHDRAWN)
    made = round_robin_schedule(tournament=t, user=SYSTEM)
    assert made.players == 4 and Game.objects.filter(round__tournament=t).count() == 6


@pytest.mark.parametrize("kind", ["team3", "pairgo"])
def test_a_team_or_pair_go_event_is_no_round_robin(kind):
    t, _ = robin(players=4, rounds=3)
    Tournament.objects.filter(pk=t.pk).update(event_kind=kind)  # as an old database may hold it
    with pytest.raises(ValidationError, match="cannot be a round robin: its schedule is for players on their own"):
        round_robin_schedule(tournament=t, user=SYSTEM)
    assert not Game.objects.filter(round__tournament=t).exists()
    t.refresh_from_db()
    with pytest.raises(
        ValidationError, match="cannot be a round robin: its schedule is for players on their own"
    ) as refused:
        t.full_clean()
    assert "pairing_system" in refused.value.error_dict


def test_the_rounds_the_schedule_needs_are_added_with_the_programmes_rhythm():
    t, regs = robin(players=6, rounds=3)
    week = dt.timedelta(days=7)
    start = dt.datetime(2027, 1, 5, 18, 30, tzinfo=dt.UTC)
    for r in t.rounds.all():
        r.starts_at = start + week * (r.number - 1)
        r.save()
    made = round_robin_schedule(tournament=t, user=SYSTEM)
    assert made.added == [4, 5] and made.added_dated and made.left_empty == []
    added = list(t.rounds.filter(number__gt=3).order_by("number"))
    assert [r.starts_at for r in added] == [start + 3 * week, start + 4 * week]
    assert [r.discipline for r in added] == [t.rounds.get(number=3).discipline] * 2
    assert [r.status for r in added] == [Round.Status.PAIRED] * 2
    assert t.audit_entries.filter(action="round.create").count() == 2
    assert Game.objects.filter(round__tournament=t).count() == 15


def test_without_start_times_or_rounds_the_added_rounds_are_undated_and_without_a_discipline_it_is_refused():
    t, regs = robin(players=3, rounds=0)
    made = round_robin_schedule(tournament=t, user=SYSTEM)
    assert made.added == [1, 2, 3] and not made.added_dated
    assert all(r.starts_at is None for r in t.rounds.all())
    bare = make_tournament(pairing_system=PairingSystem.ROUND_ROBIN)
    make_player(bare)
    make_player(bare)
    with pytest.raises(ValidationError, match="Add a discipline to the programme first"):
        round_robin_schedule(tournament=bare, user=SYSTEM)
    assert not bare.rounds.exists()


def test_a_double_round_robin_plays_each_pair_twice_the_colours_swapped():
    t, regs = robin(players=4, rounds=3)
    made = round_robin_schedule(tournament=t, user=SYSTEM, double=True)
    assert made.double and [r.number for r in made.rounds] == [1, 2, 3, 4, 5, 6] and made.added == [4, 5, 6]
    games = {(g.round.number, g.white_id, g.black_id) for g in Game.objects.filter(round__tournament=t)}
    assert len(games) == 12
    for number, white, black in games:
        partner = (number + 3 if number <= 3 else number - 3, black, white)
        assert partner in games
    assert AuditEntry.objects.get(action="tournament.round_robin").after["double"] is True


def test_created_as_a_round_robin_the_bye_scores_nothing(django_user_model):
    user = django_user_model.objects.create_superuser("boss", password="x")
    data = {"name": "Klub", "start_date": dt.date(2026, 12, 1), "place": "Kiel", "time_zone": "Europe/Berlin"}
    t = tournament_create(user=user, data={**data, "pairing_system": PairingSystem.ROUND_ROBIN})
    go = make_discipline(t, DisciplineKind.GO, handicap_policy="none")
    regs = [make_player(t, surname=s, rating=2000 - i) for i, s in enumerate("ABC")]
    round_robin_schedule(tournament=t, user=user)
    Game.objects.filter(round__tournament=t).update(result=Result.WHITE)
    st = standings_for(t, public=False)
    wins = {row.entrant.id: dict(zip([c.header for c in st.columns], row.values))["NBW"] for row in st.rows}
    whites = {reg.pk: str(Game.objects.filter(round__tournament=t, white=reg).count()) for reg in regs}
    assert wins == whites  # the games won, nothing for the bye each had
    assert go and tournament_create(user=user, data={**data, "name": "Swiss"}).bye_points == 1


def _play_rounds(t, upto: int) -> None:
    """White wins every game of rounds 1..upto."""
    Game.objects.filter(round__tournament=t, round__number__lte=upto).update(result=Result.WHITE)


def _games_of(reg):
    return Game.objects.filter(Q(black=reg) | Q(white=reg))


def test_a_withdrawal_forfeits_her_remaining_games_and_takes_her_bye_away():
    t, regs = robin(players=5, rounds=5)
    round_robin_schedule(tournament=t, user=SYSTEM)
    _play_rounds(t, 3)
    # seat 4's bye is in a later round: she rests in round 4 (5 players: seat n rests in the round FIDE gives)
    her = next(r for r in regs if Bye.objects.filter(player=r, round__number__gt=3).exists())
    plan = withdrawal_plan(her)
    assert plan.pending and plan.byes and len(plan.remaining) + plan.played == plan.total == 4
    done = round_robin_withdraw(registration=her, user=SYSTEM)
    her.refresh_from_db()
    assert done.withdrawn_now and her.status == Registration.Status.WITHDRAWN
    for g in _games_of(her).filter(round__number__gt=3):
        assert g.by_default and g.result == (Result.WHITE if g.black_id == her.pk else Result.BLACK)
    assert not Bye.objects.filter(player=her, round__number__gt=3).exists()
    assert t.audit_entries.filter(action="game.result.set").count() == len(plan.remaining)
    assert t.audit_entries.filter(action="round.bye.remove").count() == len(plan.byes)
    assert AuditEntry.objects.get(action="registration.robin_withdraw").after["remaining"] == "forfeit"
    # she scores nothing after her withdrawal: her points are those of her games of rounds 1-3
    st = standings_for(t, public=False)
    row = next(r for r in st.rows if r.entrant.id == her.pk)
    won = _games_of(her).filter(round__number__lte=3, white=her).count()
    assert dict(zip([c.header for c in st.columns], row.values))["NBW"] == str(won)
    # once: nothing is left to decide, and nothing changes
    with pytest.raises(ValidationError, match="nothing left to decide"):
        round_robin_withdraw(registration=her, user=SYSTEM, remaining=Remaining.CANCEL)
    assert _games_of(her).count() == 4


def test_cancelling_is_refused_after_half_her_games_and_changes_nothing():
    t, regs = robin(players=4, rounds=3)
    round_robin_schedule(tournament=t, user=SYSTEM)
    _play_rounds(t, 2)
    her = regs[0]
    with pytest.raises(ValidationError, match="played 2 of 3 games, half or more"):
        round_robin_withdraw(registration=her, user=SYSTEM, remaining=Remaining.CANCEL)
    her.refresh_from_db()
    assert her.status == Registration.Status.CONFIRMED and _games_of(her).count() == 3
    assert not _games_of(her).filter(by_default=True).exists()
    with pytest.raises(ValidationError, match="Choose what becomes"):
        round_robin_withdraw(registration=her, user=SYSTEM, remaining="later")


def test_cancelling_before_half_her_games_deletes_all_her_results_audited():
    t, regs = robin(players=5, rounds=5)
    round_robin_schedule(tournament=t, user=SYSTEM)
    _play_rounds(t, 1)
    her = next(r for r in regs if _games_of(r).filter(round__number=1).exists())
    her.status = Registration.Status.WITHDRAWN  # she withdrew herself, on her phone
    her.save()
    opponent = _games_of(her).get(round__number=1)
    done = round_robin_withdraw(registration=her, user=SYSTEM, remaining=Remaining.CANCEL)
    assert not done.withdrawn_now and done.plan.played == 1 and done.plan.may_cancel
    assert not _games_of(her).exists() and not Bye.objects.filter(player=her).exists()
    cancelled = t.audit_entries.filter(action="game.cancel")
    assert cancelled.count() == 4
    first = next(e for e in cancelled if e.before["round"] == 1)
    assert first.before["result"]["result"] == Result.WHITE
    assert {first.before["black"], first.before["white"]} == {opponent.black.spoken_name, opponent.white.spoken_name}
    # she is gone from the standings; the others keep their other games
    st = standings_for(t, public=False)
    assert her.pk not in [r.entrant.id for r in st.rows] and len(st.rows) == 4
    assert Game.objects.filter(round__tournament=t).count() == 6


def test_the_warning_of_a_withdrawn_players_game_says_withdrawn():
    t, regs = robin(players=4, rounds=3)
    round_robin_schedule(tournament=t, user=SYSTEM)
    Registration.objects.filter(pk=regs[1].pk).update(status=Registration.Status.WITHDRAWN)
    texts = [warning_text(w) for w in game_warnings(t.rounds.get(number=2))]
    assert any(f"{regs[1].spoken_name} has withdrawn from the tournament" in w for w in texts)
    assert not any("marked absent" in w for w in texts)


def test_a_withdrawal_outside_a_round_robin_is_refused():
    t, regs = robin(players=4, rounds=3)
    round_robin_schedule(tournament=t, user=SYSTEM)
    Tournament.objects.filter(pk=t.pk).update(pairing_system=PairingSystem.SWISS)
    regs[0].refresh_from_db()
    with pytest.raises(ValidationError, match="not as a round robin"):
        round_robin_withdraw(registration=regs[0], user=SYSTEM)
    assert Registration.objects.get(pk=regs[0].pk).status == Registration.Status.CONFIRMED


def test_a_player_who_withdraws_herself_loses_her_byes_to_come_at_once(django_user_model):
    t, regs = robin(players=5, rounds=5)
    round_robin_schedule(tournament=t, user=SYSTEM)
    _play_rounds(t, 2)
    her = next(r for r in regs if Bye.objects.filter(player=r, round__number__gt=2).exists())
    her.user = django_user_model.objects.create_user("sie", password="x")
    her.save()
    rested = Bye.objects.get(player=her).round.number
    registration_set_status(registration=her, status=Registration.Status.WITHDRAWN, user=her.user)
    assert not Bye.objects.filter(player=her).exists()
    entry = t.audit_entries.get(action="round.bye.remove")
    assert entry.user == her.user and entry.before == {"bye": her.spoken_name}
    assert entry.object_id == t.rounds.get(number=rested).pk
    # the director's decision is still to make: her games without a result
    plan = withdrawal_plan(her)
    assert plan.pending and not plan.byes and plan.remaining
    assert not round_robin_withdraw(registration=her, user=SYSTEM).withdrawn_now
    assert not _games_of(her).filter(result=Result.UNKNOWN).exists()
