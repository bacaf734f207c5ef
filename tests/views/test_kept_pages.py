"""The parts of big pages that are drawn once and kept (issue #25, item 4) show every change at once.

At a congress the organizer's round page, the results grid, the player lists and the public round
page are thousands of rows: they are kept in the cache per version of what they show (the round's
version and the tournament's standings version: games, byes, registrations, settings; the
registrations' own for the organizer's list) and language. These tests change each thing a kept part
shows and look at the page again; and they check that the widgets drawn in Python are Django's, and
that the forms in a kept part carry the visitor's own CSRF token and work.
"""

from __future__ import annotations

import re

import pytest
from django import forms
from django.core import mail
from django.urls import reverse

from tournament.forms.inputs import DrawnCheckboxInput, DrawnHiddenInput, DrawnSelect, Options, OptionsSelect
from tournament.models import Game, Registration
from tournament.permissions import SYSTEM
from tournament.services.registrations import registration_update
from tournament.services.results import result_set

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


def _same(a: str, b: str) -> bool:
    """The same HTML but for blank lines and indentation."""

    def norm(s: str) -> str:
        return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", str(s))).strip()

    return norm(a) == norm(b)


CHOICES = [("?", "unknown"), ("B", "Black <wins>"), ("W", 'White "wins"')]


@pytest.mark.parametrize("value", [None, "", "B", "W", "x"])
def test_the_drawn_widgets_are_djangos(value):
    attrs = {"id": "id_g7-result", "form": "result-form-7", "required": True, "data-x": 'a"b<c'}
    ours = DrawnSelect(choices=CHOICES).render("g7-result", value, attrs)
    theirs = forms.Select(choices=CHOICES).render("g7-result", value, attrs)
    assert _same(ours, theirs), (ours, theirs)
    shared = Options(CHOICES)
    assert _same(OptionsSelect(shared).render("g7-result", value, attrs), theirs)
    for checked in (True, False, None):
        assert DrawnCheckboxInput().render("b", checked, {"id": "x"}) == forms.CheckboxInput().render(
            "b", checked, {"id": "x"}
        )
    assert DrawnHiddenInput().render("v", value, {"id": "v"}) == forms.HiddenInput().render("v", value, {"id": "v"})


def _rows(html: str, table_id: str) -> str:
    return html.split(table_id, 1)[1]


def test_the_results_grid_shows_a_result_entered_meanwhile(client, day):
    client.force_login(day.user("organizer"))
    url = reverse("manage_results", args=["hannover"]) + "?round=1"
    before = client.get(url).content.decode()
    assert f'id="result-row-{day.game.pk}"' in before and "0-1" not in before
    result_set(game=day.game, user=day.user("organizer"), version=day.game.version, result="W", reason="desk")
    after = client.get(url).content.decode()
    row = after.split(f'id="result-row-{day.game.pk}"', 1)[1].split("</tr>", 1)[0]
    assert '<option value="W" selected>' in row


def test_the_round_page_shows_a_table_move_and_a_renamed_player(client, day):
    client.force_login(day.user("organizer"))
    page = reverse("manage_round", args=["hannover", 1])
    client.get(page)  # kept
    client.post(reverse("manage_round_move", args=["hannover", 1]), {"game": day.game.pk, "table": 9})
    html = client.get(page).content.decode()
    assert f'id="game-{day.game.pk}"><td class="num" data-label="Table">9 <span class="badge by-hand"' in html
    black = day.game.black
    registration_update(registration=black, data={"surname": "Umbenannt"}, user=SYSTEM)
    assert f"Umbenannt {black.given_name}" in client.get(page).content.decode()


def test_the_kept_forms_carry_each_visitors_own_token_and_work(client, day):
    from django.test import Client

    client.force_login(day.user("organizer"))
    other = Client(enforce_csrf_checks=True)
    other.force_login(day.user("organizer"))
    page = reverse("manage_round", args=["hannover", 1])
    first = client.get(page).content.decode()
    html = other.get(page).content.decode()  # the kept table, with this visitor's token in it
    assert "csrf-token-of-this-request" not in first + html
    row = html.split(f'id="game-{day.game.pk}"', 1)[1]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', row).group(1)
    response = other.post(
        reverse("manage_round_move", args=["hannover", 1]),
        {"game": day.game.pk, "table": 5, "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302
    assert Game.objects.get(pk=day.game.pk).table == 5


def test_the_player_lists_show_a_new_rank_and_an_invitation(client, day):
    alice = day.game.black
    public = reverse("players", args=["hannover"])
    assert alice.rank_display in client.get(public).content.decode()
    registration_update(registration=alice, data={"rank": -25}, user=SYSTEM)
    row = client.get(public).content.decode().split(alice.surname, 1)[1].split("</tr>", 1)[0]
    assert "25k" in row

    client.force_login(day.user("organizer"))
    players = reverse("manage_registrations", args=["hannover"])
    late = Registration.objects.create(
        tournament=day.tournament,
        surname="Spät",
        given_name="Karl",
        rank=-10,
        email="karl@example.org",
        status="confirmed",
    )
    row = client.get(players).content.decode().split(f'id="reg-{late.pk}"', 1)[1].split("</tr>", 1)[0]
    assert "invited" not in row
    client.post(reverse("manage_invitations", args=["hannover"]))
    assert mail.outbox
    row = client.get(players).content.decode().split(f'id="reg-{late.pk}"', 1)[1].split("</tr>", 1)[0]
    assert "invited" in row  # invited_at is not in the row's updated_at: the list's version counts it


def test_the_public_round_page_shows_a_result(client, day):
    url = reverse("round", args=["hannover", 1])
    assert "0-1" not in _rows(client.get(url).content.decode(), "<tbody>")
    result_set(game=day.game, user=day.user("organizer"), version=day.game.version, result="W", reason="desk")
    assert "0-1" in _rows(client.get(url).content.decode(), "<tbody>")
