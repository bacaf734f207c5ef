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

import datetime as dt
import json

from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_POST

from games import svg
from games.common import IllegalMove
from games.coords import Point
from tournament.models import Game, LiveRecord, Round
from tournament.models.game import ResultState
from tournament.permissions import (
    board_closed_reason,
    live_capacity,
    may_confirm,
    may_see_game,
    may_see_round,
    may_take_back,
    speaks_for,
)
from tournament.selectors.live import board_versions, game_and_live, projector_versions
from tournament.selectors.standings import standings_version_of
from tournament.services import live as live_services
from tournament.services import marking as marking_services
from tournament.variants import dead_stones_text

from . import marking as marking_views
from .access import ORGANIZER, REFEREE, tournament_page
from .actions import refusal_as_message
from .projector import is_poll, poll_etag
from .query import int_param

#: The phones ask for the board this often (``live.js`` reads it from the page).
POLL_SECONDS = 2
#: From this board size on, a tap marks the point and a second tap (or "Place") plays it.
CONFIRM_FROM = 13
#: The projector shows this many tables at most.
PROJECTOR_TABLES = 12

_COLOUR = {"black": lambda: _("Black"), "white": lambda: _("White")}


def colour_name(colour: str | None) -> str:
    return _COLOUR[colour]() if colour in _COLOUR else ""


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


def _etag(game_version: int, live_version: int | None, round_status: str) -> str:
    return f'"{game_version}.{live_version or 0}.{round_status}.{get_language()}"'


# ---- what the board shows ------------------------------------------------------------------


def _grid(snapshot, *, interactive: bool, error_point: Point | None) -> str:
    """The points of the board as a grid over the picture: a button for every empty point
    while the user may play, else plain cells (marks only)."""
    size = snapshot.size
    targets = set(snapshot.targets)
    moved_to = {b for _a, b in snapshot.pushed + snapshot.pulled}
    out = []
    for y in range(size - 1, -1, -1):
        for x in range(size):
            p = Point(x, y)
            colour = snapshot.stones.get(p)
            classes = ["pt"]
            if colour:
                classes.append(colour)
            if p in targets:
                classes.append("target")
            if p in moved_to:
                classes.append("moved")
            if p == snapshot.last:
                classes.append("last")
            if p == error_point:
                classes.append("refused")
            cls = " ".join(classes)
            name = p.name()
            if interactive and not colour:
                out.append(
                    f'<button type="submit" name="point" value="{name}" class="{cls}" aria-label="{name}"></button>'
                )
            else:
                out.append(f'<span class="{cls}" data-point="{name}"></span>')
    return mark_safe("".join(out))  # noqa: S308 - coordinates and fixed class names only


def _status(snapshot, game, marking=None) -> str:
    """Whose turn it is, or how the game ended, in words (a Go game's end with its ``marking``)."""
    s = snapshot
    if s.over:
        winner = colour_name(s.winner)
        if marking is not None:  # Go: two passes, then the dead stones marked
            if game.result_state == ResultState.PENDING:
                return _("Two passes: mark the dead stones, then both players agree to the count.")
            return _("Two passes: the game is over, counted with the dead stones marked.")
        if s.result:  # the Go family: two passes, counted
            return _(
                "Two passes: the game is over. Count: Black %(black)s, White %(white)s, komi %(komi)s: %(result)s."
            ) % {
                "black": s.score["black"],
                "white": s.score["white"],
                "komi": f"{float(game.komi):g}",
                "result": s.result,
            }
        if s.reason == "five":
            return _("%(winner)s wins: five in a row.") % {"winner": winner}
        if s.reason == "captures":
            return _("%(winner)s wins by captures.") % {"winner": winner}
        if s.reason == "overline-split":
            return _("Draw: a capture broke an overline into a five.")
        return _("Draw: two passes.")
    if s.handicap_left:
        return _("Black places the handicap stones: %(n)s left.") % {"n": s.handicap_left}
    if s.second_stone:
        return _("%(colour)s: the second stone of the turn, a knight's move from %(point)s (marked).") % {
            "colour": colour_name(s.to_move),
            "point": s.first_stone.name(),
        }
    if s.centre_first:
        return _("Black to play: the first stone goes on the centre point.")
    return _("%(colour)s to play.") % {"colour": colour_name(s.to_move)}


