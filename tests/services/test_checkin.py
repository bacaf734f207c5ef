"""Check-in (issue #34 item 1): players check in on their phone with the hall's code (logged in, with the
claim code, or by name where allowed) or at the desk (audited, undone); a round paired with the checked-in
players only leaves the others absent in it and lists them; pairing it again or removing the pairing gives
their absences back; a late arrival plays the next round."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError

from tests.factories import make_player
from tournament.backup import _querysets, dump_tournament, load_tournament
from tournament.models import AuditEntry, PairingRecord, Registration, Round, Tournament, TournamentRole
from tournament.permissions import SYSTEM
from tournament.selectors.checkin import NOT_CHECKED_IN, checkin_counts, round_checkin, search
from tournament.selectors.standings import standings_for
from tournament.services.checkin import (
    check_in,
    check_in_at_desk,
    check_in_undo,
    checkin_settings,
    round_set_checked_in_only,
)
from tournament.services.opengotha import export_opengotha, read_opengotha
from tournament.services.rounds import round_pair, round_publish, round_repair, round_unpair

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def _account(name: str):
    return get_user_model().objects.create_user(username=name, password=f"pw-{name}-123")


@pytest.fixture
def hall(field):
    """The field of eleven with the check-in open; the organizer's and a referee's accounts."""
    tournament, players, r1, r2 = field
    orga, referee = _account("orga"), _account("schiri")
    TournamentRole.objects.create(tournament=tournament, user=orga, role="organizer")
    TournamentRole.objects.create(tournament=tournament, user=referee, role="referee")
    checkin_settings(tournament=tournament, open=True, by_name=True, user=orga)
    return tournament, players, r1, r2, orga, referee


def seated(round_: Round) -> set[int]:
    return {pk for g in round_.games.all() for pk in (g.black_id, g.white_id)} | {
        b.player_id for b in round_.byes.all()
    }


def test_a_player_checks_in_by_account_code_or_name_and_twice_changes_nothing(hall):
    tournament, players, *_rest = hall
    code = tournament.checkin_code
    lena = players[0]
    lena.user = _account("lena")
    lena.save()
    assert check_in(registration=lena, user=lena.user, hall_code=code) is True
    first = Registration.objects.get(pk=lena.pk).checked_in_at
    assert first is not None
    assert check_in(registration=lena, user=lena.user, hall_code=code.lower()) is False  # a second scan
    assert Registration.objects.get(pk=lena.pk).checked_in_at == first
    slip = players[1]
    assert check_in(registration=slip, user=AnonymousUser(), hall_code=code, claim_code=slip.claim_code.lower())
    assert check_in(registration=players[2], user=AnonymousUser(), hall_code=code, by_name=True)
    assert checkin_counts(tournament).checked_in == 3 and checkin_counts(tournament).registered == 11
    # a player's own check-ins are not the audit log's: 250 of them would bury the desk's
    assert not AuditEntry.objects.filter(action__startswith="registration.checkin").exists()


def test_the_phones_are_refused_without_the_hall_s_code_when_closed_or_by_name_when_not_allowed(hall):
    tournament, players, _r1, _r2, orga, _referee = hall
    with pytest.raises(ValidationError, match="scan the QR code in the playing hall"):
        check_in(registration=players[0], user=AnonymousUser(), hall_code="WRONG", by_name=True)
    with pytest.raises(PermissionDenied, match="claim code"):
        check_in(registration=players[0], user=AnonymousUser(), hall_code=tournament.checkin_code, claim_code="X")
    checkin_settings(tournament=tournament, open=True, by_name=False, user=orga)
    with pytest.raises(PermissionDenied):
        check_in(registration=players[0], user=AnonymousUser(), hall_code=tournament.checkin_code, by_name=True)
    checkin_settings(tournament=tournament, open=False, by_name=True, user=orga)
    with pytest.raises(ValidationError, match="closed"):
        check_in(registration=players[0], user=AnonymousUser(), hall_code=tournament.checkin_code, by_name=True)
    assert checkin_counts(tournament).checked_in == 0
    assert check_in_at_desk(registration=players[0], user=orga)  # the desk checks in while the phones cannot


def test_a_withdrawn_player_checks_in_nowhere_and_an_unconfirmed_one_only_at_an_organizer_s_desk(hall):
    tournament, players, _r1, _r2, orga, referee = hall
    code = tournament.checkin_code
    Registration.objects.filter(pk=players[0].pk).update(status=Registration.Status.WITHDRAWN)
    Registration.objects.filter(pk=players[1].pk).update(status=Registration.Status.PRELIMINARY)
    gone, early = (Registration.objects.get(pk=p.pk) for p in players[:2])
    with pytest.raises(ValidationError, match="withdrawn"):
        check_in_at_desk(registration=gone, user=orga)
    with pytest.raises(ValidationError, match="not confirmed yet"):
        check_in(registration=early, user=AnonymousUser(), hall_code=code, by_name=True)
    with pytest.raises(ValidationError, match="only an organizer may confirm"):
        check_in_at_desk(registration=early, user=referee)
    assert check_in_at_desk(registration=early, user=orga)
    early.refresh_from_db()
    assert early.status == Registration.Status.CONFIRMED and early.checked_in_at is not None


def test_the_desk_checks_in_and_undoes_audited_and_only_staff_may(hall):
    tournament, players, _r1, _r2, _orga, referee = hall
    for who in (None, AnonymousUser(), players[0].user):
        with pytest.raises(PermissionDenied):
            check_in_at_desk(registration=players[0], user=who)
    assert check_in_at_desk(registration=players[0], user=referee) is True
    assert check_in_at_desk(registration=players[0], user=referee) is False
    assert check_in_undo(registration=players[0], user=referee) is True
    assert check_in_undo(registration=players[0], user=referee) is False
    assert Registration.objects.get(pk=players[0].pk).checked_in_at is None
    entries = AuditEntry.objects.filter(tournament=tournament, action__startswith="registration.checkin")
    assert [(e.action, e.user) for e in entries.order_by("pk")] == [
        ("registration.checkin", referee),
        ("registration.checkin.undo", referee),
    ]


def test_the_name_search_ignores_marks_and_case_and_finds_either_name_in_any_order(hall):
    tournament, *_rest = hall
    make_player(tournament, surname="Müller", given_name="Anna")
    make_player(tournament, surname="Łukasiewicz", given_name="Ólafur")
    make_player(tournament, surname="Mueller", given_name="Bernd")
    assert [r.spoken_name for r in search(tournament, "MÜL")] == ["Anna Müller"]
    # "ue" finds the umlaut too; DIN 5007-1 orders Mueller before Müller (ü as u)
    assert [r.spoken_name for r in search(tournament, "muel")] == ["Bernd Mueller", "Anna Müller"]
    assert [r.spoken_name for r in search(tournament, "an mul")] == ["Anna Müller"]
    assert [r.spoken_name for r in search(tournament, "olaf luk")] == ["Ólafur Łukasiewicz"]
    assert search(tournament, "   ") == [] and search(tournament, "x" * 10_000) == []


def test_round_one_with_the_checked_in_only_pairs_exactly_them_and_lists_the_others(hall):
    tournament, players, r1, r2, orga, referee = hall
    here, away = players[:8], players[8:]
    for p in here:
        check_in_at_desk(registration=p, user=referee)
    with pytest.raises(PermissionDenied):
        round_set_checked_in_only(round=r1, on=True, user=referee)
    round_set_checked_in_only(round=r1, on=True, user=orga)
    round_pair(round=r1, user=orga)
    r1.refresh_from_db()
    assert seated(r1) == {p.pk for p in here}
    assert all(1 in Registration.objects.get(pk=p.pk).absent_rounds for p in away)
    assert sorted(PairingRecord.of(r1.pk)[NOT_CHECKED_IN]) == sorted(p.pk for p in away)
    shown = round_checkin(r1)
    assert [r.pk for r in shown.not_here] == [p.pk for p in sorted(away, key=lambda p: (p.surname, p.given_name))]
    assert shown.late == [] and shown.counts.checked_in == 8
    # one of them comes late, after the pairing: listed as late; "Pair again" pairs her, the others stay absent
    late = away[0]
    check_in_at_desk(registration=late, user=referee)
    assert [r.pk for r in round_checkin(r1).late] == [late.pk]
    round_repair(round=r1, user=orga)
    r1.refresh_from_db()
    assert seated(r1) == {p.pk for p in here} | {late.pk}
    assert Registration.objects.get(pk=late.pk).absent_rounds == []
    assert sorted(PairingRecord.of(r1.pk)[NOT_CHECKED_IN]) == sorted(p.pk for p in away[1:])
    # removing the pairing gives every absence it made back
    round_unpair(round=r1, user=orga)
    assert all(Registration.objects.get(pk=p.pk).absent_rounds == [] for p in players)
    with pytest.raises(ValidationError):  # the switch waits for a planned round only while paired
        round_pair(round=r1, user=orga)
        round_set_checked_in_only(round=r1, on=False, user=orga)


def test_a_late_arrival_is_listed_for_the_next_round_and_paired_there(hall):
    tournament, players, r1, r2, orga, referee = hall
    for p in players[:10]:
        check_in_at_desk(registration=p, user=referee)
    round_set_checked_in_only(round=r1, on=True, user=orga)
    round_pair(round=r1, user=orga)
    round_publish(round=r1, user=orga)
    late = players[10]
    check_in(registration=late, user=AnonymousUser(), hall_code=tournament.checkin_code, by_name=True)
    r1.refresh_from_db()
    assert late.pk not in seated(r1) and [r.pk for r in round_checkin(r1).late] == [late.pk]
    assert [r.pk for r in round_checkin(r2).late_before] == [late.pk]
    assert round_checkin(r2).before_number == 1
    round_set_checked_in_only(round=r2, on=True, user=orga)
    round_pair(round=r2, user=orga)
    r2.refresh_from_db()
    assert late.pk in seated(r2) and len(seated(r2)) == 11
    # round 1 counts as an absence for her in the standings and in the OpenGotha file
    assert Registration.objects.get(pk=late.pk).absent_rounds == [1]
    row = next(r for r in standings_for(tournament, up_to=1).rows if r.entrant.id == late.pk)
    assert row.cells[0].kind == "absent"
    again = read_opengotha(export_opengotha(tournament, discipline=r1.discipline).encode())
    player = next(p for p in again.players if p.name == late.surname)
    assert player.participation[0] is False and player.final  # FIN: her registration is confirmed


def test_a_backup_keeps_the_check_ins_the_settings_and_who_a_round_left_out(hall):
    tournament, players, r1, _r2, orga, referee = hall
    for p in players[:9]:
        check_in_at_desk(registration=p, user=referee)
    round_set_checked_in_only(round=r1, on=True, user=orga)
    round_pair(round=r1, user=orga)
    data = dump_tournament(tournament)
    times = {p.surname: Registration.objects.get(pk=p.pk).checked_in_at for p in players}
    code = tournament.checkin_code
    for rows in reversed(list(_querysets(tournament).values())):  # gone, row by row (games protect players)
        rows.delete()
    restored = load_tournament(data)
    assert restored.checkin_open and restored.checkin_code == code
    assert {r.surname: r.checked_in_at for r in restored.registrations.all()} == times
    round_ = restored.rounds.get(number=1)
    assert round_.checked_in_only
    names = sorted(r.surname for r in round_checkin(round_).not_here)
    assert names == sorted(p.surname for p in players[9:])
    round_unpair(round=round_, user=SYSTEM)  # the restored ids give the absences back
    assert all(r.absent_rounds == [] for r in restored.registrations.all())


def test_a_round_robin_s_rounds_are_not_paired_by_the_check_in(hall):
    tournament, _players, r1, _r2, orga, _referee = hall
    Tournament.objects.filter(pk=tournament.pk).update(pairing_system="roundrobin")
    r1 = Round.objects.get(pk=r1.pk)
    with pytest.raises(ValidationError, match="not paired player by player"):
        round_set_checked_in_only(round=r1, on=True, user=orga)
    assert not Round.objects.get(pk=r1.pk).checked_in_only


@pytest.mark.parametrize("where", ["desk", "phone", "undo"])
def test_a_registration_deleted_while_the_desk_or_her_phone_checks_her_in_is_refused_in_words(hall, where):
    """The desk's search (or the phone's name list) showed her; an organizer deleted the registration made by
    mistake before the button was pressed: the check-in says so, it is no 500 and writes nothing."""
    from tournament.services.registrations import registration_delete

    tournament, players, _r1, _r2, orga, referee = hall
    shown = Registration.objects.get(pk=players[3].pk)  # as the page read it
    registration_delete(registration=players[3], user=orga)
    with pytest.raises(ValidationError, match="not registered in this tournament"):
        if where == "desk":
            check_in_at_desk(registration=shown, user=referee)
        elif where == "phone":
            check_in(registration=shown, user=AnonymousUser(), hall_code=tournament.checkin_code, by_name=True)
        else:
            check_in_undo(registration=shown, user=referee)
    assert not AuditEntry.objects.filter(action__startswith="registration.checkin").exists()
