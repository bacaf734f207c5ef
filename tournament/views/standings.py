"""Standings and crosstable pages (live with htmx) and the downloads.

Anybody may see the standings and crosstable of published rounds; the PDFs
of a round (pairing sheet, result slips) are for anybody once the round is
published, for organizers always.  Organizers' downloads count every paired
round; everybody else's only the published ones.  The EGD file is for
organizers.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.exports.csv import standings_csv
from tournament.exports.h9 import write_h9
from tournament.models import Round, Tournament
from tournament.pdf.crosstable import crosstable_pdf
from tournament.pdf.pairings import pairings_pdf
from tournament.pdf.slips import slips_pdf
from tournament.pdf.standings import standings_pdf
from tournament.permissions import ORGANIZER, has_role, request_roles, require
from tournament.selectors import standings as sel
from tournament.selectors.rows import tournament_by_slug

from .language import chosen_language
from .query import int_param

REFRESH_SECONDS = 15


def _tournament(slug: str) -> Tournament:
    return tournament_by_slug(slug)


def _discipline(request, tournament: Tournament, discipline: int | None) -> str | None:
    """The name of the discipline the URL names by id (``/d/<id>/`` or ``?discipline=<id>``); None for all."""
    if discipline is None:
        raw = request.GET.get("discipline", "")
        if not raw:
            return None
        discipline = int_param(raw)
        if discipline is None:
            raise Http404("no such discipline")
    name = tournament.disciplines.filter(pk=discipline).values_list("name", flat=True).first()
    if name is None:
        raise Http404("no such discipline")
    return name


def _file(content, content_type: str, filename: str, inline: bool = True) -> HttpResponse:
    """A download; the file name is made safe for the header (no newline, quote or path in it)."""
    response = HttpResponse(content, content_type=content_type)
    stem, dot, ext = filename.rpartition(".")
    safe = f"{slugify(stem)[:80] or 'download'}{dot}{slugify(ext)}"
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{safe}"'
    return response


CACHE_SECONDS = sel.CACHE_SECONDS


def _discipline_tabs(tournament, version) -> list[tuple[int, str]]:
    """The tabs of the page as (id, name), kept with the table (a renamed discipline shows within CACHE_SECONDS)."""
    key = f"standings-disciplines:{tournament.pk}:{version}"
    tabs = cache.get(key)
    if tabs is None:
        tabs = sel.discipline_tabs(tournament)
        cache.set(key, tabs, CACHE_SECONDS)
    return tabs


def _live_url(request, version: str) -> str:
    """The page's own address with the version it shows: what its poll asks for."""
    query = request.GET.copy()
    query["v"] = version
    return f"{request.path}?{query.urlencode()}"


def _version_to_show(request, tournament_pk: int, partial: str, current: str) -> str:
    """The standings version whose table to show: the current one, or, while results
    pour in, the one made less than ``STANDINGS_FRESH_SECONDS`` ago (its table is
    in the cache), so that the table is made at most that often."""
    fresh = settings.STANDINGS_FRESH_SECONDS
    if not fresh:
        return current
    key = f"standings-shown:{tournament_pk}:{request.path}:{sel.cache_key_part(request.GET.get('discipline', ''))}:{partial}"
    shown = cache.get(key)
    now = time.time()
    if shown and shown[0] != current and now - shown[1] < fresh:
        if cache.has_key(_table_key(partial, _live_url(request, shown[0]))):
            return shown[0]
    if not shown or shown[0] != current:
        cache.set(key, (current, now), CACHE_SECONDS)
    return current


def _table_key(partial, live_url) -> str:
    return f"standings-html:{partial}:{get_language()}:{live_url}"


def _table_html(tournament, discipline, version, partial, live_url) -> str:
    """The table (``partial``) as HTML: the same for everybody, so rendered once per version and language."""
    key = _table_key(partial, live_url)
    html = cache.get(key)
    if html is None:
        context = {
            "live_url": live_url,
            "tournament": tournament,
            "standings": sel.public_standings(tournament, discipline, version),
            "discipline": discipline,
            "refresh": REFRESH_SECONDS,
        }
        html = render_to_string(partial, context)
        cache.set(key, html, CACHE_SECONDS)
        cache.delete(f"{key}:busy")
    return mark_safe(html)  # noqa: S308 - rendered by our own template, escaped there


