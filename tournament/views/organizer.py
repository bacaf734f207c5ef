"""The organizer's pages: dashboard and the results grid (players: :mod:`.players`)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament import limits, result_codes, site_address
from tournament.forms.results import ConfirmForm, ResultSetForm, TypedForm, UndoForm
from tournament.models import AuditEntry, Game, Round
from tournament.models.game import Result
from tournament.selectors.audit import audit_rows
from tournament.selectors.bye_requests import waiting_requests
from tournament.selectors.checkin import checkin_counts
from tournament.selectors.official import Official, official, officials
from tournament.selectors.page_version import page_version
from tournament.selectors.pairing_prints import stale_prints, tables_changed_since
from tournament.selectors.results import dashboard as dashboard_data
from tournament.selectors.results import games_of_tournament, typed_entries
from tournament.selectors.sides import attach_sides
from tournament.selectors.venue import publication_status
from tournament.services.results import (
    ResultConflict,
    StaleResult,
    result_accept,
    result_enter,
    result_set,
    result_undo,
)

from .access import ORGANIZER, tournament_page
from .fragments import kept_with_forms
from .query import int_param

#: How often the dashboard's counters and rounds ask for news (htmx polling).
DASHBOARD_REFRESH_SECONDS = 15


@tournament_page(ORGANIZER)
def dashboard(request, tournament, roles):
    """The organizer's first page; its counters and rounds renew themselves (htmx asks for them alone)."""
    template = "tournament/manage/_dashboard_live.html" if request.htmx else "tournament/manage/dashboard.html"
    context = {"tournament": tournament, "roles": roles, "refresh": DASHBOARD_REFRESH_SECONDS}
    context.update(dashboard_data(tournament), **publication_status(tournament))
    counts = checkin_counts(tournament)
    context["checkin"] = {"counts": counts, "shown": tournament.checkin_open or counts.checked_in > 0}
    context["stale_prints"] = stale_prints(tournament)  # in the part that renews itself: a change shows at once
    if not request.htmx:
        context["join"] = site_address.join(request, tournament)
        # the recent changes in words, each with what it is about (the poll renews only the counters)
        context["recent"] = audit_rows(tournament, context["recent"])
        context["bye_requests"] = waiting_requests(tournament)
    return render(request, template, context)


# --- the results grid -----------------------------------------------------------


@tournament_page(ORGANIZER)
def results_grid(request, tournament, roles):
    number = int_param(request.GET.get("round"), maximum=limits.MAX_ROUND)
    return _grid_page(request, tournament, number, drawn=int_param(request.GET.get("pairing")))


def _grid_page(request, tournament, number: int | None, answer: dict | None = None, drawn: int | None = None):
    """The grid of round ``number`` (default: the last published) with the keyboard field above it
    (``answer``: what a typed result answered, shown there, for a plain form's error). The field carries the
    round's pairing version, or an older ``drawn`` one (a plain form's answer: the page the organizer
    typed on), with the advice to reload for the pairing now."""
    rounds = list(tournament.rounds.select_related("discipline").order_by("number"))
    if number is None:
        shown = [r for r in rounds if r.status == r.Status.PUBLISHED] or [r for r in rounds if r.is_public]
        number = shown[-1].number if shown else (rounds[-1].number if rounds else None)
    current = next((r for r in rounds if r.number == number), None)
    rows = _grid_rows(request, tournament, current) if current else ""
    context = {"tournament": tournament, "roles": request.roles, "rounds": rounds, "current": current, "rows": rows}
    if current is not None:
        now = current.pairing_version
        drawn = now if drawn is None or drawn > now else drawn
        answer = dict(answer or {})
        if drawn < now:
            answer.setdefault("reload", now)
        context.update(answer=answer, drawn=drawn, typed=typed_entries(round_=current, user=request.user))
    return render(request, "tournament/manage/results.html", context)


