"""The live board: a game recorded on the phones as it is played.

One page per game (``live_board``): the board, whose turn it is, captures,
the last move, the end and the result.  The players (or the table's scorer,
or a referee who took the recording over) tap the points; ``live.js`` posts
each move and polls the board every two seconds with its ETag, so that an
unchanged board costs one small query and an empty 304.  Without JavaScript
the same forms post and the page comes back; a field takes a coordinate for
every move.  Everybody may follow a published round's live boards; the
writing views check the acting user in :mod:`tournament.services.live`.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_POST

from tournament.models import Game, LiveRecord, Round
from tournament.permissions import (
    may_see_round,
)
from tournament.selectors.live import board_versions, game_and_live, projector_versions
from tournament.selectors.page_version import page_version_of
from tournament.selectors.sides import attach_sides
from tournament.services import live as live_services
from tournament.services import marking as marking_services

from .access import ORGANIZER, REFEREE, tournament_page
from .actions import refusal_as_message
from .live_board import board_etag, panel_context, projector_board
from .projector import is_poll, poll_etag
from .query import int_param

#: The projector shows this many tables at most.
PROJECTOR_TABLES = 12


def _game(tournament, pk, roles) -> tuple[Game, LiveRecord]:
    """The game of a published round (any round for organizers and referees) whose game has a rules
    engine, and its live record (an empty one, not saved, before the first move: looking writes nothing)."""
    found = game_and_live(tournament, pk)
    if found is None:
        raise Http404("no such game")
    game, live = found
    if not may_see_round(roles, game.round):
        raise Http404("round not published")
    if not live_services.has_engine(game.round.discipline):
        raise Http404("no rules engine for this discipline")
    return game, live if live is not None else LiveRecord(game=game)


def _panel(request, context: dict, status: int = 200) -> HttpResponse:
    response = render(request, "tournament/live/_panel.html", context, status=status)
    response["ETag"] = context["etag"]
    response["Cache-Control"] = "no-cache, private"
    return response


def _page(request, context: dict, status: int = 200) -> HttpResponse:
    response = render(request, "tournament/live/board.html", context, status=status)
    response["Cache-Control"] = "no-cache, private"
    return response


def _at(request) -> int | None:
    return int_param(request.GET.get("at"))


# ---- pages ------------------------------------------------------------------------------------


@tournament_page(login=False)
def live_board(request, tournament, roles, pk):
    """The live board of one game: to record it, to follow it, or (``?at=n``) to step through it."""
    game, live = _game(tournament, pk, roles)
    context = panel_context(request, game, live, roles, at=_at(request))
    return _page(request, {**context, "roles": roles})


def _state_etag(request, slug, pk) -> str | None:
    """The board's ETag from one small query (no session); None before the round is published."""
    row = board_versions(slug, pk)
    if row is None:
        raise Http404("no such game")
    return board_etag(*row) if row[2] in (Round.Status.PUBLISHED, Round.Status.FINISHED) else None


@condition(etag_func=_state_etag)
def live_state(request, slug, pk):
    """The board fragment the phones poll: 304 while nothing changed (Django's ``condition``)."""
    return _live_state(request, slug, pk)


@tournament_page(login=False)
def _live_state(request, tournament, roles, pk):
    game, live = _game(tournament, pk, roles)
    return _panel(request, panel_context(request, game, live, roles))


def _wants_panel(request) -> bool:
    """``live.js`` asks for the fragment; a form without JavaScript gets the page."""
    return request.headers.get("X-Live-Board") == "1"


def _answer(request, game, live, roles, action) -> HttpResponse:
    """Run ``action`` (a service call); answer with the board: the fragment for live.js (any status),
    a redirect to the page after a success without JavaScript, the page with the error otherwise."""
    panel = _wants_panel(request)
    refused, error, status, board = None, "", 200, None
    reread = True  # the game may have changed meanwhile (a result reported on the other phone)
    try:
        done = action()
    except PermissionDenied as exc:
        if not panel:
            raise
        error, status = str(exc) or _("You may not do this."), 403
    except live_services.IllegalLiveMove as exc:
        refused, error, status, live, reread = exc.error, exc.messages[0], 422, exc.live, False
    except live_services.StaleBoard as exc:
        error, status, live = exc.messages[0], 409, exc.current
    except ValidationError as exc:
        error, status = exc.messages[0], 422
    else:
        reread = False
        if isinstance(done, live_services.Played):
            game, live, board = done.game, done.live, done.board
        elif isinstance(done, LiveRecord):
            live = done
    if status == 200 and not panel:
        return redirect("live_board", slug=game.round.tournament.slug, pk=game.pk)
    if reread:
        game, live = _game(game.round.tournament, game.pk, roles)
    context = panel_context(request, game, live, roles, error=error, refused=refused, board=board)
    if panel:
        return _panel(request, context, status)
    return _page(request, {**context, "roles": roles}, status)


