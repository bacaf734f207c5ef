"""A team tournament's pages on a 390 px phone: the organizer's teams pages and the public ones do not
scroll sideways, and a team is set up on them from the phone."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.test_phone_width import MEASURE, WIDTH, phone
from tournament.models import Round, Team
from tournament.services.team_rounds import BoardPair, TeamMatch, team_round_store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _wide(page, url: str) -> list[str]:
    response = page.goto(url)
    assert response is not None and response.status < 400, (url, response and response.status)
    measured = page.evaluate(MEASURE)
    assert measured["width"] == WIDTH
    return [f"{url}: {measured}"] if measured["scroll"] > measured["width"] else []


def test_the_teams_pages_fit_a_phone(browser, live_server):
    from tests.fixtures.teams import build_teams

    teams = build_teams()
    Team.objects.filter(pk=teams.teams[1].pk).update(name="Spielgemeinschaft Berlin-Brandenburg-Südwest e. V.")
    matches = [
        TeamMatch(
            table=1,
            team1=teams.teams[0].pk,
            team2=teams.teams[1].pk,
            boards=tuple(
                BoardPair(board=n, black=teams.members[0][n - 1].pk, white=teams.members[1][n - 1].pk)
                for n in (1, 2, 3)
            ),
        )
    ]
    team_round_store(round=teams.round1, matches=matches, user=teams.organizer)
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.PUBLISHED)
    slug, base = teams.tournament.slug, live_server.url
    page = phone(browser)
    page.goto(f"{base}/accounts/login/")
    page.fill('input[name="username"]', "team-orga")
    page.fill('input[name="password"]', "pw-team-orga-1")
    page.locator('main button[type="submit"]').click()
    page.wait_for_load_state()
    problems = []
    for url in (
        reverse("manage_teams", args=[slug]),
        reverse("manage_teams_team", args=[slug, teams.teams[1].pk]),
        reverse("players", args=[slug]),
        reverse("round", args=[slug, 1]),
        reverse("standings", args=[slug]),
        reverse("manage_round", args=[slug, 1]),
    ):
        problems += _wide(page, base + url)
    assert not problems, "\n".join(problems)

    # a new team from the phone: its page follows
    page.goto(base + reverse("manage_teams", args=[slug]))
    page.fill('#team-create input[name="name"]', "Bremen")
    page.locator("#team-create button").click()
    page.wait_for_load_state()
    assert "Bremen" in page.locator("h1").inner_text()
    bremen = Team.objects.get(name="Bremen")
    assert page.url.endswith(reverse("manage_teams_team", args=[slug, bremen.pk]))
    assert not _wide(page, page.url)
    page.context.close()