def _another_worker_renders(partial, live_url) -> bool:
    """True when the table of this version is being made by another request right now.

    When a result comes in, every open standings page asks for the new table
    within seconds; one request makes it, and the polls meanwhile keep their
    table (204) and get the new one on their next tick, instead of every
    worker computing the same standings at once.
    """
    key = _table_key(partial, live_url)
    if cache.has_key(key):
        return False
    return not cache.add(f"{key}:busy", True, BUSY_SECONDS)


#: How long a request may take to make a table before others stop waiting for it.
BUSY_SECONDS = 10


def _page(request, slug, discipline, template, partial):
    """The page, or (for htmx's poll) its table; 204 when nothing changed.

    A poll whose table is current costs one statement (the version): the
    tournament itself is only loaded when there is something to show.
    """
    found = sel.standings_version_of(slug)
    if found is None:
        raise Http404("no such tournament")
    pk, current = found
    version = _version_to_show(request, pk, partial, current)
    htmx = request.headers.get("HX-Request") == "true"
    if htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)  # htmx leaves the table as it is
    tournament = _tournament(slug)
    discipline = _discipline(request, tournament, discipline)
    live_url = _live_url(request, version)
    if htmx and _another_worker_renders(partial, live_url):
        return HttpResponse(status=204)  # the new table is on its way: the next poll gets it
    table_html = _table_html(tournament, discipline, version, partial, live_url)
    if htmx:
        return HttpResponse(table_html)
    organizer = ORGANIZER in request_roles(request, tournament)  # read once: the navigation asks again
    context = {
        "live_url": live_url,
        "tournament": tournament,
        "table_html": table_html,
        "discipline": discipline,
        "disciplines": _discipline_tabs(tournament, version),
        "refresh": REFRESH_SECONDS,
        "organizer": organizer,
    }
    return render(request, template, context)


@require_GET
def standings(request, slug, discipline=None):
    return _page(request, slug, discipline, "standings/standings.html", "standings/_standings_table.html")


@require_GET
def crosstable(request, slug):
    return _page(request, slug, None, "standings/crosstable.html", "standings/_crosstable_table.html")


def _standings_download(request, slug):
    tournament = _tournament(slug)
    discipline = _discipline(request, tournament, None)
    public = not has_role(request.user, tournament, ORGANIZER)
    return tournament, discipline, sel.standings_for(tournament, discipline=discipline, public=public)


def _suffix(discipline):
    return f"-{discipline}" if discipline else ""


@require_GET
@chosen_language
def pdf_standings(request, slug):
    tournament, discipline, st = _standings_download(request, slug)
    return _file(
        standings_pdf(st, tournament.name), "application/pdf", f"{tournament.slug}-standings{_suffix(discipline)}.pdf"
    )


@require_GET
@chosen_language
def pdf_crosstable(request, slug):
    tournament, discipline, st = _standings_download(request, slug)
    return _file(
        crosstable_pdf(st, tournament.name), "application/pdf", f"{tournament.slug}-crosstable{_suffix(discipline)}.pdf"
    )


@require_GET
def csv_standings(request, slug):
    tournament, discipline, st = _standings_download(request, slug)
    return _file(
        standings_csv(st),
        "text/csv; charset=utf-8",
        f"{tournament.slug}-standings{_suffix(discipline)}.csv",
        inline=False,
    )


@require_GET
def h9_results(request, slug):
    tournament = _tournament(slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    require(request.user, tournament, ORGANIZER)  # the EGD results file is for organizers
    discipline = _discipline(request, tournament, None)
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
    return _file(write_h9(st, header), "text/plain; charset=ascii", f"{tournament.slug}.h9", inline=False)


def _round_sheet(request, slug, number):
    tournament = _tournament(slug)
    round_ = get_object_or_404(
        Round.objects.select_related("discipline", "tournament"), tournament=tournament, number=number
    )
    if not round_.is_public and not has_role(request.user, tournament, ORGANIZER):
        raise Http404("round not published")
    return tournament, sel.pairing_sheet(round_)


@require_GET
@chosen_language
def pdf_pairings(request, slug, number):
    tournament, sheet = _round_sheet(request, slug, number)
    return _file(pairings_pdf(sheet), "application/pdf", f"{tournament.slug}-round{number}-pairings.pdf")


@require_GET
@chosen_language
def pdf_slips(request, slug, number):
    tournament, sheet = _round_sheet(request, slug, number)
    return _file(slips_pdf(sheet), "application/pdf", f"{tournament.slug}-round{number}-slips.pdf")
