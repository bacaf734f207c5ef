"""The players list confirms the chosen registrations with one button (issue #31, item 18)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournament.models import Registration

pytestmark = pytest.mark.django_db


def _preliminary(day):
    Registration.objects.filter(tournament=day.tournament, given_name__in=["Alice", "Bob", "Carol"]).update(
        status=Registration.Status.PRELIMINARY
    )
    return {r.given_name: r for r in day.tournament.registrations.all()}


@pytest.mark.parametrize(
    ("language", "button", "done", "empty"),
    [
        ("en", "Confirm the chosen", "2 registrations confirmed.", "Choose the players to confirm."),
        ("de", "Gewählte bestätigen", "2 Anmeldungen bestätigt.", "Wähle die Spieler, die bestätigt werden sollen."),
    ],
)
def test_the_chosen_players_are_confirmed_with_one_button(client, day, language, button, done, empty):
    regs = _preliminary(day)
    client.cookies["django_language"] = language
    client.force_login(day.user("organizer"))
    page = client.get(reverse("manage_registrations", args=[day.tournament.slug])).content.decode()
    assert button in page
    boxes = re.findall(r'<input type="checkbox" name="chosen" value="(\d+)" form="confirm-chosen"', page)
    assert sorted(int(b) for b in boxes) == sorted(regs[n].pk for n in ("Alice", "Bob", "Carol"))  # not Dave

    url = reverse("manage_registrations_confirm", args=[day.tournament.slug])
    answer = client.post(url, {}, follow=True)
    assert empty in answer.content.decode()
    answer = client.post(url, {"chosen": [regs["Alice"].pk, regs["Bob"].pk]}, follow=True)
    assert done in answer.content.decode()
    statuses = dict(day.tournament.registrations.values_list("given_name", "status"))
    assert statuses == {"Alice": "confirmed", "Bob": "confirmed", "Carol": "preliminary", "Dave": "confirmed"}
    assert client.post(url, {"chosen": ["x"]}, follow=True).status_code == 200  # refused in words, no 500
