"""Error pages: a clear page in the site's layout and the visitor's language, never Django's bare line."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournament.models import Game


@pytest.mark.parametrize("language, words", [("en", "Too much data"), ("de", "Zu viele Daten")])
def test_a_record_over_the_size_limit_gets_a_page_that_says_so(client, day, settings, language, words):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024  # the same check as at 2 MiB, with less to send
    client.force_login(day.user("alice"))
    url = reverse("game_report", args=[day.tournament.slug, day.game.pk])
    form = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    response = client.post(
        url,
        {"version": 0, "result": "B", "method": "five", "record": "K10 " * 20_000},
        HTTP_ACCEPT_LANGUAGE=language,
        HTTP_REFERER="http://testserver" + url,
    )
    body = response.content.decode()
    assert form.status_code == 200
    assert response.status_code == 413 and words in body and "64 KB" in body
    assert f'href="http://testserver{url}"' in body  # back to the form
    assert '<nav class="site-nav">' in body or 'class="site-header"' in body  # the site's layout
    game = Game.objects.get(pk=day.game.pk)
    assert game.result == "?" and game.record == ""  # nothing half-saved


@pytest.mark.parametrize("language, words", [("en", "The form has expired"), ("de", "Das Formular ist abgelaufen")])
def test_a_stale_form_gets_a_page_that_says_what_to_do(day, language, words):
    client = Client(enforce_csrf_checks=True)
    client.force_login(day.user("alice"))
    url = reverse("game_report", args=[day.tournament.slug, day.game.pk])
    response = client.post(
        url,
        {"version": 0, "result": "B", "method": "five", "record": "K10 K9", "csrfmiddlewaretoken": "stale" * 8},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 403 and words in response.content.decode()
    assert Game.objects.get(pk=day.game.pk).result == "?"


@pytest.mark.parametrize("language, words", [("en", "Page not found"), ("de", "Seite nicht gefunden")])
def test_a_missing_page_is_in_the_site_layout(client, day, language, words):
    response = client.get("/t/no-such-tournament/", HTTP_ACCEPT_LANGUAGE=language)
    body = response.content.decode()
    assert response.status_code == 404 and words in body and 'class="site-header"' in body


@pytest.mark.parametrize("language, words", [("en", "Not allowed"), ("de", "Nicht erlaubt")])
def test_a_refused_page_says_who_it_is_for(client, day, language, words):
    client.force_login(day.user("alice"))
    response = client.get(reverse("manage", args=[day.tournament.slug]), HTTP_ACCEPT_LANGUAGE=language)
    body = response.content.decode()
    assert response.status_code == 403 and words in body and "alice" in body


def test_an_unknown_host_gets_a_plain_bad_request(client, day):
    response = client.get("/", HTTP_HOST="evil.example.com", HTTP_REFERER="http://evil.example.com/x")
    assert response.status_code == 400 and "evil.example.com/x" not in response.content.decode()
