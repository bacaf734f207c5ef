"""Every service that changes a tournament's data checks the acting user's right itself.

A page checks roles before it calls a service, but a management command, a
test or a future API calls the service directly: the service must refuse
who may not act, whatever called it (issue #15, point 5). The rules live in
one place, :mod:`tournament.permissions`; these tests call each service with
users in every role and check who is refused.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django.utils.timezone import now

import tournament.services as services_package
from tournament.models import Game, PairConstraint, Registration, Round, TournamentInvitation, TournamentRole
from tournament.permissions import SYSTEM, roles_of
from tournament.services import (
    bye_requests,
    checkin,
    claims,
    knockout,
    live,
    pairing_prints,
    players,
    programme,
    publication,
    ratings,
    registrations,
    results,
    round_edits,
    round_robin,
    rounds,
    staff,
    standings_freeze,
    tables,
    team_rounds,
    teams,
    tournaments,
)

# -- the services and who may call them ---------------------------------------------------


def _round2(d):
    return Round.objects.create(tournament=d.tournament, discipline=d.go, number=2)


def _constraint(d):
    a, b = d.game.black, d.game2.black
    return PairConstraint.objects.create(tournament=d.tournament, kind="forbidden", player_a=a, player_b=b)


def _typed(d):
    """A result an organizer typed in the grid (its audit entry, which an Undo takes back)."""
    return results.result_enter(game=d.game2, result="W", user=SYSTEM).entry


def _reported(d):
    """The day's game with a result a player reported."""
    Game.objects.filter(pk=d.game.pk).update(result="W", method="resignation", result_state="reported")
    d.game.refresh_from_db()
    return d.game


def _team(d):
    """A team of the day's tournament, with the day's first player in it."""
    from tournament.models import Team, TeamMember

    found = Team.objects.create(tournament=d.tournament, number=1, name="Hannover")
    TeamMember.objects.create(team=found, registration=d.game.black)
    return found


def _bye_request(d):
    """Dave's request for a bye in a planned round 2."""
    from tournament.models import ByeRequest

    return ByeRequest.objects.create(
        round=_round2(d), registration=d.game2.white, requested_at=d.round1.starts_at or now()
    )


