"""Publishing on the web: who may turn it on, what the publisher does when, what a failure looks like."""

from __future__ import annotations

import datetime as dt
import sys

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import timezone

from tournament.models import AuditEntry, Publication
from tournament.models.game import ResultState
from tournament.services.publication import (
    publication_request,
    publication_start,
    publication_stop,
    publish_due,
    publisher_beat,
)
from tournament.services.results import result_set

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


@pytest.fixture
def folder(tmp_path, settings):
    settings.PUBLISH_DIR = tmp_path / "site"
    settings.PUBLISH_COMMAND = ""
    settings.PUBLISH_EVERY_SECONDS = 60
    return settings.PUBLISH_DIR


@pytest.mark.parametrize("who", ["referee", "alice", "nobody", "other_org"])
def test_only_organizers_turn_publishing_on_off_or_ask_for_a_run(day, folder, who):
    user = day.user(who) if who in day.users else None
    for service in (publication_start, publication_request, publication_stop):
        with pytest.raises(PermissionDenied):
            service(tournament=day.tournament, user=user)
    assert not Publication.objects.exists()
    assert not AuditEntry.objects.filter(action__startswith="publication").exists()


def test_an_organizer_turns_it_on_and_the_publisher_publishes_then_only_after_a_change(day, folder):
    organizer = day.user("organizer")
    assert publish_due(folder=folder) == []  # nobody turned it on
    publication_start(tournament=day.tournament, user=organizer)
    entry = AuditEntry.objects.get(action="publication.start")
    assert entry.user == organizer and entry.tournament == day.tournament
    [done] = publish_due(folder=folder)
    assert done.report.written > 0 and done.problems == []
    assert (folder / f"en/t/{day.tournament.slug}/standings/index.html").is_file()
    publication = Publication.objects.get(tournament=day.tournament)
    assert publication.finished_at and publication.requested_at is None and publication.files > 0
    assert publish_due(folder=folder) == []  # nothing changed

    # a result: due again, but not before PUBLISH_EVERY_SECONDS after the last run (a round's results
    # coming in one after another give one run a minute)
    game = day.game
    result_set(game=game, user=organizer, version=game.version, result="B")
    assert publish_due(folder=folder) == []
    later = timezone.now() + dt.timedelta(seconds=61)
    [done] = publish_due(folder=folder, now=later)
    assert 0 < done.report.written < done.report.files
    assert publish_due(folder=folder, now=later) == []

    # asked for: at once, changed or not
    publication_request(tournament=day.tournament, user=organizer)
    [done] = publish_due(folder=folder)
    assert done.report.written == 0
    publication_stop(tournament=day.tournament, user=organizer)
    game.refresh_from_db()
    result_set(game=game, user=organizer, version=game.version, result="W")
    assert publish_due(folder=folder, now=later + dt.timedelta(hours=1)) == []  # off
    assert [e.action for e in AuditEntry.objects.filter(action__startswith="publication").order_by("pk")] == [
        "publication.start",
        "publication.request",
        "publication.stop",
    ]


def test_the_folder_is_sent_on_and_a_failing_command_is_reported_not_raised(day, folder, settings, tmp_path):
    organizer = day.user("organizer")
    copy = tmp_path / "sent"
    settings.PUBLISH_COMMAND = (
        f"{sys.executable} -c 'import shutil, sys; shutil.copytree(sys.argv[1], sys.argv[2])' {{folder}} {copy}"
    )
    publication_start(tournament=day.tournament, user=organizer)
    [done] = publish_due(folder=folder)
    assert done.sent and done.problems == []
    assert (copy / f"de/t/{day.tournament.slug}/index.html").is_file()
    assert Publication.objects.get(tournament=day.tournament).sent_at is not None

    settings.PUBLISH_COMMAND = f"{sys.executable} -c 'import sys; sys.exit(\"no route to host\")'"
    publication_request(tournament=day.tournament, user=organizer)
    [done] = publish_due(folder=folder)
    assert not done.sent and done.problems[0]["code"] == "send_failed"
    settings.PUBLISH_COMMAND = "/no/such/program --now"
    publication_request(tournament=day.tournament, user=organizer)
    [done] = publish_due(folder=folder)
    assert done.problems[0]["code"] == "send_not_started"

    # the dashboard says what went wrong, in the reader's words; the publisher's word that it runs
    client = day_client(day, "organizer")
    page = client.get(reverse("manage", args=[day.tournament.slug])).content.decode()
    assert "The sending command could not be started" in page
    assert "The publisher is not running" in page
    publisher_beat(folder, alive=True)
    page = client.get(reverse("manage", args=[day.tournament.slug])).content.decode()
    assert "The publisher is not running" not in page


def day_client(day, name):
    from django.test import Client

    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(day.user(name))
    return client


def test_the_dashboard_buttons(day, folder):
    client = day_client(day, "organizer")
    url = reverse("manage_publish", args=[day.tournament.slug])
    page = client.get(reverse("manage", args=[day.tournament.slug])).content.decode()
    assert 'value="start"' in page and str(folder) in page
    response = client.post(url, {"action": "start"}, follow=True)
    assert "Publishing is on" in response.content.decode()
    assert Publication.objects.get(tournament=day.tournament).enabled
    page = response.content.decode()
    assert 'value="now"' in page and 'value="stop"' in page and "Waiting for the first run." in page
    response = client.post(url, {"action": "explode"}, follow=True)
    assert "Unknown action." in response.content.decode()
    assert client.post(url, {"action": "stop"}).status_code == 302
    assert not Publication.objects.get(tournament=day.tournament).enabled
    assert day_client(day, "referee").post(url, {"action": "start"}).status_code == 403
    assert not Publication.objects.get(tournament=day.tournament).enabled


def test_a_run_keeps_nothing_of_a_game_not_yet_settled(day, folder):
    """The copy shows what the live public pages show: a reported, unconfirmed record stays hidden."""
    organizer = day.user("organizer")
    game = day.game
    from tests.fixtures.day import FIVE_FOR_BLACK

    game.record = FIVE_FOR_BLACK
    game.result_state = ResultState.REPORTED
    game.result = "B"
    game.save()
    publication_start(tournament=day.tournament, user=organizer)
    publish_due(folder=folder)
    page = folder / f"en/t/{day.tournament.slug}/round/1/game/{game.pk}"
    assert (page / "index.html").is_file()
    assert not list(page.glob("*.sgf"))
    assert "once the result is confirmed" in (page / "index.html").read_text()
