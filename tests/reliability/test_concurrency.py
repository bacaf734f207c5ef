"""Two people at once: exactly one wins, the other is told what the value is now.

Real threads, each with its own database connection, start together at a
``threading.Barrier``; the suite runs them on SQLite and on PostgreSQL
(``make test``). Nothing is silently overwritten and no round is paired twice.
"""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.fixtures.day import FIVE_FOR_BLACK, build_day
from tournament.models import AuditEntry, ByeRequest, Game, Registration, Round
from tournament.models.game import ResultState
from tournament.services import results as result_services
from tournament.services import rounds as round_services
from tournament.services.results import StaleResult
from tournament.services.rounds import RoundStateError

from .together import run_together

pytestmark = pytest.mark.django_db(transaction=True)


def _game(pk):
    return Game.objects.select_related("round__discipline", "round__tournament", "black", "white").get(pk=pk)


@pytest.fixture
def day():
    return build_day()


def _settings_fast(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_two_organizers_correct_one_result(day):
    """Both opened the results grid at version 0; one writes Black, the other White."""
    organizer, admin = day.user("organizer"), day.user("admin")
    pk = day.game2.pk

    def correct(user, result):
        return lambda: result_services.result_set(game=_game(pk), user=user, version=0, result=result, reason="desk")

    outcome = run_together(correct(organizer, "B"), correct(admin, "W"))
    won = [o for o in outcome if isinstance(o, Game)]
    lost = [o for o in outcome if isinstance(o, StaleResult)]
    assert len(won) == 1 and len(lost) == 1, outcome
    game = Game.objects.get(pk=pk)
    assert game.result == won[0].result and game.version == 1
    # the loser is told the value that is there now
    assert lost[0].current.result == game.result
    assert game.result_short in lost[0].messages[0]
    assert AuditEntry.objects.filter(object_type="game", object_id=pk).count() == 1


def test_two_players_report_one_game_through_the_site(day, settings, monkeypatch):
    """Alice and Bob both report their game at the same moment, each opened at version 0."""
    _settings_fast(settings)
    # both requests have read the game before either writes (as two phones at the same moment);
    # without this a busy machine can finish one request before the other starts, and then the
    # second is told "your opponent has reported already" instead of losing the race
    from tournament.views import games as game_views

    both_read = threading.Barrier(2)
    load_game = game_views._game

    def load_and_wait(tournament, pk):
        game = load_game(tournament, pk)
        both_read.wait(timeout=30)
        return game

    monkeypatch.setattr(game_views, "_game", load_and_wait)
    game = day.game
    url = reverse("game_report", args=[day.tournament.slug, game.pk])
    clients = {}
    for name in ("alice", "bob"):
        clients[name] = Client()
        clients[name].force_login(day.user(name))
    claims = {
        "alice": {"version": 0, "result": "B", "record": FIVE_FOR_BLACK},
        "bob": {"version": 0, "result": "B", "record": FIVE_FOR_BLACK},
    }
    responses = run_together(*(lambda n=n: clients[n].post(url, claims[n]) for n in ("alice", "bob")))
    assert not any(isinstance(r, BaseException) for r in responses), responses
    codes = sorted(r.status_code for r in responses)
    assert codes == [200, 302], codes
    loser = next(r for r in responses if r.status_code == 200)
    game.refresh_from_db()
    assert game.result_state == ResultState.REPORTED and game.version == 1
    text = loser.content.decode()
    # the clear message, with the value that is there now
    assert "Jemand hat dieses Ergebnis inzwischen geändert" in text or "Somebody changed this result" in text
    assert game.result_short in text
    assert AuditEntry.objects.filter(object_type="game", object_id=game.pk).count() == 1


def test_confirm_and_dispute_at_once(day):
    """Bob confirms what Alice reported and, from a second device, disputes it at the same moment: one wins."""
    alice, bob = day.user("alice"), day.user("bob")
    game = result_services.result_report(
        game=_game(day.game.pk), user=alice, version=0, result="B", record=FIVE_FOR_BLACK
    )
    version = game.version
    outcome = run_together(
        lambda: result_services.result_confirm(game=_game(game.pk), user=bob, version=version),
        lambda: result_services.result_dispute(game=_game(game.pk), user=bob, version=version, reason="no"),
    )
    won = [o for o in outcome if isinstance(o, Game)]
    assert len(won) == 1, outcome
    assert isinstance(next(o for o in outcome if not isinstance(o, Game)), ValidationError)
    game.refresh_from_db()
    assert game.version == version + 1 and game.result_state == won[0].result_state


def _round_with_players(day, number=2, extra=4) -> Round:
    from tests.factories import make_player

    for _ in range(extra):
        make_player(day.tournament)
    return Round.objects.create(tournament=day.tournament, discipline=day.go, number=number)


def _assert_no_duplicates(round_):
    games = list(round_.games.all())
    seats = Counter(p for g in games for p in (g.black_id, g.white_id))
    assert all(n == 1 for n in seats.values()), seats
    assert len({g.table for g in games}) == len(games)
    players = Registration.objects.filter(tournament=round_.tournament, status="confirmed").count()
    assert len(games) == players // 2 and round_.byes.count() == players % 2


def test_pair_a_round_twice_at_once(day):
    round_ = _round_with_players(day)
    organizer = day.user("organizer")
    outcome = run_together(
        lambda: round_services.round_pair(round=Round.objects.get(pk=round_.pk), user=organizer),
        lambda: round_services.round_pair(round=Round.objects.get(pk=round_.pk), user=organizer),
    )
    assert sum(isinstance(o, round_services.PairingOutcome) for o in outcome) == 1, outcome
    assert sum(isinstance(o, RoundStateError) for o in outcome) == 1, outcome
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRED and round_.version == 1
    _assert_no_duplicates(round_)
    assert AuditEntry.objects.filter(action="round.pair", object_id=round_.pk).count() == 1


def test_pair_button_pressed_twice_through_the_site(day, settings):
    """Two organizers press "pair" at once: the round is paired, each player once."""
    _settings_fast(settings)
    round_ = _round_with_players(day)
    url = reverse("manage_round_action", args=[day.tournament.slug, round_.number, "pair"])
    clients = []
    for name in ("organizer", "admin"):
        c = Client()
        c.force_login(day.user(name))
        clients.append(c)
    responses = run_together(*(lambda c=c: c.post(url) for c in clients))
    assert all(getattr(r, "status_code", None) == 302 for r in responses), responses
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRED
    _assert_no_duplicates(round_)


def test_publish_a_round_twice_at_once(day):
    round_ = _round_with_players(day)
    organizer = day.user("organizer")
    round_services.round_pair(round=round_, user=organizer)
    outcome = run_together(
        lambda: round_services.round_publish(round=Round.objects.get(pk=round_.pk), user=organizer),
        lambda: round_services.round_publish(round=Round.objects.get(pk=round_.pk), user=day.user("admin")),
    )
    assert sum(isinstance(o, Round) for o in outcome) == 1, outcome
    assert sum(isinstance(o, RoundStateError) for o in outcome) == 1, outcome
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED and round_.version == 2
    assert AuditEntry.objects.filter(action="round.publish", object_id=round_.pk).count() == 1
    _assert_no_duplicates(round_)


def test_many_players_report_their_own_games_at_once(day):
    """Eight tables report at the same moment: nothing is lost, nothing blocks for long."""
    from tests.factories import make_player

    round_ = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2, status=Round.Status.PUBLISHED)
    from django.contrib.auth import get_user_model

    games = []
    for table in range(1, 9):
        users = [get_user_model().objects.create_user(f"p{table}{side}") for side in "bw"]
        players = [make_player(day.tournament, user=u) for u in users]
        games.append((Game.objects.create(round=round_, table=table, black=players[0], white=players[1]), users[0]))
    outcome = run_together(
        *(
            lambda g=g, u=u: result_services.result_report(game=_game(g.pk), user=u, version=0, result="W")
            for g, u in games
        )
    )
    assert all(isinstance(o, Game) for o in outcome), outcome
    assert Game.objects.filter(round=round_, result="W", result_state=ResultState.REPORTED).count() == 8


