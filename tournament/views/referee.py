"""The referee's queue of disputed and inconsistent games."""

from __future__ import annotations

from django.shortcuts import render

from tournament.engines import describe
from tournament.selectors.results import referee_queue

from .access import REFEREE, tournament_page


@tournament_page(REFEREE)
def queue(request, tournament, roles):
    games = [{"game": g, "verdict": describe(g.verdict)} for g in referee_queue(tournament)]
    return render(request, "tournament/referee/queue.html", {"tournament": tournament, "roles": roles, "games": games})
