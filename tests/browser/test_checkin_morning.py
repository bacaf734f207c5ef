"""The congress morning's check-in (issue #34 item 1): 300 registered, 250 check in by the hall's QR code on
their phones, round 1 is paired with exactly those 250, two late arrivals are listed for round 2.

The organizer (desktop, English) opens the check-in at the desk and puts the QR code on the projector (the SVG
on the screen is checked to be the code of the address under it); real phones (390 px, German) open that
address: two find their names and confirm, a third looks again (harmless), a fourth comes late with her
welcome slip's code. The other 247 check in by HTTP through the same address, with a phone's cookies and
CSRF token, three of them twice (harmless). One player checks in at the desk by keyboard alone (letters,
arrows, Enter, the focus back in the search; Ctrl+Z takes it back, and again). Screenshots: ``test-artifacts/checkin-*.png``.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model

from tests.factories import make_player
from tournament.models import Discipline, Registration, Round, Tournament, TournamentRole
from tournament.pdf import qr
from tournament.ranks import parse_rank

from .conftest import log_in, new_page
from .test_phone_width import MEASURE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SURNAMES = [
    "Müller", "Schröder", "Łukasiewicz", "van der Berg", "Nowak", "Dvořák", "Öztürk", "Weiß", "Kowalski",
    "Janssen", "Fischer", "Horváth", "Novák", "Jensen", "Dubois",
]  # fmt: skip
GIVEN = [
    "Anna", "Ben", "Chloé", "David", "Eva", "Finn", "Greta", "Hannes", "Ida", "Jonas",
    "Karin", "Lars", "Mia", "Nils", "Olga", "Paul", "Ronja", "Sven", "Tereza", "Ulf",
]  # fmt: skip
RANKS = ["5d", "3d", "1d", "1k", "3k", "5k", "8k", "10k", "12k", "15k", "18k", "20k"]


@pytest.fixture
def congress(transactional_db):
    """300 confirmed players (15 surnames x 20 given names) of a Go tournament with two planned rounds, its
    organizer ``orga``; one player (Zoe Zettel) has a welcome slip's code."""
    orga = get_user_model().objects.create_user("orga", password="pw-orga-123")
    t = Tournament.objects.create(
        name="Europäischer Go-Kongress", slug="egc", start_date=dt.date(2026, 7, 25), end_date=dt.date(2026, 7, 26)
    )
    TournamentRole.objects.create(tournament=t, user=orga, role="organizer")
    go = Discipline.objects.create(tournament=t, name="Go", kind="go", board_size=19, komi=7)
    for number in (1, 2):
        Round.objects.create(tournament=t, discipline=go, number=number)
    Registration.objects.bulk_create(
        Registration(
            tournament=t,
            surname=SURNAMES[i % len(SURNAMES)],
            given_name=GIVEN[i // len(SURNAMES)],
            rank=parse_rank(RANKS[i % len(RANKS)]),
            country="DE",
            club=f"Club {i % 40}",
            status=Registration.Status.CONFIRMED,
        )
        for i in range(299)
    )
    make_player(t, surname="Zettel", given_name="Zoe", rank="2k")
    return t


def _fits(page) -> None:
    measured = page.evaluate(MEASURE)
    assert measured["scroll"] <= measured["width"], measured["wide"]


def _seated(round_) -> set[int]:
    return {pk for g in round_.games.all() for pk in (g.black_id, g.white_id)} | {
        b.player_id for b in round_.byes.all()
    }


def _phone_by_name(browser, live_server, url: str, query: str, name: str, shot=None):
    """A real phone (390 px, German) scans the code: searches, picks ``name``, confirms."""
    page = new_page(browser, live_server, phone=True, locale="de")
    page.goto(url)
    assert page.locator("h1").inner_text().startswith("Check-in")
    page.fill("#checkin-q", query)
    page.locator("#checkin-search button[type=submit]").click()
    page.locator(".checkin-found a", has_text=name).click()
    assert "Bist du das?" in page.locator("#checkin-confirm").inner_text()
    _fits(page)
    if shot:
        shot(page, "checkin-phone-confirm-de")
    page.locator("#checkin-confirm button[type=submit]").click()
    assert "Eingecheckt:" in page.locator("#checkin-done").inner_text()
    _fits(page)
    if shot:
        shot(page, "checkin-phone-done-de")
    return page


def _post_check_ins(page, url: str, players: list[Registration]) -> None:
    """The players check in by HTTP through the QR's address, with the phone's session and CSRF token."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    for player in players:
        answer = page.request.post(
            url,
            form={"how": "name", "registration": str(player.pk), "csrfmiddlewaretoken": token},
            headers={"Referer": url},
        )
        assert answer.status == 200, (player, answer.status)


def test_a_congress_morning_checks_in_250_of_300_and_pairs_round_1_with_exactly_them(
    browser, live_server, congress, shot
):
    t = congress
    slug = f"{live_server.url}/t/{t.slug}"

    # the organizer opens the check-in at the desk and shows the QR code on the projector
    desk = new_page(browser, live_server)
    log_in(desk, live_server, "orga")
    desk.goto(f"{slug}/manage/checkin/")
    desk.locator("#checkin-settings input[name=open]").check()
    desk.locator("#checkin-settings button[type=submit]").click()
    screen = desk
    screen.goto(f"{slug}/manage/checkin/screen/")
    shot(screen, "checkin-projector-en", full_page=False)
    url = screen.locator(".checkin-qr figcaption").inner_text().strip()
    t.refresh_from_db()
    assert url == f"{slug}/checkin/{t.checkin_code}/"
    # the code on the screen is the code of that address
    assert screen.locator(".checkin-qr svg.qr path").get_attribute("d") in qr.svg(url)
    assert "0 of 300" in screen.locator("#checkin-screen-count").inner_text()

    players = sorted(Registration.objects.filter(tournament=t), key=lambda r: r.pk)
    coming, away = players[:250], players[250:]
    zoe = Registration.objects.get(tournament=t, surname="Zettel")
    assert zoe not in coming  # Zoe comes late, with her slip
    at_desk = Registration.objects.get(tournament=t, surname="Janssen", given_name="Chloé")
    by_phone = [p for p in coming if p.given_name in ("Anna", "Ben") and p.surname in ("Müller", "Łukasiewicz")][:2]
    by_http = [p for p in coming if p not in by_phone and p != at_desk]
    assert at_desk in coming and len(by_http) == 247

    # two real phones find their names; a third one looks again (harmless)
    phones = []
    for n, player in enumerate(by_phone):
        query = player.surname.split()[-1][:3].upper()  # a few letters, in capitals, with or without marks
        phones.append(_phone_by_name(browser, live_server, url, query, player.display_name, shot if n == 0 else None))
    again = new_page(browser, live_server, phone=True, locale="de")
    again.goto(url)
    again.fill("#checkin-q", by_phone[0].given_name.lower())
    again.locator("#checkin-search button[type=submit]").click()
    assert again.locator(".checkin-found li").count() >= 1
    # the rest by HTTP through the same address (the first phone's cookies), a few of them twice
    _post_check_ins(phones[0], url, by_http + by_http[:3])
    # one at the desk, by keyboard alone: a few letters, the arrow to her, Enter
    desk.goto(f"{slug}/manage/checkin/")
    box = desk.locator("#checkin-desk-q")
    assert desk.evaluate("document.activeElement.id") == "checkin-desk-q"

    def keyboard_check_in() -> None:
        box.type("jans", delay=20)
        desk.locator(f'#checkin-results li[data-pk="{at_desk.pk}"]').wait_for()
        desk.wait_for_load_state("networkidle")
        shown = desk.eval_on_selector_all("#checkin-results li[data-pk]", "rows => rows.map(r => +r.dataset.pk)")
        for _ in range(shown.index(at_desk.pk)):
            box.press("ArrowDown")
        box.press("Enter")
        desk.locator("#checkin-notice", has_text=at_desk.spoken_name).wait_for()
        assert box.input_value() == "" and desk.evaluate("document.activeElement.id") == "checkin-desk-q"

    keyboard_check_in()
    assert "250" in desk.locator("#checkin-count").inner_text()
    box.press("Control+z")  # taken back by keyboard, and checked in again
    desk.locator("#checkin-notice", has_text="taken back").wait_for()
    assert "249" in desk.locator("#checkin-count").inner_text()
    keyboard_check_in()
    shot(desk, "checkin-desk-en")
    checked = set(Registration.objects.filter(tournament=t, checked_in_at__isnull=False).values_list("pk", flat=True))
    assert checked == {p.pk for p in coming}

    # round 1 with the checked-in players only: exactly those 250
    desk.goto(f"{slug}/manage/rounds/1/")
    desk.locator("#checked-in-only-form input[name=checked_in_only]").check()
    desk.locator("#checked-in-only-form button[type=submit]").click()
    desk.locator(".round-actions form[action$='/pair/'] button").click()
    round1 = Round.objects.get(tournament=t, number=1)
    assert round1.status == Round.Status.PAIRED
    assert _seated(round1) == {p.pk for p in coming} and round1.games.count() == 125
    assert "Not come (50)" in desk.locator("#not-checked-in").inner_text()

    # two late arrivals after the pairing: Zoe with her slip on a real phone, one more by HTTP
    late = new_page(browser, live_server, phone=True, locale="de")
    late.goto(url)
    late.fill("#checkin-claim", zoe.claim_code_display.lower())
    late.locator("#checkin-code button[type=submit]").click()
    assert "Zoe Zettel" in late.locator("#checkin-done").inner_text()
    _post_check_ins(late, url, [away[0]])
    desk.locator(".round-actions form[action$='/publish/'] button").click()
    desk.goto(f"{slug}/manage/rounds/1/")
    assert "Came late (2)" in desk.locator("#late-arrivals").inner_text()
    assert "Not come (48)" in desk.locator("#not-checked-in").inner_text()
    assert _seated(Round.objects.get(pk=round1.pk)) == {p.pk for p in coming}
    desk.locator("#round-checkin").scroll_into_view_if_needed()
    shot(desk, "checkin-round-1-en", full_page=False)
    desk.goto(f"{slug}/manage/rounds/2/")
    listed = desk.locator("#late-before").inner_text()
    assert "Late arrivals of round 1 (2)" in listed and "Zettel Zoe" in listed
    desk.goto(f"{slug}/manage/")
    assert "252/300" in desk.locator("#checkin-tile").inner_text()
    desk.goto(f"{slug}/projector/")
    assert "252" in desk.locator("#projector-checkin").inner_text()