def test_two_identical_late_entries_at_once_make_one_registration(day):
    """The same player typed at two desks at the same moment: one registration, the other desk told why."""
    organizer = day.user("organizer")
    url = reverse("manage_player_add", args=[day.tournament.slug])
    data = {
        "given_name": "Paul",
        "surname": "Pfeil",
        "club": "Kiel",
        "country": "DE",
        "rank": "4k",
        "egd_pin": "13572468",
    }

    def enter():
        client = Client()
        client.force_login(organizer)
        client.cookies["django_language"] = "en"
        response = client.post(url, data)
        return response.status_code, response.content.decode()

    outcome = run_together(enter, enter)
    assert sorted(code for code, _ in outcome) == [200, 302], outcome
    page = next(text for code, text in outcome if code == 200)
    assert "A player with this EGD PIN is registered already." in page
    assert Registration.objects.filter(tournament=day.tournament, egd_pin="13572468").count() == 1


def test_two_identical_csv_imports_at_once_make_one_set_of_registrations(day):
    from tournament.services.file_import import PlayerImportError
    from tournament.services.players import players_import_csv

    text = "Pfeil,Paul,Kiel,DE,4k,13572468,\nQuast,Quirin,Kiel,DE,7k,24681357,\n"

    def run():
        from django.utils import translation

        with translation.override("en"):  # the message is matched in English, whatever the thread's language
            return players_import_csv(tournament=day.tournament, data=text, user=day.user("organizer"))

    outcome = run_together(run, run)
    assert sum(isinstance(o, list) for o in outcome) == 1, outcome
    error = next(o for o in outcome if not isinstance(o, list))
    assert isinstance(error, PlayerImportError) and "registered already" in " ".join(error.messages)
    assert Registration.objects.filter(tournament=day.tournament, egd_pin__in=["13572468", "24681357"]).count() == 2