#: name -> (the least role that may call it, a call with the acting user ``u``)
CALLS = {
    "rounds.round_create": (
        "organizer",
        lambda d, u: rounds.round_create(tournament=d.tournament, discipline=d.go, user=u),
    ),
    "rounds.round_pair": ("organizer", lambda d, u: rounds.round_pair(round=_round2(d), user=u)),
    "rounds.round_repair": ("organizer", lambda d, u: rounds.round_repair(round=_round2(d), user=u)),
    "rounds.round_unpair": ("organizer", lambda d, u: rounds.round_unpair(round=d.round1, user=u)),
    "rounds.round_publish": ("organizer", lambda d, u: rounds.round_publish(round=d.round1, user=u)),
    "rounds.round_unpublish": ("organizer", lambda d, u: rounds.round_unpublish(round=d.round1, user=u)),
    "rounds.round_finish": ("organizer", lambda d, u: rounds.round_finish(round=d.round1, user=u)),
    "rounds.round_reopen": ("organizer", lambda d, u: rounds.round_reopen(round=d.round1, user=u)),
    "round_robin.round_robin_schedule": (
        "organizer",
        lambda d, u: round_robin.round_robin_schedule(tournament=d.tournament, user=u),
    ),
    "round_robin.round_robin_remove": (
        "organizer",
        lambda d, u: round_robin.round_robin_remove(tournament=d.tournament, user=u),
    ),
    "round_robin.groups_draw": (
        "organizer",
        lambda d, u: round_robin.groups_draw(tournament=d.tournament, user=u, count=1),
    ),
    "knockout.knockout_make": ("organizer", lambda d, u: knockout.knockout_make(tournament=d.tournament, user=u)),
    "knockout.knockout_next_round": (
        "organizer",
        lambda d, u: knockout.knockout_next_round(tournament=d.tournament, user=u),
    ),
    "knockout.knockout_rule": (
        "organizer",
        lambda d, u: knockout.knockout_rule(tournament=d.tournament, user=u, draw_rule="replay"),
    ),
    "knockout.knockout_remove": ("organizer", lambda d, u: knockout.knockout_remove(tournament=d.tournament, user=u)),
    "round_robin.round_robin_withdraw": (
        "organizer",
        lambda d, u: round_robin.round_robin_withdraw(registration=d.game2.white, user=u),
    ),
    "round_edits.game_swap_players": (
        "organizer",
        lambda d, u: round_edits.game_swap_players(
            round=d.round1, player_a=d.game.black, player_b=d.game.white, user=u
        ),
    ),
    "round_edits.game_unpair": ("organizer", lambda d, u: round_edits.game_unpair(game=d.game, user=u)),
    "round_edits.players_pair": (
        "organizer",
        lambda d, u: round_edits.players_pair(round=d.round1, player_a=d.game.black, player_b=d.game2.black, user=u),
    ),
    "round_edits.round_set_bye": (
        "organizer",
        lambda d, u: round_edits.round_set_bye(round=d.round1, player=d.game.black, user=u),
    ),
    "round_edits.game_move_table": (
        "organizer",
        lambda d, u: round_edits.game_move_table(game=d.game, table=9, user=u),
    ),
    "tables.table_plan_save": (
        "organizer",
        lambda d, u: tables.table_plan_save(tournament=d.tournament, excluded="17", halls="1-40: Hall A", user=u),
    ),
    "tables.round_renumber_tables": (
        "organizer",
        lambda d, u: tables.round_renumber_tables(round=d.round1, user=u),
    ),
    "pairing_prints.pairing_print_record": (
        "referee",
        lambda d, u: pairing_prints.pairing_print_record(round=d.round1, kind="sheet", user=u),
    ),
    "pairing_prints.pairing_print_dismiss": (
        "organizer",
        lambda d, u: pairing_prints.pairing_print_dismiss(round=d.round1, kind="sheet", user=u),
    ),
    "round_edits.pair_constraint_add": (
        "organizer",
        lambda d, u: round_edits.pair_constraint_add(
            tournament=d.tournament, kind="forbidden", player_a=d.game.black, player_b=d.game2.black, user=u
        ),
    ),
    "round_edits.pair_constraint_remove": (
        "organizer",
        lambda d, u: round_edits.pair_constraint_remove(constraint=_constraint(d), user=u),
    ),
    "results.result_set": (
        "organizer",
        lambda d, u: results.result_set(game=d.game, version=d.game.version, result="B", user=u),
    ),
    "results.result_accept": (
        "organizer",
        lambda d, u: results.result_accept(game=_reported(d), version=d.game.version, user=u),
    ),
    "results.result_enter": (
        "organizer",
        lambda d, u: results.result_enter(game=d.game, result="B", user=u),
    ),
    "results.result_undo": (
        "organizer",
        lambda d, u: results.result_undo(entry=_typed(d), user=u),
    ),
    "results.result_adjudicate": (
        "referee",
        lambda d, u: results.result_adjudicate(game=d.game, version=d.game.version, result="B", reason="seen", user=u),
    ),
    "registrations.registration_create": (
        "organizer",
        lambda d, u: registrations.registration_create(
            tournament=d.tournament, data={"surname": "Neu", "given_name": "Nina", "rank": "5k"}, user=u
        ),
    ),
    "registrations.registration_update": (
        "organizer",
        lambda d, u: registrations.registration_update(registration=d.game2.white, data={"club": "Hann"}, user=u),
    ),
    "registrations.registration_set_status": (
        "organizer",
        lambda d, u: registrations.registration_set_status(
            registration=d.game2.white, status=Registration.Status.WITHDRAWN, user=u
        ),
    ),
    "registrations.registrations_confirm": (
        "organizer",
        lambda d, u: registrations.registrations_confirm(
            tournament=d.tournament, registrations=[d.game2.white.pk], user=u
        ),
    ),
    "bye_requests.bye_request_answer": (
        "organizer",
        lambda d, u: bye_requests.bye_request_answer(bye_request=_bye_request(d), grant=True, user=u),
    ),
    "registrations.registration_set_absent_rounds": (
        "organizer",
        lambda d, u: registrations.registration_set_absent_rounds(
            registration=d.game2.white, absent_rounds=[2], user=u
        ),
    ),
    "registrations.registration_delete": (
        "organizer",
        lambda d, u: registrations.registration_delete(registration=d.game2.white, user=u),
    ),
    "registrations.registration_merge": (
        "organizer",
        lambda d, u: registrations.registration_merge(keep=d.game2.black, drop=d.game2.white, user=u),
    ),
    "claims.registration_link": (
        "organizer",
        lambda d, u: claims.registration_link(registration=d.game2.white, username="nobody", user=u),
    ),
    "claims.registration_unlink": (
        "organizer",
        lambda d, u: claims.registration_unlink(registration=d.game2.white, user=u),
    ),
    "claims.invitations_send": (
        "organizer",
        lambda d, u: claims.invitations_send(tournament=d.tournament, base_url="https://example.org", user=u),
    ),
    "players.player_enter_late": (
        "organizer",
        lambda d, u: players.player_enter_late(
            tournament=d.tournament, data={"surname": "Spät", "given_name": "Sven", "rank": "2k"}, user=u
        ),
    ),
    "players.players_import_csv": (
        "organizer",
        lambda d, u: players.players_import_csv(tournament=d.tournament, data="Neu;Nina;Hann;DE;5k;;\n", user=u),
    ),
    "players.players_import_opengotha": (
        "organizer",
        lambda d, u: players.players_import_opengotha(tournament=d.tournament, data=b"<Tournament/>", user=u),
    ),
    "programme.discipline_create": (
        "organizer",
        lambda d, u: programme.discipline_create(
            tournament=d.tournament, data={"name": "Keima", "kind": "keima", "board_size": 9}, user=u
        ),
    ),
    "programme.discipline_update": (
        "organizer",
        lambda d, u: programme.discipline_update(discipline=d.go, data={"name": "Go 9x9"}, user=u),
    ),
    "programme.discipline_delete": ("organizer", lambda d, u: programme.discipline_delete(discipline=d.go, user=u)),
    "programme.round_add": (
        "organizer",
        lambda d, u: programme.round_add(tournament=d.tournament, discipline=d.go, user=u),
    ),
    "programme.round_update": (
        "organizer",
        lambda d, u: programme.round_update(round=_round2(d), discipline=d.go, starts_at=None, user=u),
    ),
    "programme.round_delete": ("organizer", lambda d, u: programme.round_delete(round=_round2(d), user=u)),
    "staff.role_add": (
        "organizer",
        lambda d, u: staff.role_add(tournament=d.tournament, username="nobody", role="referee", user=u),
    ),
    "staff.role_remove": (
        "organizer",
        lambda d, u: staff.role_remove(
            tournament=d.tournament, role=TournamentRole.objects.get(tournament=d.tournament, role="referee"), user=u
        ),
    ),
    "staff.invitation_create": (
        "organizer",
        lambda d, u: staff.invitation_create(
            tournament=d.tournament, role="referee", base_url="https://example.org", user=u
        ),
    ),
    "staff.invitation_withdraw": (
        "organizer",
        lambda d, u: staff.invitation_withdraw(
            tournament=d.tournament,
            invitation=TournamentInvitation.objects.create(tournament=d.tournament, role="referee"),
            user=u,
        ),
    ),
    "standings_freeze.standings_freeze": (
        "organizer",
        lambda d, u: standings_freeze.standings_freeze(tournament=d.tournament, user=u),
    ),
    "standings_freeze.standings_unfreeze": (
        "organizer",
        lambda d, u: standings_freeze.standings_unfreeze(tournament=d.tournament, user=u, reason="Korrektur"),
    ),
    "tournaments.tournament_update_settings": (
        "organizer",
        lambda d, u: tournaments.tournament_update_settings(tournament=d.tournament, data={"place": "Celle"}, user=u),
    ),
    "ratings.ranks_update_from_list": (
        "organizer",
        lambda d, u: ratings.ranks_update_from_list(tournament=d.tournament, fingerprint="x", user=u),
    ),
    "ratings.tournament_rating_list_import": (
        "organizer",
        lambda d, u: ratings.tournament_rating_list_import(tournament=d.tournament, data=b"no list", user=u),
    ),
    "ratings.rating_kinds_update": (
        "organizer",
        lambda d, u: ratings.rating_kinds_update(tournament=d.tournament, kinds=["ffg", "egd"], user=u),
    ),
    "publication.publication_start": (
        "organizer",
        lambda d, u: publication.publication_start(tournament=d.tournament, user=u),
    ),
    "publication.publication_request": (
        "organizer",
        lambda d, u: publication.publication_request(tournament=d.tournament, user=u),
    ),
    "publication.publication_stop": (
        "organizer",
        lambda d, u: publication.publication_stop(tournament=d.tournament, user=u),
    ),
    "teams.team_create": ("organizer", lambda d, u: teams.team_create(tournament=d.tournament, name="Celle", user=u)),
    "teams.team_rename": ("organizer", lambda d, u: teams.team_rename(team=_team(d), name="Celle", user=u)),
    "teams.team_delete": ("organizer", lambda d, u: teams.team_delete(team=_team(d), user=u)),
    "teams.team_member_add": (
        "organizer",
        lambda d, u: teams.team_member_add(team=_team(d), registration=d.game2.black, user=u),
    ),
    "teams.team_member_remove": (
        "organizer",
        lambda d, u: teams.team_member_remove(team=_team(d), registration=d.game.black, user=u),
    ),
    "teams.line_up_set": (
        "organizer",
        lambda d, u: teams.line_up_set(team=_team(d), round=_round2(d), players=[d.game.black], user=u),
    ),
    "team_rounds.team_round_pair": (
        "organizer",
        lambda d, u: team_rounds.team_round_pair(round=_round2(d), user=u),
    ),
    "team_rounds.team_round_repair": (
        "organizer",
        lambda d, u: team_rounds.team_round_repair(round=_round2(d), user=u),
    ),
    "team_rounds.team_round_store": (
        "organizer",
        lambda d, u: team_rounds.team_round_store(round=_round2(d), matches=[], user=u),
    ),
    "checkin.checkin_settings": (
        "organizer",
        lambda d, u: checkin.checkin_settings(tournament=d.tournament, open=True, by_name=False, user=u),
    ),
    "checkin.check_in_at_desk": ("referee", lambda d, u: checkin.check_in_at_desk(registration=d.game.black, user=u)),
    "checkin.check_in_undo": ("referee", lambda d, u: checkin.check_in_undo(registration=d.game.black, user=u)),
    "checkin.round_set_checked_in_only": (
        "organizer",
        lambda d, u: checkin.round_set_checked_in_only(round=_round2(d), on=True, user=u),
    ),
    "live.set_scorer": ("organizer", lambda d, u: live.set_scorer(game=d.game, username="nobody", user=u)),
    "live.take_over": (
        "referee",
        lambda d, u: live.take_over(game=d.game, version=live.live_record(d.game).version, user=u),
    ),
}

