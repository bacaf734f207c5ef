"""What the published copy holds: every public page and file of a tournament, and where each goes.

An :class:`Item` is one address of the site (a path and a query, as the
pages link it) and the file it is written to. Pages and most files are in a
folder per language (``de/``, ``en/``), the JSON API's answers once
(``api/``). An item's ``key`` says what it was made from, the version of what
its page shows (:mod:`tournament.selectors.page_version`, the one the live
pages' ETags ask too): while the manifest holds the same key for its file,
the next run does not make it again (a game's page while nothing of the game
changed; the standings' PDFs while no result came in); items without a key
are made every run and written only when their content changed.

Published: the start page, the rules pages, and of each tournament its
overview, players, standings and crosstable (overall and per discipline,
with their PDFs and CSV), the rounds a visitor may see
(:func:`tournament.permissions.may_see_round` for nobody: published and
finished ones) with their pairing sheets (PDF), their games' pages and the
SGF of every settled record, and the API's answers for all of these. Not
published: what needs the live site (log-in, registration, the live boards,
the projector) and the result slips, which are printed in the hall.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

from django.conf import settings
from django.urls import reverse

import games
from tournament.models import Game, Tournament
from tournament.permissions import NOBODY, may_see_round, sgf_is_public
from tournament.selectors.knockout import has_public_bracket
from tournament.selectors.page_version import PageParts, page_parts

#: Changes whenever what the publisher makes of the same data changes (pages kept by key are made again).
FORMAT = "2"
LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)
#: Where the root's ``index.html`` (the start page) is taken from.
ROOT_LANGUAGE = settings.LANGUAGE_CODE


@dataclass(frozen=True)
class Item:
    #: the address as the site answers it: a path, and a query if any (``?discipline=3&lang=de``)
    url: str
    #: the file in the folder (``de/t/demo/standings/index.html``)
    file: str
    #: the language it is made in; None for the API
    language: str | None
    #: what it was made from (None: made every run)
    key: str | None
    #: the tournament it belongs to; "" for the start page, the rules and the static files
    owner: str


def query_of(url: str) -> tuple[str, dict[str, str]]:
    """``(path, query)`` of a site address."""
    path, _q, query = url.partition("?")
    return path, dict(parse_qsl(query, keep_blank_values=True))


def link_key(language: str | None, url: str) -> tuple[str | None, str, str]:
    """How a link is looked up: its language, its path, its query without ``lang`` in a fixed order.
    A ``lang`` in the query names the language (the PDFs' links carry it)."""
    path, query = query_of(url)
    language = query.pop("lang", language)
    if path.startswith("/api/"):
        language = None
    return language, path, urlencode(sorted(query.items()))


def file_for(url: str, language: str | None, ending: str = "html") -> str:
    """The file of a site address: ``<language>/<path>index.html`` for a page (the query's values in
    the name: ``index-discipline-3.html``), ``<language>/<path>`` for a file (``standings-discipline-3.pdf``)."""
    _language, path, query = link_key(language, url)
    suffix = "".join(f"-{k}-{v}" for k, v in parse_qsl(query))
    folder = f"{language}/" if language else ""
    if path.endswith("/"):
        return f"{folder}{path.lstrip('/')}index{suffix}.{ending}"
    stem, _dot, extension = path.rpartition(".")
    return f"{folder}{stem.lstrip('/')}{suffix}.{extension}"


def _key(*parts) -> str:
    return hashlib.sha1("|".join(map(str, (FORMAT, *parts))).encode()).hexdigest()[:20]


def shared_items() -> list[Item]:
    """The start page (also as the folder's ``index.html``) and the rules pages, in every language."""
    items = [Item("/", "index.html", ROOT_LANGUAGE, None, "")]
    for language in LANGUAGES:
        items.append(Item("/", file_for("/", language), language, None, ""))
        for url in [reverse("rules_index")] + [reverse("rules", args=[kind]) for kind in games.variants()]:
            items.append(Item(url, file_for(url, language), language, _key("rules"), ""))
    items.append(Item(reverse("api:tournaments"), file_for(reverse("api:tournaments"), None, "json"), None, None, ""))
    return items


def _api_item(url: str, key: str | None, slug: str) -> Item:
    """An answer of the API (no language of its own)."""
    return Item(url, file_for(url, None, "json"), None, key, slug)


def _discipline_pages(tournament: Tournament, disciplines: list[int]) -> list[int]:
    """The disciplines with standings pages and files of their own: none in Pair Go and Rengo (the sides'
    standings are over all the rounds, :func:`tournament.views.standings._discipline`)."""
    return [] if tournament.is_pair_event else disciplines


def _parts(slug: str) -> PageParts:
    parts = page_parts(slug)
    if parts is None:
        raise Tournament.DoesNotExist(slug)
    return parts


def _bracket_items(tournament: Tournament, key: str) -> list[Item]:
    """The knockout stage's page and PDF once a round of it is published; they change with its results,
    as the standings do."""
    if not has_public_bracket(tournament):
        return []
    slug = tournament.slug
    page = reverse("bracket", args=[slug])
    items = [Item(page, file_for(page, language, "html"), language, key, slug) for language in LANGUAGES]
    for language in LANGUAGES:
        pdf = reverse("pdf_bracket", args=[slug]) + f"?lang={language}"
        items.append(Item(pdf, file_for(pdf, language, "html"), language, key, slug))
    return items


def tournament_items(tournament: Tournament) -> list[Item]:
    """Every page and file of ``tournament`` a visitor may open, in every language, and its API answers."""
    slug = tournament.slug
    disciplines = list(tournament.disciplines.order_by("pk").values_list("pk", flat=True))
    pages_of = _discipline_pages(tournament, disciplines)
    rounds = [r for r in tournament.rounds.select_related("discipline").order_by("number") if may_see_round(NOBODY, r)]
    parts = _parts(slug)
    players_key = _key("players", parts.players_version)
    # the standings of a discipline are made of its rounds and its players alone; the overall of all rounds
    standings_keys: dict[int | None, str] = {
        pk: _key("standings", parts.discipline_version(pk)) for pk in [None, *disciplines]
    }
    standings_key = standings_keys[None]
    items: list[Item] = []

    def add(url: str, key: str | None, *, languages=LANGUAGES, file: str | None = None, ending: str = "html"):
        for language in languages:
            items.append(Item(url, file or file_for(url, language, ending), language, key, slug))

    def api(url: str, key: str | None = None):
        items.append(_api_item(url, key, slug))

    add(reverse("tournament", args=[slug]), None)
    add(reverse("players", args=[slug]), players_key)
    standings, crosstable = reverse("standings", args=[slug]), reverse("crosstable", args=[slug])
    add(standings, standings_key)
    add(crosstable, standings_key)
    api(reverse("api:tournament", args=[slug]))
    api(reverse("api:players", args=[slug]), players_key)
    api(reverse("api:standings", args=[slug]), standings_key)
    if tournament.is_team_event:
        api(reverse("api:teams", args=[slug]))
        # the team standings, the team crosstable and the team CSV (linked from the overall pages)
        api(reverse("api:team_standings", args=[slug]), standings_key)
        add(reverse("csv_team_standings", args=[slug]), standings_key)
    for pk in pages_of:
        add(reverse("standings_discipline", args=[slug, pk]), standings_keys[pk])
        add(f"{crosstable}?discipline={pk}", standings_keys[pk])
    items += _bracket_items(tournament, standings_key)
    api_standings = reverse("api:standings", args=[slug])
    items += [_api_item(f"{api_standings}?discipline={pk}", standings_keys[pk], slug) for pk in disciplines]
    for pk in [None, *pages_of]:
        scope = f"discipline={pk}" if pk else ""
        for name in ("pdf_standings", "pdf_crosstable"):
            for language in LANGUAGES:
                query = f"?lang={language}" + (f"&{scope}" if scope else "")
                add(reverse(name, args=[slug]) + query, standings_keys[pk], languages=(language,))
        add(reverse("csv_standings", args=[slug]) + (f"?{scope}" if scope else ""), standings_keys[pk])

    games_of = Game.objects.filter(round__in=rounds).select_related("black", "white", "round__discipline", "match")
    games_by_round: dict[int, list[Game]] = {}
    for game in games_of.order_by("table"):
        games_by_round.setdefault(game.round_id, []).append(game)
    for round_ in rounds:
        round_key = _key("round", parts.round_version(round_.pk))
        add(reverse("round", args=[slug, round_.number]), round_key)
        for language in LANGUAGES:
            url = reverse("pdf_pairings", args=[slug, round_.number]) + f"?lang={language}"
            add(url, round_key, languages=(language,))
        api(reverse("api:round", args=[slug, round_.number]), round_key)
        for game in games_by_round.get(round_.pk, []):
            game.round = round_
            key = _key("game", parts.game_version(game))
            page = reverse("public_game", args=[slug, round_.number, game.pk])
            add(page, key)
            api(reverse("api:game", args=[slug, game.pk]), key)
            if sgf_is_public(game):
                name = f"{slug}-round{round_.number}-table{game.table}.sgf"
                for language in LANGUAGES:
                    folder = file_for(page, language).rpartition("/")[0]
                    add(f"{page}sgf/", key, languages=(language,), file=f"{folder}/{name}")
    return items
