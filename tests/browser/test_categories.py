"""Rank categories in a real browser. The standings page's category filter at phone width: a radio
button for each category shows its rows alone (the stylesheet, no script), and the choice stays while
the table polls. A director's McMahon of 40 in four categories of odd sizes (issue #31 items 15 and 16),
in German and English, at 390 px and on a desktop: the categories set on the settings page, round 1
paired from the round's page with each category's odd player against the nearest of the next (no
cross-category game wider than that), and the standings with the place within the category."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tests.pairing.opengotha.oracle.categories_field import RANKS
from tournament.models import Game, TournamentRole
from tournament.models.discipline import DisciplineKind
from tournament.pairing import categories
from tournament.permissions import SYSTEM
from tournament.ranks import parse_rank
from tournament.services.results import result_set
from tournament.services.tournaments import tournament_update_settings

from .conftest import log_in, new_page
from .test_phone_width import MEASURE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_filter_shows_one_category_and_keeps_it_through_the_poll(browser, live_server, live_day, monkeypatch):
    from tournament.views import standings as views

    monkeypatch.setattr(views, "REFRESH_SECONDS", 1)
    t = live_day.tournament
    # A: 5k and stronger (Albers 3k, Bauer 4k), B: 6k and weaker (Conrad 10k, Dietz 12k); ranked together
    tournament_update_settings(
        tournament=t, data={"category_limits": [parse_rank("5k")], "category_mode": "paired"}, user=SYSTEM
    )
    page = new_page(browser, live_server, phone=True)
    page.goto(f"{live_server.url}/t/{t.slug}/standings/")
    rows = page.locator("#standings-live tbody tr")
    assert rows.count() == 4
    page.locator("label", has_text="B: 6k").click()
    visible = [r.inner_text() for r in rows.all() if r.is_visible()]
    assert len(visible) == 2 and all("Conrad" in v or "Dietz" in v for v in visible), visible
    before = page.locator("#standings-live").text_content()  # hidden rows too
    result_set(game=live_day.game, user=SYSTEM, version=live_day.game.version, result="B", reason="desk")
    page.wait_for_function("(shown) => document.querySelector('#standings-live').textContent !== shown", arg=before)
    visible = [r.inner_text() for r in rows.all() if r.is_visible()]
    assert len(visible) == 2 and all("Conrad" in v or "Dietz" in v for v in visible), visible
    page.locator("label", has_text="all categories").click()
    assert len([r for r in rows.all() if r.is_visible()]) == 4
    page.context.close()


def _nearest_gap(games, limits, a: int, b: int) -> int:
    """The smallest score gap in round 1 (McMahon, bar 1d, floor 20k: the rank held between them) between
    a player of category ``a`` and one of ``b``."""
    ranks = [r for g in games for r in (g.white.rank, g.black.rank)]

    def mms(rank: int) -> int:
        return min(max(rank, -20), 0)

    return min(
        abs(mms(x) - mms(y))
        for x in ranks
        for y in ranks
        if categories.number(x, limits) == a and categories.number(y, limits) == b
    )


@pytest.mark.parametrize(
    ("language", "phone"),
    [("en", True), ("de", True), ("en", False), ("de", False)],
    ids=["en-390", "de-390", "en-desktop", "de-desktop"],
)
def test_a_mcmahon_with_categories_paired_apart_and_ranked_by_place_in_each(
    browser, live_server, shot, language, phone
):
    get_user_model().objects.create_user("mira", password="pw-mira-123")
    t = make_tournament(name="Hannover Kategorien 2027", pairing_system="mcmahon")
    TournamentRole.objects.create(tournament=t, user=get_user_model().objects.get(username="mira"), role="organizer")
    go = make_discipline(t, DisciplineKind.GO, board_size=19)
    for i, rank in enumerate(RANKS):
        make_player(t, surname=f"Spieler{i:02d}", given_name="Kim", rank=rank, club=f"C{i:02d}")
    make_round(t, go, 1)
    page = new_page(browser, live_server, phone=phone, locale=language)
    log_in(page, live_server, "mira", language)
    size = "phone" if phone else "desktop"

    # the settings page: the categories' lower limits and keeping them apart
    page.goto(live_server.url + reverse("manage_settings", args=[t.slug]))
    page.fill('input[name="category_limits"]', "1d, 9k, 19k")
    page.select_option('select[name="category_mode"]', "both")
    page.locator('#settings-form button[type="submit"]').click()
    page.wait_for_load_state()
    t.refresh_from_db()
    limits = (0, -9, -19)
    assert (tuple(t.category_limits), t.category_mode) == (limits, "both")

    # round 1 paired from its page: each category's odd player meets the nearest of the next category
    page.goto(f"{live_server.url}/t/{t.slug}/manage/rounds/1/")
    page.locator('form[action$="/pair/"] button').first.click()
    page.wait_for_load_state()
    games = list(Game.objects.filter(round__tournament=t, round__number=1).select_related("white", "black"))
    assert len(games) == 20
    crossing = [g for g in games if categories.number(g.white.rank, limits) != categories.number(g.black.rank, limits)]
    assert len(crossing) == 2  # A (7) sends one to B (11), C (13) one to D (9)
    for g in crossing:
        a, b = sorted((categories.number(g.white.rank, limits), categories.number(g.black.rank, limits)))
        assert b == a + 1
        gap = abs(min(max(g.white.rank, -20), 0) - min(max(g.black.rank, -20), 0))
        assert gap == _nearest_gap(games, limits, a, b), (g.white.rank, g.black.rank)
        assert g.handicap == 0
        row = page.locator(f"#game-{g.pk}")
        assert g.white.surname in row.inner_text() and g.black.surname in row.inner_text()
    shot(page, f"categories-round-1-{language}-{size}")
    measured = page.evaluate(MEASURE)
    assert measured["scroll"] <= measured["width"], measured["wide"]
    page.locator('form[action$="/publish/"] button').click()
    page.wait_for_load_state()
    for g in games:  # the stronger wins
        winner = "W" if g.white.rank > g.black.rank else "B"
        result_set(game=g, user=SYSTEM, version=g.version, result=winner, reason="desk")

    # the standings: one category column, the place within the category (each category's best is 1)
    page.goto(f"{live_server.url}/t/{t.slug}/standings/")
    table = page.locator("#standings-live table.standings")
    table.wait_for()
    assert table.locator("th.col-category").count() == 1 and table.locator('th:text-is("CAT")').count() == 0
    for letter in "ABCD":
        first = table.locator(f'tbody tr[data-category="{letter}"]:not(.category-head)').first
        assert first.locator("td").first.inner_text().rstrip("=") == "1", letter
        assert first.locator("td.col-category").inner_text() == letter
    heading = table.locator("#category-B")
    assert heading.inner_text() == ("B: 9k–1k")
    shot(page, f"categories-standings-{language}-{size}")
    measured = page.evaluate(MEASURE)
    assert measured["scroll"] <= measured["width"], measured["wide"]
    page.context.close()