#: Services whose right is not a role but the user's own part, checked in the service itself
#: (and tested where the part is: tests/services/test_results.py, tests/views/test_live.py,
#: tests/services/test_claims.py, tests/services/test_staff.py, tests/services/test_tournaments.py,
#: tests/services/test_marking.py).
OWN_PART = {
    "results.result_report": "a player of the game (or the game's recorder)",
    "results.result_confirm": "the opponent of the reporter",
    "results.result_dispute": "a player of the game",
    "results.result_withdraw": "the one who reported",
    "claims.registration_claim": "whoever holds the claim code, logged in",
    "staff.invitation_accept": "whoever holds the invitation, logged in",
    "players.player_register_self": "a user registering themselves while registration is open",
    # a bye asked for on the player's own page (tests/services/test_bye_requests.py)
    "bye_requests.bye_request_ask": "the player herself, or an organizer for her",
    "bye_requests.bye_request_withdraw": "the player herself, or an organizer for her",
    # the hall's QR code on the player's phone (tests/services/test_checkin.py)
    "checkin.check_in": "the player herself (logged in, her claim code, or her name where allowed) with the hall's code",
    "tournaments.tournament_create": "a user who may create tournaments (permissions.may_create_tournament)",
    "opengotha.import_opengotha": "a user who may create tournaments",
    "macmahon.import_macmahon": "a user who may create tournaments",
    # the site's lists: superusers and accounts given the permission (tests/services/test_rating_lists.py)
    "ratings.rating_list_import": "a site administrator (permissions.may_replace_site_rating_lists)",
    "live.place": "a player or the scorer of the game, or the referee recording it",
    "live.take_back": "the last mover",
    "live.end": "a player or the scorer of the game, or the referee recording it",
    # the end of a Go game on the live board (tests/services/test_marking.py)
    "marking.mark": "a player or the scorer of the game, or the referee recording it",
    "marking.agree": "a player (for their side), the scorer or the referee recording it (for both)",
    "marking.resume": "a player (for their side), the scorer or the referee recording it (naming the side)",
    "marking.call_referee": "a player or the scorer of the game, or the referee recording it",
}

