"""The player's pages: register, "my tournament", withdraw, byes asked for."""

from __future__ import annotations

import hashlib
from contextlib import nullcontext

from django.contrib import messages
from django.contrib.auth import login
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.auth_backend import BACKEND
from tournament.client_address import client_address
from tournament.forms.registrations import SelfRegistrationForm
from tournament.kept import get_or_make
from tournament.limits import MAX_ROUND
from tournament.models import ByeRequest, Registration
from tournament.models.registration import PLAYER_FIELDS
from tournament.names import side_name
from tournament.permissions import (
    board_closed_reason,
    bye_request_closed_reason,
    bye_request_deadline,
    may_confirm,
    may_report,
    registration_closed_reason,
)
from tournament.selectors.bye_requests import granted_bye_points, requests_of
from tournament.selectors.duplicates import duplicates_of
from tournament.selectors.gor import player_gor
from tournament.selectors.results import my_games_version, player_games, registration_of
from tournament.selectors.rows import tournament_by_slug
from tournament.selectors.sides import colour_of, side_players
from tournament.selectors.tables import hall_plan, plan_key, where
from tournament.selectors.teams import team_of
from tournament.services import accounts
from tournament.services import bye_requests as bye_services
from tournament.services import registrations as registration_services
from tournament.services.live import has_engine
from tournament.services.players import latest_player_data, player_register_self

from . import ratings
from .access import PLAYER, tournament_page
from .actions import refusal_as_message
from .auth import repeated_sign_up
from .query import int_param


def register(request, slug):
    """Self-registration: open to everybody while the tournament takes registrations."""
    tournament = tournament_by_slug(slug)
    registration = registration_of(tournament=tournament, user=request.user)
    if registration is not None:
        return redirect("my_tournament", slug=tournament.slug)
    needs_account = not request.user.is_authenticated
    egd_context, from_list = {}, {}
    closed = registration_closed_reason(tournament)
    if closed is None and request.method != "POST":
        partial, egd_context, from_list = ratings.lookup(request, tournament)
        if partial is not None:
            return partial  # htmx asked for the search results alone
    kinds = egd_context.get("id_kinds") or ratings.id_kinds(tournament)
    if request.method == "POST" and closed is None:
        form = SelfRegistrationForm(request.POST, instance=None, needs_account=needs_account, id_kinds=kinds)
        new_user = None
        registration = None
        if form.is_valid():
            data = {k: form.cleaned_data[k] for k in PLAYER_FIELDS if k in form.cleaned_data}
            username, password = form.cleaned_data.get("username", ""), form.cleaned_data.get("password", "")
            try:
                # the account's name stays free until it is made (two identical POSTs make one account)
                with accounts.new_account_name(username) if needs_account else nullcontext():
                    registration = player_register_self(
                        tournament=tournament,
                        data=data,
                        user=request.user if request.user.is_authenticated else None,
                        username=username,
                        password=password,
                        address=client_address(request),
                    )
                new_user = registration.user if needs_account else None
            except accounts.UsernameTaken as exc:
                # a double click: the first request has just made this account and registration
                new_user = accounts.just_signed_up(request, username, password, data["email"])
                if new_user is None:
                    form.add_error("username", exc)
            except ValidationError as exc:
                if request.user.is_authenticated and registration_of(tournament=tournament, user=request.user):
                    return redirect("my_tournament", slug=tournament.slug)  # a double click: the first one won
                form.add_error(None, exc.messages[0])
        elif needs_account:
            # the second of a double click, after the first was through: its account
            new_user = repeated_sign_up(request, form, "password")
        if new_user is not None or not form.errors:
            if new_user is not None:
                login(request, new_user, backend=BACKEND)
            messages.success(request, _("You are registered. An organizer will confirm your registration."))
            if registration is not None and duplicates_of(tournament, [registration]):
                messages.info(
                    request,
                    _(
                        "Somebody with your name is registered already. If an organizer entered you and you "
                        "have a welcome slip, tell an organizer: they will merge the two registrations."
                    ),
                )
            return redirect("my_tournament", slug=tournament.slug)
    else:
        # a second tournament: prefilled from the player's latest registration (a copy; nothing is shared)
        initial = latest_player_data(request.user) if request.user.is_authenticated else {}
        initial.update(from_list)  # the player chosen in a rating list
        form = SelfRegistrationForm(initial=initial, needs_account=needs_account, id_kinds=kinds)
    return render(
        request,
        "tournament/player/register.html",
        {"tournament": tournament, "form": form, "needs_account": needs_account, "closed": closed, **egd_context},
    )


#: How long a player's rendered games are kept. The key holds everything the
#: games depend on except the opponents' names and ranks, which this bounds.
MY_GAMES_SECONDS = 60


