"""Pages anybody may see: tournaments, players, published pairings and their games."""

from __future__ import annotations

from django.conf import settings
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language

from tournament.collation import person_key
from tournament.models import Game, Registration, Round, Tournament
from tournament.models.game import Result
from tournament.permissions import (
    ANYONE,
    may_create_tournament,
    may_manage,
    may_see_game,
    may_see_round,
    record_is_public,
    request_roles,
    sgf_is_public,
)
from tournament.publishing.context import of_request as published_copy_of
from tournament.selectors.official import official
from tournament.selectors.page_version import page_version
from tournament.selectors.round_day import games_by_table, not_playing
from tournament.selectors.rows import tournament_by_slug
from tournament.selectors.tables import hall_plan, plan_key, where
from tournament.selectors.teams import bye_team, match_lines, public_teams

from .fragments import kept_html
from .games import _move_param
from .games import _viewer as record_viewer


def home(request):
    tournaments = Tournament.objects.all()
    copy = published_copy_of(request)
    if copy is not None:  # the published copy's start page: the tournaments in its folder
        tournaments = tournaments.filter(slug__in=copy.slugs)
    tournaments = tournaments.annotate(
        players=Count(
            "registrations",
            filter=Q(registrations__status=Registration.Status.CONFIRMED),
        )
    ).order_by("-start_date")
    return render(
        request,
        "tournament/home.html",
        {
            "tournaments": tournaments,
            "may_create": may_create_tournament(request.user),
            "anyone_creates": settings.TOURNAMENT_CREATORS == ANYONE,
        },
    )


def tournament_detail(request, slug):
    tournament = tournament_by_slug(slug)
    rounds = tournament.rounds.select_related("discipline").annotate(
        game_count=Count("games", distinct=True),
        results=Count("games", filter=~Q(games__result=Result.UNKNOWN), distinct=True),
    )
    context = {
        "tournament": tournament,
        "disciplines": tournament.disciplines.all(),
        "rounds": rounds,
        "confirmed": tournament.registrations.filter(status=Registration.Status.CONFIRMED).count(),
        "roles": request_roles(request, tournament),
    }
    copy = published_copy_of(request)
    if copy is not None:
        context["as_of"] = copy.as_of.get(tournament.slug)
    return render(request, "tournament/tournament_detail.html", context)


def players(request, slug):
    tournament = tournament_by_slug(slug)

    def table() -> str:
        registrations = sorted(
            tournament.registrations.filter(
                status__in=[Registration.Status.CONFIRMED]
                + ([Registration.Status.PRELIMINARY] if tournament.public_preliminary else [])
            ),
            key=lambda r: (-r.rank, person_key(r)),
        )
        return render_to_string("tournament/_players_table.html", {"registrations": registrations})

    key = f"players-html:{tournament.pk}:{page_version(tournament)}:{get_language()}"
    context = {"tournament": tournament, "table": kept_html(key, table), "teams": public_teams(tournament)}
    return render(request, "tournament/players.html", context)


def round_detail(request, slug, number):
    tournament = tournament_by_slug(slug)
    round_ = get_object_or_404(Round.objects.select_related("discipline"), tournament=tournament, number=number)
    roles = request_roles(request, tournament)
    if not may_see_round(roles, round_):
        raise Http404("round not published")
    seats = round_.games.only("round", "black", "white")  # who plays: the table itself is kept

    halls = hall_plan(tournament)

    def table() -> str:
        games = games_by_table(round_)
        for g in games:
            g.place = where(halls, g.table)
        context = {
            "tournament": tournament,
            "round": round_,
            "games": games,
            "halls": bool(halls),
            # a team match's board named on its row (a Pair Go side is named by its players)
            "boards_named": tournament.is_team_event and not tournament.is_pair_event,
        }
        return render_to_string("tournament/_round_table.html", context)

    key = f"round-html:{round_.pk}:{round_.version}:{page_version(tournament)}:{get_language()}:{plan_key(halls)}"
    return render(
        request,
        "tournament/round_detail.html",
        {
            "tournament": tournament,
            "round": round_,
            "table": kept_html(key, table),
            "has_games": bool(seats),
            "not_playing": not_playing(round_, seats),
            "organizer": may_manage(roles),
            "matches": match_lines(round_) if tournament.is_team_event else [],
            "team_bye": bye_team(round_) if tournament.is_team_event else None,
        },
    )


# -- one game, for everybody ---------------------------------------------------------------
#
# The games of a round whoever sees (permissions.may_see_round) have a public
# page: players, result, and the game record on the board viewer with its SGF,
# once the result is settled (permissions.record_is_public).  Nobody can
# change a result here; players report theirs on their own game page.


def _public_game(request, slug, number, pk):
    tournament = tournament_by_slug(slug)
    round_ = get_object_or_404(Round.objects.select_related("discipline"), tournament=tournament, number=number)
    roles = request_roles(request, tournament)
    if not may_see_round(roles, round_):
        raise Http404("round not published")
    game = get_object_or_404(
        Game.objects.select_related("round", "round__discipline", "black", "white"), pk=pk, round=round_
    )
    return tournament, roles, game


def public_game(request, slug, number, pk):
    tournament, roles, game = _public_game(request, slug, number, pk)
    shown = record_is_public(game)
    viewer = record_viewer(game, _move_param(request)) if shown else None
    return render(
        request,
        "tournament/public_game.html",
        {
            "tournament": tournament,
            "round": game.round,
            "game": game,
            "viewer": viewer,
            "record_shown": shown,
            "has_record": bool(game.record),
            "has_sgf": sgf_is_public(game),
            "official": official(game) if shown else None,
            "board_url": reverse("public_game_board", args=[tournament.slug, game.round.number, game.pk]),
            "own_page": may_see_game(request.user, roles, game),
        },
    )


def public_game_board(request, slug, number, pk):
    """The board viewer alone, for htmx's steps."""
    tournament, roles, game = _public_game(request, slug, number, pk)
    viewer = record_viewer(game, _move_param(request)) if record_is_public(game) else None
    if viewer is None:
        raise Http404("no record to show")
    board_url = reverse("public_game_board", args=[tournament.slug, game.round.number, game.pk])
    return render(
        request,
        "tournament/_board_viewer.html",
        {"tournament": tournament, "game": game, "viewer": viewer, "board_url": board_url},
    )
