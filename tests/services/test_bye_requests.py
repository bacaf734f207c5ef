"""A player's request for a bye (issue #31 item 17): asked until the tournament's deadline, granted or
refused by an organizer, kept by "Pair again", scored as an absence; the odd player's bye goes to somebody
else by OpenGotha's rule."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from tests.factories import make_player
from tournament.models import ByeRequest, Game, Round, Tournament
from tournament.permissions import SYSTEM
from tournament.selectors.bye_requests import granted_bye_points
from tournament.selectors.standings import standings_for
from tournament.services.bye_requests import bye_request_answer, bye_request_ask, bye_request_withdraw
from tournament.services.opengotha import export_opengotha, read_opengotha
from tournament.services.registrations import registration_merge, registration_set_absent_rounds
from tournament.services.rounds import round_finish, round_pair, round_publish, round_repair

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def _account(name: str):
    return get_user_model().objects.create_user(username=name, password=f"pw-{name}-123")


@pytest.fixture
def asking(field):
    """The field of eleven; its weakest player (20k) with an account of her own."""
    tournament, players, r1, r2 = field
    weakest = players[-1]
    weakest.user = _account("lena")
    weakest.save()
    return tournament, players, r1, r2, weakest


def seated(round_: Round) -> set[int]:
    return {pk for g in round_.games.all() for pk in (g.black_id, g.white_id)}


def test_a_player_asks_before_the_deadline_and_the_organizer_grants(asking):
    tournament, _players, r1, _r2, lena = asking
    Tournament.objects.filter(pk=tournament.pk).update(bye_request_hours=14)
    Round.objects.filter(pk=r1.pk).update(starts_at=timezone.now() + dt.timedelta(hours=15))
    r1.refresh_from_db()
    asked = bye_request_ask(registration=lena, round=r1, user=lena.user)
    assert asked.status == ByeRequest.Status.PENDING and asked.registration == lena
    lena.refresh_from_db()
    assert lena.absent_rounds == []  # asked is not granted
    answered = bye_request_answer(bye_request=asked, grant=True, user=SYSTEM)
    lena.refresh_from_db()
    assert answered.status == ByeRequest.Status.GRANTED and answered.decided_at is not None
    assert lena.absent_rounds == [1]
    actions = list(tournament.audit_entries.order_by("pk").values_list("action", flat=True))
    assert actions == ["bye_request.ask", "bye_request.answer"]


def test_after_the_deadline_the_player_is_refused_with_the_time(asking):
    tournament, _players, r1, _r2, lena = asking
    Tournament.objects.filter(pk=tournament.pk).update(bye_request_hours=14)
    Round.objects.filter(pk=r1.pk).update(starts_at=timezone.now() + dt.timedelta(hours=13))
    r1.refresh_from_db()
    with pytest.raises(ValidationError, match="Requests for a bye in round 1 closed at"):
        bye_request_ask(registration=lena, round=r1, user=lena.user)
    assert not ByeRequest.objects.exists()


def test_without_a_deadline_requests_close_when_the_round_is_paired(asking):
    _tournament, _players, r1, r2, lena = asking
    round_pair(round=r1, user=SYSTEM)
    with pytest.raises(ValidationError, match="Round 1 is paired already"):
        bye_request_ask(registration=lena, round=r1, user=lena.user)
    assert bye_request_ask(registration=lena, round=r2, user=lena.user).status == ByeRequest.Status.PENDING


def test_asking_twice_makes_one_request(asking):
    tournament, _players, r1, _r2, lena = asking
    first = bye_request_ask(registration=lena, round=r1, user=lena.user)
    again = bye_request_ask(registration=lena, round=r1, user=lena.user)
    assert again.pk == first.pk and ByeRequest.objects.count() == 1
    assert tournament.audit_entries.filter(action="bye_request.ask").count() == 1
    bye_request_answer(bye_request=first, grant=False, user=SYSTEM)
    with pytest.raises(ValidationError, match="was refused"):
        bye_request_ask(registration=lena, round=r1, user=lena.user)


def test_a_refused_request_leaves_the_player_paired_and_a_granted_one_refused_later_too(asking):
    _tournament, _players, r1, _r2, lena = asking
    asked = bye_request_ask(registration=lena, round=r1, user=lena.user)
    bye_request_answer(bye_request=asked, grant=True, user=SYSTEM)
    bye_request_answer(bye_request=asked, grant=True, user=SYSTEM)  # a double click changes nothing
    lena.refresh_from_db()
    assert lena.absent_rounds == [1]
    bye_request_answer(bye_request=asked, grant=False, user=SYSTEM)
    lena.refresh_from_db()
    assert lena.absent_rounds == [] and ByeRequest.objects.get().status == ByeRequest.Status.REFUSED
    round_pair(round=r1, user=SYSTEM)
    assert lena.pk in seated(r1) | set(r1.byes.values_list("player_id", flat=True))


def test_the_player_takes_back_a_request_not_answered(asking):
    tournament, _players, r1, _r2, lena = asking
    asked = bye_request_ask(registration=lena, round=r1, user=lena.user)
    bye_request_withdraw(bye_request=asked, user=lena.user)
    bye_request_withdraw(bye_request=asked, user=lena.user)  # a double click
    assert not ByeRequest.objects.exists()
    assert tournament.audit_entries.filter(action="bye_request.withdraw").count() == 1
    again = bye_request_ask(registration=lena, round=r1, user=lena.user)
    bye_request_answer(bye_request=again, grant=True, user=SYSTEM)
    with pytest.raises(ValidationError, match="answered this request already"):
        bye_request_withdraw(bye_request=again, user=lena.user)


def test_nobody_asks_for_another_player_or_another_tournament(asking, day):
    _tournament, players, r1, _r2, lena = asking
    stranger = _account("stranger")
    with pytest.raises(PermissionDenied):
        bye_request_ask(registration=lena, round=r1, user=stranger)
    # a player of another tournament asks for a round of this one
    alice = day.game.black
    with pytest.raises(ValidationError, match="another tournament"):
        bye_request_ask(registration=alice, round=r1, user=alice.user)
    asked = bye_request_ask(registration=lena, round=r1, user=lena.user)
    with pytest.raises(PermissionDenied):  # another tournament's organizer
        bye_request_answer(bye_request=asked, grant=True, user=day.user("other_org"))
    with pytest.raises(PermissionDenied):  # the player herself
        bye_request_answer(bye_request=asked, grant=True, user=lena.user)
    with pytest.raises(PermissionDenied):  # she sets her absences no more: she asks
        registration_set_absent_rounds(registration=lena, absent_rounds=[1], user=lena.user)
    assert players[0].bye_requests.count() == 0


def test_no_answer_once_the_round_is_published(asking):
    _tournament, _players, r1, _r2, lena = asking
    asked = bye_request_ask(registration=lena, round=r1, user=lena.user)
    round_pair(round=r1, user=SYSTEM)
    round_publish(round=r1, user=SYSTEM)
    with pytest.raises(ValidationError, match="is published"):
        bye_request_answer(bye_request=asked, grant=True, user=SYSTEM)


def test_absences_changed_by_hand_answer_the_requests(asking):
    _tournament, _players, r1, r2, lena = asking
    one = bye_request_ask(registration=lena, round=r1, user=lena.user)
    two = bye_request_ask(registration=lena, round=r2, user=lena.user)
    bye_request_answer(bye_request=one, grant=True, user=SYSTEM)
    registration_set_absent_rounds(registration=lena, absent_rounds=[2], user=SYSTEM)
    one.refresh_from_db()
    two.refresh_from_db()
    assert (one.status, two.status) == (ByeRequest.Status.REFUSED, ByeRequest.Status.GRANTED)


# --- the pairing -------------------------------------------------------------------------------


def test_the_granted_player_is_not_paired_and_the_odd_bye_goes_by_opengothas_rule(asking):
    """Twelve players; the weakest (20k, whom OpenGotha's bye weight, rank + 2 x MMS, would choose) is granted
    a bye: eleven are paired, and the round's bye goes to the next weakest (15k); "Pair again" keeps both."""
    tournament, players, r1, _r2, lena = asking
    make_player(tournament, rank="2d", surname="Zwölf")
    asked = bye_request_ask(registration=lena, round=r1, user=lena.user)
    bye_request_answer(bye_request=asked, grant=True, user=SYSTEM)
    outcome = round_pair(round=r1, user=SYSTEM)
    next_weakest = players[-2]
    assert lena.pk not in seated(r1) and outcome.bye == next_weakest and r1.byes.get().player == next_weakest
    assert len(seated(r1)) == 10
    round_repair(round=r1, user=SYSTEM)  # "Pair again"
    assert lena.pk not in seated(r1) and r1.byes.get().player == next_weakest
    assert len(seated(r1)) == 10


def test_granted_while_paired_then_pair_again_leaves_her_out(asking):
    tournament, _players, r1, _r2, lena = asking
    Tournament.objects.filter(pk=tournament.pk).update(bye_request_hours=2)
    round_pair(round=r1, user=SYSTEM)
    # asked on paper, entered by an organizer for her after the pairing: the organizer may
    asked = ByeRequest.objects.create(round=r1, registration=lena, requested_at=timezone.now())
    bye_request_answer(bye_request=asked, grant=True, user=SYSTEM)
    assert lena.pk in seated(r1) | set(r1.byes.values_list("player_id", flat=True))  # until paired again
    round_repair(round=r1, user=SYSTEM)
    assert lena.pk not in seated(r1) | set(r1.byes.values_list("player_id", flat=True))


# --- the scores ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("absence", "cell", "points"), [("0", "0-", Decimal("0")), ("0.5", "0=", Decimal("0.5"))])
def test_a_granted_bye_scores_the_points_of_an_absence(asking, absence, cell, points):
    """The value the director chose in the settings (the points for an absence; 0.5 with half points counted
    for a half-point bye): the standings' MMS and the crosstable's cell."""
    tournament, players, r1, _r2, lena = asking
    Tournament.objects.filter(pk=tournament.pk).update(absence_points=Decimal(absence), half_points_count=True)
    tournament.refresh_from_db()
    assert granted_bye_points(tournament) == points
    asked = bye_request_ask(registration=lena, round=r1, user=lena.user)
    bye_request_answer(bye_request=asked, grant=True, user=SYSTEM)
    round_pair(round=r1, user=SYSTEM)
    assert not r1.byes.exists()  # ten players: no bye
    round_publish(round=r1, user=SYSTEM)
    Game.objects.filter(round=r1).update(result="B")
    round_finish(round=r1, user=SYSTEM)
    # she plays round 2 (listed then, as OpenGotha lists a player with a game in any round), the standings
    # taken after round 1
    Round.objects.filter(pk=_r2.pk).update(discipline=r1.discipline)
    round_pair(round=_r2, user=SYSTEM)
    assert lena.pk in seated(_r2) | set(_r2.byes.values_list("player_id", flat=True))
    standings = standings_for(tournament, up_to=1)
    row = next(r for r in standings.rows if r.entrant.id == lena.pk)
    assert row.cells[0].kind == "absent" and row.cells[0].code == cell
    mms = row.values[[c.code for c in standings.columns].index("mms")]
    assert Decimal(mms.replace("½", ".5") if mms != "½" else "0.5") == Decimal(10) + points  # a 20k starts at 10


def test_opengotha_rounds_a_single_half_point_down_unless_half_points_count(asking):
    """OpenGotha's default ("round down NBW/MMS"): one half-point absence shows as 0= and adds nothing."""
    tournament, _players, r1, r2, lena = asking
    Tournament.objects.filter(pk=tournament.pk).update(absence_points=Decimal("0.5"))
    tournament.refresh_from_db()
    asked = bye_request_ask(registration=lena, round=r1, user=lena.user)
    bye_request_answer(bye_request=asked, grant=True, user=SYSTEM)
    round_pair(round=r1, user=SYSTEM)
    round_publish(round=r1, user=SYSTEM)
    Round.objects.filter(pk=r2.pk).update(discipline=r1.discipline)
    round_pair(round=r2, user=SYSTEM)
    standings = standings_for(tournament, up_to=1)
    row = next(r for r in standings.rows if r.entrant.id == lena.pk)
    assert row.cells[0].code == "0="
    assert row.values[[c.code for c in standings.columns].index("mms")] == "10"


# --- the OpenGotha file ----------------------------------------------------------------------------


def test_the_opengotha_file_writes_a_granted_bye_as_an_absence_with_its_value(asking):
    """OpenGotha's terms: the player not participating in that round, the absence's MMS and NBW values, and
    half points counted as "round down NBW/MMS" off; read back, the same."""
    tournament, _players, r1, _r2, lena = asking
    Tournament.objects.filter(pk=tournament.pk).update(absence_points=Decimal("0.5"), half_points_count=True)
    tournament.refresh_from_db()
    asked = bye_request_ask(registration=lena, round=r1, user=lena.user)
    bye_request_answer(bye_request=asked, grant=True, user=SYSTEM)
    round_pair(round=r1, user=SYSTEM)
    text = export_opengotha(tournament, discipline=r1.discipline)
    root = ET.fromstring(text)
    general = root.find("TournamentParameterSet/GeneralParameterSet")
    assert general is not None
    assert (general.get("genMMS2ValueAbsent"), general.get("genRoundDownNBWMMS")) == ("1", "false")
    player = next(p for p in root.iter("Player") if p.get("name") == lena.surname)
    assert player.get("participating", "").startswith("0")
    back = read_opengotha(text.encode())
    again = next(p for p in back.players if p.name == lena.surname)
    assert again.participation[0] is False and back.params.general.mms2_absent == 1
    assert back.params.general.round_down_nbw_mms is False


@pytest.mark.parametrize("round_down", ["true", "false"])
def test_an_imported_files_round_down_is_the_settings_half_points(round_down):
    """A file saved with OpenGotha's "round down NBW/MMS" off counts half points: the settings page's
    "count half points" says so (it showed unticked), and the export writes the file's choice back."""
    from tests.shared import shared
    from tournament.services.opengotha import import_opengotha

    root = ET.parse(shared("opengotha", "notsimplemm.xml")).getroot()
    general = root.find("TournamentParameterSet/GeneralParameterSet")
    assert general is not None
    general.set("genRoundDownNBWMMS", round_down)
    t = import_opengotha(ET.tostring(root, encoding="unicode").encode(), slug=f"rd-{round_down}", user=SYSTEM)
    assert t.half_points_count is (round_down == "false")
    again = ET.fromstring(export_opengotha(t, discipline=t.disciplines.get()))
    assert again.find("TournamentParameterSet/GeneralParameterSet").get("genRoundDownNBWMMS") == round_down


def test_a_round_robin_takes_no_requests(asking):
    """Its Berger schedule pairs every round at once and gives everybody's rest."""
    tournament, _players, r1, _r2, lena = asking
    Tournament.objects.filter(pk=tournament.pk).update(pairing_system="roundrobin")
    r1.refresh_from_db()
    with pytest.raises(ValidationError, match="round robin"):
        bye_request_ask(registration=lena, round=r1, user=lena.user)


def test_a_merge_keeps_the_requests_answered_by_the_kept_absences(asking):
    tournament, _players, r1, r2, lena = asking
    twin = make_player(tournament, rank="20k", surname="Zimmermann-Doppelt")
    bye_request_ask(registration=twin, round=r1, user=SYSTEM)
    bye_request_ask(registration=lena, round=r1, user=SYSTEM)
    kept_out = bye_request_ask(registration=twin, round=r2, user=SYSTEM)
    bye_request_answer(bye_request=kept_out, grant=True, user=SYSTEM)  # the twin is absent in round 2
    registration_merge(keep=lena, drop=twin, user=SYSTEM)
    requests = dict(lena.bye_requests.values_list("round__number", "status"))
    # round 1: lena's own stays; round 2 comes along, refused since lena is not absent there
    assert requests == {1: ByeRequest.Status.PENDING, 2: ByeRequest.Status.REFUSED}


def test_the_crosstable_says_what_a_round_without_a_game_was(asking):
    """The page's crosstable: the granted bye's cell is its value with "not paired" in its tooltip; the
    round's odd bye says so."""
    from tournament.templatetags.standings_tags import crosstable_rows

    tournament, _players, r1, r2, lena = asking
    make_player(tournament, rank="2d", surname="Zwölf")
    asked = bye_request_ask(registration=lena, round=r1, user=lena.user)
    bye_request_answer(bye_request=asked, grant=True, user=SYSTEM)
    round_pair(round=r1, user=SYSTEM)
    round_publish(round=r1, user=SYSTEM)
    Game.objects.filter(round=r1).update(result="B")
    Round.objects.filter(pk=r2.pk).update(discipline=r1.discipline)
    round_pair(round=r2, user=SYSTEM)
    round_publish(round=r2, user=SYSTEM)
    html = str(crosstable_rows(standings_for(tournament)))
    assert '<td class="cell absent" title="not paired: absent or a bye granted">0-</td>' in html
    assert '<td class="cell bye" title="the bye of the round">0+</td>' in html


def test_a_request_taken_back_while_the_organizer_answers_it_is_refused_in_words(asking):
    """The round page showed Lena's request; she took it back before the organizer's "Grant" arrived: the
    answer says so (the view's own words for a request that is gone), it is no 500 and changes nothing."""
    _tournament, _players, r1, _r2, lena = asking
    shown = bye_request_ask(registration=lena, round=r1, user=lena.user)
    bye_request_withdraw(bye_request=ByeRequest.objects.get(pk=shown.pk), user=lena.user)
    for grant in (True, False):
        with pytest.raises(ValidationError, match="does not exist"):
            bye_request_answer(bye_request=shown, grant=grant, user=SYSTEM)
    lena.refresh_from_db()
    assert lena.absent_rounds == [] and not ByeRequest.objects.exists()