@tournament_page(PLAYER)
def my_tournament(request, tournament, roles):
    registration = request.registration  # read by tournament_page with the roles
    fingerprint, _rounds = my_games_version(tournament=tournament, player=registration)
    return render(
        request,
        "tournament/player/my_tournament.html",
        {
            "tournament": tournament,
            "roles": roles,
            "registration": registration,
            "team": team_of(registration) if tournament.is_team_event else None,
            "my_games_html": _my_games_html(request, tournament, registration, fingerprint),
            "byes": _byes(tournament, registration),
            "bye_points": granted_bye_points(tournament),
            "gor": player_gor(tournament, registration.pk),
        },
    )


def _my_games_html(request, tournament, registration, fingerprint: str) -> str:
    """The player's games and byes, rendered once per change of them (the page is reloaded all day)."""
    player = registration
    halls = hall_plan(tournament)  # where each table is: its own part of the key (the plan changes apart)
    digest = hashlib.sha1(f"{fingerprint}:{plan_key(halls)}".encode()).hexdigest()
    key = f"my-games:{tournament.pk}:{player.pk}:{request.user.pk}:{get_language()}:{digest}"

    def render() -> str:
        games = []
        for game in player_games(tournament=tournament, player=player):
            me_black = colour_of(game, player.pk) == "black"  # Pair Go, Rengo: the side's colour
            sides = side_players(game)
            own, other = ("black", "white") if me_black else ("white", "black")
            opponent = game.white if me_black else game.black
            games.append(
                {
                    "game": game,
                    "place": where(halls, game.table),
                    "colour": _("Black") if me_black else _("White"),
                    "colour_code": own,
                    "opponent": opponent,
                    # Pair Go, Rengo: the partners and the opponents in their order of play
                    "partners": side_name([p.spoken_name for p in sides[own] if p.pk != player.pk]) if sides else "",
                    "opponents": side_name([p.spoken_name for p in sides[other]]) if sides else opponent.spoken_name,
                    "opponent_rank": "" if sides else opponent.rank_display,
                    "points": game.points(game.black_id if me_black else game.white_id) if game.has_result else None,
                    "can_report": may_report(request.user, game),
                    "can_confirm": may_confirm(request.user, game),
                    "can_record": has_engine(game.round.discipline) and board_closed_reason(game) is None,
                }
            )
        # round numbers only: no join of the rounds' rows, no ordering by the tournament's fields
        byes = list(
            player.byes.filter(round__tournament=tournament)
            .order_by("round__number")
            .values_list("round__number", flat=True)
        )
        return render_to_string(
            "tournament/player/_my_games.html", {"tournament": tournament, "games": games, "byes": byes}
        )

    html = get_or_make(key, render, MY_GAMES_SECONDS)
    return mark_safe(html)  # noqa: S308 - rendered by our own template, escaped there


def _byes(tournament, registration) -> list[dict]:
    """The player's byes, round by round: granted, refused, waiting (with "take back"), or to ask for (while
    the round takes requests); rounds begun without one are left out."""
    requests = requests_of(registration)
    absent = set(registration.absent_rounds or ())
    out = []
    for round_ in tournament.rounds.order_by("number"):
        asked = requests.get(round_.number)
        closed = bye_request_closed_reason(round_)
        if asked is None and round_.number not in absent and closed is not None:
            continue
        if round_.number in absent:
            state = ByeRequest.Status.GRANTED if asked is not None else "absent"
        else:
            state = asked.status if asked is not None else ""
        out.append({"round": round_, "state": state, "open": closed is None, "deadline": bye_request_deadline(round_)})
    return out


@require_POST
@tournament_page(PLAYER)
def my_bye(request, tournament, roles):
    """Ask for a bye in a round to come, or take back a request not answered yet."""
    registration = request.registration  # read by tournament_page with the roles
    number = int_param(request.POST.get("round"), maximum=MAX_ROUND)
    round_ = tournament.rounds.filter(number=number).first() if number else None
    with refusal_as_message(request):
        if round_ is None:
            raise ValidationError(_("This round does not exist."))
        if request.POST.get("action") == "withdraw":
            asked = requests_of(registration).get(round_.number)
            if asked is not None:
                bye_services.bye_request_withdraw(bye_request=asked, user=request.user)
            messages.success(request, _("Your request for a bye in round %(n)s is taken back.") % {"n": number})
        else:
            bye_services.bye_request_ask(registration=registration, round=round_, user=request.user)
            messages.success(
                request, _("You asked for a bye in round %(n)s; an organizer will answer.") % {"n": number}
            )
    return redirect("my_tournament", slug=tournament.slug)


@require_POST
@tournament_page(PLAYER)
def my_withdraw(request, tournament, roles):
    registration = request.registration  # read by tournament_page with the roles
    with refusal_as_message(request):
        registration_services.registration_set_status(
            registration=registration,
            status=Registration.Status.WITHDRAWN,
            user=request.user,
            reason=request.POST.get("reason", "")[:500],
        )
        messages.success(request, _("You have withdrawn from the tournament."))
    return redirect("my_tournament", slug=tournament.slug)
