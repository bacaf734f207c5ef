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
    games, decided = officials(referee_queue(tournament)), officials(decided_games(tournament))
    for item in games + decided:
        item.game.round.tournament = tournament  # read once: a side's players are asked of it (Pair Go)
    context = {
        "tournament": tournament,
        "roles": roles,
        "games": games,
        "decided": decided,
        "decided_shown": DECIDED_SHOWN,
    }
    return render(request, "tournament/referee/queue.html", context)
