"""Standings and crosstable pages (live with htmx) and the downloads.

Who may see what is decided in :mod:`tournament.permissions`: anybody sees
the standings and crosstable (and their PDFs and CSV) of the published
rounds; a round's PDFs (pairing sheet, result slips) answer as its page
(``may_see_round``); organizers' downloads count every paired round
(``counts_unpublished_rounds``); the EGD file is for organizers
(``may_manage``).
"""

from __future__ import annotations

import functools
import hashlib
import json
import time

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_GET, require_POST

from tournament.files.egd_time import egd_class_of
from tournament.files.h9 import write_h9
from tournament.files.standings_csv import standings_csv
from tournament.files.team_standings_csv import team_standings_csv
from tournament.kept import get_or_make
from tournament.models import PairingPrint, Round, Tournament
from tournament.models.tournament import PairingSystem
from tournament.pdf.crosstable import crosstable_pdf
from tournament.pdf.pairings import pairings_pdf
from tournament.pdf.slips import slips_pdf
from tournament.pdf.standings import standings_pdf
from tournament.permissions import (
    ORGANIZER,
    counts_unpublished_rounds,
    may_manage,
    may_referee,
    may_see_round,
    request_roles,
    require,
)
from tournament.publishing.context import of_request as published_copy_of
from tournament.selectors import standings as sel
from tournament.selectors.exports import go_komis
from tournament.selectors.gor import gor_preview
from tournament.selectors.knockout import bracket_sheet, group_tables
from tournament.selectors.page_version import page_parts, page_version
from tournament.selectors.rows import tournament_by_slug
from tournament.selectors.team_standings import team_table
from tournament.services import standings_freeze as freeze_services
from tournament.services.pairing_prints import pairing_print_record
from tournament.site_address import site_url
from tournament.standings_words import category_names, team_words

from .access import tournament_page
from .actions import refusal_as_message
from .downloads import file_response
from .language import chosen_language
from .query import int_param

REFRESH_SECONDS = 15


def _tournament(slug: str) -> Tournament:
    return tournament_by_slug(slug)


def _discipline(request, tournament: Tournament, discipline: int | None) -> str | None:
    """The name of the discipline the URL names by id (``/d/<id>/`` or ``?discipline=<id>``); None for all."""
    if discipline is None and not request.GET.get("discipline", ""):
        return None
    if tournament.is_pair_event:  # the sides are ranked over all the rounds: no players' table of a discipline
        raise Http404("a Pair Go or Rengo tournament ranks its sides over all the rounds")
    if discipline is None:
        discipline = int_param(request.GET["discipline"])
        if discipline is None:
            raise Http404("no such discipline")
    name = tournament.disciplines.filter(pk=discipline).values_list("name", flat=True).first()
    if name is None:
        raise Http404("no such discipline")
    return name


CACHE_SECONDS = sel.CACHE_SECONDS


def _discipline_tabs(tournament, version) -> list[tuple[int, str]]:
    """The tabs of the page as (id, name), kept with the table (a renamed discipline shows within CACHE_SECONDS)."""
    if tournament.is_pair_event:  # one table of the sides over all the rounds (see :func:`_discipline`)
        return []
    key = f"standings-disciplines:{tournament.pk}:{version}"
    return get_or_make(key, lambda: sel.discipline_tabs(tournament), CACHE_SECONDS)


def _poll_url(request) -> str:
    """The page's own address (with its discipline): what its poll asks for."""
    query = request.GET.copy()
    query.pop("v", None)  # pages saved before the poll used ETags asked with ?v=
    return f"{request.path}?{query.urlencode()}" if query else request.path


def _version_to_show(request, tournament_pk: int, partial: str, current: str) -> str:
    """The page version whose table to show: the current one, or, while results
    pour in, the one made less than ``STANDINGS_FRESH_SECONDS`` ago (its table is
    in the cache), so that the table is made at most that often."""
    fresh = settings.STANDINGS_FRESH_SECONDS
    if not fresh or published_copy_of(request) is not None:  # the published copy keeps what it shows
        return current
    key = f"standings-shown:{tournament_pk}:{request.path}:{sel.cache_key_part(request.GET.get('discipline', ''))}:{partial}"
    shown = cache.get(key)
    now = time.time()
    if shown and shown[0] != current and now - shown[1] < fresh:
        if cache.has_key(_table_key(request, partial, shown[0])):
            return shown[0]
    if not shown or shown[0] != current:
        cache.set(key, (current, now), CACHE_SECONDS)
    return current


