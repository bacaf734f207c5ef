"""The main pages answer, for anonymous visitors and logged-in users."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(db):
    call_command("demo", stdout=open("/dev/null", "w"))
    from tournament.models import Tournament

    return Tournament.objects.get(slug="demo")


def test_home_lists_the_demo(client, demo):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert demo.name in response.content.decode()


def test_tournament_page_shows_rounds_and_disciplines(client, demo):
    page = client.get(demo.get_absolute_url()).content.decode()
    for name in ("Ninuki-Renju", "Keima-Go", "1000-Volt-Go", "Rund-Go"):
        assert name in page


def test_published_round_shows_its_pairings(client, demo):
    round1 = demo.rounds.get(number=1)
    page = client.get(round1.get_absolute_url()).content.decode()
    first = round1.games.order_by("table").first()
    assert first.black.surname in page


def test_planned_round_is_hidden_from_the_public_but_not_from_the_organizer(client, demo):
    url = demo.rounds.get(number=6).get_absolute_url()
    assert client.get(url).status_code == 404
    client.login(username="orga", password="vielseitig")
    assert client.get(url).status_code == 200


def test_players_page_lists_players(client, demo):
    page = client.get(reverse("players", args=[demo.slug])).content.decode()
    assert "Krüger" in page and "1d" in page


def test_pages_speak_german_and_english(client, demo):
    client.cookies["django_language"] = "en"
    assert "Rounds" in client.get(demo.get_absolute_url()).content.decode()
    client.cookies["django_language"] = "de"
    assert "Runden" in client.get(demo.get_absolute_url()).content.decode()


def test_admin_lists_every_model(client, demo):
    client.login(username="admin", password="vielseitig")
    for model in ("tournament", "discipline", "player", "registration", "round", "game", "bye",
                  "tournamentrole", "pairconstraint", "auditentry"):
        response = client.get(reverse(f"admin:tournament_{model}_changelist"))
        assert response.status_code == 200, model
