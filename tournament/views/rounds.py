"""The organizer's round pages: create, pair, look over, edit by hand, publish, re-pair, close."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament.forms.rounds import PlayerForm, PlayerPairForm, RoundCreateForm, TableMoveForm
from tournament.models import PairConstraint, Round
from tournament.pairing_words import bye_explanation_line, game_explanation, warning_text
from tournament.selectors.round_day import game_warnings, not_playing
from tournament.services import round_edits as edit_services
from tournament.services import rounds as round_services
from tournament.services.round_edits import EDITABLE

from .access import ORGANIZER, tournament_page


@tournament_page(ORGANIZER)
def rounds(request, tournament, roles):
    if request.method == "POST":
        form = RoundCreateForm(request.POST, tournament=tournament)
        if form.is_valid():
            try:
                round_ = round_services.round_create(
                    tournament=tournament,
                    discipline=form.cleaned_data["discipline"],
                    number=form.cleaned_data["number"],
                    user=request.user,
                )
            except ValidationError as exc:
                form.add_error(None, exc.messages[0])
            else:
                messages.success(request, _("Round %(n)s created.") % {"n": round_.number})
                return redirect("manage_round", slug=tournament.slug, number=round_.number)
    else:
        form = RoundCreateForm(tournament=tournament)
    all_rounds = tournament.rounds.select_related("discipline").annotate(
        game_count=Count("games", distinct=True),
        results=Count("games", filter=~Q(games__result="?"), distinct=True),
    )
    return render(
        request,
        "tournament/manage/rounds.html",
        {"tournament": tournament, "roles": roles, "rounds": all_rounds, "form": form},
    )


def _round(tournament, number) -> Round:
    return get_object_or_404(
        Round.objects.select_related("discipline", "tournament"), tournament=tournament, number=number
    )


def _back(tournament, number):
    return redirect("manage_round", slug=tournament.slug, number=number)


#: Warnings the pairing recorded that still hold after hand edits (the games' own are checked live).
_RECORDED = ("earlier-unpublished", "missing-results", "fixed-skipped", "fixed-absent")


def _last_pairing(round_) -> dict:
    """What the pairing left with the round: warnings, explanations, the bye's reason."""
    if round_.status == Round.Status.PLANNED:
        return {}
    return round_.pairing_record if isinstance(round_.pairing_record, dict) else {}


def _warnings(round_, games, pairing_info) -> list[str]:
    if round_.status == Round.Status.PLANNED:
        recorded = round_services.pairing_warnings_before(round_)
    else:
        recorded = [
            w
            for w in pairing_info.get("warnings") or []
            if isinstance(w, str) or (isinstance(w, dict) and w.get("code") in _RECORDED)
        ]
    live = []
    if round_.status != Round.Status.FINISHED:
        try:
            live = game_warnings(round_, games)
        except Exception:  # noqa: BLE001 - warnings are advice; never block the page
            live = []
    texts = []
    for w in recorded + live:
        text = warning_text(w)
        if text not in texts:
            texts.append(text)
    return texts


@tournament_page(ORGANIZER)
def round_manage(request, tournament, roles, number):
    round_ = _round(tournament, number)
    games = list(round_.games.select_related("black", "white").order_by("table"))
    pairing_info = _last_pairing(round_)
    explanations = pairing_info.get("explanations") or {}
    for game in games:
        game.explanation = game_explanation(game, explanations)
    absent = not_playing(round_, games)
    editable = round_.status in EDITABLE
    in_games = [p for g in games for p in (g.black, g.white)]
    free = absent.unpaired + absent.byes + absent.absent
    constraints = round_services.pair_constraints_for(round_).select_related("player_a", "player_b", "round")
    return render(
        request,
        "tournament/manage/round.html",
        {
            "tournament": tournament,
            "roles": roles,
            "round": round_,
            "games": games,
            "not_playing": absent,
            "warnings": _warnings(round_, games, pairing_info),
            "bye_reason": bye_explanation_line(pairing_info.get("bye_explanation")),
            "constraints": constraints,
            "swap_form": PlayerPairForm(tournament=tournament, players=in_games, reason=False, auto_id="swap_%s"),
            "hand_form": PlayerPairForm(tournament=tournament, players=free, reason=False, auto_id="hand_%s")
            if len(free) >= 2
            else None,
            "bye_form": PlayerForm(tournament=tournament, players=absent.unpaired, auto_id="bye_%s")
            if absent.unpaired
            else None,
            "forbid_form": PlayerPairForm(tournament=tournament, auto_id="forbid_%s"),
            "fix_form": PlayerPairForm(tournament=tournament, auto_id="fix_%s"),
            "editable": editable,
            "repairable": round_.status == Round.Status.PAIRED,
            "tables_movable": editable,
        },
    )