def _last_move(snapshot) -> str:
    s = snapshot
    if not s.number:
        return ""
    parts = [
        _("Last move: %(colour)s %(point)s")
        % {"colour": colour_name(s.colour), "point": _("pass") if s.label == "pass" else s.label}
    ]
    if s.captured:
        if s.captured_pairs is not None:
            n = s.captured_pairs
            parts.append(ngettext("%(n)s pair captured", "%(n)s pairs captured", n) % {"n": n})
        else:
            n = len(s.captured)
            parts.append(ngettext("%(n)s stone captured", "%(n)s stones captured", n) % {"n": n})
    if s.lost:
        n = len(s.lost)
        parts.append(ngettext("%(n)s own stone lost", "%(n)s own stones lost", n) % {"n": n})
    pushed = [f"{a.name()}→{b.name()}" for a, b in s.pushed]
    pulled = [f"{a.name()}→{b.name()}" for a, b in s.pulled]
    if pushed:
        parts.append(_("pushed: %(moves)s") % {"moves": ", ".join(pushed)})
    if pulled:
        parts.append(_("pulled: %(moves)s") % {"moves": ", ".join(pulled)})
    return " · ".join(parts)


def _counts(snapshot, board) -> str:
    s = snapshot
    if s.captures is not None:
        return _("Pairs captured: Black %(black)s, White %(white)s (%(win)s win).") % {
            "black": s.captures["black"],
            "white": s.captures["white"],
            "win": board.capture_win,
        }
    if s.prisoners is not None:
        return _("Stones captured: Black %(black)s, White %(white)s.") % s.prisoners
    return ""


def _you(who, live) -> str:
    if who.recording:
        return _("You record this game as referee; the players' phones follow it.")
    if who.taken_over:
        return _("A referee (%(name)s) records this game; the board follows it.") % {
            "name": live.recorder.get_username() if live.recorder else "–"
        }
    if who.scorer:
        return _("You are the scorer of this table: enter both players' moves.")
    if who.side:
        return _("You play %(colour)s. Enter every move as it is played, yours and your opponent's.") % {
            "colour": colour_name(who.side)
        }
    return ""


def _entries(live, kind_moves) -> list[dict]:
    rows = []
    for n, (move, entry) in enumerate(zip(kind_moves, live.entries), 1):
        who, when = (entry + [None, None])[:2] if isinstance(entry, list) else (None, None)
        at = dt.datetime.fromtimestamp(when, tz=dt.UTC) if isinstance(when, int) else None
        rows.append({"n": n, "move": move, "by": who or "–", "at": at})
    return rows


