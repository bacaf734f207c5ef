"""The organizer's round pages: create, pair, look over, edit, publish, re-pair, close."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.forms.rounds import PlayerPairForm, RoundCreateForm, TableMoveForm
from tournament.models import AuditEntry, PairConstraint, Round
from tournament.services import rounds as round_services

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
    return get_object_or_404(Round.objects.select_related("discipline", "tournament"), tournament=tournament, number=number)


@tournament_page(ORGANIZER)
def round_manage(request, tournament, roles, number):
    round_ = _round(tournament, number)
    games = list(round_.games.select_related("black", "white").order_by("table"))
    last_pairing = (
        AuditEntry.objects.filter(tournament=tournament, action="round.pair", object_type="round", object_id=round_.pk)
        .order_by("-created_at", "-id")
        .first()
    )
    pairing_info = (last_pairing.after or {}) if last_pairing and round_.status != Round.Status.PLANNED else {}
    warnings = list(pairing_info.get("warnings", []))
    # per-game explanations as the pairing service recorded them, in words
    explanations = pairing_info.get("explanations") or {}
    for game in games:
        game.explanation = round_services.game_explanation(game, explanations)
    if round_.status == Round.Status.PAIRED:
        try:
            warnings += [w for w in round_services.edit_warnings(round_, games) if w not in warnings]
        except Exception:  # noqa: BLE001 - warnings are advice; never block the page
            pass
    constraints = round_services.pair_constraints_for(round_).select_related("player_a", "player_b", "round")
    return render(
        request,
        "tournament/manage/round.html",
        {
            "tournament": tournament,
            "roles": roles,
            "round": round_,
            "games": games,
            "byes": round_.byes.select_related("player"),
            "warnings": warnings,
            "bye_reason": round_services.bye_explanation_line(pairing_info.get("bye_explanation")),
            "constraints": constraints,
            "swap_form": PlayerPairForm(tournament=tournament, auto_id="swap_%s"),
            "forbid_form": PlayerPairForm(tournament=tournament, auto_id="forbid_%s"),
            "fix_form": PlayerPairForm(tournament=tournament, auto_id="fix_%s"),
            "editable": round_.status == Round.Status.PAIRED,
            "tables_movable": _tables_movable(round_),
        },
    )


def _tables_movable(round_: Round) -> bool:
    return round_.status in (Round.Status.PAIRED, Round.Status.PUBLISHED)


@require_POST
@tournament_page(ORGANIZER)
def round_move_table(request, tournament, roles, number):
    """Move a game to another table; htmx gets the round's table back with the outcome in it,
    a plain form goes back to the round page with a message."""
    round_ = _round(tournament, number)
    form = TableMoveForm(request.POST)
    game = round_.games.filter(pk=form.data.get("game")).first() if form.is_valid() else None
    notice, ok = "", False
    if game is None:
        notice = _("Give a table number of 1 or more.") if "table" in form.errors else _("No such game in this round.")
    else:
        old = game.table
        try:
            round_services.game_move_table(game=game, table=form.cleaned_data["table"], user=request.user)
        except ValidationError as exc:
            notice = exc.messages[0]
        else:
            ok = True
            notice = _("%(black)s – %(white)s moved from table %(old)s to table %(new)s.") % {
                "black": game.black.full_name, "white": game.white.full_name,
                "old": old, "new": form.cleaned_data["table"]}
    if request.htmx:
        games = list(round_.games.select_related("black", "white").order_by("table"))
        return render(request, "tournament/manage/_round_games.html", {
            "tournament": tournament, "round": round_, "games": games, "notice": notice, "notice_ok": ok,
            "moved": game.pk if ok else None, "tables_movable": _tables_movable(round_),
        })
    (messages.success if ok else messages.error)(request, notice)
    return redirect("manage_round", slug=tournament.slug, number=number)


ACTIONS = {
    "pair": (round_services.round_pair, _("Round paired. Look the pairing over before publishing it.")),
    "unpair": (round_services.round_unpair, _("Pairing removed; the round is planned again.")),
    "publish": (round_services.round_publish, _("Round published: the players see their games now.")),
    "unpublish": (getattr(round_services, "round_unpublish", None), _("Round taken back for editing.")),
    "finish": (round_services.round_finish, _("Round closed.")),
    "reopen": (getattr(round_services, "round_reopen", None), _("Round reopened.")),
}


@require_POST
@tournament_page(ORGANIZER)
def round_action(request, tournament, roles, number, action):
    round_ = _round(tournament, number)
    service, done = ACTIONS.get(action, (None, ""))
    if service is None:
        messages.error(request, _("Unknown action."))
        return redirect("manage_round", slug=tournament.slug, number=number)
    if action == "pair" and round_.status == Round.Status.PAIRED:
        # re-pair before publishing: back to planned, then pair again
        try:
            round_services.round_unpair(round=round_, user=request.user)
            round_.refresh_from_db()
        except ValidationError as exc:
            messages.error(request, exc.messages[0])
            return redirect("manage_round", slug=tournament.slug, number=number)
    try:
        service(round=round_, user=request.user)
    except ValidationError as exc:
        messages.error(request, exc.messages[0])
    else:
        # the pairing's warnings are on the round page, in its box of warnings
        messages.success(request, str(done))
    return redirect("manage_round", slug=tournament.slug, number=number)


def _game_of(round_, player):
    return round_.games.filter(Q(black=player) | Q(white=player)).first()


@require_POST
@tournament_page(ORGANIZER)
def round_swap(request, tournament, roles, number):
    round_ = _round(tournament, number)
    form = PlayerPairForm(request.POST, tournament=tournament)
    if form.is_valid():
        a, b = form.cleaned_data["player_a"], form.cleaned_data["player_b"]
        game_a, game_b = _game_of(round_, a), _game_of(round_, b)
        if game_a is None or game_b is None:
            messages.error(request, _("Both players must have a game in this round."))
        else:
            try:
                warnings = round_services.game_swap_players(
                    game_a=game_a, player_a=a, game_b=game_b, player_b=b, user=request.user
                )
            except ValidationError as exc:
                messages.error(request, exc.messages[0])
            else:
                messages.success(request, _("Swapped %(a)s and %(b)s.") % {"a": a.full_name, "b": b.full_name})
                for warning in warnings:  # a rematch, a handicap or a colour change the swap made
                    messages.warning(request, warning)
    else:
        messages.error(request, _("Choose two different players."))
    return redirect("manage_round", slug=tournament.slug, number=number)


@require_POST
@tournament_page(ORGANIZER)
def round_constraint(request, tournament, roles, number, kind):
    round_ = _round(tournament, number)
    if kind not in PairConstraint.Kind.values:
        messages.error(request, _("Unknown action."))
        return redirect("manage_round", slug=tournament.slug, number=number)
    form = PlayerPairForm(request.POST, tournament=tournament)
    if form.is_valid():
        try:
            round_services.pair_constraint_add(
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
    return redirect("manage_round", slug=tournament.slug, number=number)
