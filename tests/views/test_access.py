"""Who may see what: every page against every role."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.fixtures.day import ROLES

ALL = set(ROLES)
ORGANIZERS = {"organizer", "admin"}
REFEREES = ORGANIZERS | {"referee"}


def _pages(day):
    slug = day.tournament.slug
    reg = day.tournament.registrations.first()
    return {
        "tournament": (reverse("tournament", args=[slug]), ALL),
        "players": (reverse("players", args=[slug]), ALL),
        "round": (reverse("round", args=[slug, 1]), ALL),
        "projector": (reverse("projector", args=[slug]), ALL),
        "my_tournament": (reverse("my_tournament", args=[slug]), {"player", "other_player"}),
        "game": (reverse("game", args=[slug, day.game.pk]), REFEREES | {"player"}),
        "game_report": (reverse("game_report", args=[slug, day.game.pk]), {"player"}),
        "referee_queue": (reverse("referee_queue", args=[slug]), REFEREES),
        "manage": (reverse("manage", args=[slug]), ORGANIZERS),
        "manage_registrations": (reverse("manage_registrations", args=[slug]), ORGANIZERS),
        "manage_registration": (reverse("manage_registration", args=[slug, reg.pk]), ORGANIZERS),
        "manage_player_add": (reverse("manage_player_add", args=[slug]), ORGANIZERS),
        "manage_results": (reverse("manage_results", args=[slug]), ORGANIZERS),
        "manage_rounds": (reverse("manage_rounds", args=[slug]), ORGANIZERS),
        "manage_round": (reverse("manage_round", args=[slug, 1]), ORGANIZERS),
    }


PAGES = [
    "tournament",
    "players",
    "round",
    "projector",
    "my_tournament",
    "game",
    "game_report",
    "referee_queue",
    "manage",
    "manage_registrations",
    "manage_registration",
    "manage_player_add",
    "manage_results",
    "manage_rounds",
    "manage_round",
]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("page", PAGES)
def test_page_access(day, as_role, page, role):
    url, allowed = _pages(day)[page]
    response = as_role(role).get(url)
    if role in allowed:
        assert response.status_code == 200, (page, role, response.status_code)
    elif role == "anonymous":
        assert response.status_code == 302 and reverse("login") in response["Location"]
    else:
        assert response.status_code == 403, (page, role, response.status_code)


@pytest.mark.parametrize("role", ROLES)
def test_register_page(day, as_role, role):
    response = as_role(role).get(reverse("register", args=[day.tournament.slug]))
    if role in ("player", "other_player"):
        assert response.status_code == 302  # registered already: to "my tournament"
    else:
        assert response.status_code == 200


@pytest.mark.parametrize("role", ROLES)
def test_write_actions_refused_without_role(day, as_role, role):
    slug = day.tournament.slug
    client = as_role(role)
    adjudicate = client.post(
        reverse("game_adjudicate", args=[slug, day.game.pk]),
        {"version": 0, "result": "B", "reason": "because"},
    )
    result = client.post(
        reverse("manage_result", args=[slug, day.game.pk]),
        {f"g{day.game.pk}-version": 0, f"g{day.game.pk}-result": "B"},
    )
    if role == "anonymous":
        assert adjudicate.status_code == 302 and result.status_code == 302
    if role in REFEREES:
        assert adjudicate.status_code == 302
    elif role != "anonymous":
        assert adjudicate.status_code == 403
    if role in ORGANIZERS:
        assert result.status_code == 302
    elif role != "anonymous":
        assert result.status_code == 403
    day.game.refresh_from_db()
    assert (day.game.result != "?") == bool(role in REFEREES)


def test_unpublished_round_hidden_from_players(day, as_role):
    day.round1.status = "paired"
    day.round1.save()
    assert as_role("player").get(reverse("game", args=[day.tournament.slug, day.game.pk])).status_code == 403
    assert as_role("player").get(reverse("round", args=[day.tournament.slug, 1])).status_code == 404


def test_a_referee_sees_an_unpublished_round_its_games_and_its_pairing_sheet(day, as_role):
    """Issue #24: the round page and its downloads answer alike; a referee prepares the hall before publication."""
    day.round1.status = "paired"
    day.round1.save()
    slug = day.tournament.slug
    sheets = [reverse(name, args=[slug, 1]) for name in ("pdf_pairings", "pdf_slips")]
    referee = as_role("referee")
    page = referee.get(reverse("round", args=[slug, 1]))
    assert page.status_code == 200
    html = page.content.decode()
    for sheet in sheets:
        assert sheet in html
        answer = referee.get(sheet)
        assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf", sheet
    game = reverse("public_game", args=[slug, 1, day.game.pk])
    assert game in html and referee.get(game).status_code == 200
    player = as_role("player")
    assert player.get(reverse("round", args=[slug, 1])).status_code == 404
    for sheet in sheets:
        assert player.get(sheet).status_code == 404