#: The demo acts as the site itself (the `demo` command).
DEMO = {"demo.load_demo", "demo_games.play_round_results"}
#: Helpers that build or write an audit entry for the service that calls them (which checks the right).
AUDIT_HELPERS = {"audit.log_action", "audit.log_change", "registrations.creation_entry"}
#: The importers' writer (file_import): import_macmahon, import_opengotha and the players' imports check the right first.
IMPORT_HELPERS = {"file_import.write_rows", "file_import.import_players"}
#: Steps of a service that checks the right before it calls them: a round robin's withdrawn player's byes to come
#: go when she is withdrawn (registration_set_status, round_robin's withdrawal), whoever withdrew her.
INNER_STEPS = {"registrations.robin_byes_away"}

#: Who stands for each role.
USERS = {
    "nobody": "nobody",  # an account without any part in the tournament
    "other_organizer": "other_org",  # an organizer of another tournament
    "player": "alice",
    "referee": "referee",
    "organizer": "organizer",
    "admin": "admin",
}
RANK = {"player": 0, "referee": 1, "organizer": 2}


def _changing_services() -> set[str]:
    """Public service functions that change data: wrapped in a transaction, or writing the audit log."""
    found = set()
    for path in sorted(Path(services_package.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef) or node.name.startswith("_"):
                continue
            atomic = any("atomic" in ast.unparse(d) for d in node.decorator_list)
            logs = any(
                isinstance(n, ast.Call) and ast.unparse(n.func) in ("log_action", "log_change", "audit_entry")
                for n in ast.walk(node)
            )
            if atomic or logs:
                found.add(f"{path.stem}.{node.name}")
    return found


def test_every_changing_service_is_checked_here_or_checks_the_users_own_part():
    changing = _changing_services()
    assert changing, "no service found: the scan is broken"
    unaccounted = changing - set(CALLS) - set(OWN_PART) - DEMO - AUDIT_HELPERS - IMPORT_HELPERS - INNER_STEPS
    assert not unaccounted, f"services that change data without a rights test: {sorted(unaccounted)}"


def test_every_changing_service_takes_the_acting_user():
    """Without a default, so no caller forgets it; self-registration alone makes the account when it has none."""
    for name in set(CALLS) | set(OWN_PART):
        module, function = name.split(".")
        fn = inspect.unwrap(getattr(importlib.import_module(f"tournament.services.{module}"), function))
        parameter = inspect.signature(fn).parameters.get("user")
        assert parameter is not None, f"{name} does not take the acting user"
        if name != "players.player_register_self":
            assert parameter.default is inspect.Parameter.empty, f"{name}: the acting user has a default"


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("who", ["none", "anonymous", *USERS])
def test_a_service_refuses_who_may_not_act(day, name, who):
    least, call = CALLS[name]
    user = None if who == "none" else AnonymousUser() if who == "anonymous" else day.user(USERS[who])
    allowed = who == "admin" or (who in RANK and RANK[who] >= RANK[least])
    if allowed:
        try:
            call(day, user)
        except PermissionDenied as exc:  # pragma: no cover - the failure's message
            pytest.fail(f"{who} was refused {name}: {exc}")
        except Exception:  # noqa: BLE001, S110 - refused for what the call asks, not for who asks: not this test's matter
            pass
    else:
        with pytest.raises(PermissionDenied):
            call(day, user)


#: A live recording is taken over by a referee in person: their account enters the moves.
IN_PERSON = {"live.take_over"}


@pytest.mark.parametrize("name", sorted(set(CALLS) - IN_PERSON))
def test_the_command_line_acts_as_the_site(day, name):
    """SYSTEM (management commands, the demo) may do everything; the audit log names no user."""
    _least, call = CALLS[name]
    try:
        call(day, SYSTEM)
    except PermissionDenied as exc:  # pragma: no cover
        pytest.fail(f"SYSTEM was refused {name}: {exc}")
    except Exception:  # noqa: BLE001, S110 - other refusals are the service's business
        pass


def test_a_refusal_says_why_in_the_readers_language(day):
    for language, words in (("en", "Only an organizer"), ("de", "Nur ein")):
        with translation.override(language), pytest.raises(PermissionDenied) as refused:
            rounds.round_publish(round=day.round1, user=day.user("referee"))
        assert words in str(refused.value)


def test_roles_are_read_once_per_request(client, day):
    """The page decorator reads the roles; the services it calls and the navigation reuse them."""
    client.force_login(day.user("organizer"))
    client.cookies["django_language"] = "en"
    role_table = TournamentRole._meta.db_table
    slug, number = day.tournament.slug, day.round1.number
    for url in (
        reverse("manage_round", args=[slug, number]),
        reverse("tournament", args=[slug]),
        reverse("standings", args=[slug]),
        reverse("round", args=[slug, number]),
        reverse("pdf_pairings", args=[slug, number]),
        reverse("public_game", args=[slug, number, day.game.pk]),
        reverse("game", args=[slug, day.game.pk]),
        reverse("live_board", args=[slug, day.game.pk]),
    ):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        reads = [q["sql"] for q in queries.captured_queries if role_table in q["sql"] and "SELECT" in q["sql"]]
        assert len(reads) == 1, (url, reads)


def test_an_organizer_is_a_referee_and_a_superuser_an_organizer_in_one_place(day):
    assert roles_of(day.user("organizer"), day.tournament) >= {"organizer", "referee"}
    assert roles_of(day.user("referee"), day.tournament) == {"referee"}
    assert roles_of(day.user("admin"), day.tournament) >= {"organizer", "referee"}
    assert roles_of(day.user("alice"), day.tournament) == {"player"}
    assert roles_of(day.user("other_org"), day.tournament) == frozenset()
    assert roles_of(None, day.tournament) == frozenset()
    assert roles_of(SYSTEM, day.tournament) >= {"organizer", "referee", "player"}


def test_outside_a_request_roles_are_not_cached(day):
    """A test or a command sees a role given a moment ago (only a request's user object caches)."""
    nobody = day.user("nobody")
    assert roles_of(nobody, day.tournament) == frozenset()
    staff.role_add(tournament=day.tournament, username="nobody", role="referee", user=SYSTEM)
    assert roles_of(nobody, day.tournament) == {"referee"}
