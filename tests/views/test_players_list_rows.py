"""The organizer's players list draws its rows in Python (``templatetags/registration_tags``, issue #32,
item 5: a template per row took more than a second for a congress): every column, link, button, label
and translation of the row as the template drew it, for a player whose every part is unusual.

    row of <b>O'Neil & "Co"</b> Zoë, withdrawn, not confirmed, self-registered, no account, invited:
    +-----------+--------------------------------------+------+-----------+-------------------+
    | [ ] Choose| <b>O'Neil & "Co"</b> Zoë  (a link)    | 2d   | withdrawn | [Confirm]         |
    | (unticked)| Go & <Club> · NL · EGD 12345678 ·     |      | self      | (no Withdraw: is) |
    |           |   FFG 1234567 · AGA 4711 · misses 2, 5 |      |           |                   |
    |           | no account yet · invited ·           |      |           |                   |
    |           |   perhaps entered twice              |      |           |                   |
    +-----------+--------------------------------------+------+-----------+-------------------+
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test.html import parse_html
from django.urls import reverse

from tests.factories import make_player
from tournament.models import Registration

pytestmark = pytest.mark.django_db

NAME = '<b>O\'Neil & "Co"</b>'
ESCAPED = "&lt;b&gt;O&#x27;Neil &amp; &quot;Co&quot;&lt;/b&gt; Zoë"


def _tricky(day) -> Registration:
    """The row's player, with a twin (same name and club) so that the list flags both as perhaps one person."""
    player = make_player(
        day.tournament,
        surname=NAME,
        given_name="Zoë",
        rank="2d",
        status=Registration.Status.WITHDRAWN,
        club="Go & <Club>",
        country="NL",
        egd_pin="12345678",
        ffg_licence="1234567",
        aga_id="4711",
        absent_rounds=[2, 5],
        source=Registration.Source.SELF,
    )
    Registration.objects.filter(pk=player.pk).update(invited_at=dt.datetime(2026, 11, 1, tzinfo=dt.UTC))
    make_player(day.tournament, surname=NAME, given_name="Zoë", rank="2d", club="Go & <Club>", country="NL")
    return player


def _status_form(slug: str, pk: int, status: str, label: str, button: str, back: str) -> str:
    url = f"/t/{slug}/manage/players/{pk}/status/"
    return (
        f'<form method="post" action="{url}" class="inline" hx-post="{url}" hx-target="#reg-{pk}" hx-swap="outerHTML">'
        f'<input type="hidden" name="csrfmiddlewaretoken" value="TOKEN">'
        f'<input type="hidden" name="status" value="{status}"><input type="hidden" name="next" value="{back}">'
        f'<button type="submit" class="{button} small">{label}</button></form>'
    )


def _row_of(page: str, pk: int) -> str:
    """The row ``reg-<pk>`` of a page, its CSRF token written as ``TOKEN``."""
    row = f'<tr id="reg-{pk}"' + page.split(f'<tr id="reg-{pk}"', 1)[1].split("</tr>", 1)[0] + "</tr>"
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', 'name="csrfmiddlewaretoken" value="TOKEN"', row)


WORDS = {
    "en": {
        "choose": f"Choose {ESCAPED}",
        "misses": "misses",
        "no_account": "no account yet",
        "invited": "invited",
        "twice": "perhaps entered twice",
        "withdrawn": "withdrawn",
        "self": "self",
        "confirm": "Confirm",
    },
    "de": {
        "choose": f"{ESCAPED} wählen",
        "misses": "fehlt in",
        "no_account": "noch kein Konto",
        "invited": "eingeladen",
        "twice": "vielleicht doppelt erfasst",
        "withdrawn": "zurückgezogen",
        "self": "selbst",
        "confirm": "Bestätigen",
    },
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_tricky_players_row_has_every_part_escaped_and_translated(client, day, language):
    player = _tricky(day)
    slug, pk, w = day.tournament.slug, player.pk, WORDS[language]
    client.cookies["django_language"] = language
    client.force_login(day.user("organizer"))
    address = reverse("manage_registrations", args=[slug]) + "?status=withdrawn&x=<y>"
    page = client.get(address)
    assert page.status_code == 200
    back = "/t/hannover/manage/players/?status=withdrawn&amp;x=%3Cy%3E"
    expected = (
        f'<tr id="reg-{pk}">'
        f'<td><input type="checkbox" name="chosen" value="{pk}" form="confirm-chosen" aria-label="{w["choose"]}"></td>'
        f'<td><a href="/t/{slug}/manage/players/{pk}/">{ESCAPED}</a>'
        f'<div class="muted small">Go &amp; &lt;Club&gt; · NL · EGD 12345678 · FFG 1234567 · AGA 4711'
        f" · {w['misses']} 2, 5</div>"
        f'<div class="muted small">{w["no_account"]} · {w["invited"]} · <strong class="warn-text">{w["twice"]}'
        "</strong></div></td>"
        "<td>2d</td>"
        f'<td><span class="badge status-withdrawn">{w["withdrawn"]}</span>'
        f' <span class="muted small">{w["self"]}</span></td>'
        f'<td class="row-actions">{_status_form(slug, pk, "confirmed", w["confirm"], "ok", back)}</td>'
        "</tr>"
    )
    assert parse_html(_row_of(page.content.decode(), pk)) == parse_html(expected)


def test_a_confirmed_player_with_an_account_has_no_box_and_only_withdraw(client, day):
    alice = day.game.black
    client.cookies["django_language"] = "en"
    client.force_login(day.user("organizer"))
    page = client.get(reverse("manage_registrations", args=["hannover"])).content.decode()
    back = "/t/hannover/manage/players/"
    expected = (
        f'<tr id="reg-{alice.pk}"><td></td>'
        f'<td><a href="/t/hannover/manage/players/{alice.pk}/">Albers Alice</a>'
        '<div class="muted small">DE</div><div class="muted small">account: alice</div></td>'
        '<td>3k</td><td><span class="badge status-confirmed">confirmed</span></td>'
        f'<td class="row-actions">{_status_form("hannover", alice.pk, "withdrawn", "Withdraw", "secondary", back)}'
        "</td></tr>"
    )
    assert parse_html(_row_of(page, alice.pk)) == parse_html(expected)


def test_a_buttons_answer_is_the_row_as_the_list_draws_it(client, day):
    """The htmx answer of "Confirm" is the row the list then shows (one function draws both), and the
    dashboard's registrations to confirm are the same rows."""
    player = make_player(day.tournament, surname=NAME, given_name="Zoë", club="Go & <Club>", status="preliminary")
    client.cookies["django_language"] = "en"
    client.force_login(day.user("organizer"))
    dashboard = client.get(reverse("manage", args=["hannover"])).content.decode()
    assert ESCAPED in _row_of(dashboard, player.pk)
    assert 'value="confirmed"' in _row_of(dashboard, player.pk)
    url = reverse("manage_registration_status", args=["hannover", player.pk])
    answer = client.post(url, {"status": "confirmed"}, headers={"HX-Request": "true"}).content.decode()
    listed = client.get(reverse("manage_registrations", args=["hannover"])).content.decode()
    # the button sends back the address it was drawn on (the list's, or the button's own for its answer)
    assert _next_blank(_row_of(answer, player.pk)) == _next_blank(_row_of(listed, player.pk))
    assert 'value="confirmed"' not in _row_of(answer, player.pk)


def _next_blank(row: str) -> str:
    return re.sub(r'name="next" value="[^"]*"', 'name="next" value=""', row)