def _version(request) -> int:
    version = int_param(request.POST.get("version"))
    if version is None:
        raise ValidationError(_("The form was incomplete; please try again."))
    return version


def _write(request, tournament, roles, pk, service, *, marks: bool = False, **fields) -> HttpResponse:
    """``service`` on the game's live record, by the acting user, at the version the form was drawn at:
    the board's (:mod:`tournament.services.live`) or, with ``marks``, the marking phase's marks version
    (:mod:`tournament.services.marking`); the answer is the board (see :func:`_answer`). The version is
    read inside the service's call, so a form without it is answered on the board as any refusal."""
    game, live = _game(tournament, pk, roles)

    def run():
        stamp = {"marks_version": _marks_version(request)} if marks else {"version": _version(request)}
        return service(game=game, user=request.user, live=live, **stamp, **fields)

    return _answer(request, game, live, roles, run)


@require_POST
@tournament_page()
def live_move(request, tournament, roles, pk):
    """One move: a point tapped on the board, typed in the coordinate field, or a pass."""
    return _write(request, tournament, roles, pk, live_services.place, point=request.POST.get("point", "")[:20])


@require_POST
@tournament_page()
def live_undo(request, tournament, roles, pk):
    return _write(request, tournament, roles, pk, live_services.take_back)


@require_POST
@tournament_page()
def live_end(request, tournament, roles, pk):
    """A resignation or a loss on time, entered on the board (``loser``, ``method``)."""
    loser, method = request.POST.get("loser", ""), request.POST.get("method", "")
    return _write(request, tournament, roles, pk, live_services.end, loser=loser, method=method)


def _marks_version(request) -> int:
    version = int_param(request.POST.get("marks_version"))
    if version is None:
        raise ValidationError(_("The form was incomplete; please try again."))
    return version


@require_POST
@tournament_page()
def live_mark(request, tournament, roles, pk):
    """After two passes in Go: a stone tapped marks its chain dead (or alive again), an empty point neutral."""
    return _write(
        request, tournament, roles, pk, marking_services.mark, marks=True, point=request.POST.get("point", "")[:20]
    )


@require_POST
@tournament_page()
def live_agree(request, tournament, roles, pk):
    """A player agrees to the count under the marks as the phone shows them."""
    return _write(request, tournament, roles, pk, marking_services.agree, marks=True)


@require_POST
@tournament_page()
def live_call_referee(request, tournament, roles, pk):
    """The players do not agree on the dead stones: the referee decides."""
    reason = request.POST.get("reason", "")[: marking_services.MAX_REASON]
    return _write(request, tournament, roles, pk, marking_services.call_referee, marks=True, reason=reason)


@require_POST
@tournament_page()
def live_resume(request, tournament, roles, pk):
    """Play goes on after the two passes (``side``: who asks, for a scorer)."""
    side = request.POST.get("side", "")[:5]
    return _write(request, tournament, roles, pk, marking_services.resume, side=side)


@require_POST
@tournament_page(REFEREE)
def live_takeover(request, tournament, roles, pk):
    """A referee takes over the recording of a table, or hands it back (``release``)."""
    release = request.POST.get("release") == "1"
    return _write(request, tournament, roles, pk, live_services.take_over, release=release)


