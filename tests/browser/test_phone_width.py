"""Every page of the visitor, player, referee and organizer on a 390 px phone: nothing scrolls sideways.

The demo tournament (long names and clubs, six disciplines, a disputed
game, a paired round with warnings) is loaded once; each role opens each of
its pages in Chromium at 390 × 844 and the page must be no wider than the
screen (``document.documentElement.scrollWidth <= window.innerWidth``).
Wide tables (crosstable, results grid, audit log) scroll inside their own
box, which is allowed; the page itself never does.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournament.models import Game, PairConstraint, Registration, Tournament
from tournament.models.game import ResultState
from tournament.permissions import SYSTEM
from tournament.services.demo import PASSWORD

WIDTH = 390


def phone(browser):
    """A 390 px wide page. Not Chromium's mobile emulation: that zooms out to fit a too wide
    page (and widens ``innerWidth`` with it), hiding exactly what is measured here."""
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 844}, device_scale_factor=2, has_touch=True, locale="en"
    )
    context.set_default_timeout(15_000)
    return context.new_page()


pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: What the page's width is measured as; the widest elements are named when it is too wide.
MEASURE = """() => {
  const width = window.innerWidth;
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.right > width + 1 && r.width > 0) {
      let inScroller = false;
      for (let p = el.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX === 'auto' || s.overflowX === 'scroll' || s.overflowX === 'hidden') { inScroller = true; break; }
      }
      if (!inScroller) wide.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
                                  (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
                                  ' ' + Math.round(r.right));
    }
  }
  return {scroll: document.documentElement.scrollWidth, width: width, wide: wide.slice(0, 6)};
}"""


@pytest.fixture
def demo(transactional_db):
    import io

    call_command("demo", stdout=io.StringIO())
    t = Tournament.objects.get(slug="demo")
    # round 5 paired, with a constraint and a warning-worthy edit: the organizer's busiest page
    from tournament.services.round_edits import pair_constraint_add
    from tournament.services.rounds import round_pair

    r5 = t.rounds.get(number=5)
    players = list(t.registrations.filter(status="confirmed").order_by("surname")[:4])
    pair_constraint_add(
        tournament=t,
        kind=PairConstraint.Kind.FORBIDDEN,
        player_a=players[0],
        player_b=players[1],
        reason="Geschwister, die im selben Verein in derselben Mannschaft spielen",
        user=SYSTEM,
    )
    round_pair(round=r5, user=SYSTEM)
    return t


def _log_in(page, base, username):
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.locator('main button[type="submit"]').click()
    page.wait_for_load_state()


def _check(page, url, problems, shot=None, name=""):
    response = page.goto(url)
    assert response is not None and response.status < 400, (url, response and response.status)
    page.wait_for_load_state("networkidle")
    measured = page.evaluate(MEASURE)
    assert measured["width"] == WIDTH, measured
    if measured["scroll"] > measured["width"]:
        problems.append(f"{url}: {measured['scroll']} px wide on a {measured['width']} px screen: {measured['wide']}")
    if shot and name:
        shot(page, f"phone-{name}", full_page=True)


def _pages(t: Tournament):
    slug = t.slug
    r4 = t.rounds.get(number=4)
    disputed = Game.objects.get(round__tournament=t, result_state=ResultState.DISPUTED)
    settled = Game.objects.filter(round__tournament=t, round__number=2, result_state=ResultState.CONFIRMED).first()
    anna = Registration.objects.get(tournament=t, user__username="anna")
    annas_game = Game.objects.filter(round=r4).filter(black=anna).first() or Game.objects.get(round=r4, white=anna)
    jonas = Registration.objects.get(tournament=t, user__username="jonas")
    jonas_game = Game.objects.filter(round=r4).filter(black=jonas).first() or Game.objects.get(round=r4, white=jonas)
    unclaimed = Registration.objects.filter(tournament=t, user__isnull=True).exclude(claim_code=None).first()
    visitor = [
        ("home", reverse("home")),
        ("tournament", reverse("tournament", args=[slug])),
        ("players", reverse("players", args=[slug])),
        ("round", reverse("round", args=[slug, 4])),
        ("round-finished", reverse("round", args=[slug, 2])),
        ("public-game", reverse("public_game", args=[slug, 2, settled.pk])),
        ("standings", reverse("standings", args=[slug])),
        (
            "standings-discipline",
            reverse("standings_discipline", args=[slug, t.disciplines.get(name="Ninuki-Renju").pk]),
        ),
        ("crosstable", reverse("crosstable", args=[slug])),
        ("projector", reverse("projector", args=[slug])),
        ("login", reverse("login")),
        ("signup", reverse("signup")),
        ("password-reset", reverse("password_reset")),
        ("claim", reverse("claim")),
        ("claim-code", reverse("claim_code", args=[unclaimed.claim_code])),
        ("register", reverse("register", args=[slug])),
        ("checkin", reverse("checkin", args=[slug, t.checkin_code]) + "?q=an"),
    ]
    player = [
        ("my-tournaments", reverse("my_tournaments")),
        ("my-tournament", reverse("my_tournament", args=[slug])),
        ("my-game-disputed", reverse("game", args=[slug, annas_game.pk])),
        ("my-game-settled", reverse("game", args=[slug, settled.pk]))
        if settled.black.user_id or settled.white.user_id
        else ("my-game-settled", reverse("game", args=[slug, annas_game.pk])),
    ]
    jonas_pages = [
        ("report", reverse("game_report", args=[slug, jonas_game.pk])),
    ]
    referee = [
        ("referee-queue", reverse("referee_queue", args=[slug])),
        ("referee-game", reverse("game", args=[slug, disputed.pk])),
        ("audit-log", reverse("audit_log", args=[slug])),
    ]
    reg = Registration.objects.filter(tournament=t).order_by("surname").first()
    organizer = [
        ("dashboard", reverse("manage", args=[slug])),
        ("manage-players", reverse("manage_registrations", args=[slug])),
        ("manage-player-add", reverse("manage_player_add", args=[slug])),
        ("manage-players-import", reverse("manage_players_import", args=[slug])),
        ("manage-player", reverse("manage_registration", args=[slug, reg.pk])),
        ("manage-results", reverse("manage_results", args=[slug]) + "?round=4"),
        ("manage-result-entry", reverse("manage_result", args=[slug, annas_game.pk])),  # a slip's QR code
        ("manage-rounds", reverse("manage_rounds", args=[slug])),
        ("manage-round-planned", reverse("manage_round", args=[slug, 6])),
        ("manage-round-paired", reverse("manage_round", args=[slug, 5])),
        ("manage-round-published", reverse("manage_round", args=[slug, 4])),
        ("manage-round-finished", reverse("manage_round", args=[slug, 3])),
        ("organizer-game", reverse("game", args=[slug, disputed.pk])),
        ("organizer-audit-log", reverse("audit_log", args=[slug])),
        ("organizer-audit-round", reverse("audit_log", args=[slug]) + f"?object=round&id={r4.pk}"),
        ("manage-ratings", reverse("manage_ratings", args=[slug])),
        ("manage-checkin", reverse("manage_checkin", args=[slug]) + "?q=a"),
        ("manage-checkin-screen", reverse("manage_checkin_screen", args=[slug])),
    ]
    admin = [("site-ratings", reverse("site_ratings"))]
    return visitor, player, jonas_pages, referee, organizer, admin


def test_no_page_scrolls_sideways_on_a_390px_phone(browser, live_server, demo, shot):
    visitor, player, jonas_pages, referee, organizer, admin = _pages(demo)
    from tests.fixtures.egd_list import egd_bytes
    from tests.fixtures.other_lists import ffg_text
    from tournament.services.ratings import rating_list_import, tournament_rating_list_import

    rating_list_import(data=egd_bytes(), user=SYSTEM)  # the site's list, and the tournament's own FFG list
    tournament_rating_list_import(tournament=demo, data=ffg_text().encode(), kind="ffg", user=SYSTEM)
    problems: list[str] = []
    base = live_server.url

    page = phone(browser)
    for name, url in visitor:
        _check(page, base + url, problems, shot, f"visitor-{name}")
    page.context.close()

    logins = (("anna", player), ("jonas", jonas_pages), ("schiri", referee), ("orga", organizer), ("admin", admin))
    for username, pages in logins:
        page = phone(browser)
        _log_in(page, base, username)
        for name, url in pages:
            _check(page, base + url, problems, shot, f"{username}-{name}")
        page.context.close()

    # a long error message: a record with an illegal move, on the report page
    page = phone(browser)
    _log_in(page, base, "jonas")
    page.goto(base + jonas_pages[0][1])
    page.locator('input[name="result"]').first.check()
    page.fill('textarea[name="record"]', "E5 E5 " + "D4 " * 40)
    page.locator('form.report-form button[type="submit"]').click()
    page.wait_for_load_state("networkidle")
    measured = page.evaluate(MEASURE)
    if measured["scroll"] > measured["width"]:
        problems.append(f"report with an illegal move: {measured}")
    shot(page, "phone-jonas-report-rejected", full_page=True)
    page.context.close()
    assert not problems, "\n".join(problems)


#: Every word in a table that the browser broke across lines (a break after a hyphen or a slash is allowed).
BROKEN_WORDS = """() => {
  const broken = [];
  for (const table of document.querySelectorAll('main table')) {
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode())) {
      const text = node.textContent;
      const re = /[^\\s\\-\\u2010\\u2013\\u2014\\/·]+/g;
      let m;
      while ((m = re.exec(text))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""

#: The crosstable's name column: its widest name's width, and whether it stays in view while the table scrolls.
NAME_COLUMN = """() => {
  const cells = Array.from(document.querySelectorAll('table.crosstable tbody td.name'));
  return {
    count: cells.length,
    sticky: cells.length > 0 && cells.every(c => getComputedStyle(c).position === 'sticky'),
    oneLine: cells.every(c => c.getClientRects().length > 0 && c.getBoundingClientRect().height < 40),
    tableHeight: document.querySelector('table.crosstable').getBoundingClientRect().height,
  };
}"""


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_word_in_a_table_is_broken_on_a_390px_phone(browser, live_server, demo, shot, language):
    """Standings, crosstable, pairings, the results grid and the referee's queue on a phone: every word whole
    (no "Öf fn en", no name running down letter by letter); the crosstable scrolls sideways in its own box
    with the name column kept in view, one line a player."""
    visitor, player, _jonas, referee, organizer, _admin = _pages(demo)
    wanted = {"standings", "standings-discipline", "crosstable", "round", "round-finished", "players"}
    wanted_referee = {"referee-queue"}
    wanted_orga = {
        "dashboard",
        "manage-players",
        "manage-results",
        "manage-rounds",
        "manage-round-paired",
        "manage-round-published",
        "manage-round-finished",
    }
    base = live_server.url
    problems: list[str] = []

    def look(page, name, url):
        response = page.goto(base + url)
        assert response is not None and response.status < 400, url
        page.wait_for_load_state("networkidle")
        broken = page.evaluate(BROKEN_WORDS)
        if broken:
            problems.append(f"{name} ({language}): words broken mid-word: {sorted(set(broken))[:12]}")
        shot(page, f"phone-tables-{language}-{name}", full_page=True)

    def context():
        ctx = browser.new_context(
            viewport={"width": WIDTH, "height": 844}, device_scale_factor=2, has_touch=True, locale=language
        )
        ctx.set_default_timeout(15_000)
        return ctx.new_page()

    page = context()
    for name, url in visitor:
        if name in wanted:
            look(page, name, url)
    page.goto(base + dict(visitor)["crosstable"])
    column = page.evaluate(NAME_COLUMN)
    rows = column["count"]
    if not (rows >= 10 and column["sticky"] and column["oneLine"] and column["tableHeight"] < rows * 40 + 80):
        problems.append(f"crosstable ({language}): name column not sticky or not one line a player: {column}")
    page.context.close()
    for username, pages, names in (("schiri", referee, wanted_referee), ("orga", organizer, wanted_orga)):
        page = context()
        _log_in(page, base, username)
        for name, url in pages:
            if name in names:
                look(page, name, url)
        page.context.close()
    assert not problems, "\n".join(problems)