@require_POST
@tournament_page(ORGANIZER)
def round_move_table(request, tournament, roles, number):
    """Move a game to another table; htmx gets the round's table back with the outcome in it,
    a plain form goes back to the round page with a message."""
    round_ = _round(tournament, number)
    form = TableMoveForm(request.POST)
    game = round_.games.filter(pk=form.cleaned_data["game"]).first() if form.is_valid() else None
    notice, ok = "", False
    if game is None:
        notice = (
            _("Give a table number from 1 to 9999.") if "table" in form.errors else _("No such game in this round.")
        )
    else:
        old = game.table
        try:
            edit_services.game_move_table(game=game, table=form.cleaned_data["table"], user=request.user)
        except ValidationError as exc:
            notice = exc.messages[0]
        else:
            ok = True
            notice = _("%(black)s – %(white)s moved from table %(old)s to table %(new)s.") % {
                "black": game.black.full_name,
                "white": game.white.full_name,
                "old": old,
                "new": form.cleaned_data["table"],
            }
    if request.htmx:
        round_.refresh_from_db()
        games = list(round_.games.select_related("black", "white").order_by("table"))
        return render(
            request,
            "tournament/manage/_round_games.html",
            {
                "tournament": tournament,
                "round": round_,
                "games": games,
                "notice": notice,
                "notice_ok": ok,
                "moved": game.pk if ok else None,
                "tables_movable": round_.status in EDITABLE,
                "editable": round_.status in EDITABLE,
            },
        )
    (messages.success if ok else messages.error)(request, notice)
    return _back(tournament, number)


#: The round's buttons: the service and what is said when it worked (in the request's language).
ACTIONS = {
    "pair": (round_services.round_repair, gettext_lazy("Round paired. Look the pairing over before publishing it.")),
    "unpair": (round_services.round_unpair, gettext_lazy("Pairing removed; the round is planned again.")),
    "publish": (round_services.round_publish, gettext_lazy("Round published: the players see their games now.")),
    "unpublish": (round_services.round_unpublish, gettext_lazy("Round taken back for editing.")),
    "finish": (round_services.round_finish, gettext_lazy("Round closed.")),
    "reopen": (round_services.round_reopen, gettext_lazy("Round reopened.")),
}


@require_POST
@tournament_page(ORGANIZER)
def round_action(request, tournament, roles, number, action):
    round_ = _round(tournament, number)
    service, done = ACTIONS.get(action, (None, ""))
    if service is None:
        messages.error(request, _("Unknown action."))
        return _back(tournament, number)
    try:
        # "pair" on a paired round pairs it again in one transaction: a failure keeps the old pairing
        service(round=round_, user=request.user)
    except ValidationError as exc:
        messages.error(request, exc.messages[0])
    else:
        # the pairing's warnings are on the round page, in its box of warnings
        messages.success(request, str(done))
    return _back(tournament, number)


@require_POST
@tournament_page(ORGANIZER)
def round_swap(request, tournament, roles, number):
    round_ = _round(tournament, number)
    form = PlayerPairForm(request.POST, tournament=tournament, reason=False)
    if form.is_valid():
        a, b = form.cleaned_data["player_a"], form.cleaned_data["player_b"]
        try:
            warnings = edit_services.game_swap_players(round=round_, player_a=a, player_b=b, user=request.user)
        except ValidationError as exc:
            messages.error(request, exc.messages[0])
        else:
            messages.success(request, _("Swapped %(a)s and %(b)s.") % {"a": a.full_name, "b": b.full_name})
            for warning in warnings:  # a rematch, a handicap or a colour change the swap made
                messages.warning(request, warning)
    else:
        messages.error(request, _("Choose two different players."))
    return _back(tournament, number)


