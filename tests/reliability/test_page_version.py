"""One version of what a public page shows (:mod:`tournament.selectors.page_version`): every kind of thing a
public page shows is changed, one at a time, and the live page, its ETag and the published copy all follow.

For each change the published copy's pages are made before and after (as the publisher makes them); every
page whose content changed must have a new key (else the next run would keep the old file), the live site
must show the new value, and the standings' and the crosstable's poll ETags must change (else a poll would
keep the old table). A change that no public page shows fails too: the list below is of what the pages show.
The API's answers kept per version must be the ones made afresh after the change.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournament.models import Discipline, Game, Round, Tournament
from tournament.permissions import SYSTEM
from tournament.publishing import site_map
from tournament.publishing.context import PublishedCopy
from tournament.publishing.render import Renderer, site_host
from tournament.ranks import parse_rank
from tournament.selectors.page_version import page_version

pytestmark = pytest.mark.django_db

#: The copy's pages compared (PDFs are made from the same keys as their pages; their bytes carry the time).
COMPARED = (".html", ".json", ".csv")


@pytest.fixture(autouse=True)
def _no_fresh_window(settings):
    settings.STANDINGS_FRESH_SECONDS = 0  # the poll shows the current version at once


def _copy(t: Tournament) -> dict[str, tuple[str | None, str, bytes]]:
    """The published copy of ``t`` in English: per file, its key, its address and its content."""
    renderer = Renderer(PublishedCopy(slugs=frozenset({t.slug}), as_of={}))
    out = {}
    for item in site_map.tournament_items(Tournament.objects.get(pk=t.pk)):
        if item.language in ("en", None) and item.file.endswith(COMPARED):
            out[item.file] = (item.key, item.url, renderer.get(item.url, item.language))
    return out


def _etags(t: Tournament) -> dict[str, str]:
    client = Client(HTTP_HOST=site_host())
    out = {}
    for name in ("standings", "crosstable"):
        response = client.get(reverse(name, args=[t.slug]), secure=True, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        out[name] = response["ETag"]
    return out


def _api_answers(t: Tournament) -> dict[str, tuple[int, bytes]]:
    """Every answer of the API the published copy holds of ``t`` (players, rounds, games, standings, teams):
    kept per page version (:func:`tournament.api.http.kept_answer`) where the API keeps them."""
    client = Client()
    urls = [
        item.url for item in site_map.tournament_items(Tournament.objects.get(pk=t.pk)) if item.url.startswith("/api/")
    ]
    assert urls
    return {url: (response.status_code, response.content) for url in urls for response in [client.get(url)]}


def _live(url: str) -> str:
    client = Client(HTTP_HOST=site_host())
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get(url, secure=True, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200, url
    return response.content.decode()


@dataclass
class Change:
    #: what is changed, as the site's services change it
    make: Callable[[], object]
    #: a text a public page shows afterwards
    shown: str
    #: what is there before (not the change itself)
    setup: Callable[[], object] = lambda: None


def assert_everything_follows(t: Tournament, change: Change) -> None:
    change.setup()
    before, etags, version = _copy(t), _etags(t), page_version(t)
    _api_answers(t)  # asked before the change: kept
    change.make()
    after = _copy(t)
    kept = _api_answers(t)
    cache.clear()
    assert _api_answers(t) == kept, "the API answers as before the change"
    changed = sorted(f for f in after if f not in before or before[f][2] != after[f][2])
    assert changed, "no public page shows this change"
    stale = [f for f in changed if f in before and after[f][0] is not None and before[f][0] == after[f][0]]
    assert stale == [], f"the published copy would keep {stale}"
    assert page_version(t) != version
    assert all(a != b for a, b in zip(etags.values(), _etags(t).values(), strict=True)), "a poll keeps the old table"
    pages = [after[f][1] for f in changed]
    assert any(change.shown in _live(url) for url in pages), f"{change.shown!r} on no live page of {pages}"


def _save(obj, **fields):
    """A field that no service changes on its own (the registration settings' form saves the model)."""
    for name, value in fields.items():
        setattr(obj, name, value)
    obj.save()


# -- an individual tournament: the day (tests/fixtures/day.py), its round 1 published ------------------------


def _individual_changes(day) -> dict[str, Change]:
    from tournament.services.pairing_prints import pairing_changed
    from tournament.services.programme import discipline_update, round_update
    from tournament.services.registrations import registration_update
    from tournament.services.results import result_set
    from tournament.services.round_edits import round_set_bye
    from tournament.services.rounds import round_publish
    from tournament.services.standings_freeze import standings_freeze
    from tournament.services.tournaments import tournament_update_settings

    t, orga = day.tournament, day.user("organizer")
    alice = day.game.black

    def result():
        game = Game.objects.get(pk=day.game.pk)
        result_set(game=game, user=SYSTEM, version=game.version, result="W", reason="desk")

    def bye():
        from tests.factories import make_player

        late = make_player(t, surname="Spät", given_name="Sven", rank="5k")
        round_set_bye(round=day.round1, player=late, user=orga)

    def start_time():
        when = dt.datetime(2026, 11, 28, 16, 45, tzinfo=dt.UTC)
        round_update(round=day.round1, discipline=day.round1.discipline, starts_at=when, user=orga)

    def someone_preliminary():
        from tests.factories import make_player

        make_player(t, surname="Vorläufig", given_name="Vera", rank="8k", status="preliminary")

    def round_paired():
        second = Round.objects.create(tournament=t, discipline=day.go, number=2, status=Round.Status.PAIRED)
        Game.objects.create(round=second, table=1, black=day.game2.black, white=day.game2.white)

    def round_published():
        round_publish(round=Round.objects.get(tournament=t, number=2), user=orga)

    return {
        "player name": Change(
            lambda: registration_update(registration=alice, data={"surname": "Zylinder"}, user=orga), "Zylinder"
        ),
        "club": Change(lambda: registration_update(registration=alice, data={"club": "Celle"}, user=orga), "Celle"),
        "rank": Change(
            lambda: registration_update(registration=alice, data={"rank": parse_rank("1d")}, user=orga), "1d"
        ),
        "result": Change(result, "0-1"),
        "bye": Change(bye, "Spät"),
        "round time": Change(start_time, "17:45"),
        "discipline name": Change(
            lambda: discipline_update(
                discipline=Discipline.objects.get(pk=day.ninuki.pk), data={"name": "Ninuki Hannover"}, user=orga
            ),
            "Ninuki Hannover",
        ),
        "tournament name": Change(
            lambda: tournament_update_settings(tournament=t, data={"name": "Hannover Cup"}, user=orga), "Hannover Cup"
        ),
        "preliminary players shown": Change(
            lambda: _save(Tournament.objects.get(pk=t.pk), public_preliminary=True),
            "Vorläufig",
            setup=someone_preliminary,
        ),
        "round published": Change(round_published, "Round 2", setup=round_paired),
        "standings frozen": Change(lambda: standings_freeze(tournament=t, user=orga), "Frozen at"),
        # the pairing's version alone (its one home raises it with every change of the pairing): the round's
        # pages, its sheet and the projector say "pairing 1"
        "pairing version": Change(lambda: pairing_changed(day.round1), "pairing 1"),
    }


INDIVIDUAL = [
    "player name",
    "club",
    "rank",
    "result",
    "bye",
    "round time",
    "discipline name",
    "tournament name",
    "preliminary players shown",
    "round published",
    "standings frozen",
    "pairing version",
]


@pytest.mark.parametrize("what", INDIVIDUAL)
def test_an_individual_tournaments_pages_follow_every_change(day, what):
    changes = _individual_changes(day)
    assert sorted(changes) == sorted(INDIVIDUAL)
    assert_everything_follows(day.tournament, changes[what])


# -- a team tournament (tests/fixtures/team_rounds.py: rounds 1 and 3 published, round 2 paired) --------------


def _team_changes(three_rounds) -> dict[str, Change]:
    from tests.factories import make_player
    from tournament.services.registrations import registration_update
    from tournament.services.results import result_set
    from tournament.services.rounds import round_publish
    from tournament.services.teams import team_member_add, team_rename

    t, orga = three_rounds.tournament, three_rounds.organizer
    hannover = three_rounds.teams[0]

    def result():
        game = Game.objects.filter(round__tournament=t, round__number=3).order_by("table").first()
        result_set(game=game, user=orga, version=game.version, result="W", reason="desk")

    def newcomer():
        return make_player(t, surname="Neumann", given_name="Nele", rank="15k")

    return {
        "team name": Change(lambda: team_rename(team=hannover, name="Hannover 96", user=orga), "Hannover 96"),
        "team member": Change(
            lambda: team_member_add(team=hannover, registration=t.registrations.get(surname="Neumann"), user=orga),
            "Neumann",
            setup=newcomer,
        ),
        "member's name": Change(
            lambda: registration_update(registration=three_rounds.members[0][0], data={"surname": "Zander"}, user=orga),
            "Zander",
        ),
        "board result": Change(result, "0-1"),
        "round with a team bye published": Change(
            lambda: round_publish(round=Round.objects.get(pk=three_rounds.round2.pk), user=orga), "Köln"
        ),
    }


TEAM = ["team name", "team member", "member's name", "board result", "round with a team bye published"]


@pytest.mark.parametrize("what", TEAM)
def test_a_team_tournaments_pages_follow_every_change(three_rounds, what):
    changes = _team_changes(three_rounds)
    assert sorted(changes) == sorted(TEAM)
    assert_everything_follows(three_rounds.tournament, changes[what])


# -- Pair Go (tests/fixtures/pair_go.py): a side's partner is named on the game's page ------------------------


def test_a_pair_go_partner_renamed_is_followed_everywhere(db):
    from tests.fixtures.pair_go import build_pair_day
    from tournament.services.registrations import registration_update
    from tournament.services.results import result_set
    from tournament.services.team_rounds import team_round_pair

    day = build_pair_day()
    team_round_pair(round=day.round, user=day.organizer)
    Round.objects.filter(pk=day.round.pk).update(status=Round.Status.PUBLISHED)
    game = Game.objects.get(round=day.round)
    result_set(game=game, user=day.organizer, version=game.version, result="B", reason="desk")
    bob = day.people["bob"]
    assert bob.pk not in (game.black_id, game.white_id)  # the side's second player: named, holds no game
    change = Change(
        lambda: registration_update(registration=bob, data={"given_name": "Robert"}, user=day.organizer), "Robert"
    )
    assert_everything_follows(day.tournament, change)


# -- no second scheme ------------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
#: The reading layers: where a page's version would be made.
READERS = (
    "tournament/views",
    "tournament/api",
    "tournament/publishing",
    "tournament/selectors",
    "tournament/templatetags",
)
#: Versions made of ``updated_at`` outside :mod:`tournament.selectors.page_version`, none of a public page.
OTHER_VERSIONS = {
    "tournament/views/players.py": "the organizer's list of registrations (with the invitations sent)",
    "tournament/selectors/results.py": "a player's own games (logged in), the referee's latest decisions",
    "tournament/selectors/setup.py": "the settings form's version (a form opened before somebody else saved)",
}


def _change_markers(path: Path) -> list[str]:
    """The lines of ``path`` that read a row's ``updated_at`` (writing it is no version)."""
    return [
        f"{n}: {line.strip()}"
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if "updated_at" in line and "update_fields" not in line and not line.lstrip().startswith("#")
    ]


def test_a_pages_version_is_made_only_in_page_version():
    """A second scheme (the published copy's own keys, an ETag of its own, a cache key from a table's
    latest change) is what drifted before: the reading layers ask :mod:`tournament.selectors.page_version`."""
    found = [
        f"{path.relative_to(ROOT)}:{marker}"
        for folder in READERS
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.name != "page_version.py" and str(path.relative_to(ROOT)) not in OTHER_VERSIONS
        for marker in _change_markers(path)
    ]
    assert found == [], "ask tournament.selectors.page_version (or list the page here if it is not public)"


def test_the_scan_finds_a_version_of_its_own(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        'key = t.games.aggregate(Max("updated_at"))\nreg.save(update_fields=["updated_at"])\n# updated_at said\n'
    )
    assert _change_markers(bad) == ['1: key = t.games.aggregate(Max("updated_at"))']


def test_a_rounds_checks_follow_what_they_read_not_its_state_or_its_results(day):
    """The organizer's round page keeps its games' checks by :meth:`PageParts.checks_version`: a result
    of an earlier round or a changed game of the round makes a new version; publishing the round or a
    result of it does not (the checks read neither)."""
    from tournament.selectors.page_version import page_parts, round_seats
    from tournament.services.results import result_set
    from tournament.services.rounds import round_publish

    t, orga = day.tournament, day.user("organizer")
    p = {pl.given_name: pl for pl in t.registrations.all()}
    round2 = Round.objects.create(tournament=t, discipline=day.ninuki, number=2, status=Round.Status.PAIRED)
    Game.objects.create(round=round2, table=1, black=p["Alice"], white=p["Carol"])
    Game.objects.create(round=round2, table=2, black=p["Bob"], white=p["Dave"])

    def version() -> str:
        return page_parts(t.slug).checks_version(round2.pk, round_seats(round2.games.order_by("table")))

    first = version()
    round_publish(round=round2, user=orga)
    game = round2.games.get(table=1)
    result_set(game=game, user=orga, version=game.version, result="W")
    assert version() == first
    earlier = day.round1.games.order_by("table").first()
    result_set(game=earlier, user=orga, version=earlier.version, result="B")
    second = version()
    assert second != first
    Game.objects.filter(round=round2, table=2).update(handicap=2)
    assert version() != second