def _discipline_id(request) -> int | None:
    """The discipline the address names (``/d/<id>/`` or ``?discipline=<id>``); None for all."""
    named = request.resolver_match.kwargs.get("discipline") if request.resolver_match else None
    return named if named is not None else int_param(request.GET.get("discipline", ""))


def _shown(request, slug: str, partial: str) -> tuple[int, str]:
    """(tournament id, version of the table to show: of what its discipline's pages show), read once
    per request: one statement."""
    memo = getattr(request, "_standings_shown", None)
    if memo is None:
        parts = page_parts(slug)
        if parts is None:
            raise Http404("no such tournament")
        pk, current = parts.tournament_id, parts.discipline_version(_discipline_id(request))
        memo = request._standings_shown = (pk, _version_to_show(request, pk, partial, current))
    return memo


def _table_key(request, partial: str, version: str) -> str:
    """Everything the table shows: which table, language, address (with the discipline), version."""
    raw = f"{partial}|{get_language()}|{_poll_url(request)}|{version}"
    return "standings-html:" + hashlib.sha256(raw.encode()).hexdigest()


def _etag(request, partial: str, version: str) -> str:
    return f'"{_table_key(request, partial, version).rpartition(":")[2][:32]}"'


def _poll_etag(request, slug, discipline=None, *, partial: str) -> str | None:
    """The ETag of the table an htmx poll gets (the same for everybody); None for a whole
    page, which shows the visitor's own navigation and is never answered 304."""
    if request.headers.get("HX-Request") != "true":
        return None
    _pk, version = _shown(request, slug, partial)
    return _etag(request, partial, version)


def _table_html(request, tournament, discipline, version, partial) -> str:
    """The table (``partial``) as HTML: the same for everybody, so rendered once per version and
    language and kept in the cache (every worker shares it; a Redis cache serves several machines)."""

    def render() -> str:
        etag = _etag(request, partial, version)
        template = partial
        context: dict = {}
        if tournament.is_pair_event:  # Pair Go, Rengo: the sides' table alone, polled as the players' is
            template = PAIR_TABLES[partial]
            table = team_table(tournament)
            context.update(
                team_table=table,
                team_columns=table.columns if table else (),
                team_rows=table.rows if table else (),
                team_words=team_words(tournament.side_size),
            )
        standings = sel.public_standings(tournament, discipline, version)
        context |= {
            "live_url": _poll_url(request),
            "poll_headers": json.dumps({"If-None-Match": etag}),
            "tournament": tournament,
            "standings": standings,
            "discipline": discipline,
            "refresh": REFRESH_SECONDS,
        }
        if partial == STANDINGS_TABLE:  # the EGD rating preview's column (None: nothing the EGD rates)
            context |= {"gor": gor_preview(tournament, standings), "gor_class": egd_class_of(tournament.time_control)}
        return render_to_string(template, context)

    html = get_or_make(_table_key(request, partial, version), render, CACHE_SECONDS)
    return mark_safe(html)  # noqa: S308 - rendered by our own template, escaped there


def _page(request, slug, discipline, template, partial):
    """The page, or (for htmx's poll) its table.

    A poll sends the ETag of the table it shows (``If-None-Match``); while
    that is still the table to show, :func:`django.views.decorators.http.condition`
    answers 304 after one statement (the version), and htmx keeps the table.
    """
    _pk, version = _shown(request, slug, partial)
    tournament = _tournament(slug)
    discipline = _discipline(request, tournament, discipline)
    table_html = _table_html(request, tournament, discipline, version, partial)
    if request.headers.get("HX-Request") == "true":
        return HttpResponse(table_html)
    roles = request_roles(request, tournament)
    organizer = may_manage(roles)  # read once: the navigation asks again
    context = {
        # the organizer's freeze of the final table (and what changed since), above the standings
        "freeze": sel.freeze_report(tournament) if organizer and partial == STANDINGS_TABLE else None,
        "freeze_panel": organizer and partial == STANDINGS_TABLE and discipline is None,
        "tournament": tournament,
        "table_html": table_html,
        "discipline": discipline,
        "disciplines": _discipline_tabs(tournament, version),
        "refresh": REFRESH_SECONDS,
        "organizer": organizer,
        "categories": category_names(tournament.category_list),
        # the knockout stage's places above the table, for the prize-giving (its rounds counted as the table's)
        "bracket": bracket_sheet(tournament, public=not counts_unpublished_rounds(roles))
        if discipline is None and template == "standings/standings.html"
        else None,
        # a round robin's group stage: each group's table (none, and no query, for other tournaments)
        "groups": group_tables(tournament, public=not counts_unpublished_rounds(roles))
        if discipline is None and template == "standings/standings.html"
        else (),
    }
    if discipline is None and tournament.is_team_event and not tournament.is_pair_event:
        table = team_table(tournament)
        context["team_words"] = team_words(1)
        context["frozen_team"] = table if table is not None and table.frozen_at else None
        if partial == STANDINGS_TABLE:
            context["team_columns"], context["team_rows"] = (table.columns, table.rows) if table else ((), ())
        else:
            context["team_table"] = table
    return render(request, template, context)