def test_two_organizers_pair_the_same_player_by_hand_at_once(day):
    """A game is taken out; two organizers pair its Black player at the same moment with different
    opponents: one game is made, the other organizer is told the player has a game now."""
    from tournament.services import round_edits

    round_ = _round_with_players(day, extra=5)  # nine players: a bye
    organizer = day.user("organizer")
    outcome = round_services.round_pair(round=round_, user=organizer)
    game = round_.games.order_by("table").first()
    round_edits.game_unpair(game=game, user=organizer)
    lonely, other, bye = game.black, game.white, outcome.bye

    def pair(opponent, user):
        def job():
            with translation.override("en"):  # each thread has its own language
                return round_edits.players_pair(
                    round=Round.objects.get(pk=round_.pk), player_a=lonely, player_b=opponent, user=user
                )

        return job

    results = run_together(pair(other, organizer), pair(bye, day.user("admin")))
    made = [r for r in results if isinstance(r, tuple)]
    refused = [r for r in results if isinstance(r, ValidationError)]
    assert len(made) == 1 and len(refused) == 1, results
    assert "has a game in this round already" in refused[0].messages[0]
    seats = Counter(p for g in round_.games.all() for p in (g.black_id, g.white_id))
    assert seats[lonely.pk] == 1 and all(n == 1 for n in seats.values())
    assert AuditEntry.objects.filter(action="round.pair_by_hand", object_id=round_.pk).count() == 1


def _typed(pk, user, result):
    return lambda: result_services.result_enter(game=_game(pk), user=user, result=result)


def test_two_organizers_type_different_results_for_one_table_at_once(day):
    """Both type table 2 from the grid (no version seen): one is entered, the other is told it is a
    conflict with the result that is there now; nothing is overwritten."""
    organizer, admin = day.user("organizer"), day.user("admin")
    pk = day.game2.pk
    outcome = run_together(_typed(pk, organizer, "B"), _typed(pk, admin, "W"))
    won = [o for o in outcome if isinstance(o, result_services.Entered)]
    lost = [o for o in outcome if isinstance(o, result_services.ResultConflict)]
    assert len(won) == 1 and len(lost) == 1, outcome
    game = Game.objects.get(pk=pk)
    assert game.result == won[0].game.result and game.version == 1
    assert lost[0].current.result == game.result and game.result_short in lost[0].messages[0]
    assert AuditEntry.objects.filter(object_type="game", object_id=pk).count() == 1


def test_two_organizers_type_the_same_result_at_once(day):
    """The same slip typed at two desks: one write, the other changes nothing (no error, no second entry)."""
    pk = day.game2.pk
    outcome = run_together(_typed(pk, day.user("organizer"), "B"), _typed(pk, day.user("admin"), "B"))
    assert all(isinstance(o, result_services.Entered) for o in outcome), outcome
    assert sorted(o.entry is None for o in outcome) == [False, True]
    assert Game.objects.get(pk=pk).version == 1
    assert AuditEntry.objects.filter(object_type="game", object_id=pk).count() == 1


def test_two_organizers_type_many_tables_at_once_and_none_is_lost(day):
    """Two desks typing different tables of one round at once: every result is there."""
    from tests.factories import make_player

    players = [make_player(day.tournament) for _ in range(16)]
    round2 = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2, status=Round.Status.PUBLISHED)
    games = [
        Game.objects.create(round=round2, table=i + 1, black=players[2 * i], white=players[2 * i + 1]) for i in range(8)
    ]

    def desk(user, mine):
        return lambda: [result_services.result_enter(game=_game(g.pk), user=user, result="W").game for g in mine]

    outcome = run_together(desk(day.user("organizer"), games[0::2]), desk(day.user("admin"), games[1::2]))
    assert not any(isinstance(o, BaseException) for o in outcome), outcome
    assert list(Game.objects.filter(round=round2).values_list("result", flat=True)) == ["W"] * 8
    assert AuditEntry.objects.filter(action="game.result.enter").count() == 8


