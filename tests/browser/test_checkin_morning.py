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

import pytest

from tournament.models import Registration, Round
from tournament.pdf import qr

from .conftest import new_page, open_check_in, phone_by_name, post_check_ins, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_congress_morning_checks_in_250_of_300_and_pairs_round_1_with_exactly_them(
    browser, live_server, congress, shot
):
    t = congress
    slug = f"{live_server.url}/t/{t.slug}"

    # the organizer opens the check-in at the desk and shows the QR code on the projector
    desk, url = open_check_in(browser, live_server, t, shot)
    screen = desk
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
        phones.append(phone_by_name(browser, live_server, url, query, player.display_name, shot if n == 0 else None))
    again = new_page(browser, live_server, phone=True, locale="de")
    again.goto(url)
    again.fill("#checkin-q", by_phone[0].given_name.lower())
    again.locator("#checkin-search button[type=submit]").click()
    assert again.locator(".checkin-found li").count() >= 1
    # the rest by HTTP through the same address (the first phone's cookies), a few of them twice
    post_check_ins(phones[0], url, by_http + by_http[:3])
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
    assert seated(round1) == {p.pk for p in coming} and round1.games.count() == 125
    assert "Not come (50)" in desk.locator("#not-checked-in").inner_text()

    # two late arrivals after the pairing: Zoe with her slip on a real phone, one more by HTTP
    late = new_page(browser, live_server, phone=True, locale="de")
    late.goto(url)
    late.fill("#checkin-claim", zoe.claim_code_display.lower())
    late.locator("#checkin-code button[type=submit]").click()
    assert "Zoe Zettel" in late.locator("#checkin-done").inner_text()
    post_check_ins(late, url, [away[0]])
    desk.locator(".round-actions form[action$='/publish/'] button").click()
    desk.goto(f"{slug}/manage/rounds/1/")
    assert "Came late (2)" in desk.locator("#late-arrivals").inner_text()
    assert "Not come (48)" in desk.locator("#not-checked-in").inner_text()
    assert seated(Round.objects.get(pk=round1.pk)) == {p.pk for p in coming}
    desk.locator("#round-checkin").scroll_into_view_if_needed()
    shot(desk, "checkin-round-1-en", full_page=False)
    desk.goto(f"{slug}/manage/rounds/2/")
    listed = desk.locator("#late-before").inner_text()
    assert "Late arrivals of round 1 (2)" in listed and "Zettel Zoe" in listed
    desk.goto(f"{slug}/manage/")
    assert "252/300" in desk.locator("#checkin-tile").inner_text()
    desk.goto(f"{slug}/projector/")
    assert "252" in desk.locator("#projector-checkin").inner_text()
