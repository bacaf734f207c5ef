"""A team tournament's screens as the director and the hall see them (issue #31): the projector with the
matches board by board and the team standings, and the line-up warning of a board order against strength
confirmed from a 390 px phone, in German and English; nothing scrolls sideways. Screenshots go to
test-artifacts/."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.conftest import new_page
from tests.browser.test_phone_width import MEASURE, WIDTH
from tournament.models import LineUp, Round, Team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _day():
    from tests.factories import make_round
    from tests.fixtures.team_rounds import _play
    from tests.fixtures.teams import build_teams

    teams = build_teams()
    Team.objects.filter(pk=teams.teams[1].pk).update(name="Spielgemeinschaft Berlin-Brandenburg-Südwest e. V.")
    _play(teams, teams.round1, [(0, 1), (2, 3)], ["B", "W", "B", "W", "W", "W"], status=Round.Status.FINISHED)
    _play(teams, teams.round2, [(1, 3), (0, 2)], ["B", "B"])  # under way: two boards of six have results
    make_round(teams.tournament, teams.round1.discipline, 3)  # planned: its line-ups can be set
    return teams


def _fits(page) -> None:
    measured = page.evaluate(MEASURE)
    assert measured["width"] == WIDTH and measured["scroll"] <= measured["width"], measured


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_projector_and_the_line_up_warning_on_a_phone_and_the_hall_s_screen(browser, live_server, shot, language):
    teams = _day()
    slug, base = teams.tournament.slug, live_server.url
    words = {
        "en": ("Match 1", "Team standings", "Board 1:", "Save this order anyway", "is saved"),
        "de": ("Begegnung 1", "Mannschaftswertung", "Brett 1:", "Diese Reihenfolge trotzdem speichern", "gespeichert"),
    }[language]

    hall = new_page(browser, live_server, locale=language)
    hall.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    hall.goto(base + reverse("projector", args=[slug]))
    assert words[0] in hall.locator(".projector-pairings").inner_text()
    assert words[1] in hall.locator(".projector-standings").inner_text()
    assert hall.locator(".projector-match").count() == 2
    from tournament.selectors.team_standings import team_table

    ranked = [row.name for row in team_table(teams.tournament).rows]
    shown = hall.locator(".projector-standings tbody tr td:nth-child(2)").all_inner_texts()
    assert shown == ranked and len(ranked) == 4
    shot(hall, f"team-projector-desktop-{language}")

    phone = new_page(browser, live_server, phone=True, locale=language)
    phone.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    phone.goto(base + reverse("projector", args=[slug]))
    _fits(phone)
    shot(phone, f"team-projector-390-{language}")

    phone.goto(f"{base}/accounts/login/")
    phone.fill('input[name="username"]', "team-orga")
    phone.fill('input[name="password"]', "pw-team-orga-1")
    phone.locator('main button[type="submit"]').click()
    phone.wait_for_load_state()
    team = teams.teams[0]
    first, second, third, _fourth = teams.members[0]
    phone.goto(base + reverse("manage_teams_team", args=[slug, team.pk]))
    phone.select_option("#line-up-form select[name=board_1]", str(second.pk))
    phone.select_option("#line-up-form select[name=board_2]", str(first.pk))
    phone.select_option("#line-up-form select[name=board_3]", str(third.pk))
    phone.locator("#line-up-form button[type=submit]").click()
    phone.wait_for_load_state()
    warning = phone.locator("#line-up-order")
    assert warning.is_visible() and words[2] in warning.inner_text()
    assert not LineUp.objects.filter(team=team, round__number=3).exists()
    _fits(phone)
    warning.scroll_into_view_if_needed()
    shot(phone, f"team-line-up-warning-390-{language}", full_page=False)
    button = phone.locator("#line-up-form button[type=submit]")
    assert button.inner_text() == words[3]
    button.click()
    phone.wait_for_load_state()
    assert words[4] in phone.locator(".messages").inner_text()
    saved = dict(LineUp.objects.filter(team=team, round__number=3).values_list("board", "player_id"))
    assert saved == {1: second.pk, 2: first.pk, 3: third.pk}

    # the round page and the results grid name each board's match, on the phone too
    phone.goto(base + reverse("round", args=[slug, 2]))
    assert words[2] in phone.locator(".round-pairings").inner_text()
    _fits(phone)
    shot(phone, f"team-round-390-{language}")