@require_POST
@tournament_page(ORGANIZER)
def live_scorer(request, tournament, roles, pk):
    """An organizer names the scorer of a table (on the game's page)."""
    game, _live = _game(tournament, pk, roles)
    with refusal_as_message(request):
        live = live_services.set_scorer(game=game, user=request.user, username=request.POST.get("scorer", ""))
        if live.scorer:
            messages.success(request, _("%(name)s is the scorer of this table.") % {"name": live.scorer.get_username()})
        else:
            messages.success(request, _("This table has no scorer."))
    return redirect("game", slug=tournament.slug, pk=game.pk)


# ---- referees and the projector -----------------------------------------------------------


def _live_games(round_, limit: int | None = None, *, entries: bool = True) -> list[tuple[Game, LiveRecord]]:
    """The round's games by table with their live records (an empty one before the first move): one query
    (two more for the sides of a Pair Go or Rengo round, read at once). The games share ``round_`` (loaded
    once, not once per game); ``entries=False`` leaves out who entered each move."""
    games = round_.games.select_related("black", "white", "live", "live__recorder", "live__scorer").order_by("table")
    if not entries:
        games = games.defer("live__entries")
    out = []
    for game in games[:limit]:
        game.round = round_
        out.append((game, getattr(game, "live", None) or LiveRecord(game=game)))
    attach_sides(round_, [game for game, _live in out])
    return out


def _current_round(tournament):
    return (
        tournament.rounds.filter(status=Round.Status.PUBLISHED).select_related("discipline").order_by("-number").first()
    )


@tournament_page(REFEREE)
def referee_live(request, tournament, roles):
    """Every game of the current round with its live board: moves so far, who records, last change."""
    round_ = _current_round(tournament)
    rows = []
    if round_ is not None and live_services.has_engine(round_.discipline):
        variant = round_.discipline.variant
        live_games = _live_games(round_)
        attach_sides(round_, [game for game, _live in live_games])  # Pair Go, Rengo: the sides' players
        rows = [
            {
                "game": game,
                "live": live if live.pk else None,
                # the moves played: the handicap stones set up are none
                "moves": max(0, live.move_count - variant.handicap_stones(game.handicap)),
            }
            for game, live in live_games
        ]
    return render(
        request,
        "tournament/live/referee.html",
        {"tournament": tournament, "roles": roles, "round": round_, "rows": rows},
    )


#: The projector asks for its boards this often.
PROJECTOR_REFRESH_SECONDS = 5


def _projector_tables(request) -> int:
    return int_param(request.GET.get("tables"), default=4, maximum=PROJECTOR_TABLES) or 4


def _projector_versions(request, slug) -> list[tuple[int, int, int | None]]:
    """The versions of the boards the projector shows, and the tournament's page version (names,
    results, rounds): read once per request, two statements."""
    memo = getattr(request, "_projector_versions", None)
    if memo is None:
        found = page_version_of(slug)
        if found is None:
            raise Http404("no such tournament")
        memo = request._projector_versions = [found, *projector_versions(slug, _projector_tables(request))]
    return memo


def _projector_etag(request, slug) -> str | None:
    """The poll's ETag: 304 while no board, result, name or round changed (and the clock shows the same minute)."""
    if not is_poll(request):
        return None
    return poll_etag("live", _projector_tables(request), _projector_versions(request, slug))


@condition(etag_func=_projector_etag)
def projector_live(request, slug):
    """The live boards of the top tables of the current round, for the playing hall's screen."""
    from tournament.selectors.rows import tournament_by_slug

    tournament = tournament_by_slug(slug)
    count = _projector_tables(request)
    round_ = _current_round(tournament)
    boards = []
    if round_ is not None and live_services.has_engine(round_.discipline):
        for game, live in _live_games(round_, count, entries=False):
            drawn = projector_board(game, live)
            # drawn by games.svg, its text escaped there
            boards.append({**drawn, "game": game, "svg": mark_safe(drawn["svg"])})  # noqa: S308
    context = {
        "tournament": tournament,
        "round": round_,
        "boards": boards,
        "refresh": PROJECTOR_REFRESH_SECONDS,
        "self_url": f"{request.path}?tables={count}",
        # what the screen shows: the next poll asks with it, and gets a 304 while it is still the same
        "poll_headers": json.dumps({"If-None-Match": poll_etag("live", count, _projector_versions(request, slug))}),
    }
    template = "tournament/live/_projector_body.html" if request.htmx else "tournament/live/projector.html"
    return render(request, template, context)
