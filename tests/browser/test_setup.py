"""Issue #12 from an empty site: a new user signs up, creates a tournament with four disciplines and four
rounds, sets a McMahon bar of 1d, invites a referee, imports players, pairs and publishes round 1 and prints
the pairing sheet -- without ever opening /admin/. Then every page of the set-up on a 390 px phone: no
page scrolls sideways.

Screenshots go to test-artifacts/ (``setup-NN-*.png``); they are copied to docs/screenshots/ by hand.
"""

from __future__ import annotations

import io
import subprocess

import pytest
from pypdf import PdfReader

from tournament.models import Discipline, Game, Registration, Round, Tournament, TournamentRole

from .conftest import ARTIFACTS, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYER_LIST = """Nachname;Vorname;Verein;Land;Rang;EGD PIN;E-Mail
Albers;Anna;Hannover;DE;2d;;
Bauer;Ben;Hannover;DE;1k;;
Conrad;Clara;Braunschweig;DE;3k;;
Dietz;David;Celle;DE;5k;;
Engel;Emma;Hamburg;DE;8k;;
Fuchs;Felix;Bremen;DE;10k;;
Graf;Greta;Göttingen;DE;12k;;
Huber;Hans;Hildesheim;DE;15k;;
"""

#: (kind, name, board size, round start)
PROGRAMME = [
    ("go", "Go 9×9", "9", "2026-11-28T10:00"),
    ("ninuki", "Ninuki-Renju", "19", "2026-11-28T13:30"),
    ("keima", "Keima-Go", "9", "2026-11-28T16:30"),
    ("volt", "1000-Volt-Go", "9", "2026-11-29T10:00"),
]


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_new_user_sets_up_a_tournament_without_the_admin(browser, live_server, shot, tmp_path):
    url = live_server.url
    assert not Tournament.objects.exists()
    page = new_page(browser, live_server)
    visited: list[str] = []
    page.on("request", lambda request: visited.append(request.url))

    # 1. the home page of an empty site invites organizers to make an account
    page.goto(f"{url}/")
    page.locator('.lang-switch button[value="en"]').click()
    page.wait_for_load_state()
    shot(page, "setup-01-home", full_page=False)
    page.locator("#signup-to-create").click()
    page.fill('input[name="username"]', "ute")
    page.fill('input[name="password1"]', "Turnier-Leitung-2026")
    page.fill('input[name="password2"]', "Turnier-Leitung-2026")
    shot(page, "setup-02-sign-up", full_page=False)
    page.locator('main button[type="submit"]').click()
    page.wait_for_load_state()
    assert page.url.endswith("/tournaments/new/")

    # 2. the tournament: the creator becomes its organizer
    page.fill('input[name="name"]', "Vielseitigkeitsturnier Hannover")
    page.fill('input[name="slug"]', "hannover-2026")
    page.fill('input[name="start_date"]', "2026-11-28")
    page.fill('input[name="end_date"]', "2026-11-29")
    page.fill('input[name="place"]', "Hannover")
    page.select_option('select[name="time_zone"]', "Europe/Berlin")
    shot(page, "setup-03-create", full_page=False)
    page.locator("#new-tournament button[type=submit]").click()
    page.wait_for_selector(".messages .success")
    t = Tournament.objects.get(slug="hannover-2026")
    assert TournamentRole.objects.filter(tournament=t, user__username="ute", role="organizer").exists()
    base = f"{url}/t/{t.slug}/manage"

    # 3. four disciplines, each from what its engine supports
    for kind, name, size, _start in PROGRAMME:
        page.goto(f"{base}/programme/")
        page.locator("#add-discipline").click()
        page.locator(f'a.kind-link[data-kind="{kind}"]').click()
        page.wait_for_load_state()
        page.fill('input[name="name"]', name)
        page.select_option('select[name="board_size"]', size)
        if kind == "ninuki":
            assert page.locator('select[name="rule_set"] option').all_inner_texts() == [
                "hannover",
                "japanese",
                "pbmserv",
                "pente",
            ]
            page.fill('textarea[name="rule_options"]', "double_tree = both")  # a typo: a form error
            page.locator("#discipline-form button[type=submit]").click()
            page.wait_for_selector(".errorlist")
            assert "Unknown rule option" in page.locator("#discipline-form").inner_text()
            page.fill('textarea[name="rule_options"]', "")
            shot(page, "setup-04-discipline-ninuki")
        if kind == "go":
            page.fill('input[name="komi"]', "7")
        page.locator("#discipline-form button[type=submit]").click()
        page.wait_for_selector(".messages .success")
    assert list(t.disciplines.order_by("position").values_list("kind", "board_size")) == [
        ("go", 9),
        ("ninuki", 19),
        ("keima", 9),
        ("volt", 9),
    ]

    # 4. four rounds, one per discipline, with start times in the tournament's time zone
    page.goto(f"{base}/programme/")
    page.locator("#add-round").click()
    for kind, name, _size, start in PROGRAMME:
        page.wait_for_selector("#round-form")
        assert page.locator('select[name="discipline"] option:checked').inner_text() == name  # the next one
        page.fill('input[name="starts_at"]', start)
        if kind == "go":
            shot(page, "setup-05-round", full_page=False)
        page.locator('#round-form button[name="another"]').click()
        page.wait_for_selector(".messages .success")
    page.goto(f"{base}/programme/")
    assert page.locator("#rounds tbody tr").count() == 4
    assert "Sat 28 Nov, 10:00" in page.locator("#rounds").inner_text()
    shot(page, "setup-06-programme")
    assert [r.discipline.kind for r in t.rounds.order_by("number")] == ["go", "ninuki", "keima", "volt"]

    # 5. the settings: a McMahon bar of 1d, the time control read as the EGD reads it
    page.locator(".subnav a", has_text="Settings").click()
    page.fill('input[name="mcmahon_bar"]', "1d")
    page.fill('input[name="mcmahon_floor"]', "20k")
    page.fill('input[name="time_control"]', "45 min + 5x30 s")
    page.select_option('select[name="standings_criteria_1"]', "sosmms")
    page.locator("#settings-form button[type=submit]").click()
    page.wait_for_selector(".messages .success")
    assert "EGD class" in page.locator("#time-reading").inner_text()
    shot(page, "setup-07-settings")
    t.refresh_from_db()
    assert (t.mcmahon_bar, t.mcmahon_floor, t.time_control) == (0, -20, "45 min + 5x30 s")

    # 6. a referee, invited by a link
    page.locator(".subnav a", has_text="Staff").click()
    page.fill('#team-invite input[name="email"]', "schiri@example.org")
    page.select_option('#team-invite select[name="role"]', "referee")
    page.locator("#team-invite button[type=submit]").click()
    page.wait_for_selector(".messages .success")
    link = page.locator("input.invitation-link").input_value()
    shot(page, "setup-08-team")
    referee = new_page(browser, live_server, phone=True)
    referee.on("request", lambda request: visited.append(request.url))
    referee.goto(link)
    referee.locator('.lang-switch button[value="en"]').click()
    referee.wait_for_load_state()
    assert "referee" in referee.locator("main").inner_text()
    shot(referee, "setup-09-invitation-phone")
    referee.locator("a", has_text="Create an account").click()
    referee.fill('input[name="username"]', "schiri")
    referee.fill('input[name="password1"]', "Schieds-Richter-2026")
    referee.fill('input[name="password2"]', "Schieds-Richter-2026")
    referee.locator('main button[type="submit"]').click()
    referee.wait_for_load_state()
    referee.locator("button", has_text="Accept as schiri").click()
    referee.wait_for_selector(".messages .success")
    assert TournamentRole.objects.filter(tournament=t, user__username="schiri", role="referee").exists()
    assert no_sideways_scroll(referee)
    referee.context.close()

    # 7. the players, from a CSV list (linked on the import and export page)
    page.locator(".subnav a", has_text="Import/Export").click()
    shot(page, "setup-10-import-export")
    page.locator("#import-csv").click()
    csv_file = tmp_path / "spieler.csv"
    csv_file.write_text(PLAYER_LIST, encoding="utf-8")
    page.set_input_files('input[name="file"]', str(csv_file))
    page.locator('main button[type="submit"]').click()
    page.wait_for_selector(".messages .success")
    assert "8 players imported" in page.locator(".messages").inner_text()
    shot(page, "setup-11-players")
    assert t.registrations.filter(status=Registration.Status.CONFIRMED).count() == 8

    # 8. round 1: pair, publish, print the pairing sheet
    page.goto(f"{base}/rounds/1/")
    page.locator("button", has_text="Pair").first.click()
    page.wait_for_selector(".messages .success")
    page.locator("button", has_text="Publish").click()
    page.wait_for_selector(".messages .success")
    shot(page, "setup-12-round-1")
    round1 = Round.objects.get(tournament=t, number=1)
    assert round1.status == Round.Status.PUBLISHED and round1.games.count() == 4
    # the McMahon bar at 1d: Anna (2d) and Ben (1k) start one point apart, so they meet
    anna = t.registrations.get(surname="Albers")
    assert (
        Game.objects.filter(round=round1, black__in=[anna]).exists()
        or Game.objects.filter(round=round1, white=anna).exists()
    )
    href = page.locator("a", has_text="Pairing sheet (PDF)").get_attribute("href")
    sheet = page.request.get(f"{url}{href}")
    assert sheet.headers["content-type"] == "application/pdf"
    text = PdfReader(io.BytesIO(sheet.body())).pages[0].extract_text()
    assert "Albers" in text and "Huber" in text and "Go 9×9" in text
    pdf = tmp_path / "pairings.pdf"
    pdf.write_bytes(sheet.body())
    ARTIFACTS.mkdir(exist_ok=True)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-singlefile", str(pdf), str(ARTIFACTS / "setup-13-pairing-sheet")], check=True
    )

    # nothing of this went through the Django admin
    assert visited and not [u for u in visited if "/admin/" in u]
    page.context.close()