def _grid_rows(request, tournament, round_) -> str:
    """The grid's rows of ``round_``, made once per version of the round and of the tournament's games
    and players (the page version: a result, a colour, a table, a name) and language, and kept
    for every worker (a congress's round is a thousand rows)."""

    def rows(context: dict) -> str:
        games = list(games_of_tournament(tournament).filter(round=round_).order_by("table"))
        for game in games:
            game.round = round_  # one round object: its tournament read once
        attach_sides(round_, games)  # Pair Go, Rengo: each side's players, read at once
        context.update(tournament=tournament, rows=[_row(r.game, result=r) for r in officials(games)])
        return render_to_string("tournament/manage/_result_rows.html", context).strip()

    key = f"results-grid:{round_.pk}:{round_.version}:{page_version(tournament)}:{get_language()}"
    return kept_with_forms(request, key, rows)


def _row(game: Game, form=None, saved: bool = False, result: Official | None = None, **flags) -> dict:
    """A row of the grid: the game, its official result (:mod:`tournament.selectors.official`: the way of
    winning, the reason beside it, the record's standing), whether it was just saved; ``form``: the row's
    form sent back with an error (its inputs show what was sent); ``flags``: ``entered`` (just typed),
    ``oob`` (an answer's out-of-band row). The row is drawn from these values (``templatetags/result_tags``)."""
    return {"game": game, "form": form, "official": result or official(game), "saved": saved, **flags}


@tournament_page(ORGANIZER)
def result_edit(request, tournament, roles, pk):
    """One row of the grid: GET shows it (htmx; a plain GET: the phone's entry page of the game), POST
    saves it; htmx swaps the row, plain forms redirect."""
    game = get_object_or_404(games_of_tournament(tournament), pk=pk)
    if request.method != "POST":
        if not request.htmx:  # the phone's page of the game's result (a result slip's QR code opens it)
            return _entry_page(request, tournament, game)
        return render(request, "tournament/manage/_result_row.html", {"tournament": tournament, "row": _row(game)})
    confirm = "confirm" in request.POST  # a reported row's "Confirm": the result as it was reported
    form = (ConfirmForm if confirm else ResultSetForm)(request.POST, prefix=f"g{game.pk}")
    saved = False
    if form.is_valid():
        data = form.cleaned_data
        try:
            if confirm:
                game = result_accept(game=game, user=request.user, version=data["version"])
            else:
                game = result_set(
                    game=game,
                    user=request.user,
                    version=data["version"],
                    result=data["result"],
                    by_default=data["by_default"],
                    reason=data["reason"],
                )
        except StaleResult as exc:
            game = exc.current
            form = ResultSetForm(
                initial={"version": game.version, "result": game.result, "by_default": game.by_default},
                prefix=f"g{game.pk}",
            )
            form.cleaned_data = {}
            form.add_error(None, exc.messages[0])
        except ValidationError as exc:
            form = _with_error(game, form, exc.messages[0])
        else:
            saved = True
            form = None
    elif confirm:
        form = _with_error(game, form, _("The form was incomplete; please try again."))
    if request.htmx:
        return render(
            request,
            "tournament/manage/_result_row.html",
            {"tournament": tournament, "row": _row(game, form, saved)},
        )
    if saved:
        words = official(game).words
        messages.success(request, _("Table %(table)s: %(result)s") % {"table": game.table, "result": words})
    else:
        for error in form.non_field_errors() or [_("The result was not saved.")]:
            messages.error(request, _("Table %(table)s: %(error)s") % {"table": game.table, "error": error})
    return redirect(f"{reverse('manage_results', kwargs={'slug': tournament.slug})}?round={game.round.number}")


def _with_error(game: Game, form, error: str) -> ResultSetForm:
    """The row's own form (a "Confirm" has none to show) with ``error`` above it."""
    if isinstance(form, ConfirmForm):
        form = ResultSetForm(
            initial={"version": game.version, "result": game.result, "by_default": game.by_default},
            prefix=f"g{game.pk}",
        )
        form.cleaned_data = {}
    form.add_error(None, error)
    return form


# --- typing results: the grid's keyboard field, the phone's entry page (a result slip's QR code) ----------


def _round_of(tournament, posted) -> Round:
    """The round the grid showed (its number posted with the form); 404 for none."""
    try:
        number = int(posted)
    except (TypeError, ValueError):
        number = 0
    if not 1 <= number <= limits.MAX_ROUND:
        raise Http404("no such round")
    return get_object_or_404(tournament.rounds.select_related("discipline", "tournament"), number=number)