def panel_context(
    request,
    game: Game,
    live: LiveRecord,
    roles,
    *,
    at: int | None = None,
    error: str = "",
    refused: IllegalMove | None = None,
    board=None,
) -> dict:
    """Everything the board fragment shows, for ``request.user``; ``board``: the game now, if at hand."""
    moves = live.move_list
    last = len(moves)
    step = None if at is None or at >= last else max(0, at)
    if board is None or step is not None:
        board = live_services.new_board(game, moves if step is None else moves[:step])
    snapshot = board.snapshot()
    who = live_capacity(request.user, game, live)
    closed = board_closed_reason(game)
    interactive = step is None and who.may_record and closed is None and not snapshot.over
    error_point = svg.error_point(refused) if refused is not None else None
    title = _("Position after move %(n)s") % {"n": snapshot.number}
    marking = marking_services.marking_of(board, live) if step is None else None
    if marking is not None:
        picture = marking_views.picture(marking, title=title, last_move=snapshot.last)
        grid = marking_views.grid(marking, buttons=who.may_record and closed is None)
    else:
        picture = mark_safe(  # noqa: S308 - drawn by games.svg, text escaped there
            svg.board(
                snapshot.size,
                snapshot.stones,
                last_move=snapshot.last,
                captured=snapshot.captured + snapshot.lost,
                error=error_point,
                title=title,
            )
        )
        grid = _grid(snapshot, interactive=interactive, error_point=error_point)
    user = request.user
    can_take_back = (
        step is None
        and live.pk is not None
        and may_take_back(user, game, live, who, last_colour=lambda: snapshot.colour)
    )
    slug = game.round.tournament.slug
    # the game's own page for its players and the referees, else its public page (whoever sees the board sees it)
    own_page = may_see_game(user, roles, game)
    return {
        "game": game,
        "tournament": game.round.tournament,
        "live": live,
        "version": live.version,
        "etag": _etag(game.version, live.version, game.round.status),
        "snapshot": snapshot,
        # the number of the move to play now (the last one's when the game is over or stepped through)
        "move_no": snapshot.number + (0 if snapshot.over or step is not None else 1),
        "svg": picture,
        "grid": grid,
        "marking": _marking_context(game, live, who, marking, open_=closed is None),
        "dead_stones_rule": "" if snapshot.over or step is not None else dead_stones_text(board.dead_stones),
        "size": snapshot.size,
        "interactive": interactive,
        "confirm_taps": interactive and snapshot.size >= CONFIRM_FROM,
        "zoom": snapshot.size >= CONFIRM_FROM and (interactive or (marking is not None and who.may_record)),
        "poll": step is None and not (closed and game.result_state in (ResultState.CONFIRMED, ResultState.ADJUDICATED)),
        "poll_ms": POLL_SECONDS * 1000,
        "status": _status(snapshot, game, marking),
        "last_move": _last_move(snapshot),
        "counts": _counts(snapshot, board),
        "pending_five": snapshot.pending_five
        and _(
            "%(colour)s has a five that can be broken: %(other)s must capture a pair out of it now, or %(colour)s wins."
        )
        % {
            "colour": colour_name(snapshot.pending_five),
            "other": colour_name("white" if snapshot.pending_five == "black" else "black"),
        },
        "you": _you(who, live),
        "who": who,
        "closed": closed,
        "error": error,
        "may_pass": interactive and snapshot.may_pass,
        "may_end": interactive,
        "can_take_back": can_take_back,
        "can_confirm": may_confirm(user, game),
        "step": step,
        "last": last,
        "shown": snapshot.number,
        "prev": max(0, snapshot.number - 1),
        "next": snapshot.number + 1,
        "entries": _entries(live, moves) if who.referee else None,
        "is_referee": who.referee,
        "urls": {
            "board": reverse("live_board", args=[slug, game.pk]),
            "state": reverse("live_state", args=[slug, game.pk]),
            "move": reverse("live_move", args=[slug, game.pk]),
            "undo": reverse("live_undo", args=[slug, game.pk]),
            "end": reverse("live_end", args=[slug, game.pk]),
            "takeover": reverse("live_takeover", args=[slug, game.pk]),
            "mark": reverse("live_mark", args=[slug, game.pk]),
            "agree": reverse("live_agree", args=[slug, game.pk]),
            "resume": reverse("live_resume", args=[slug, game.pk]),
            "call": reverse("live_call_referee", args=[slug, game.pk]),
            "game": reverse("game", args=[slug, game.pk])
            if own_page
            else reverse("public_game", args=[slug, game.round.number, game.pk]),
            "confirm": reverse("game_confirm", args=[slug, game.pk]),
            "rules": reverse("rules", args=[game.round.discipline.kind]),
        },
    }


def _marking_context(game: Game, live: LiveRecord, who, marking, *, open_: bool) -> dict | None:
    """What the marking phase of a Go game shows: the count under the marks, who agreed, and what the
    user may do (mark, agree, resume play, call the referee); ``None`` outside it."""
    if marking is None:
        return None
    may_mark = open_ and who.may_record
    sides = speaks_for(who) if may_mark else ()
    players = {"black": game.black.spoken_name, "white": game.white.spoken_name}
    agreed = []
    for side in ("black", "white"):
        if live.agreed(side):
            text = _("%(colour)s (%(name)s) agrees to this count.")
        else:
            text = _("%(colour)s (%(name)s) has not agreed yet.")
        agreed.append(
            {
                "side": side,
                "agreed": live.agreed(side),
                "text": text % {"colour": colour_name(side), "name": players[side]},
            }
        )
    if len(sides) == 1:  # a player: the opponent plays first
        other = "white" if sides[0] == "black" else "black"
        resume = [
            {"side": sides[0], "label": _("Resume play: %(colour)s plays first") % {"colour": colour_name(other)}}
        ]
    else:  # the scorer or the referee recording says who asks
        resume = [
            {"side": side, "label": _("%(colour)s asks to resume play") % {"colour": colour_name(side)}}
            for side in sides
        ]
    return {
        "count": marking_views.count_text(marking),
        "marks_version": live.marks_version,
        "may_mark": may_mark,
        "agreed": agreed,
        "may_agree": any(not live.agreed(side) for side in sides),
        "resume": resume,
        "may_call": may_mark,
        "max_reason": marking_services.MAX_REASON,
    }


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
    return _etag(*row) if row[2] in (Round.Status.PUBLISHED, Round.Status.FINISHED) else None


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


