"""A team tournament's team standings and crosstable in German, the site's own language."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.views.test_team_standings_downloads import _pdf_text

pytestmark = pytest.mark.django_db


def test_the_german_documents(client, three_rounds):
    slug = three_rounds.tournament.slug
    text = _pdf_text(client.get(reverse("pdf_crosstable", args=[slug]) + "?lang=de").content)
    assert "Mannschaftskreuztabelle" in text and "Mannschaftsname" in text
    text = _pdf_text(client.get(reverse("pdf_standings", args=[slug]) + "?lang=de").content)
    assert "Mannschaftswertung" in text
    page = client.get(reverse("standings", args=[slug]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Mannschaften (CSV)" in page
    page = client.get(reverse("crosstable", args=[slug])).content.decode()
    assert "gegen die Mannschaft in Zeile 3" in page and "Mannschaftsname" in page


def test_the_team_criteria_in_german(client, teams):
    client.force_login(teams.organizer)
    page = client.get(reverse("manage_settings", args=[teams.tournament.slug])).content.decode()
    assert "Mannschaftskriterien" in page and "TP: Mannschaftspunkte" in page
    assert "B3U: Brettpunkte, erste 3 Bretter" in page
