"""The referee's queue of disputed and inconsistent games."""

from __future__ import annotations

from django.shortcuts import render

from tournament.selectors.official import officials
from tournament.selectors.results import DECIDED_SHOWN, decided_games, referee_queue

from .access import REFEREE, tournament_page


@tournament_page(REFEREE)
def queue(request, tournament, roles):
    """The games to decide, each result with why it came here; below, the latest decisions with the
    referee's reason beside each (at most :data:`DECIDED_SHOWN`)."""
    context = {
        "tournament": tournament,
        "roles": roles,
        "games": officials(referee_queue(tournament)),
        "decided": officials(decided_games(tournament)),
        "decided_shown": DECIDED_SHOWN,
    }
    return render(request, "tournament/referee/queue.html", context)
