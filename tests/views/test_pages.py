"""The main pages answer, for anonymous visitors and logged-in users."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.http import HttpRequest  # axes counts log-ins per request: client.login needs one
from django.urls import reverse

from tests.fixtures.once import built_once

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    """The demo tournament, built once for the module (each test's own changes are rolled back after it:
    tests/fixtures/once.py)."""
    from tournament.models import Tournament

    with built_once(django_db_blocker):
        call_command("demo", stdout=io.StringIO())
        yield Tournament.objects.get(slug="demo")


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
    client.login(request=HttpRequest(), username="orga", password="vielseitig")
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
    client.login(request=HttpRequest(), username="admin", password="vielseitig")
    for model in (
        "tournament",
        "discipline",
        "registration",
        "round",
        "game",
        "bye",
        "tournamentrole",
        "pairconstraint",
        "auditentry",
    ):
        response = client.get(reverse(f"admin:tournament_{model}_changelist"))
        assert response.status_code == 200, model


def test_an_admin_edit_bumps_the_version_so_stale_site_forms_are_refused(client, demo):
    """What the Django admin may still change on a game (handicap, komi) is a change like any
    other: the version moves on, the audit log has it, and a result sent from a page opened
    before is stale. The result itself cannot be changed there."""
    from tournament.models import AuditEntry, Game, Round
    from tournament.services.results import StaleResult, result_set

    client.login(request=HttpRequest(), username="admin", password="vielseitig")
    game = Game.objects.filter(round__tournament__slug="demo", round__status="published", result="?").first()
    before = game.version
    url = reverse("admin:tournament_game_change", args=[game.pk])
    form = {"handicap": game.handicap, "komi": "3.5", "pinned": "", "result": "B", "black": game.white_id}
    response = client.post(url, form)
    assert response.status_code == 302, response.content.decode()[:2000]
    game.refresh_from_db()
    assert str(game.komi) == "3.5" and game.version == before + 1
    assert game.result == "?"  # read-only in the admin: results go through the services
    entry = AuditEntry.objects.get(action="admin.change", object_type="game", object_id=game.pk)
    assert entry.after == {"komi": "3.5"} and entry.user.username == "admin"
    organizer = Round.objects.get(pk=game.round_id).tournament.roles.filter(role="organizer").first().user
    with pytest.raises(StaleResult):
        result_set(game=game, user=organizer, version=before, result="W", reason="from an old page")
    assert Game.objects.get(pk=game.pk).result == "?"
