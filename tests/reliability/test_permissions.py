"""Every URL of the site, for every role: exactly the answer it should get.

The URLs are read from the URL configuration (``get_resolver()``), so a new
page cannot be missed: a URL name without an entry in :data:`EXPECTED` (or a
new admin pattern) fails :func:`test_every_url_has_an_expectation`.

Outcomes: ``PAGE`` (200), ``LOGIN`` (302 to the log-in page),
``ADMIN_LOGIN`` (302 to the admin's log-in page), ``REDIRECT`` (302
elsewhere), ``403``, ``404``, ``405`` (a writing view refuses GET).
Writing views are POSTed to by every role too: the wrong roles are refused
and nothing changes in the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.contrib.contenttypes.models import ContentType
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.fixtures.day import FIVE_FOR_BLACK, ROLE_USER, ROLES
from tournament.models import AuditEntry, Game, LiveRecord, Registration, Round

PAGE, LOGIN, ADMIN_LOGIN, REDIRECT = "page", "login", "admin-login", "redirect"
ALL = frozenset(ROLES)
PLAYERS = frozenset({"player", "other_player"})
ORGANIZERS = frozenset({"organizer", "admin"})
REFEREES = ORGANIZERS | {"referee"}


def only(roles, refused=403, anonymous=LOGIN) -> dict:
    """``PAGE`` for ``roles``; the log-in page for anonymous visitors; ``refused`` for the others."""
    return {r: PAGE if r in roles else anonymous if r == "anonymous" else refused for r in ROLES}


def everyone(outcome=PAGE) -> dict:
    return dict.fromkeys(ROLES, outcome)


def with_(base: dict, **changes) -> dict:
    return {**base, **changes}


@dataclass(frozen=True)
class Url:
    get: dict
    #: For writing views: the roles whose POST is taken (the others are refused).
    post: frozenset | None = None
    kwargs: dict = field(default_factory=dict)


WRITE = everyone(405)

#: Every URL name of the site (the admin's are checked as one group below).
EXPECTED: dict[str, Url] = {
    # public pages
    "home": Url(everyone()),
    "tournament": Url(everyone()),
    "players": Url(everyone()),
    "round": Url(everyone()),
    "public_game": Url(everyone()),
    "public_game_board": Url(everyone()),  # the kwargs name a settled game with a record
    "projector": Url(everyone()),
    "projector_live": Url(everyone()),
    "public_game_sgf": Url(everyone()),  # a settled game with a record
    "rules_index": Url(everyone()),
    "rules": Url(everyone()),
    "standings": Url(everyone()),
    "standings_discipline": Url(everyone()),
    "crosstable": Url(everyone()),
    "pdf_standings": Url(everyone()),
    "pdf_crosstable": Url(everyone()),
    "csv_standings": Url(everyone()),
    "csv_team_standings": Url(everyone()),
    "pdf_pairings": Url(everyone()),
    "pdf_slips": Url(everyone()),
    "h9_results": Url(only(ORGANIZERS)),
    # accounts
    "login": Url(everyone()),
    "signup": Url(with_(everyone(REDIRECT), anonymous=PAGE), post=ALL),  # logged in: on to the start page
    "password_reset": Url(everyone(), post=ALL),
    "password_reset_done": Url(everyone()),
    "password_reset_confirm": Url(everyone(REDIRECT), post=ALL),  # a valid link goes on to the password form
    "password_reset_complete": Url(everyone()),
    "logout": Url(WRITE, post=ALL),
    "set_language": Url(everyone(REDIRECT), post=ALL),
    "register": Url(with_(everyone(), player=REDIRECT, other_player=REDIRECT)),
    "claim": Url(everyone()),
    "claim_code": Url(everyone()),  # whose registration it is; taking it needs a log-in
    # the hall's QR code opens it on any phone (closed here: it says so, and a POST changes nothing)
    "checkin": Url(everyone(), post=ALL),
    "my_tournaments": Url(only(ALL - {"anonymous"})),
    # players
    "my_tournament": Url(only(PLAYERS)),
    "my_bye": Url(WRITE, post=PLAYERS),
    "my_withdraw": Url(WRITE, post=PLAYERS),
    # one game (alice, the "player", plays it; carol, the "other player", does not)
    "game": Url(only(REFEREES | {"player"})),
    "game_board": Url(only(REFEREES | {"player"})),
    "game_report": Url(only({"player"}), post=frozenset({"player"})),
    "game_confirm": Url(WRITE, post=frozenset({"player"})),
    "game_dispute": Url(WRITE, post=frozenset({"player"})),
    "game_adjudicate": Url(WRITE, post=REFEREES),
    # a result slip's QR code: organizers on to the result entry, referees the game's page, others the public page
    "game_slip": Url(everyone(REDIRECT)),
    # the live board: everybody follows a published round's games; the players record (a scorer the
    # organizer names, or a referee who takes over, too: tests/views/test_live.py)
    "live_board": Url(everyone()),
    "live_state": Url(everyone()),
    "live_move": Url(WRITE, post=frozenset({"player"})),
    # referees may take back once they took the recording over (their POST to live_takeover comes first)
    "live_undo": Url(WRITE, post=REFEREES | {"player"}),
    "live_end": Url(WRITE, post=frozenset({"player"})),
    "live_takeover": Url(WRITE, post=REFEREES),
    "live_scorer": Url(WRITE, post=ORGANIZERS),
    # the end of a Go game (marks, agreement, resumption, the referee called): whoever enters the moves
    "live_mark": Url(WRITE, post=frozenset({"player"})),
    "live_agree": Url(WRITE, post=frozenset({"player"})),
    "live_resume": Url(WRITE, post=frozenset({"player"})),
    "live_call_referee": Url(WRITE, post=frozenset({"player"})),
    # referees
    "referee_queue": Url(only(REFEREES)),
    "referee_live": Url(only(REFEREES)),
    "audit_log": Url(only(REFEREES)),
    "manage_publish": Url(WRITE, post=ORGANIZERS),
    # organizers
    "manage": Url(only(ORGANIZERS)),
    "manage_registrations": Url(only(ORGANIZERS)),
    "manage_player_add": Url(only(ORGANIZERS), post=ORGANIZERS),
    "manage_players_import": Url(only(ORGANIZERS), post=ORGANIZERS),
    "manage_registration": Url(only(ORGANIZERS), post=ORGANIZERS),
    "manage_registration_status": Url(WRITE, post=ORGANIZERS),
    "manage_registrations_confirm": Url(WRITE, post=ORGANIZERS),
    "manage_registration_account": Url(WRITE, post=ORGANIZERS),
    "manage_registration_merge": Url(WRITE, post=ORGANIZERS),
    "manage_registration_delete": Url(WRITE, post=ORGANIZERS),
    "manage_welcome_slips": Url(only(ORGANIZERS)),
    "manage_invitations": Url(WRITE, post=ORGANIZERS),
    "manage_results": Url(only(ORGANIZERS)),
    "manage_result": Url(only(ORGANIZERS), post=ORGANIZERS),
    "manage_result_type": Url(WRITE, post=ORGANIZERS),
    "manage_result_undo": Url(WRITE, post=ORGANIZERS),
    "manage_rounds": Url(only(ORGANIZERS), post=ORGANIZERS),
    "manage_round": Url(only(ORGANIZERS)),
    "manage_round_swap": Url(WRITE, post=ORGANIZERS),
    "manage_round_move": Url(WRITE, post=ORGANIZERS),
    "manage_round_renumber": Url(WRITE, post=ORGANIZERS),
    "manage_round_constraint": Url(WRITE, post=ORGANIZERS),
    "manage_round_constraint_remove": Url(WRITE, post=ORGANIZERS),
    "manage_round_unpair_game": Url(WRITE, post=ORGANIZERS),
    "manage_round_pair_by_hand": Url(WRITE, post=ORGANIZERS),
    "manage_round_bye": Url(WRITE, post=ORGANIZERS),
    "manage_round_print_dismiss": Url(WRITE, post=ORGANIZERS),
    "manage_round_bye_request": Url(WRITE, post=ORGANIZERS),
    "manage_round_action": Url(WRITE, post=ORGANIZERS),
    "manage_round_robin": Url(WRITE, post=ORGANIZERS),
    "manage_round_robin_remove": Url(WRITE, post=ORGANIZERS),
    "manage_round_why_not": Url(only(ORGANIZERS)),
    "manage_standings_freeze": Url(WRITE, post=ORGANIZERS),
    "manage_standings_unfreeze": Url(WRITE, post=ORGANIZERS),
    "manage_robin": Url(WRITE, post=ORGANIZERS),
    "manage_robin_pdf": Url(only(ORGANIZERS)),
    # the check-in desk and its QR code: referees too (helpers at the desk); opening it, organizers
    "manage_checkin": Url(only(REFEREES)),
    "manage_checkin_action": Url(WRITE, post=REFEREES),
    "manage_checkin_settings": Url(WRITE, post=ORGANIZERS),
    "manage_checkin_screen": Url(only(REFEREES)),
    "manage_checkin_poster": Url(only(REFEREES)),
    "manage_round_checked_in_only": Url(WRITE, post=ORGANIZERS),
    "manage_robin_withdraw": Url(only(ORGANIZERS), post=ORGANIZERS),
    "manage_knockout": Url(only(ORGANIZERS), post=ORGANIZERS),
    # the day has no knockout stage: nothing to show anybody (public once a round of it is published, its
    # organizers before: tests/views/test_knockout_pages.py)
    "bracket": Url(everyone(404)),
    "pdf_bracket": Url(everyone(404)),
    # imports from other programs: any logged-in user (the uploader becomes the organizer)
    "import_macmahon": Url(only(ALL - {"anonymous"}), post=ALL - {"anonymous"}),
    # rating lists: a tournament's own list and the rank update are its organizers'; the site's lists are
    # replaced by site administrators only (issue #21, item 12: not by "an organizer of any tournament")
    "site_ratings": Url(only({"admin"}), post=frozenset({"admin"})),
    "manage_ratings": Url(only(ORGANIZERS), post=ORGANIZERS),
    "manage_ratings_update": Url(WRITE, post=ORGANIZERS),
    # the read-only JSON API: everything public, GET only (POST answers 405, see tests/api)
    "api:api-root": Url(everyone()),
    "api:openapi-json": Url(everyone()),
    "api:openapi-view": Url(everyone()),
    "api:tournaments": Url(everyone()),
    "api:tournament": Url(everyone()),
    "api:players": Url(everyone()),
    "api:round": Url(everyone()),
    "api:standings": Url(everyone()),
    "api:game": Url(everyone()),
    "api:teams": Url(everyone()),
    "api:team_standings": Url(everyone()),
    # setting a tournament up: anybody logged in creates one (DJANGO_TOURNAMENT_CREATORS=anyone, the default)
    "tournament_new": Url(only(ALL - {"anonymous"}), post=ALL - {"anonymous"}),
    "tournament_new_opengotha": Url(only(ALL - {"anonymous"}), post=ALL - {"anonymous"}),
    "invitation": Url(everyone(), post=ALL - {"anonymous"}),  # whose invitation; accepting needs a log-in
    "manage_settings": Url(only(ORGANIZERS), post=ORGANIZERS),
    "manage_team": Url(only(ORGANIZERS)),
    "manage_team_add": Url(WRITE, post=ORGANIZERS),
    "manage_team_remove": Url(WRITE, post=ORGANIZERS),
    "manage_team_invite": Url(WRITE, post=ORGANIZERS),
    "manage_team_withdraw": Url(WRITE, post=ORGANIZERS),
    "manage_teams": Url(only(ORGANIZERS)),
    "manage_teams_add": Url(WRITE, post=ORGANIZERS),
    "manage_teams_team": Url(only(ORGANIZERS)),
    "manage_teams_rename": Url(WRITE, post=ORGANIZERS),
    "manage_teams_delete": Url(WRITE, post=ORGANIZERS),
    "manage_teams_member_add": Url(WRITE, post=ORGANIZERS),
    "manage_teams_member_remove": Url(WRITE, post=ORGANIZERS),
    "manage_teams_line_up": Url(WRITE, post=ORGANIZERS),
    "manage_programme": Url(only(ORGANIZERS)),
    "manage_tables": Url(only(ORGANIZERS), post=ORGANIZERS),
    "manage_discipline_add": Url(only(ORGANIZERS), post=ORGANIZERS),
    "manage_discipline": Url(only(ORGANIZERS), post=ORGANIZERS),
    "manage_discipline_delete": Url(WRITE, post=ORGANIZERS),
    "manage_round_add": Url(only(ORGANIZERS), post=ORGANIZERS),
    "manage_round_edit": Url(only(ORGANIZERS), post=ORGANIZERS),
    "manage_round_delete": Url(WRITE, post=ORGANIZERS),
    "manage_files": Url(only(ORGANIZERS)),
    "manage_opengotha_export": Url(only(ORGANIZERS)),
    "manage_opengotha_export_discipline": Url(only(ORGANIZERS)),
    "manage_opengotha_players": Url(WRITE, post=ORGANIZERS),
}

#: Admin pages whose answer differs from "the admin user sees it, everybody else is sent to the admin log-in".
ADMIN_SPECIAL = {
    "admin:login": with_(everyone(), admin=REDIRECT),
    "admin:logout": with_(everyone(REDIRECT), admin=405),
    "admin:view_on_site": with_(everyone(ADMIN_LOGIN), admin=REDIRECT),
    "admin:autocomplete": with_(everyone(ADMIN_LOGIN), admin=403),  # without a field to complete
    # the audit log cannot be written, not even by the admin
    "admin:tournament_auditentry_add": with_(everyone(ADMIN_LOGIN), admin=403),
    "admin:tournament_auditentry_delete": with_(everyone(ADMIN_LOGIN), admin=403),
    # games and byes come from the pairing and the organizer's round page, never from the admin
    "admin:tournament_game_add": with_(everyone(ADMIN_LOGIN), admin=403),
    "admin:tournament_game_delete": with_(everyone(ADMIN_LOGIN), admin=403),
    "admin:tournament_bye_add": with_(everyone(ADMIN_LOGIN), admin=403),
    "admin:tournament_bye_delete": with_(everyone(ADMIN_LOGIN), admin=403),
    # the log-in throttle's records are made by log-ins only (django-axes)
    "admin:axes_accessattempt_add": with_(everyone(ADMIN_LOGIN), admin=403),
    "admin:axes_accesslog_add": with_(everyone(ADMIN_LOGIN), admin=403),
    "admin:axes_accessfailurelog_add": with_(everyone(ADMIN_LOGIN), admin=403),
    # unnamed: /admin/<app>/<model>/<id>/ goes on to the change page
    "admin:<object>": with_(everyone(ADMIN_LOGIN), admin=REDIRECT),
    # unnamed: the admin's catch-all answers 404 to its users only
    "admin:<catch-all>": with_(everyone(ADMIN_LOGIN), admin=404),
}
ADMIN_DEFAULT = with_(everyone(ADMIN_LOGIN), admin=PAGE)


def _number(route: str, name: str) -> bool:
    """Whether ``route`` has the number ``name`` (the site's ``<number:…>``, the API's ``<int:…>``)."""
    return f"<number:{name}>" in route or f"<int:{name}>" in route


def url_patterns():
    """``(name, route, pattern)`` of every URL pattern; unnamed admin patterns get a made-up name."""

    def walk(patterns, prefix, namespace):
        for p in patterns:
            if isinstance(p, URLResolver):
                ns = namespace
                if p.namespace:
                    ns = f"{namespace}:{p.namespace}" if namespace else p.namespace
                yield from walk(p.url_patterns, prefix + str(p.pattern), ns)
            else:
                assert isinstance(p, URLPattern)
                route = prefix + str(p.pattern)
                name = p.name and (f"{namespace}:{p.name}" if namespace else p.name)
                if name is None and namespace == "admin":
                    name = "admin:<catch-all>" if "(?P<url>" in route else "admin:<object>"
                yield name, route, p

    return list(walk(get_resolver().url_patterns, "", None))


def _model_of(name: str):
    """``admin:tournament_game_change`` → the Game model."""
    from django.apps import apps

    body = name.split(":", 1)[1]
    for model in apps.get_models():
        prefix = f"{model._meta.app_label}_{model._meta.model_name}_"
        if body.startswith(prefix):
            return model
    return None


class Site:
    """The tournament day with everything the URLs need: a game with a record, an audit entry, a constraint."""

    def __init__(self, day):
        self.day = day
        game = day.game
        game.record = FIVE_FOR_BLACK
        game.save()
        from tournament.services.results import result_set

        day.game2.record = FIVE_FOR_BLACK
        day.game2.save()
        result_set(game=day.game2, user=day.user("organizer"), version=0, result="B", reason="entered at the desk")
        from tournament.services.round_edits import pair_constraint_add

        players = list(day.tournament.registrations.all())
        pair_constraint_add(
            tournament=day.tournament,
            kind="forbidden",
            player_a=players[0],
            player_b=players[1],
            user=day.user("organizer"),
        )
        self.registration = Registration.objects.get(tournament=day.tournament, user=day.user("alice"))
        # entered by the organizer, not claimed yet: the claim link works for everybody
        self.unclaimed = Registration.objects.create(
            tournament=day.tournament, surname="Ohne", given_name="Konto", rank=-8, status=Registration.Status.WITHDRAWN
        )
        # for the admin's pages of groups and byes (a bye in the other tournament)
        from django.contrib.auth.models import Group

        from tests.factories import make_discipline, make_player, make_round
        from tournament.models import Bye

        Group.objects.create(name="desk")
        # for the admin's pages of the log-in throttle
        from axes.models import AccessAttempt, AccessFailureLog, AccessLog

        AccessAttempt.objects.create(
            username="alice", ip_address="192.0.2.1", user_agent="test", failures_since_start=1
        )
        AccessLog.objects.create(username="alice", ip_address="192.0.2.1", user_agent="test")
        AccessFailureLog.objects.create(username="alice", ip_address="192.0.2.1", user_agent="test")
        other_round = make_round(day.other, make_discipline(day.other), number=1)
        Bye.objects.create(round=other_round, player=make_player(day.other))
        # an open invitation to the referee's role (its link), for the invitation page and the admin's
        from tournament.services.staff import invitation_create

        self.invitation = invitation_create(tournament=day.tournament, role="referee", user=day.user("organizer"))
        # a team, for the teams pages (they answer in an individual tournament too)
        from tournament.models import Team

        self.team = Team.objects.create(tournament=day.tournament, number=1, name="Hannover")

    def kwargs(self, name: str, route: str) -> dict:  # noqa: C901
        day = self.day
        values = {}
        if "<slug:slug>" in route:
            values["slug"] = day.tournament.slug
        if _number(route, "number"):
            values["number"] = day.round1.number
        if _number(route, "pk"):
            if name.startswith("manage_registration") or name == "manage_robin_withdraw":
                values["pk"] = self.registration.pk
            elif name.startswith("manage_discipline"):
                values["pk"] = day.go.pk  # no round plays it
            elif name.startswith("manage_teams_"):
                values["pk"] = self.team.pk
            elif name.startswith("public_game"):
                values["pk"] = day.game2.pk  # settled: its record is public
            else:
                values["pk"] = day.game.pk
        if "<str:token>" in route:
            values["token"] = self.invitation.token
        if "<str:code>" in route:
            values["code"] = self.unclaimed.claim_code
        if "<str:kind>" in route:
            values["kind"] = "forbidden"
        if "<slug:game_kind>" in route:
            values["game_kind"] = "ninuki"
        if "<str:action>" in route:
            values["action"] = "finish"
        if _number(route, "discipline"):
            # Ninuki's OpenGotha file sends back to the files page (not Go): Go's
            values["discipline"] = day.go.pk if name == "manage_opengotha_export_discipline" else day.ninuki.pk
        if "object_id>" in route:
            model = _model_of(name) if name not in ("admin:view_on_site",) else None
            values["object_id"] = self._admin_object(model)
        if "<id>" in route:
            values["id"] = day.user("alice").pk
        if "content_type_id" in route:
            values["content_type_id"] = ContentType.objects.get_for_model(day.tournament).pk
            values["object_id"] = day.tournament.pk
        if "app_label" in route:
            values["app_label"] = "tournament"
        if "<uidb64>" in route:
            from django.contrib.auth.tokens import default_token_generator
            from django.utils.encoding import force_bytes
            from django.utils.http import urlsafe_base64_encode

            alice = day.user("alice")
            values["uidb64"] = urlsafe_base64_encode(force_bytes(alice.pk))
            values["token"] = default_token_generator.make_token(alice)
        return values

    def _admin_object(self, model):
        if model is None:
            return self.day.tournament.pk
        obj = model._default_manager.order_by("pk").first()
        assert obj is not None, f"no {model.__name__} in the test data"
        return obj.pk

    def url(self, name: str, route: str, pattern) -> str:
        if name == "admin:<catch-all>":
            return "/admin/no/such/page/"
        if name == "admin:<object>":
            model_path = route.split("<path:object_id>")[0]
            return "/" + model_path + f"{self.day.tournament.pk}/"
        return reverse(name, kwargs=self.kwargs(name, route))


def _outcome(response) -> str | int:
    if response.status_code == 200:
        return PAGE
    if response.status_code == 302:
        location = response["Location"]
        if location.startswith(reverse("admin:login")):
            return ADMIN_LOGIN
        if location.startswith(reverse("login")):
            return LOGIN
        return REDIRECT
    return response.status_code


def _expected_get(name: str) -> dict:
    if name.startswith("admin:"):
        return ADMIN_SPECIAL.get(name, ADMIN_DEFAULT)
    return EXPECTED[name].get


def _login(client, day, role):
    client.logout()
    if role != "anonymous":
        client.force_login(day.user(ROLE_USER[role]))


def test_every_url_has_an_expectation():
    names = {name for name, _route, _p in url_patterns()}
    site_names = {n for n in names if n and not n.startswith("admin:")}
    assert None not in names, "an unnamed URL pattern outside the admin: give it a name and an expectation"
    missing = site_names - EXPECTED.keys()
    assert not missing, f"URL names without an expectation in EXPECTED: {sorted(missing)}"
    stale = EXPECTED.keys() - site_names
    assert not stale, f"EXPECTED names URLs that are gone: {sorted(stale)}"
    assert {"admin:<object>", "admin:<catch-all>", "admin:index"} <= names


@pytest.mark.parametrize("role", ROLES)
def test_get_every_url(day, client, role):
    site = Site(day)
    _login(client, day, role)
    wrong = []
    for name, route, pattern in url_patterns():
        url = site.url(name, route, pattern)
        want = _expected_get(name)[role]
        got = _outcome(client.get(url))
        if got != want:
            wrong.append(f"{name} {url}: expected {want}, got {got}")
    assert not wrong, f"{role}:\n" + "\n".join(wrong)


def _state():
    """What a refused POST must not change."""
    from tournament.models import Discipline, Tournament, TournamentInvitation, TournamentRole

    return (
        AuditEntry.objects.count(),
        sorted(Tournament.objects.values_list("pk", "updated_at")),
        sorted(TournamentRole.objects.values_list("pk", "user_id", "role")),
        sorted(TournamentInvitation.objects.values_list("pk", "accepted_at")),
        sorted(Discipline.objects.values_list("pk", "name", "komi")),
        sorted(Round.objects.values_list("pk", "starts_at", "discipline_id")),
        sorted(Game.objects.values_list("pk", "version", "result", "result_state", "black_id", "white_id")),
        sorted(Round.objects.values_list("pk", "status", "version")),
        sorted(Registration.objects.values_list("pk", "status", "absent_rounds")),
        sorted(LiveRecord.objects.values_list("pk", "version", "moves", "scorer_id", "recorder_id")),
    )


def _post_data(name: str, day) -> dict:
    game = day.game
    pk = game.pk
    live = LiveRecord.objects.filter(game=game).first()
    board = live.version if live else 0  # the version the live board shows now
    players = [r.pk for r in day.tournament.registrations.order_by("pk")]
    return {
        "game_report": {"version": game.version, "result": "B", "record": FIVE_FOR_BLACK},
        "game_confirm": {"version": game.version},
        "game_dispute": {"version": game.version, "reason": "wrong"},
        "game_adjudicate": {"version": game.version, "result": "B", "reason": "the record shows it"},
        "manage_result": {f"g{pk}-version": game.version, f"g{pk}-result": "W"},
        # typed after manage_result's "W" and before its undo (WRITING's order): "?" takes the W away
        "manage_result_type": {"round": game.round.number, "entry": f"{game.table}?"},
        "manage_result_undo": {"round": game.round.number, "entry": _last_typed()},
        "manage_registration_status": {"status": "withdrawn"},
        "manage_registrations_confirm": {"chosen": players[:2]},
        "manage_registration": {"status": "withdrawn", "rank": "1k"},
        "manage_player_add": {"surname": "Neu", "given_name": "Nina", "country": "DE", "rank": "9k"},
        "manage_rounds": {"discipline": day.go.pk},
        "manage_round_add": {"discipline": day.go.pk, "last_seen": 1},
        "manage_round_edit": {"discipline": day.ninuki.pk, "starts_at": "2026-11-28T10:00"},
        "manage_team_add": {"username": "nobody", "role": "referee"},
        "manage_team_invite": {"email": "", "role": "referee"},
        "manage_discipline": {
            "kind": "go",
            "name": "Go 9",
            "board_size": "9",
            "rule_set": "chinese",
            "komi": "7",
            "handicap_policy": "mcmahon",
        },
        "manage_discipline_add": {
            "kind": "volt",
            "name": "Volt",
            "board_size": "9",
            "rule_set": "hannover",
            "komi": "5",
            "handicap_policy": "rank-table",
        },
        "tournament_new": {
            "name": "Neu",
            "start_date": "2027-01-01",
            "time_zone": "Europe/Berlin",
            "pairing_system": "mcmahon",
        },
        "manage_round_swap": {"player_a": players[0], "player_b": players[2]},
        "manage_round_constraint": {"player_a": players[0], "player_b": players[3]},
        "my_bye": {"round": 1},
        "my_withdraw": {"reason": "ill"},
        "live_move": {"version": board, "point": "K10"},
        "live_undo": {"version": board},
        "live_end": {"version": board, "loser": "white", "method": "resignation"},
        "live_takeover": {"version": board},
        "live_scorer": {"scorer": "carol"},
        "live_mark": {"marks_version": 0, "point": "K10"},
        "live_agree": {"marks_version": 0},
        "live_resume": {"version": board, "side": "black"},
        "live_call_referee": {"marks_version": 0, "reason": "dead or alive"},
    }.get(name, {})


def _last_typed() -> int:
    """The last result typed in a results grid (its audit entry), or a number no entry has."""
    return AuditEntry.objects.filter(action="game.result.enter").values_list("pk", flat=True).first() or 10**6


#: Accepting an invitation gives the user a role: it goes last, so that no later POST is made with it;
#: deletions go before it, so that the POSTs to what they delete find it.
WRITING = sorted(
    (name for name, url in EXPECTED.items() if url.post is not None),
    key=lambda n: (n == "invitation", n.endswith("_delete"), n),
)


@pytest.mark.parametrize("role", ROLES)
def test_post_to_writing_views(day, client, role):
    """Every writing view refuses the wrong roles (log-in page, 403) and changes nothing for them."""
    site = Site(day)
    _login(client, day, role)
    routes = {name: (route, p) for name, route, p in url_patterns()}
    wrong = []
    for name in WRITING:
        allowed = EXPECTED[name].post
        route, pattern = routes[name]
        url = site.url(name, route, pattern)
        before = _state()
        response = client.post(url, _post_data(name, day))
        got = _outcome(response)
        if role in allowed:
            if got in (LOGIN, 403, 404, 405):
                wrong.append(f"{name}: {role} may POST, got {got}")
        else:
            want = LOGIN if role == "anonymous" else 403
            if got != want:
                wrong.append(f"{name}: {role} must be refused with {want}, got {got}")
            if _state() != before:
                wrong.append(f"{name}: a refused POST by {role} changed the database")
        day.game.refresh_from_db()
        _login(client, day, role)  # a POST to log-out or a withdrawal must not spoil the next one
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("role", ["anonymous", "organizer", "admin"])
def test_unknown_tournament_is_404(day, client, role):
    site = Site(day)
    _login(client, day, role)
    wrong = []
    for name, route, _pattern in url_patterns():
        if "<slug:slug>" not in route:
            continue
        kwargs = {**site.kwargs(name, route), "slug": "no-such-tournament"}
        response = client.get(reverse(name, kwargs=kwargs))
        if response.status_code not in (404, 405):
            wrong.append(f"{name}: {response.status_code}")
    assert not wrong, wrong


def test_objects_of_another_tournament_are_404(day, client):
    """A game or registration of another tournament cannot be reached through this tournament's URLs."""
    from tests.factories import make_discipline, make_player, make_round

    other = day.other
    discipline = make_discipline(other)
    round_ = make_round(other, discipline, number=1, status=Round.Status.PUBLISHED)
    a, b = make_player(other), make_player(other)
    reg = b
    foreign = Game.objects.create(round=round_, table=1, black=a, white=b)
    client.force_login(day.user("organizer"))
    slug = day.tournament.slug
    for name in ["game", "game_board", "manage_result"]:
        assert client.get(reverse(name, args=[slug, foreign.pk])).status_code == 404, name
    for name in ["game_adjudicate", "manage_result"]:
        url = reverse(name, args=[slug, foreign.pk])
        assert client.post(url, {"version": 0, "result": "B", "reason": "x"}).status_code == 404, name
    assert client.get(reverse("manage_registration", args=[slug, reg.pk])).status_code == 404
    assert client.get(reverse("manage_robin_withdraw", args=[slug, reg.pk])).status_code == 404
    assert (
        client.post(reverse("manage_registration_status", args=[slug, reg.pk]), {"status": "withdrawn"}).status_code
        == 404
    )
    foreign.refresh_from_db()
    assert foreign.result == "?" and foreign.version == 0
