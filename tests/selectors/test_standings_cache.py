"""The standings table is rendered once per version and shared; a new result shows at once."""

from __future__ import annotations

from django.urls import reverse

from tournament.selectors.page_version import page_version
from tournament.services.results import result_set


def test_a_result_changes_the_cached_standings_at_once(client, day):
    url = reverse("standings", args=[day.tournament.slug])
    before = client.get(url)
    assert before.status_code == 200
    assert not before.has_header("ETag")  # a whole page shows the visitor's own navigation: never 304
    version = page_version(day.tournament)
    first = client.get(url, HTTP_HX_REQUEST="true")
    etag = first["ETag"]
    poll = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert poll.status_code == 304 and poll.content == b""
    result_set(game=day.game, user=day.user("organizer"), version=0, result="B", reason="desk")
    assert page_version(day.tournament) != version
    after = client.get(url)
    assert after.content != before.content
    table = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert table.status_code == 200 and table["ETag"] != etag
    # the page and the poll show the same table, for every user
    assert table.content.decode().strip() in after.content.decode()
    client.force_login(day.user("alice"))
    assert table.content.decode().strip() in client.get(url).content.decode()


def test_languages_do_not_share_a_cached_table(client, day):
    url = reverse("standings", args=[day.tournament.slug])
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Platz" in german and "Place" in english
