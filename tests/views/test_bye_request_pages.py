"""The pages of a bye asked for: the round page's one-click answers, the dashboard's list, the player's page
(its reads do not grow with the rounds)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tournament.models import ByeRequest, Registration, Round

pytestmark = pytest.mark.usefixtures("english_visitor")


def _asked(day, number: int = 2) -> ByeRequest:
    round_ = Round.objects.create(tournament=day.tournament, discipline=day.go, number=number)
    carol = Registration.objects.get(tournament=day.tournament, user=day.user("carol"))
    return ByeRequest.objects.create(round=round_, registration=carol, requested_at=timezone.now())


def test_the_round_page_grants_and_refuses_with_one_click(organizer_client, day):
    asked = _asked(day)
    slug = day.tournament.slug
    page = organizer_client.get(reverse("manage_round", args=[slug, 2])).content.decode()
    assert f'id="bye-request-{asked.pk}"' in page and "Grant</button>" in page and "Refuse</button>" in page
    url = reverse("manage_round_bye_request", args=[slug, 2])
    response = organizer_client.post(url, {"request": asked.pk, "decision": "grant"}, follow=True)
    assert "Granted: Carol Conrad is not paired in round 2." in response.content.decode()
    assert Registration.objects.get(pk=asked.registration_id).absent_rounds == [2]
    response = organizer_client.post(url, {"request": asked.pk, "decision": "refuse"}, follow=True)
    assert "Refused: Carol Conrad is paired in round 2." in response.content.decode()
    assert Registration.objects.get(pk=asked.registration_id).absent_rounds == []
    # a request of another round, or none, is refused in words
    Round.objects.create(tournament=day.tournament, discipline=day.go, number=3)
    other = reverse("manage_round_bye_request", args=[slug, 3])
    for data in ({"request": asked.pk, "decision": "grant"}, {"request": "x"}):
        response = organizer_client.post(other, data, follow=True)
        assert response.status_code == 200
        assert "This request for a bye does not exist (any more)." in response.content.decode()


def test_the_dashboard_lists_the_requests_waiting(organizer_client, day):
    asked = _asked(day)
    page = organizer_client.get(reverse("manage", args=[day.tournament.slug])).content.decode()
    assert 'id="bye-requests"' in page and "Conrad Carol" in page and f"#bye-request-{asked.pk}" in page
    asked.status = ByeRequest.Status.REFUSED
    asked.save()
    page = organizer_client.get(reverse("manage", args=[day.tournament.slug])).content.decode()
    assert 'id="bye-requests"' not in page


def test_the_players_page_reads_as_much_with_twelve_rounds_as_with_two(client, day):
    client.force_login(day.user("carol"))
    url = reverse("my_tournament", args=[day.tournament.slug])
    _asked(day)
    client.get(url)
    with CaptureQueriesContext(connection) as few:
        client.get(url)
    for number in range(3, 13):
        Round.objects.create(tournament=day.tournament, discipline=day.go, number=number)
    client.get(url)
    with CaptureQueriesContext(connection) as many:
        page = client.get(url).content.decode()
    assert page.count("Ask for a bye</button>") == 10
    assert len(many.captured_queries) == len(few.captured_queries)