STANDINGS_TABLE = "standings/_standings_table.html"
CROSSTABLE_TABLE = "standings/_crosstable_table.html"
#: Pair Go and Rengo show their sides' tables in place of the players' (:mod:`tournament.pdf.standings`)
PAIR_TABLES = {STANDINGS_TABLE: "standings/_pair_standings.html", CROSSTABLE_TABLE: "standings/_pair_crosstable.html"}


@require_GET
@condition(etag_func=functools.partial(_poll_etag, partial=STANDINGS_TABLE))
def standings(request, slug, discipline=None):
    return _page(request, slug, discipline, "standings/standings.html", STANDINGS_TABLE)


@require_POST
@tournament_page(ORGANIZER)
def standings_freeze(request, tournament, roles):
    """Freeze the final table (the organizer's button on the standings page)."""
    with refusal_as_message(request) as outcome:
        freeze_services.standings_freeze(tournament=tournament, user=request.user)
    if not outcome.refused:
        messages.success(
            request,
            _("The standings are frozen: every page, PDF, CSV, the API and the projector show this table now."),
        )
    return redirect("standings", slug=tournament.slug)


@require_POST
@tournament_page(ORGANIZER)
def standings_unfreeze(request, tournament, roles):
    """The table follows the results again; a reason is needed (the audit log keeps it)."""
    with refusal_as_message(request) as outcome:
        freeze_services.standings_unfreeze(
            tournament=tournament, user=request.user, reason=request.POST.get("reason", "")
        )
    if not outcome.refused:
        messages.success(request, _("The standings are unfrozen: they follow the results again."))
    return redirect("standings", slug=tournament.slug)


@require_GET
@condition(etag_func=functools.partial(_poll_etag, partial=CROSSTABLE_TABLE))
def crosstable(request, slug):
    return _page(request, slug, None, "standings/crosstable.html", CROSSTABLE_TABLE)


def _standings_file(request, slug, name: str, write, content_type: str = "application/pdf", inline: bool = True):
    """A download of the standings (of ``?discipline=``, else all): ``write(standings, tournament name)``,
    as ``<slug>-<name>`` with the discipline before the file's ending. Organizers' count every paired
    round; everybody else's only the published ones. A team tournament's overall documents get its
    team table too (``write(standings, name, teams=...)``), counting the same rounds."""
    tournament = _tournament(slug)
    discipline = _discipline(request, tournament, None)
    public = not counts_unpublished_rounds(request_roles(request, tournament))
    if not public:
        st = sel.shown_standings(tournament, discipline=discipline, public=False)
    else:
        st = sel.public_standings(tournament, discipline, page_version(tournament))
    stem, ending = name.rsplit(".", 1)
    suffix = f"-{discipline}" if discipline else ""
    filename = f"{tournament.slug}-{stem}{suffix}.{ending}"
    extra: dict = {}
    if discipline is None and tournament.is_team_event:
        extra["teams"] = team_table(tournament, public=public)
    if tournament.is_pair_event:  # the sides alone: only a side's first player holds its games
        extra["players"] = False
    return file_response(write(st, tournament.name, **extra), content_type, filename, inline=inline)


@require_GET
@chosen_language
def pdf_standings(request, slug):
    return _standings_file(request, slug, "standings.pdf", standings_pdf)


