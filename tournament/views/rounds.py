"""The organizer's round pages: create, pair, look over, edit by hand, publish, re-pair, close."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.forms.rounds import (
    PlayerForm,
    PlayerPairForm,
    RoundCreateForm,
    TableMoveForm,
    player_choices,
    player_options,
)
from tournament.limits import MAX_TABLE
from tournament.models import ByeRequest, PairConstraint, PairingRecord, Registration, Round
from tournament.models.game import Result
from tournament.models.tournament import PairingSystem
from tournament.pairing_words import bye_explanation_line, game_explanation, warning_text, why_not_lines
from tournament.selectors.bye_requests import round_requests
from tournament.selectors.checkin import NOT_CHECKED_IN, round_checkin
from tournament.selectors.page_version import page_parts, round_seats
from tournament.selectors.pairing_data import pair_constraints_for
from tournament.selectors.pairing_prints import print_kind_text
from tournament.selectors.round_day import game_warnings_kept, games_by_table, not_playing
from tournament.selectors.round_robin import withdrawals_pending
from tournament.selectors.teams import bye_team, match_lines
from tournament.selectors.why_not import why_not_these_two
from tournament.services import bye_requests as bye_services
from tournament.services import pairing_prints as print_services
from tournament.services import round_edits as edit_services
from tournament.services import round_robin as robin_services
from tournament.services import rounds as round_services
from tournament.services import tables as table_services
from tournament.services import team_rounds as team_round_services
from tournament.services.round_edits import EDITABLE

from . import round_robin as robin_views
from .access import ORGANIZER, tournament_page
from .actions import cleaned, refusal_as_message
from .fragments import kept_with_forms
from .query import int_param


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
        results=Count("games", filter=~Q(games__result=Result.UNKNOWN), distinct=True),
    )
    return render(
        request,
        "tournament/manage/rounds.html",
        {
            "tournament": tournament,
            "roles": roles,
            "rounds": all_rounds,
            "form": form,
            "round_robin": tournament.pairing_system == PairingSystem.ROUND_ROBIN,
            "robin_made": any(r.game_count for r in all_rounds),
            "withdrawals": withdrawals_pending(tournament)
            if tournament.pairing_system == PairingSystem.ROUND_ROBIN
            else [],
        },
    )


def _round(tournament, number) -> Round:
    return get_object_or_404(
        Round.objects.select_related("discipline", "tournament"), tournament=tournament, number=number
    )


def _back(tournament, number):
    return redirect("manage_round", slug=tournament.slug, number=number)


#: Warnings the pairing recorded that still hold after hand edits (the games' own are checked live).
_RECORDED = (
    "earlier-unpublished",
    "missing-results",
    "fixed-skipped",
    "fixed-absent",
    "team-incomplete",
    "team-rematch",
)


def _last_pairing(round_) -> dict:
    """What the pairing left with the round for the page's top: its warnings, the bye's reason, the games'
    checks and who it left out as not checked in (the explanations are read with the table of games, when
    it is made)."""
    if round_.status == Round.Status.PLANNED:
        return {}
    return PairingRecord.of(round_.pk, "warnings", "bye_explanation", "checks", NOT_CHECKED_IN)


def _warnings(round_, pairing_info, checks_version: str) -> list[str]:
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
            live = game_warnings_kept(round_, checks_version, pairing_info.get("checks"))
        except Exception:  # noqa: BLE001 - warnings are advice; never block the page
            live = []
    texts = []
    for w in recorded + live:
        text = warning_text(w)
        if text not in texts:
            texts.append(text)
    return texts


def explained_games(round_) -> list:
    """The round's games by table, each with the pairing's explanation of it (``explanation``: lines)."""
    games = games_by_table(round_)
    explanations = PairingRecord.of(round_.pk, "explanations").get("explanations") or {}
    for game in games:
        game.explanation = game_explanation(game, explanations)
    return games


def _games_table(request, tournament, round_, version: str) -> str:
    """The round's games as the page's table (with each pair's explanation), made once per version of
    the round and ``version``, the tournament's page version (its games and players), and
    language, and kept for every worker. At a congress it is a thousand games."""

    def table(context: dict) -> str:
        editable = round_.status in EDITABLE
        games = explained_games(round_)
        context.update(tournament=tournament, round=round_, games=games, editable=editable, tables_movable=editable)
        return render_to_string("tournament/manage/_round_games.html", context)

    key = f"round-games-html:{round_.pk}:{round_.version}:{version}:{get_language()}"
    return kept_with_forms(request, key, table)


@tournament_page(ORGANIZER)
def round_manage(request, tournament, roles, number):
    round_ = _round(tournament, number)
    parts = page_parts(tournament.slug)
    if parts is None:
        raise Http404
    version = parts.version
    # who plays and where: the table itself is kept, the checks are kept by what they read
    seats = round_.games.only("round", "table", "black", "white", "handicap")
    pairing_info = _last_pairing(round_)
    absent = not_playing(round_, seats)
    editable = round_.status in EDITABLE
    seated = {pk for g in seats for pk in (g.black_id, g.white_id)}
    free = absent.unpaired + absent.byes + absent.absent
    constraints = pair_constraints_for(round_).select_related("player_a", "player_b", "round")
    everybody = player_choices(tournament)
    in_games = [choice for choice in everybody if choice[0] in seated]
    everybody = player_options(everybody)  # the same options in both selects of two forms: made once
    round_robin = tournament.pairing_system == PairingSystem.ROUND_ROBIN
    return render(
        request,
        "tournament/manage/round.html",
        {
            "tournament": tournament,
            "roles": roles,
            "round": round_,
            "games_table": _games_table(request, tournament, round_, version),
            "matches": match_lines(round_) if tournament.is_team_event else [],
            "team_bye": bye_team(round_) if tournament.is_team_event else None,
            "has_games": bool(seated),
            "not_playing": absent,
            # a round robin's rounds are made all at once: what "pair this round" would warn of does not apply
            "warnings": []
            if round_robin and round_.status == Round.Status.PLANNED
            else _warnings(round_, pairing_info, parts.checks_version(round_.pk, round_seats(seats))),
            "bye_reason": bye_explanation_line(pairing_info.get("bye_explanation")),
            "constraints": constraints,
            "swap_form": PlayerPairForm(tournament=tournament, choices=in_games, reason=False, auto_id="swap_%s"),
            "hand_form": PlayerPairForm(tournament=tournament, players=free, reason=False, auto_id="hand_%s")
            if len(free) >= 2
            else None,
            "bye_form": PlayerForm(tournament=tournament, players=absent.unpaired, auto_id="bye_%s")
            if absent.unpaired
            else None,
            "forbid_form": PlayerPairForm(tournament=tournament, choices=everybody, auto_id="forbid_%s"),
            "fix_form": PlayerPairForm(tournament=tournament, choices=everybody, auto_id="fix_%s"),
            "editable": editable,
            "repairable": round_.status == Round.Status.PAIRED,
            "round_robin": round_robin,
            "withdrawals": withdrawals_pending(tournament) if round_robin else [],
            "tables_movable": editable,
            "bye_requests": round_requests(round_),
            "checkin": round_checkin(round_, pairing_info),
            "why_form": _why_form(tournament, round_, everybody_in=in_games + _bye_choices(absent))
            if _why_asked_of(tournament, round_) and seated
            else None,
        },
    )


def _why_asked_of(tournament, round_) -> bool:
    """Whether "why not these two?" applies: a paired round of players (a team round is paired by its
    line-ups, a round robin's by its schedule)."""
    return (
        round_.status != Round.Status.PLANNED
        and not tournament.is_team_event
        and tournament.pairing_system != PairingSystem.ROUND_ROBIN
    )


def _bye_choices(absent) -> list:
    return [(p.pk, str(p)) for p in absent.byes]


def _why_form(tournament, round_, *, everybody_in=None, data=None) -> PlayerPairForm:
    """The two selects of "why not these two?": the players of the round (in its games or with its bye)."""
    if everybody_in is None:
        seats = round_.games.only("round", "black", "white")
        seated = {pk for g in seats for pk in (g.black_id, g.white_id)}
        everybody_in = [c for c in player_choices(tournament) if c[0] in seated] + _bye_choices(
            not_playing(round_, seats)
        )
    return PlayerPairForm(
        data,
        tournament=tournament,
        players=[Registration(pk=pk) for pk, _name in everybody_in],  # their ids: no query
        choices=everybody_in,
        reason=False,
        auto_id="whynot_%s",
    )


@tournament_page(ORGANIZER)
def round_why_not(request, tournament, roles, number):
    """Why were these two players not paired, and what would pairing them cost? (The round page's form;
    htmx gets the answer alone, a plain request the page of the question.)"""
    round_ = _round(tournament, number)
    answer, problem = None, ""
    form = None
    if not _why_asked_of(tournament, round_):
        problem = _(
            "This round is not paired by the pairing engine: a team round follows its line-ups, a round robin its schedule, and a planned round has no pairing yet."
        )
    else:
        form = _why_form(tournament, round_, data=request.GET or None)
        if form.is_bound and form.is_valid():
            data = why_not_these_two(round_, form.cleaned_data["player_a"], form.cleaned_data["player_b"])
            answer = {
                "a": form.cleaned_data["player_a"].spoken_name,
                "b": form.cleaned_data["player_b"].spoken_name,
                **why_not_lines(data),
            }
        elif form.is_bound:
            problem = _left_the_round(tournament, form) or _("Choose two different players of this round.")
    context = {"tournament": tournament, "round": round_, "why_form": form, "answer": answer, "problem": problem}
    if request.htmx:
        return render(request, "tournament/manage/_why_not_answer.html", context)
    return render(request, "tournament/manage/why_not.html", {**context, "roles": roles})


def _left_the_round(tournament, form) -> str:
    """A form drawn before a player left the round (a game taken out, a withdrawal) names a player of the
    tournament no longer among its choices: said by name."""
    for name in ("player_a", "player_b"):
        if form.has_error(name, "invalid_choice"):
            pk = int_param(form.data.get(name))
            player = tournament.registrations.filter(pk=pk).first() if pk is not None else None
            if player is not None:
                return _("%(name)s is no longer in this round.") % {"name": player.spoken_name}
    return ""


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
            _("Give a table number from 1 to %(most)s.") % {"most": MAX_TABLE}
            if "table" in form.errors
            else _("No such game in this round.")
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
                "black": game.black.spoken_name,
                "white": game.white.spoken_name,
                "old": old,
                "new": form.cleaned_data["table"],
            }
    if request.htmx:
        round_.refresh_from_db()
        return render(
            request,
            "tournament/manage/_round_games.html",
            {
                "tournament": tournament,
                "round": round_,
                "games": explained_games(round_),
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


def _round_button(view):
    """A button of the round page (a POST, for organizers): ``view(request, tournament, round_, ...)``
    reads the form, runs the service and says what was done; a refusal (the form's or the service's
    ValidationError) is the page's error message. The answer: back to the round page."""

    @require_POST
    @tournament_page(ORGANIZER)
    @wraps(view)
    def button(request, tournament, roles, number, **kwargs):
        round_ = _round(tournament, number)
        with refusal_as_message(request):
            view(request, tournament, round_, **kwargs)
        return _back(tournament, number)

    return button


def _two_players(request, tournament, reason: bool = False) -> dict:
    form = PlayerPairForm(request.POST, tournament=tournament, reason=reason)
    return cleaned(form, _("Choose two different players."))


def _said(request, done: str, warnings) -> None:
    """What an edit did, then what it warns of (a rematch, a handicap or a colour change it made)."""
    messages.success(request, done)
    for warning in warnings:
        messages.warning(request, warning)


@_round_button
def round_action(request, tournament, round_, action):
    service, done = ACTIONS.get(action, (None, ""))
    if service is None:
        raise ValidationError(_("Unknown action."))
    # "pair" on a paired round pairs it again in one transaction: a failure keeps the old pairing
    if action == "pair" and tournament.is_team_event:  # team against team
        service = team_round_services.team_round_repair
    service(round=round_, user=request.user)
    # the pairing's warnings (a team pairing's too: teams left out, rematches) are on the round page, in its box
    messages.success(request, str(done))


@_round_button
def round_robin_make(request, tournament, round_):
    """The round robin's whole schedule (every round at once), from any of its rounds' pages."""
    robin_views.make_schedule(request, tournament)


@_round_button
def round_robin_remove(request, tournament, round_):
    """Take the whole schedule back while no round is published."""
    numbers = robin_services.round_robin_remove(tournament=tournament, user=request.user)
    messages.success(
        request,
        ngettext(
            "Schedule removed: round %(rounds)s is planned again.",
            "Schedule removed: rounds %(rounds)s are planned again.",
            len(numbers),
        )
        % {"rounds": ", ".join(map(str, numbers))},
    )


@_round_button
def round_renumber(request, tournament, round_):
    """Number the round's tables again by the table plan; tables set by hand stay."""
    moved = table_services.round_renumber_tables(round=round_, user=request.user)
    messages.success(
        request,
        ngettext("Tables numbered again: %(count)s game moved.", "Tables numbered again: %(count)s games moved.", moved)
        % {"count": moved},
    )


@_round_button
def round_swap(request, tournament, round_):
    players = _two_players(request, tournament)
    a, b = players["player_a"], players["player_b"]
    warnings = edit_services.game_swap_players(round=round_, player_a=a, player_b=b, user=request.user)
    _said(request, _("Swapped %(a)s and %(b)s.") % {"a": a.spoken_name, "b": b.spoken_name}, warnings)


@_round_button
def round_unpair_game(request, tournament, round_):
    """Take one game out of the round: its two players are unpaired and can be paired by hand."""
    game = round_.games.select_related("black", "white").filter(pk=int_param(request.POST.get("game"))).first()
    if game is None:
        raise ValidationError(_("No such game in this round."))
    edit_services.game_unpair(game=game, user=request.user)
    messages.success(
        request,
        _("Table %(table)s taken out: %(black)s and %(white)s are unpaired.")
        % {"table": game.table, "black": game.black.spoken_name, "white": game.white.spoken_name},
    )


@_round_button
def round_pair_by_hand(request, tournament, round_):
    players = _two_players(request, tournament)
    game, warnings = edit_services.players_pair(
        round=round_, player_a=players["player_a"], player_b=players["player_b"], user=request.user
    )
    _said(
        request,
        _("Table %(table)s: %(black)s (Black) – %(white)s (White).")
        % {"table": game.table, "black": game.black.spoken_name, "white": game.white.spoken_name},
        warnings,
    )


@_round_button
def round_bye(request, tournament, round_):
    player = cleaned(PlayerForm(request.POST, tournament=tournament), _("Choose a player."))["player"]
    edit_services.round_set_bye(round=round_, player=player, user=request.user)
    messages.success(request, _("%(name)s has the bye in this round.") % {"name": player.spoken_name})


@_round_button
def round_bye_request(request, tournament, round_):
    """Grant or refuse a player's request for a bye in this round (one button each)."""
    pk = int_param(request.POST.get("request"))
    asked = ByeRequest.objects.filter(round=round_, pk=pk).select_related("registration").first()
    if asked is None:
        raise ValidationError(_("This request for a bye does not exist (any more)."))
    grant = request.POST.get("decision") == "grant"
    bye_services.bye_request_answer(bye_request=asked, grant=grant, user=request.user)
    names = {"name": asked.registration.spoken_name, "number": round_.number}
    if not grant:
        messages.success(request, _("Refused: %(name)s is paired in round %(number)s.") % names)
        return
    messages.success(request, _("Granted: %(name)s is not paired in round %(number)s.") % names)
    if round_.status == Round.Status.PAIRED:
        messages.warning(request, _("The round is paired already: pair it again to leave the player out."))


@_round_button
def round_constraint(request, tournament, round_, kind):
    if kind not in PairConstraint.Kind.values:
        raise ValidationError(_("Unknown action."))
    players = _two_players(request, tournament, reason=True)
    edit_services.pair_constraint_add(
        tournament=tournament,
        kind=kind,
        player_a=players["player_a"],
        player_b=players["player_b"],
        round=round_ if kind == PairConstraint.Kind.FIXED or request.POST.get("this_round") else None,
        reason=players["reason"],
        user=request.user,
    )
    messages.success(request, _("Saved. It counts the next time the round is paired."))


@_round_button
def round_constraint_remove(request, tournament, round_):
    pk = int_param(request.POST.get("constraint"))
    constraint = PairConstraint.objects.filter(tournament=tournament, pk=pk).first()
    if constraint is None:
        raise ValidationError(_("This pairing constraint does not exist (any more)."))
    edit_services.pair_constraint_remove(constraint=constraint, user=request.user)
    messages.success(request, _("Removed. It no longer counts the next time a round is paired."))


@require_POST
@tournament_page(ORGANIZER)
def round_print_dismiss(request, tournament, roles, number):
    """The dashboard's "the paper may stay" of a stale printed pairing; back to the dashboard."""
    round_ = _round(tournament, number)
    kind = request.POST.get("kind", "")
    with refusal_as_message(request):
        print_services.pairing_print_dismiss(round=round_, kind=kind, user=request.user)
        messages.success(
            request,
            _("The printed %(paper)s of round %(number)s may stay as it is.")
            % {"paper": print_kind_text(kind), "number": round_.number},
        )
    return redirect("manage", slug=tournament.slug)
