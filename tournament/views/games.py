"""One game: its page (board viewer, result history), and the players' report, confirm and dispute."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.engines import reason_text
from tournament.forms.results import AdjudicateForm, DisputeForm, ReportForm, VersionForm
from tournament.models import Game
from tournament.models.game import ResultState
from tournament.permissions import (
    may_confirm,
    may_dispute,
    may_manage,
    may_referee,
    may_report,
    may_see_game,
    player_side,
    request_roles,
)
from tournament.selectors.official import official
from tournament.selectors.results import result_history
from tournament.selectors.rows import tournament_by_slug
from tournament.selectors.sides import colour_players, side_players
from tournament.services import results as result_services
from tournament.services.replays import kept_replay
from tournament.services.results import RecordRejected, ResultError, StaleResult

from .access import ORGANIZER, PLAYER, REFEREE, tournament_page
from .actions import cleaned, refusal_as_message
from .form_errors import saved
from .marking import referee_marking


def _game(tournament, pk) -> Game:
    return get_object_or_404(
        Game.objects.select_related("round", "round__discipline", "round__tournament", "black", "white", "reported_by"),
        pk=pk,
        round__tournament=tournament,
    )


def _viewer(game: Game, move: int | None):
    """The board viewer at move ``move`` (default: the last) of the game's
    record, from its kept replay (``None`` without a readable record)."""
    replay = kept_replay(game=game)
    if replay is None:
        return None
    last = replay.moves
    n = last if move is None else max(0, min(move, last))
    error = replay.error if n == last else None
    return {
        "player": _player_of_move(game, replay, n),
        "replay": replay,
        "position": replay.position(n),
        "n": n,
        "last": last,
        "prev": max(0, n - 1),
        "next": min(last, n + 1),
        "svg": replay.svg(n, title=_("Position after move %(n)s") % {"n": n}),
        "error": error,
        "error_text": reason_text(error.reason) if error else "",
    }


def _player_of_move(game: Game, replay, n: int) -> str:
    """Pair Go and Rengo: the player who made move ``n`` of the record (by the rotation), else ``""``."""
    if not n or side_players(game) is None:
        return ""
    players = colour_players(game, [p.colour for p in replay.positions() if p.number])
    return players[n - 1].display_name if n <= len(players) else ""


def _move_param(request) -> int | None:
    try:
        return int(request.GET["move"])
    except (KeyError, ValueError):
        return None


@tournament_page(ORGANIZER, REFEREE, PLAYER)
def game_detail(request, tournament, roles, pk):
    game = _game(tournament, pk)
    if not may_see_game(request.user, roles, game):
        raise PermissionDenied
    return _render_detail(request, tournament, roles, game)


def _render_detail(request, tournament, roles, game, *, adjudicate_form=None, status=200):
    viewer = _viewer(game, _move_param(request))
    is_referee = may_referee(roles)
    marking = referee_marking(request, game) if is_referee else None
    context = {
        "tournament": tournament,
        "roles": roles,
        "game": game,
        "viewer": viewer,
        "official": official(game),
        "history": result_history(game),
        "can_report": may_report(request.user, game),
        "can_confirm": may_confirm(request.user, game),
        "can_dispute": may_dispute(request.user, game),
        "version_form": VersionForm(initial={"version": game.version}),
        "dispute_form": DisputeForm(initial={"version": game.version}),
        "adjudicate_form": adjudicate_form
        or (
            AdjudicateForm(
                initial={
                    "version": game.version,
                    "result": game.result,
                    "method": game.method,
                    "by_default": game.by_default,
                    **_marked(marking),
                },
                game=game,
                marking=marking is not None,
            )
            if is_referee
            else None
        ),
        "is_referee": is_referee,
        "marking": marking,
    }
    return render(request, "tournament/game_detail.html", context, status=status)


@tournament_page(ORGANIZER, REFEREE, PLAYER)
def game_board(request, tournament, roles, pk):
    """The board viewer alone: what htmx swaps in when stepping through the record."""
    game = _game(tournament, pk)
    if not may_see_game(request.user, roles, game):
        raise PermissionDenied
    viewer = _viewer(game, _move_param(request))
    if viewer is None:
        return HttpResponse(status=404)
    return render(request, "tournament/_board_viewer.html", {"tournament": tournament, "game": game, "viewer": viewer})


def _marked(marking: dict | None) -> dict:
    """The decision form's start on the referee's board: the marks on it and the result they count."""
    if marking is None:
        return {}
    return {"dead": marking["dead"], "neutral": marking["neutral"], "result": marking["result"], "method": "score"}


def _result(data) -> dict:
    """The result a form gives (report or decision) as the result services take it."""
    return {"version": data["version"], "result": data["result"], "method": data.get("method") or ""}


@tournament_page(PLAYER)
def game_report(request, tournament, roles, pk):
    game = _game(tournament, pk)
    if player_side(game, request.user) is None:
        raise PermissionDenied
    rejected = None
    if request.method == "POST":
        form = ReportForm(request.POST, request.FILES, game=game)
        if form.is_valid():
            data = form.cleaned_data
            try:
                result_services.result_report(
                    game=game,
                    user=request.user,
                    **_result(data),
                    record=data.get("record") or "",
                    send_to_referee=data.get("send_to_referee", False),
                    marks=data.get("marks"),
                )
            except RecordRejected as exc:
                rejected = _rejection(exc)
                form = ReportForm(initial={**data, "sgf_file": None, "version": game.version}, game=game)
            except StaleResult as exc:
                form.add_error(None, exc.messages[0])
                form.data = form.data.copy()
                form.data["version"] = exc.current.version
            except ResultError as exc:
                form.add_error(None, exc.messages[0])
            else:
                game.refresh_from_db()
                if game.result_state == ResultState.DISPUTED:
                    messages.info(request, _("The result and the record went to a referee."))
                else:
                    messages.success(request, _("Result reported. Your opponent is asked to confirm it."))
                return redirect("game", slug=tournament.slug, pk=game.pk)
    else:
        if not may_report(request.user, game):
            messages.info(request, _("This result cannot be reported now."))
            return redirect("game", slug=tournament.slug, pk=game.pk)
        form = ReportForm(
            initial={
                "version": game.version,
                "result": game.result if game.has_result else None,
                "method": game.method,
                "record": game.record,
            },
            game=game,
        )
    return render(
        request,
        "tournament/game_report.html",
        {"tournament": tournament, "roles": roles, "game": game, "form": form, "rejected": rejected},
        status=422 if rejected else 200,
    )


def _rejection(exc: RecordRejected) -> dict:
    """The report form's error: the message and the last legal position, the illegal move framed."""
    replay = exc.check.replay
    error = replay.error
    message = exc.check.message
    return {
        "message": message,
        "illegal": error is not None,
        "error": None if error is None else error.as_dict(),
        "reason": reason_text(error.reason) if error else "",
        "svg": replay.svg(title=message),
    }