def _write(request, tournament, roles, pk, service, **fields) -> HttpResponse:
    """``service`` (of :mod:`tournament.services.live`) on the game's live record, by the acting user,
    at the board version the form was drawn at; the answer is the board (see :func:`_answer`)."""
    game, live = _game(tournament, pk, roles)
    return _answer(
        request,
        game,
        live,
        roles,
        lambda: service(game=game, user=request.user, version=_version(request), live=live, **fields),
    )


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


def _mark_write(request, tournament, roles, pk, service, **fields) -> HttpResponse:
    """A service of the marking phase (:mod:`tournament.services.marking`) at the marks version the
    phone showed; the answer is the board (see :func:`_answer`)."""
    game, live = _game(tournament, pk, roles)
    return _answer(
        request,
        game,
        live,
        roles,
        lambda: service(game=game, user=request.user, marks_version=_marks_version(request), live=live, **fields),
    )


@require_POST
@tournament_page()
def live_mark(request, tournament, roles, pk):
    """After two passes in Go: a stone tapped marks its chain dead (or alive again), an empty point neutral."""
    return _mark_write(request, tournament, roles, pk, marking_services.mark, point=request.POST.get("point", "")[:20])


@require_POST
@tournament_page()
def live_agree(request, tournament, roles, pk):
    """A player agrees to the count under the marks as the phone shows them."""
    return _mark_write(request, tournament, roles, pk, marking_services.agree)


@require_POST
@tournament_page()
def live_call_referee(request, tournament, roles, pk):
    """The players do not agree on the dead stones: the referee decides."""
    reason = request.POST.get("reason", "")[: marking_services.MAX_REASON]
    return _mark_write(request, tournament, roles, pk, marking_services.call_referee, reason=reason)


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
    """The round's games by table with their live records (an empty one before the first move): one query.
    The games share ``round_`` (loaded once, not once per game); ``entries=False`` leaves out who entered
    each move."""
    games = round_.games.select_related("black", "white", "live", "live__recorder", "live__scorer").order_by("table")
    if not entries:
        games = games.defer("live__entries")
    out = []
    for game in games[:limit]:
        game.round = round_
        out.append((game, getattr(game, "live", None) or LiveRecord(game=game)))
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
        rows = [{"game": game, "live": live if live.pk else None} for game, live in _live_games(round_)]
    return render(
        request,
        "tournament/live/referee.html",
        {"tournament": tournament, "roles": roles, "round": round_, "rows": rows},
    )


#: The projector asks for its boards this often.
PROJECTOR_REFRESH_SECONDS = 5
#: A board drawn for the projector is kept this long (its key holds the versions: never stale).
PROJECTOR_BOARD_SECONDS = 600


def _projector_tables(request) -> int:
    return int_param(request.GET.get("tables"), default=4, maximum=PROJECTOR_TABLES) or 4


def _projector_versions(request, slug) -> list[tuple[int, int, int | None]]:
    """The versions of the boards the projector shows, and the tournament's standings version (names,
    results, rounds): read once per request, two statements."""
    memo = getattr(request, "_projector_versions", None)
    if memo is None:
        found = standings_version_of(slug)
        if found is None:
            raise Http404("no such tournament")
        memo = request._projector_versions = [found, *projector_versions(slug, _projector_tables(request))]
    return memo


def _projector_etag(request, slug) -> str | None:
    """The poll's ETag: 304 while no board, result, name or round changed (and the clock shows the same minute)."""
    if not is_poll(request):
        return None
    return poll_etag("live", _projector_tables(request), _projector_versions(request, slug))


def _projector_board(game: Game, live: LiveRecord) -> dict:
    """What the projector shows of a board (moves, picture, status), drawn once per version of the
    game and its live record and kept in the cache (all workers share it): a poll after a move on one
    board replays that board only."""

    def draw() -> dict:
        board = live_services.new_board(game, live.move_list)
        s = board.snapshot()
        title = _("Table %(table)s after move %(n)s") % {"table": game.table, "n": s.number}
        marking = marking_services.marking_of(board, live)
        if marking is not None:
            picture = str(marking_views.picture(marking, title=title, last_move=s.last))
            status = f"{_status(s, game, marking)} {marking_views.count_text(marking)}"
        else:
            picture = svg.board(s.size, s.stones, last_move=s.last, captured=s.captured + s.lost, title=title)
            status = _status(s, game)
        return {"moves": s.number, "svg": picture, "status": status}

    key = f"projector-board:{game.pk}:{game.version}:{live.version}:{get_language()}"
    return cache.get_or_set(key, draw, PROJECTOR_BOARD_SECONDS)


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
            drawn = _projector_board(game, live)
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