@require_POST
@tournament_page(ORGANIZER)
def round_unpair_game(request, tournament, roles, number):
    """Take one game out of the round: its two players are unpaired and can be paired by hand."""
    round_ = _round(tournament, number)
    game = round_.games.select_related("black", "white").filter(pk=_int(request.POST.get("game"))).first()
    if game is None:
        messages.error(request, _("No such game in this round."))
        return _back(tournament, number)
    try:
        edit_services.game_unpair(game=game, user=request.user)
    except ValidationError as exc:
        messages.error(request, exc.messages[0])
    else:
        messages.success(
            request,
            _("Table %(table)s taken out: %(black)s and %(white)s are unpaired.")
            % {"table": game.table, "black": game.black.full_name, "white": game.white.full_name},
        )
    return _back(tournament, number)


@require_POST
@tournament_page(ORGANIZER)
def round_pair_by_hand(request, tournament, roles, number):
    round_ = _round(tournament, number)
    form = PlayerPairForm(request.POST, tournament=tournament, reason=False)
    if form.is_valid():
        a, b = form.cleaned_data["player_a"], form.cleaned_data["player_b"]
        try:
            game, warnings = edit_services.players_pair(round=round_, player_a=a, player_b=b, user=request.user)
        except ValidationError as exc:
            messages.error(request, exc.messages[0])
        else:
            messages.success(
                request,
                _("Table %(table)s: %(black)s (Black) – %(white)s (White).")
                % {"table": game.table, "black": game.black.full_name, "white": game.white.full_name},
            )
            for warning in warnings:
                messages.warning(request, warning)
    else:
        messages.error(request, _("Choose two different players."))
    return _back(tournament, number)


@require_POST
@tournament_page(ORGANIZER)
def round_bye(request, tournament, roles, number):
    round_ = _round(tournament, number)
    form = PlayerForm(request.POST, tournament=tournament)
    if not form.is_valid():
        messages.error(request, _("Choose a player."))
        return _back(tournament, number)
    player = form.cleaned_data["player"]
    try:
        edit_services.round_set_bye(round=round_, player=player, user=request.user)
    except ValidationError as exc:
        messages.error(request, exc.messages[0])
    else:
        messages.success(request, _("%(name)s has the bye in this round.") % {"name": player.full_name})
    return _back(tournament, number)


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@require_POST
@tournament_page(ORGANIZER)
def round_constraint(request, tournament, roles, number, kind):
    round_ = _round(tournament, number)
    if kind not in PairConstraint.Kind.values:
        messages.error(request, _("Unknown action."))
        return _back(tournament, number)
    form = PlayerPairForm(request.POST, tournament=tournament)
    if form.is_valid():
        try:
            edit_services.pair_constraint_add(
                tournament=tournament,
                kind=kind,
                player_a=form.cleaned_data["player_a"],
                player_b=form.cleaned_data["player_b"],
                round=round_ if kind == PairConstraint.Kind.FIXED or request.POST.get("this_round") else None,
                reason=form.cleaned_data["reason"],
                user=request.user,
            )
        except ValidationError as exc:
            messages.error(request, exc.messages[0])
        else:
            messages.success(request, _("Saved. It counts the next time the round is paired."))
    else:
        messages.error(request, _("Choose two different players."))
    return _back(tournament, number)


@require_POST
@tournament_page(ORGANIZER)
def round_constraint_remove(request, tournament, roles, number):
    _round(tournament, number)
    constraint = PairConstraint.objects.filter(tournament=tournament, pk=_int(request.POST.get("constraint"))).first()
    if constraint is None:
        messages.error(request, _("This pairing constraint does not exist (any more)."))
    else:
        edit_services.pair_constraint_remove(constraint=constraint, user=request.user)
        messages.success(request, _("Removed. It no longer counts the next time a round is paired."))
    return _back(tournament, number)