def _answer(request, tournament, round_: Round, answer: dict, game: Game | None, *, phone: bool):
    """What a typed result or an undo answers: htmx gets the answer line, the organizer's last entries
    and the game's row (out of band; the grid is not drawn again); the phone's page and a plain form go
    on to their page (the grid at the row) after a change, and show the page again with the error."""
    ok = "ok" in answer
    if phone and game is not None:
        if ok:
            messages.success(request, answer["ok"])
            return redirect("manage_result", slug=tournament.slug, pk=game.pk)
        return _entry_page(request, tournament, game, answer)
    if request.htmx:
        context = {
            "tournament": tournament,
            "current": round_,
            "answer": answer,
            "typed": typed_entries(round_=round_, user=request.user),
            "row": _row(game, saved=ok, entered=ok, oob=True)
            if game is not None and not answer.get("off_page")
            else None,
        }
        return render(request, "tournament/manage/_typed_answer.html", context)
    if ok:
        messages.success(request, answer["ok"])
        anchor = f"#result-row-{game.pk}" if game is not None else ""
        drawn = f"&pairing={answer['pairing']}" if answer.get("reload") else ""  # the page typed on stays old
        grid = reverse("manage_results", kwargs={"slug": tournament.slug})
        return redirect(f"{grid}?round={round_.number}{drawn}{anchor}")
    return _grid_page(request, tournament, round_.number, answer, answer.get("pairing"))


@require_POST
@tournament_page(ORGANIZER)
def result_type(request, tournament, roles):
    """A result typed in the grid's keyboard field (``37b``) or tapped on the phone's entry page."""
    form = TypedForm(request.POST)
    round_ = _round_of(tournament, request.POST.get("round"))
    text = str(request.POST.get("entry", ""))[:20]
    answer: dict = {"text": text}
    game = None
    if not form.is_valid():
        answer["error"] = form.errors.get("entry", [_("The form was incomplete; please try again.")])[0]
    else:
        typed, shown, drawn = form.cleaned_data["entry"], form.cleaned_data["game"], form.cleaned_data["pairing"]
        if shown:  # the phone's page names its game: the pairing the grid showed does not apply
            drawn = None
        _pairing_of_the_page(answer, round_, drawn, form.cleaned_data["confirmed"])
        games = games_of_tournament(tournament).filter(round=round_)
        # the phone's page names its game: the result is that pair's even if the pairing moved it meanwhile
        game = games.filter(pk=shown).first() if shown else games.filter(table=typed.table).first()
        # the grid drawn at an older pairing may show another pair (or other colours) at the table now
        moved = game is not None and _seated_otherwise(round_, drawn, game.table)
        if game is None and shown:
            answer["error"] = _(
                "The pairing changed since this page was opened: this game is no longer in round %(round)s."
            ) % {"round": round_.number}
        elif game is None:
            answer["error"] = _("Round %(round)s has no table %(table)s.") % {
                "round": round_.number,
                "table": typed.table,
            }
        elif moved and form.cleaned_data["confirmed"] != round_.pairing_version:
            _asked_first(answer, round_, game, drawn)
            game = None  # nothing written: no row to draw again
        else:
            answer["off_page"] = moved  # entered for the pair there now: the page has no row of that game
            try:
                done = result_enter(
                    game=game,
                    user=request.user,
                    result=typed.result,
                    by_default=typed.by_default,
                    replace=form.cleaned_data["replace"],
                )
            except ResultConflict as exc:
                game = exc.current
                answer.update(error=exc.messages[0], replace=game.version)
            except ValidationError as exc:
                answer["error"] = _("Table %(table)s: %(error)s") % {"table": game.table, "error": exc.messages[0]}
            else:
                game = done.game
                words = {"table": game.table, "result": official(game).words}
                answer["ok"] = (
                    _("Table %(table)s: %(result)s") % words
                    if done.entry is not None
                    else _("Table %(table)s has %(result)s already: nothing changed.") % words
                )
    return _answer(request, tournament, round_, answer, game, phone=request.POST.get("next") == "phone")