def test_two_desks_check_in_one_unconfirmed_player_at_once(day, settings):
    """Carol came to both desks' queues (her registration not confirmed yet): both organizers press Enter at
    once. She is confirmed once and checked in once (one audit entry each); both desks are answered."""
    _settings_fast(settings)
    carol = Registration.objects.get(tournament=day.tournament, given_name="Carol")
    Registration.objects.filter(pk=carol.pk).update(status=Registration.Status.PRELIMINARY)
    url = reverse("manage_checkin_action", args=[day.tournament.slug])
    desks = []
    for name in ("organizer", "admin"):
        desk = Client()
        desk.force_login(day.user(name))
        desks.append(desk)
    answers = run_together(*(lambda d=d: d.post(url, {"registration": carol.pk, "action": "in"}) for d in desks))
    assert all(getattr(a, "status_code", None) == 302 for a in answers), answers
    carol.refresh_from_db()
    assert carol.status == Registration.Status.CONFIRMED and carol.checked_in_at is not None
    assert AuditEntry.objects.filter(action="registration.checkin", object_id=carol.pk).count() == 1
    assert AuditEntry.objects.filter(action="registration.status", object_id=carol.pk).count() == 1


def test_many_phones_and_the_desk_check_one_player_in_at_once(day, settings):
    """Erik scans the hall's QR on two phones with his welcome slip's code, a friend picks his name, the desk
    finds him: all at once. He is checked in once; every answer is a page (no 500), the desk's audit entry
    at most once."""
    from tests.factories import make_player
    from tournament.services.checkin import checkin_settings

    _settings_fast(settings)
    checkin_settings(tournament=day.tournament, open=True, by_name=True, user=day.user("organizer"))
    day.tournament.refresh_from_db()
    erik = make_player(day.tournament, surname="Eriksen", given_name="Erik")
    phone_url = reverse("checkin", args=[day.tournament.slug, day.tournament.checkin_code])
    desk = Client()
    desk.force_login(day.user("referee"))
    phones = [Client() for _ in range(3)]
    answers = run_together(
        lambda: phones[0].post(phone_url, {"how": "code", "claim": erik.claim_code}),
        lambda: phones[1].post(phone_url, {"how": "code", "claim": erik.claim_code}),
        lambda: phones[2].post(phone_url, {"how": "name", "registration": erik.pk}),
        lambda: desk.post(reverse("manage_checkin_action", args=[day.tournament.slug]), {"registration": erik.pk}),
    )
    assert [getattr(a, "status_code", a) for a in answers] == [200, 200, 200, 302], answers
    erik.refresh_from_db()
    assert erik.checked_in_at is not None
    assert AuditEntry.objects.filter(action="registration.checkin", object_id=erik.pk).count() <= 1


def test_a_bye_request_taken_back_while_the_organizer_grants_it(day, settings, monkeypatch):
    """The organizer's page showed Alice's request; Alice takes it back just before "Grant" arrives (the
    view has read the request, its service runs after her withdrawal): the organizer is told the request is
    gone, Alice is paired in the round, and nobody gets a 500."""
    from tournament.services import bye_requests as bye_services
    from tournament.views import rounds as round_views

    _settings_fast(settings)
    alice = Registration.objects.get(tournament=day.tournament, given_name="Alice")
    round2 = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2)
    asked = bye_services.bye_request_ask(registration=alice, round=round2, user=day.user("alice"))
    withdrawn = threading.Event()
    answer = bye_services.bye_request_answer

    def answer_after_the_withdrawal(**kwargs):
        withdrawn.wait(timeout=30)
        return answer(**kwargs)

    monkeypatch.setattr(round_views.bye_services, "bye_request_answer", answer_after_the_withdrawal)
    organizer, player = Client(), Client()
    organizer.cookies["django_language"] = player.cookies["django_language"] = "en"
    organizer.force_login(day.user("organizer"))
    player.force_login(day.user("alice"))
    grant_url = reverse("manage_round_bye_request", args=[day.tournament.slug, 2])

    def withdraw():
        try:
            return player.post(reverse("my_bye", args=[day.tournament.slug]), {"round": 2, "action": "withdraw"})
        finally:
            withdrawn.set()

    granted, taken_back = run_together(
        lambda: organizer.post(grant_url, {"request": asked.pk, "decision": "grant"}, follow=True), withdraw
    )
    assert getattr(taken_back, "status_code", taken_back) == 302, taken_back
    assert getattr(granted, "status_code", granted) == 200, granted
    assert "This request for a bye does not exist (any more)." in granted.content.decode()
    alice.refresh_from_db()
    assert alice.absent_rounds == [] and not ByeRequest.objects.exists()