@require_GET
@chosen_language
def pdf_crosstable(request, slug):
    square = _tournament(slug).pairing_system == PairingSystem.ROUND_ROBIN  # square as the page

    def write(standings, name, **extra):
        return crosstable_pdf(standings, name, square=square, **extra)

    return _standings_file(request, slug, "crosstable.pdf", write)


@require_GET
def csv_standings(request, slug):
    return _standings_file(
        request,
        slug,
        "standings.csv",
        lambda st, _name, teams=None, players=True: standings_csv(st) if players else _team_csv(teams),
        "text/csv; charset=utf-8",
        inline=False,
    )


@require_GET
def csv_team_standings(request, slug):
    """A team tournament's team standings as CSV (the rounds counted as in :func:`_standings_file`); the
    header line alone before a round counts, and for an individual tournament (as the API's ``/teams/``)."""
    tournament = _tournament(slug)
    public = not counts_unpublished_rounds(request_roles(request, tournament))
    content = _team_csv(team_table(tournament, public=public))
    filename = f"{tournament.slug}-team-standings.csv"
    return file_response(content, "text/csv; charset=utf-8", filename, inline=False)


def _team_csv(table) -> str:
    """The team (or Pair Go side) standings as CSV; the header line alone before a round counts."""
    return team_standings_csv(table) if table else "place,number,name\n"


@require_GET
def h9_results(request, slug):
    tournament = _tournament(slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    require(request.user, tournament, ORGANIZER)  # the EGD results file is for organizers
    discipline = _discipline(request, tournament, None)
    if discipline is None and len(go_komis(tournament)) > 1:
        messages.error(
            request,
            _(
                "The Go disciplines were played with different komi, and the EGD results file writes one komi: "
                "download the file of each discipline."
            ),
        )
        return redirect("manage_files", slug=tournament.slug)
    header = sel.h9_header(tournament, discipline=discipline)
    if not header.tournament_class:
        messages.error(
            request,
            _(
                "The EGD class cannot be told from the time control “%(time)s”. Write it as, for example, "
                "“60 min + 5x30 s”, “60 min + 15 stones / 5 min” or “40 min + 20 s Fischer” in the "
                "tournament's settings."
            )
            % {"time": tournament.time_control},
        )
        return redirect("standings", slug=tournament.slug)
    st = sel.go_standings(tournament, discipline=discipline, public=False)
    return file_response(write_h9(st, header), "text/plain; charset=ascii", f"{tournament.slug}.h9", inline=False)


def _round_sheet(request, slug, number, kind: str):
    """The round's pairing sheet as plain data; a referee's or organizer's download is kept as printed
    (:func:`~tournament.services.pairing_prints.pairing_print_record`: its version goes stale on the
    dashboard when the pairing changes), the round locked meanwhile so that the paper is that version.
    The slips carry the address each one's QR code holds (the game's ``game_slip``)."""
    tournament = _tournament(slug)
    round_ = get_object_or_404(
        Round.objects.select_related("discipline", "tournament"), tournament=tournament, number=number
    )
    roles = request_roles(request, tournament)
    if not may_see_round(roles, round_):
        raise Http404("round not published")

    def slip_url(game) -> str:
        return site_url(request, reverse("game_slip", args=[tournament.slug, game.pk]))

    entry_url = slip_url if kind == PairingPrint.Kind.SLIPS else None
    if not may_referee(roles) or published_copy_of(request) is not None:
        return tournament, sel.pairing_sheet(round_, entry_url=entry_url)
    with transaction.atomic():
        pairing_print_record(round=round_, kind=kind, user=request.user)
        round_.refresh_from_db(fields=["status", "pairing_version"])
        return tournament, sel.pairing_sheet(round_, entry_url=entry_url)


@require_GET
@chosen_language
def pdf_pairings(request, slug, number):
    tournament, sheet = _round_sheet(request, slug, number, PairingPrint.Kind.SHEET)
    return file_response(pairings_pdf(sheet), "application/pdf", f"{tournament.slug}-round{number}-pairings.pdf")


@require_GET
@chosen_language
def pdf_slips(request, slug, number):
    """One slip per table, its QR code opening the game's result entry on an organizer's phone."""
    tournament, sheet = _round_sheet(request, slug, number, PairingPrint.Kind.SLIPS)
    return file_response(slips_pdf(sheet), "application/pdf", f"{tournament.slug}-round{number}-slips.pdf")