def _player_button(view):
    """A player's button on the game's page (a POST): ``view(request, game)`` reads the form, runs the
    service and says what was done; a refusal (the form's or the service's) is the page's error message.
    The answer: back to the game's page."""

    @require_POST
    @tournament_page(PLAYER)
    @wraps(view)
    def button(request, tournament, roles, pk):
        game = _game(tournament, pk)
        with refusal_as_message(request):
            view(request, game)
        return redirect("game", slug=tournament.slug, pk=game.pk)

    return button


@_player_button
def game_confirm(request, game):
    version = cleaned(VersionForm(request.POST), _("The form was incomplete; please try again."))["version"]
    result_services.result_confirm(game=game, user=request.user, version=version)
    messages.success(request, _("Result confirmed. Thank you."))


@_player_button
def game_dispute(request, game):
    data = cleaned(DisputeForm(request.POST), _("Say what is wrong with the result."))
    result_services.result_dispute(game=game, user=request.user, version=data["version"], reason=data["reason"])
    messages.success(request, _("The game went to a referee. You will see the decision here."))


@require_POST
@tournament_page(REFEREE)
def game_adjudicate(request, tournament, roles, pk):
    game = _game(tournament, pk)

    def decide(form):
        data = form.cleaned_data
        try:
            result_services.result_adjudicate(
                game=game,
                user=request.user,
                **_result(data),
                by_default=data.get("by_default", False),
                reason=data["reason"],
                marks=data.get("marks"),
            )
        except StaleResult as exc:  # decided meanwhile: the form again, on the game as it is now
            current = exc.current
            again = AdjudicateForm(
                {**request.POST.dict(), "version": current.version}, game=current, marking=_marks_sent(request)
            )
            again.is_valid()
            again.add_error(None, exc.messages[0])
            return _render_detail(request, tournament, roles, current, adjudicate_form=again, status=422)
        messages.success(request, _("Decision recorded."))
        return redirect("game", slug=tournament.slug, pk=game.pk)

    form = AdjudicateForm(request.POST, game=game, marking=_marks_sent(request))
    # the referee's text stays in the form, with what went wrong
    return saved(form, decide, _first_on_top) or _render_detail(
        request, tournament, roles, game, adjudicate_form=form, status=422
    )


def _marks_sent(request) -> bool:
    """Whether the decision came from the referee's board of dead stones (its hidden fields)."""
    return "dead" in request.POST or "neutral" in request.POST


def _first_on_top(form, exc: ValidationError) -> None:
    form.add_error(None, exc.messages[0])


def game_slip(request, slug, pk):
    """What a result slip's QR code opens: for an organizer the phone's entry of the game's result, for a
    referee the game's page (decisions), for everybody else (a player, a visitor) the public page of the game."""
    tournament = tournament_by_slug(slug)
    game = get_object_or_404(Game.objects.select_related("round"), pk=pk, round__tournament=tournament)
    roles = request_roles(request, tournament)
    if may_manage(roles):
        return redirect("manage_result", slug=slug, pk=game.pk)
    if may_referee(roles):
        return redirect("game", slug=slug, pk=game.pk)
    return redirect("public_game", slug=slug, number=game.round.number, pk=game.pk)
