"""The projector view: the current round's pairings in large print beside the
top of the standings, refreshing itself (htmx polling; a meta refresh without
JavaScript).  More tables than fit on a screen are shown a page at a time,
each refresh showing the next page."""

from __future__ import annotations

from django.shortcuts import render

from tournament.models import Round
from tournament.selectors import standings as standings_selectors
from tournament.selectors.round_day import games_by_table
from tournament.selectors.rows import tournament_by_slug

REFRESH_SECONDS = 30
#: tables on one screen; more are shown in turns, one page per refresh
PER_PAGE = 20
PAGE_SECONDS = 15
#: how many places of the standings the projector shows
TOP = 12


def projector(request, slug):
    tournament = tournament_by_slug(slug)
    rounds = tournament.rounds.filter(status__in=[Round.Status.PUBLISHED, Round.Status.FINISHED]).select_related(
        "discipline"
    )
    current = (
        rounds.filter(status=Round.Status.PUBLISHED).order_by("-number").first() or rounds.order_by("-number").first()
    )
    games = games_by_table(current) if current else []
    byes = current.byes.select_related("player") if current else []
    # the same cached table as the standings page and the API: computed once per version
    standings = standings_selectors.public_standings(
        tournament, None, standings_selectors.standings_version(tournament)
    )
    pages = max(1, -(-len(games) // PER_PAGE))
    try:
        page = min(max(int(request.GET.get("page", 1)), 1), pages)
    except ValueError:
        page = 1
    context = {
        "tournament": tournament,
        "round": current,
        "games": games[(page - 1) * PER_PAGE : page * PER_PAGE],
        "byes": byes if page == pages else [],
        "page": page,
        "pages": pages,
        "next_url": f"{request.path}?page={page % pages + 1}",
        "standings": standings,
        "top": standings.rows[:TOP],
        "refresh": PAGE_SECONDS if pages > 1 else REFRESH_SECONDS,
    }
    template = "tournament/_projector_body.html" if request.htmx else "tournament/projector.html"
    return render(request, template, context)
