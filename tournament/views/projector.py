"""The projector view: the current round's pairings in large print beside the
top of the standings, refreshing itself (htmx polling; a meta refresh without
JavaScript)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render

from tournament.models import Round, Tournament
from tournament.selectors import standings as standings_selectors

REFRESH_SECONDS = 30
#: how many places of the standings the projector shows
TOP = 12


def projector(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    rounds = tournament.rounds.filter(status__in=[Round.Status.PUBLISHED, Round.Status.FINISHED]).select_related(
        "discipline"
    )
    current = rounds.filter(status=Round.Status.PUBLISHED).order_by("-number").first() or rounds.order_by(
        "-number"
    ).first()
    games = current.games.select_related("black", "white").order_by("table") if current else []
    byes = current.byes.select_related("player") if current else []
    standings = standings_selectors.standings_for(tournament, public=True)
    context = {
        "tournament": tournament,
        "round": current,
        "games": games,
        "byes": byes,
        "standings": standings,
        "top": standings.rows[:TOP],
        "refresh": REFRESH_SECONDS,
    }
    template = "tournament/_projector_body.html" if request.htmx else "tournament/projector.html"
    return render(request, template, context)
