"""A team tournament's team criteria on its settings page (OpenGotha's TeamPlacementParameterSet), stored on
the tournament and used by the team standings; an individual tournament's page does not offer them."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.services.test_tournaments import _settings_post
from tournament.selectors.team_standings import team_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


def _post(t, **changes):
    data = _settings_post(t, **{f"team_criteria_{i}": c for i, c in enumerate(t.team_criteria)})
    data["event_kind"] = t.event_kind
    data.update(changes)
    return data


def test_the_settings_page_offers_opengotha_s_team_criteria_in_its_order(client, teams):
    t = teams.tournament
    client.force_login(teams.organizer)
    page = client.get(reverse("manage_settings", args=[t.slug])).content.decode()
    first = page[page.index('name="team_criteria_0"') :]
    first = first[: first.index("</select>")]
    values = re.findall(r'<option value="([^"]*)"', first)
    assert values[:4] == ["", "TEAMP", "SOST", "BDW"] and values[-1] == "MNR" and "NULL" not in values
    assert re.search(r'<option value="TEAMP" selected>TP: Team points</option>', first)


def test_the_organizer_chooses_the_team_criteria_and_the_standings_follow(client, three_rounds):
    t = three_rounds.tournament
    client.force_login(three_rounds.organizer)
    url = reverse("manage_settings", args=[t.slug])
    before = [row.name for row in team_table(t).rows]
    assert before[:2] == ["Hannover", "Hamburg"]
    changes = {f"team_criteria_{i}": "" for i in range(6)} | {"team_criteria_0": "BDW1U", "team_criteria_2": "SOST"}
    response = client.post(url, _post(t, **changes))
    assert response.status_code == 302, response.content.decode()[:2000]
    t.refresh_from_db()
    assert t.team_criteria == ["BDW1U", "SOST"]
    table = team_table(t)
    assert table.criteria == ("BDW1U", "SOST") and [short for short, _w in table.columns] == ["B1U", "SOST"]
    # board 1 wins: Hannover 2 (rounds 1, 3), Köln 1 and Hamburg 1 (its bye), Berlin 0; SOST breaks Köln-Hamburg
    assert [row.name for row in table.rows] == ["Hannover", "Köln", "Hamburg", "Berlin"]


@pytest.mark.parametrize(
    "changes",
    [
        {"team_criteria_0": "BDW", "team_criteria_1": "BDW"},
        {"team_criteria_0": "NULL"},
        {"team_criteria_0": "TEAMP\x00"},
        {f"team_criteria_{i}": "" for i in range(6)},
    ],
)
def test_odd_team_criteria_are_refused_in_words(client, teams, changes):
    t = teams.tournament
    client.force_login(teams.organizer)
    response = client.post(reverse("manage_settings", args=[t.slug]), _post(t, **changes))
    assert response.status_code in (400, 422)  # a NUL byte is refused before the form (400)
    t.refresh_from_db()
    assert t.team_criteria == ["TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR"]


def test_an_individual_tournament_s_page_has_no_team_criteria(client, day):
    assert "team_criteria" not in _individual_page(client, day)


def _individual_page(client, day) -> str:
    from tournament.models import TournamentRole

    role = TournamentRole.objects.filter(tournament=day.tournament, role="organizer").select_related("user").first()
    client.force_login(role.user)
    return client.get(reverse("manage_settings", args=[day.tournament.slug])).content.decode()


def test_the_model_refuses_what_the_form_would(teams):
    t = teams.tournament
    for bad, word in (
        (["TEAMP", "TEAMP"], "only once"),
        (["MMS"], "Unknown"),
        ("TEAMP", "list"),
        (["NULL"], "Unknown"),
    ):
        t.team_criteria = bad
        with pytest.raises(ValidationError, match=word):
            t.full_clean()