def _pairing_of_the_page(answer: dict, round_: Round, drawn: int | None, confirmed: int | None) -> None:
    """The pairing the grid's page was drawn at, kept in the answer (its buttons send it again; a plain
    form's page keeps it), with the advice to reload when the round's is newer."""
    if drawn is None:
        return
    answer["pairing"] = drawn
    if confirmed is not None:
        answer["confirmed"] = confirmed
    if drawn < round_.pairing_version:
        answer["reload"] = round_.pairing_version


def _asked_first(answer: dict, round_: Round, game: Game, drawn: int | None) -> None:
    """A slip of an older pairing typed at a table whose pair changed since: not entered; the answer names
    the pair there now and offers to enter it for them (confirmed for the pairing now)."""
    players = f"{game.black.spoken_name} – {game.white.spoken_name}"
    error = _(
        "Table %(table)s now seats %(players)s: the pairing changed since pairing %(drawn)s, which this page "
        "shows (now pairing %(now)s). “%(text)s” was not entered."
    ) % {"table": game.table, "players": players, "drawn": drawn, "now": round_.pairing_version, "text": answer["text"]}
    answer.update(error=error, players=players, confirm=round_.pairing_version)


def _seated_otherwise(round_: Round, drawn: int | None, table: int) -> bool:
    """Whether a grid drawn at pairing ``drawn`` may show another pair, or other colours, at ``table`` than the
    round seats there now (a print of that pairing says which tables changed; with none, any may have)."""
    if drawn is None:
        return False
    changed = tables_changed_since(round_, drawn)
    return changed is None or table in changed


@require_POST
@tournament_page(ORGANIZER)
def result_undo_typed(request, tournament, roles):
    """The Undo of a typed result: the table gets back what it had."""
    form = UndoForm(request.POST)
    if not form.is_valid():
        raise Http404("no such entry")
    round_ = _round_of(tournament, form.cleaned_data["round"])
    entry = get_object_or_404(AuditEntry, pk=form.cleaned_data["entry"], tournament=tournament)
    game = games_of_tournament(tournament).filter(pk=entry.object_id).first()
    answer: dict = {}
    try:
        game = result_undo(entry=entry, user=request.user)
    except ValidationError as exc:
        answer["error"] = exc.messages[0]
    else:
        answer["ok"] = _("Table %(table)s: undone, back to %(result)s.") % {
            "table": game.table,
            "result": official(game).words,
        }
    return _answer(request, tournament, round_, answer, game, phone=request.POST.get("next") == "phone")


def _entry_page(request, tournament, game: Game, answer: dict | None = None):
    """The phone's page of one game's result (what a result slip's QR code opens for an organizer): the
    players, the result now, a button for each result, and the Undo of the last one typed here."""
    last = next((t for t in typed_entries(round_=game.round, user=request.user) if t.entry.object_id == game.pk), None)
    played = [Result.BLACK, Result.WHITE] + ([Result.DRAW] if game.jigo_possible else [])
    keys = [(code, False) for code in (*played, Result.BOTH_LOSE, Result.BOTH_WIN)]
    keys += [(code, True) for code in (Result.BLACK, Result.WHITE, Result.BOTH_LOSE)]
    if game.has_result:
        keys.append((Result.UNKNOWN, False))
    buttons = [
        {
            "entry": f"{game.table}{result_codes.typed(code, by_default)}",
            "words": _result_words(code, by_default),
            "secondary": by_default or code in (Result.UNKNOWN, Result.BOTH_LOSE, Result.BOTH_WIN),
        }
        for code, by_default in keys
    ]
    context = {
        "tournament": tournament,
        "roles": request.roles,
        "game": game,
        "official": official(game),
        "buttons": buttons,
        "answer": answer or {},
        "last": last if last is not None and last.undoable else None,
    }
    return render(request, "tournament/manage/result_entry.html", context)


def _result_words(code: str, by_default: bool) -> str:
    """A button's words: the result, "by default" for a game not played."""
    words = str(Result(code).label) if code != Result.UNKNOWN else _("no result (clear)")
    return _("%(result)s by default") % {"result": words} if by_default else words
