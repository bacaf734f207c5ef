"""Pages anybody may see: tournaments, players, published pairings."""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from tournament.models import Registration, Round, Tournament
from tournament.selectors.roles import user_roles


def home(request):
    tournaments = Tournament.objects.annotate(
        players=Count(
            "registrations",
            filter=Q(registrations__status=Registration.Status.CONFIRMED),
        )
    ).order_by("-start_date")
    return render(request, "tournament/home.html", {"tournaments": tournaments})


def tournament_detail(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    rounds = tournament.rounds.select_related("discipline").annotate(
        game_count=Count("games", distinct=True),
        results=Count("games", filter=~Q(games__result="?"), distinct=True),
    )
    context = {
        "tournament": tournament,
        "disciplines": tournament.disciplines.all(),
        "rounds": rounds,
        "confirmed": tournament.registrations.filter(
            status=Registration.Status.CONFIRMED
        ).count(),
        "roles": user_roles(request.user, tournament),
    }
    return render(request, "tournament/tournament_detail.html", context)


def players(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    registrations = (
        tournament.registrations.exclude(status=Registration.Status.WITHDRAWN)
        .select_related("player")
        .order_by("-player__rank", "player__surname", "player__given_name")
    )
    return render(
        request,
        "tournament/players.html",
        {"tournament": tournament, "registrations": registrations},
    )


def round_detail(request, slug, number):
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(
        Round.objects.select_related("discipline"), tournament=tournament, number=number
    )
    roles = user_roles(request.user, tournament)
    if not round_.is_public and "organizer" not in roles and "referee" not in roles:
        raise Http404("round not published")
    games = round_.games.select_related("black", "white").order_by("table")
    byes = round_.byes.select_related("player")
    return render(
        request,
        "tournament/round_detail.html",
        {"tournament": tournament, "round": round_, "games": games, "byes": byes},
    )