@pytest.fixture
def set_up(transactional_db):
    """A tournament as the test above leaves it, made by the services (for the phone checks)."""
    import datetime as dt

    from django.contrib.auth import get_user_model

    from tournament.services.programme import discipline_create, round_add
    from tournament.services.staff import invitation_create
    from tournament.services.tournaments import tournament_create

    ute = get_user_model().objects.create_user("ute", password="pw-ute-123")
    t = tournament_create(
        user=ute,
        data={
            "name": "Vielseitigkeitsturnier Hannover mit einem langen Namen",
            "start_date": dt.date(2026, 11, 28),
            "place": "Hannover",
        },
    )
    for kind, name, size, _start in PROGRAMME:
        d = discipline_create(tournament=t, user=ute, data={"name": name, "kind": kind, "board_size": int(size)})
        round_add(tournament=t, discipline=d, user=ute)
    invitation_create(
        tournament=t,
        role="referee",
        email="a-rather-long-address-for-a-referee@example.org",
        user=ute,
        base_url="http://testserver/",
    )
    return t


def test_no_page_of_the_set_up_scrolls_sideways_on_a_phone(browser, live_server, set_up, shot):
    from .conftest import log_in

    t = set_up
    page = new_page(browser, live_server, phone=True)
    log_in(page, live_server, "ute")
    go = t.disciplines.get(kind="go")
    invitation = t.invitations.get()
    paths = [
        "/",
        "/me/",
        "/tournaments/new/",
        f"/invitation/{invitation.token}/",
        f"/t/{t.slug}/manage/",
        f"/t/{t.slug}/manage/settings/",
        f"/t/{t.slug}/manage/team/",
        f"/t/{t.slug}/manage/programme/",
        f"/t/{t.slug}/manage/programme/disciplines/add/",
        *[f"/t/{t.slug}/manage/programme/disciplines/add/?kind={k}" for k, *_ in PROGRAMME],
        f"/t/{t.slug}/manage/programme/disciplines/{go.pk}/",
        f"/t/{t.slug}/manage/programme/rounds/add/",
        f"/t/{t.slug}/manage/programme/rounds/1/",
        f"/t/{t.slug}/manage/files/",
        f"/t/{t.slug}/manage/rounds/",
    ]
    wide = []
    for path in paths:
        response = page.goto(f"{live_server.url}{path}")
        assert response.status == 200, path
        if not no_sideways_scroll(page):
            wide.append(path)
    assert not wide, f"these pages scroll sideways at 390 px: {wide}"
    page.goto(f"{live_server.url}/t/{t.slug}/manage/settings/")
    shot(page, "setup-settings-phone")
    # a form with errors is as narrow
    page.goto(f"{live_server.url}/t/{t.slug}/manage/programme/disciplines/add/?kind=ninuki")
    page.fill('textarea[name="rule_options"]', "double_three_with_a_long_misspelt_name_and_more = everybody_and_more")
    page.locator("#discipline-form button[type=submit]").click()
    page.wait_for_selector(".errorlist")
    assert no_sideways_scroll(page)
    assert Discipline.objects.filter(tournament=t).count() == 4
    page.context.close()
