"""The teams' pages and refusals in German, the site's own language."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournament.services.teams import line_up_set, team_create

pytestmark = pytest.mark.django_db


def test_the_organizer_reads_the_teams_pages_in_german(client, teams):
    client.force_login(teams.organizer)
    text = client.get(reverse("manage_teams", args=[teams.tournament.slug])).content.decode()
    assert "Mannschaften" in text and "Mannschaft hinzufügen" in text and "Spieler ohne Mannschaft" in text
    text = client.get(reverse("manage_teams_team", args=[teams.tournament.slug, teams.teams[0].pk])).content.decode()
    assert "Aufstellung für Runde 1" in text and "Brett 1" in text and "Mannschaft löschen" in text
    text = client.get(reverse("manage_settings", args=[teams.tournament.slug])).content.decode()
    assert "Art des Turniers" in text and "Mannschaften an 3 Brettern" in text


def test_refusals_in_german(teams):
    with pytest.raises(ValidationError, match="gibt es schon"):
        team_create(tournament=teams.tournament, name="hannover", user=teams.organizer)
    with pytest.raises(ValidationError, match="spielt an 3 Brettern: nenne für jedes einen Spieler"):
        line_up_set(team=teams.teams[0], round=teams.round1, players=teams.members[0][:2], user=teams.organizer)


def test_visitors_read_the_teams_in_german(client, teams):
    text = client.get(reverse("players", args=[teams.tournament.slug])).content.decode()
    assert "Mannschaften" in text and "Alle Spieler" in text
