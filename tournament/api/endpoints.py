"""The eight GET endpoints of ``/api/v1/`` (the contract is in the README, "JSON API").

Thin: each finds the tournament (and the round or game) and hands over to
:mod:`tournament.selectors.public_api`; django-ninja checks the answer
against :mod:`.schemas`.
"""

from __future__ import annotations

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.errors import HttpError
from ninja.errors import ValidationError as NinjaValidationError
from ninja.renderers import JSONRenderer

from tournament.permissions import NOBODY, may_see_round, record_is_public
from tournament.selectors import public_api as reads
from tournament.selectors.page_version import page_version_of
from tournament.selectors.rows import tournament_by_slug

from . import schemas
from .http import error_response


class Renderer(JSONRenderer):
    """JSON in UTF-8 as it is (``Müller``, not ``M\\u00fcller``)."""

    json_dumps_params = {"ensure_ascii": False}


api = NinjaAPI(
    title="Vielseitig",
    version="1",
    description="The public, read-only API of the tournaments: pairings, results and standings.",
    urls_namespace="api",
    docs_url="/docs/",
    renderer=Renderer(),
)


@api.exception_handler(HttpError)
def _http_error(request, exc: HttpError):
    return error_response(exc.status_code, str(exc))


@api.exception_handler(Http404)
def _not_found(request, exc):
    return error_response(404, _("Not found."))


@api.exception_handler(NinjaValidationError)
def _bad_parameter(request, exc: NinjaValidationError):
    names = sorted({str(e.get("loc", ["", "?"])[-1]) for e in exc.errors})
    return error_response(400, _("Invalid parameter: %(names)s.") % {"names": ", ".join(names)})


#: The answers made only of what a tournament's page version covers
#: (:mod:`tournament.selectors.page_version`), by their URL's name, with the query parameters each reads:
#: kept in the cache as their bytes per version (:func:`tournament.api.http.kept_answer`). Not the list of
#: tournaments (not one tournament's), a tournament's own (small), nor a game's (its record's verdict).
KEPT: dict[str, tuple[str, ...]] = {
    "players": (),
    "teams": (),
    "team_standings": (),
    "round": (),
    "standings": ("discipline",),
}


def _tournament(slug: str):
    try:
        return tournament_by_slug(slug)
    except Http404:
        raise HttpError(404, _("There is no tournament %(slug)s.") % {"slug": slug}) from None


def _found(found, message: str):
    """What was looked up, or a 404 with ``message`` if it is not there."""
    if found is None:
        raise HttpError(404, message)
    return found


@api.get("/tournaments/", response=list[schemas.TournamentOut], url_name="tournaments")
def tournaments(request):
    """Every tournament (all are public), the latest first."""
    return reads.tournaments()


@api.get("/tournaments/{slug:slug}/", response=schemas.TournamentDetail, url_name="tournament")
def tournament(request, slug: str):
    """The tournament with its disciplines and rounds."""
    return reads.tournament(_tournament(slug))


@api.get("/tournaments/{slug:slug}/players/", response=list[schemas.PlayerOut], url_name="players")
def players(request, slug: str):
    """The confirmed players (never an e-mail address)."""
    return reads.players(_tournament(slug))


@api.get("/tournaments/{slug:slug}/teams/", response=schemas.TeamsOut, url_name="teams")
def teams(request, slug: str):
    """A team tournament's teams with their (confirmed) members, and the matches of its published rounds."""
    return reads.teams(_tournament(slug))


@api.get("/tournaments/{slug:slug}/team-standings/", response=schemas.TeamStandingsOut, url_name="team_standings")
def team_standings(request, slug: str):
    """A team tournament's public team standings (OpenGotha's team criteria) with each team's matches."""
    from tournament.selectors.team_standings import team_standings_api

    return team_standings_api(_tournament(slug))


@api.get("/tournaments/{slug:slug}/rounds/{int:number}/", response=schemas.RoundDetail, url_name="round")
def round_(request, slug: str, number: int):
    """A published (or finished) round: games, bye, who does not play and why."""
    t = _tournament(slug)
    r = reads.round_of(t, number)
    if r is None or not may_see_round(NOBODY, r):
        raise HttpError(404, _("Round %(n)s is not published.") % {"n": number})
    return reads.round_(t, r)


@api.get("/tournaments/{slug:slug}/standings/", response=schemas.StandingsOut, url_name="standings")
def standings(request, slug: str, discipline: int | None = None):
    """The public standings: overall, or of one discipline (``?discipline=<id>``)."""
    found = _found(page_version_of(slug), _("There is no tournament %(slug)s.") % {"slug": slug})
    t = _tournament(slug)
    name = None
    if discipline is not None:
        d = _found(
            reads.discipline_of(t, discipline), _("This tournament has no discipline %(id)s.") % {"id": discipline}
        )
        name = d.name
    return reads.standings(t, found[1], name)


@api.get("/tournaments/{slug:slug}/games/{int:pk}/", response=schemas.GameDetail, url_name="game")
def game(request, slug: str, pk: int):
    """A game of a published round; its record (SGF) and verdict once the result is settled."""
    t = _tournament(slug)
    g = reads.game_of(t, pk)
    if g is None or not may_see_round(NOBODY, g.round):
        raise HttpError(404, _("There is no published game %(id)s in this tournament.") % {"id": pk})
    return reads.game(g, record_public=record_is_public(g))


def index(request, **kwargs):
    """``/api/v1/``: where the endpoints and their description are."""
    from django.http import JsonResponse

    return JsonResponse(
        {
            "version": 1,
            "tournaments": request.build_absolute_uri(reverse("api:tournaments")),
            "openapi": request.build_absolute_uri(reverse("api:openapi-json")),
            "docs": request.build_absolute_uri(reverse("api:openapi-view")),
        }
    )
