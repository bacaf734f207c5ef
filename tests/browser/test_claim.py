"""Issue #11 on a phone: the organizer imports a player list and prints the welcome slips; a player opens the
claim link from the slip, makes an account, sees the game and reports the result."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tests.views.test_welcome_slips import slip_text
from tournament.models import Game, Registration, Round
from tournament.models.game import ResultState
from tournament.permissions import SYSTEM

from .conftest import log_in, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYER_LIST = """Nachname;Vorname;Verein;Land;Rang;EGD PIN;E-Mail
Engel;Emma;Hannover;DE;6k;;
Fuchs;Felix;Celle;DE;7k;;
"""


def test_imported_player_claims_the_registration_from_the_slip_and_reports(
    browser, live_server, live_day, shot, tmp_path
):
    day = live_day
    slug = day.tournament.slug
    organizer = new_page(browser, live_server, phone=True)
    log_in(organizer, live_server, "organizer")
    organizer.goto(f"{live_server.url}/t/{slug}/manage/players/import/")
    csv_file = tmp_path / "spieler.csv"
    csv_file.write_text(PLAYER_LIST, encoding="utf-8")
    organizer.set_input_files('input[name="file"]', str(csv_file))
    organizer.locator('main button[type="submit"]').click()
    organizer.wait_for_selector(".messages .success")
    assert "2 players imported" in organizer.locator(".messages").inner_text()
    shot(organizer, "organizer-players-imported-phone")
    link = organizer.locator("a", has_text="Welcome slips")
    href = link.get_attribute("href")
    slips = organizer.request.get(f"{live_server.url}{href}")
    assert slips.headers["content-type"] == "application/pdf"
    pdf = slips.body()
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1  # Emma and Felix on one sheet; the others have accounts
    emma_slip = next(text for text in (slip_text(pdf, 1, i) for i in range(2)) if "Emma Engel" in text)
    claim_url = re.search(r"https?://\S+/claim/[A-Z0-9]+/", emma_slip).group(0)
    organizer.context.close()

    # Round 2 (Go 9x9) is paired and published for everybody
    from tournament.services.rounds import round_pair, round_publish

    round2 = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2)
    round_pair(round=round2, user=SYSTEM)
    round_publish(round=Round.objects.get(pk=round2.pk), user=SYSTEM)
    emma = Registration.objects.get(tournament=day.tournament, surname="Engel")
    game = (
        Game.objects.get(round=round2, black=emma)
        if Game.objects.filter(round=round2, black=emma).exists()
        else Game.objects.get(round=round2, white=emma)
    )

    phone = new_page(browser, live_server, phone=True)
    phone.goto(claim_url)  # what the phone's camera opens from the QR code
    assert "Emma Engel" in phone.locator("main").inner_text()
    shot(phone, "player-claim-link-phone")
    phone.locator("a", has_text="Create an account").click()
    phone.fill('input[name="username"]', "emma")
    phone.fill('input[name="password1"]', "ein-langes-Passwort-7")
    phone.fill('input[name="password2"]', "ein-langes-Passwort-7")
    shot(phone, "player-sign-up-phone")
    phone.locator('main button[type="submit"]').click()
    phone.wait_for_load_state()
    assert "/claim/" in phone.url  # back where the link pointed
    phone.locator("button", has_text="This is me").click()
    phone.wait_for_selector(".messages .success")
    assert Registration.objects.get(pk=emma.pk).user.username == "emma"
    assert phone.locator(".game-card").count() == 1
    shot(phone, "player-claimed-my-tournament-phone")

    phone.locator(".game-card a.button", has_text="Report").click()
    won = "B" if game.black_id == emma.pk else "W"
    phone.locator(f'input[name="result"][value="{won}"]').check()
    phone.locator('form.report-form button[type="submit"]').click()
    phone.wait_for_selector(".result-box")
    game.refresh_from_db()
    assert game.result == won and game.result_state == ResultState.REPORTED
    assert game.reported_by.username == "emma"
    shot(phone, "player-claimed-reported-phone")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    phone.context.close()
