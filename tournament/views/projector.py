"""The projector view: the current round's pairings in large print beside the
top of the standings, refreshing itself (htmx polling; a meta refresh without
JavaScript).  More tables than fit on a screen are shown a page at a time,
each refresh showing the next page.

A poll sends the ETag of what the screen shows (``If-None-Match``); while
nothing it shows has changed, Django's ``condition`` answers an empty 304
after one statement (the page version, as the standings poll). The live
boards' projector (:func:`tournament.views.live.projector_live`) answers its
poll the same way, with :func:`poll_etag`.
"""

from __future__ import annotations

import hashlib
import json
import time
from types import SimpleNamespace

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import condition

from tournament import site_address
from tournament.kept import get_or_make
from tournament.models import Round
from tournament.selectors import standings as standings_selectors
from tournament.selectors.checkin import open_checkin_counts
from tournament.selectors.page_version import page_version_of
from tournament.selectors.round_day import games_by_table
from tournament.selectors.rows import tournament_by_slug
from tournament.selectors.tables import hall_plan_of, plan_key, where
from tournament.selectors.team_standings import team_table
from tournament.selectors.teams import bye_team, match_lines

from .query import int_param

REFRESH_SECONDS = 30
#: tables on one screen; more are shown in turns, one page per refresh
PER_PAGE = 20
PAGE_SECONDS = 15
#: how many places of the standings the projector shows
TOP = 12


def minute() -> int:
    """The minute the screens' clocks show (as a count since 1970: the same in every time zone)."""
    return int(time.time() // 60)


def poll_etag(*parts) -> str:
    """The ETag of a projector screen that shows ``parts`` (versions of what is on it): with the language
    and the minute, since the screen's clock shows the time."""
    raw = "|".join(map(str, (*parts, get_language(), minute())))
    return f'"{hashlib.sha1(raw.encode()).hexdigest()[:24]}"'


def is_poll(request) -> bool:
    """htmx asks for the screen's body (a whole page is never answered 304)."""
    return request.headers.get("HX-Request") == "true"


def _page_asked(request) -> int:
    return int_param(request.GET.get("page"), default=1) or 1


def _version(request, slug: str) -> str:
    """The tournament's page version (it changes with results, pairings, players, round states),
    read once per request."""
    memo = getattr(request, "_projector_version", None)
    if memo is None:
        found = page_version_of(slug)
        if found is None:
            raise Http404("no such tournament")
        memo = request._projector_version = found[1]
    return memo


def _checkin(request, slug):
    """The check-in's counts while it is open (None when closed), read once per request."""
    if not hasattr(request, "_projector_checkin"):
        request._projector_checkin = open_checkin_counts(slug)
    return request._projector_checkin


def _halls(request, slug):
    """The tournament's hall plan (where each table is: the screen shows it), read once per request."""
    if not hasattr(request, "_projector_halls"):
        request._projector_halls = hall_plan_of(slug)
    return request._projector_halls


def _etag(request, slug) -> str | None:
    if not is_poll(request):
        return None
    halls = plan_key(_halls(request, slug))  # the plan changes apart from the page version
    return poll_etag("pairings", _version(request, slug), _page_asked(request), _checkin(request, slug), halls)


@condition(etag_func=_etag)
def projector(request, slug):
    tournament = tournament_by_slug(slug)
    version = _version(request, slug)
    rounds = tournament.rounds.filter(status__in=[Round.Status.PUBLISHED, Round.Status.FINISHED]).select_related(
        "discipline"
    )
    current = (
        rounds.filter(status=Round.Status.PUBLISHED).order_by("-number").first() or rounds.order_by("-number").first()
    )
    if tournament.is_team_event and not tournament.is_pair_event:
        return _team_projector(request, tournament, current, version)
    byes = current.byes.select_related("player") if current else []
    pages = max(1, -(-(current.games.count() if current else 0) // PER_PAGE))
    page = min(_page_asked(request), pages)
    checkin = _checkin(request, slug)
    # the screen's page of the round's games, not all of a congress's thousand
    games = games_by_table(current, (page - 1) * PER_PAGE, page * PER_PAGE) if current else []
    halls = _halls(request, slug)
    for g in games:
        g.place = where(halls, g.table)
    context = {
        "tournament": tournament,
        "checkin": checkin,
        "round": current,
        "games": games,
        "halls": bool(halls),
        "byes": byes if page == pages else [],
        **_screen(request, tournament, version, page, pages, checkin),
        **_top(tournament, version),
    }
    template = "tournament/_projector_body.html" if request.htmx else "tournament/projector.html"
    return render(request, template, context)


def _top(tournament, version: str) -> dict:
    """The top of the standings as the screen shows it: the place, the category and the first criterion as
    the standings page shows them (within the category when ranked apart; OpenGotha's CAT is the
    category, not a score). Kept per version and language: each poll reads these ten lines, not a
    congress's whole table, from the cache."""

    def make() -> dict:
        # the same cached table as the standings page and the API: computed once per version
        standings = standings_selectors.public_standings(tournament, None, version)
        return {
            # what the heading and the frozen table's note read of the whole table
            "standings": SimpleNamespace(rounds=standings.rounds, frozen_at=getattr(standings, "frozen_at", None)),
            "top": [
                {
                    "place": standings.place_text(row),
                    "row": row,
                    "category": standings.category_text(row),
                    "value": next(iter(standings.shown_values(row)), None),
                }
                for row in standings.leaders(TOP)
            ],
            "main_column": next(iter(standings.shown_columns()), None),
        }

    key = f"projector-top:{tournament.pk}:{version}:{get_language()}"
    return get_or_make(key, make, standings_selectors.CACHE_SECONDS)


def _team_projector(request, tournament, current, version):
    """A team tournament's projector: the round's matches, each board with its players and result, the
    board and team points of each match, the team bye; beside them the top of the team standings (as
    the standings page ranks them). Matches are shown a page at a time as games are."""
    matches = match_lines(current) if current else []
    per_page = max(1, PER_PAGE // max(1, tournament.boards))
    pages = max(1, -(-len(matches) // per_page))
    page = min(_page_asked(request), pages)
    table = team_table(tournament)
    context = {
        "tournament": tournament,
        "round": current,
        "matches": matches[(page - 1) * per_page : page * per_page],
        "team_bye": bye_team(current) if current and page == pages else None,
        **_screen(request, tournament, version, page, pages, _checkin(request, tournament.slug)),
        "team_table": table,
        "team_top": table.rows[:TOP] if table else [],
    }
    template = "tournament/_projector_body.html" if request.htmx else "tournament/projector.html"
    return render(request, template, context)


def _screen(request, tournament, version: str, page: int, pages: int, checkin=None) -> dict:
    """What every projector screen has: its page, the next one's address and poll, the refresh, the join box."""
    return {
        "page": page,
        "pages": pages,
        "next_url": f"{request.path}?page={page % pages + 1}",
        # what the screen shows: the next poll asks with it, and gets a 304 while it is still the same
        "poll_headers": json.dumps(
            {"If-None-Match": poll_etag("pairings", version, page, checkin, plan_key(_halls(request, tournament.slug)))}
        ),
        "refresh": PAGE_SECONDS if pages > 1 else REFRESH_SECONDS,
        # how phones get here: the hall's Wi-Fi and the address, with their QR codes
        "join": site_address.join(request, tournament),
    }
