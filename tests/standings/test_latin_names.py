"""Romanised names: the EGD file uses them when a player gave them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.files.h9 import write_h9
from tournament.models import Registration
from tournament.selectors import standings as sel

from .dbdata import build

pytestmark = pytest.mark.django_db


def h9_rows(tournament) -> list[str]:
    text = write_h9(sel.go_standings(tournament, public=False), sel.h9_header(tournament))
    text.encode("ascii")
    return [line for line in text.splitlines() if not line.startswith(";")]


def test_japanese_name_without_romanisation_is_a_placeholder_and_with_it_the_latin_name():
    t = build()
    yamada = Registration.objects.get(surname="山田")
    assert any(f"Player{yamada.pk}" in row for row in h9_rows(t["tournament"]))

    Registration.objects.filter(pk=yamada.pk).update(surname_latin="Yamada", given_name_latin="Taro")
    rows = h9_rows(t["tournament"])
    assert not any(f"Player{yamada.pk}" in row for row in rows)
    line = next(row for row in rows if "Yamada" in row)
    assert line.split()[1:3] == ["Yamada", "Taro"]
    # everybody else: umlauts transliterated as before
    assert any(row.split()[1:3] == ["Mueller", "Juergen"] for row in rows)


def test_latin_name_wins_over_transliteration_and_may_be_set_for_one_part_only():
    t = build()
    Registration.objects.filter(surname="Müller").update(surname_latin="Muller")
    rows = h9_rows(t["tournament"])
    assert any(row.split()[1:3] == ["Muller", "Juergen"] for row in rows)


def test_organizer_enters_the_latin_name_in_the_player_form(client):
    t = build()
    client.force_login(t["organizer"])
    response = client.post(
        reverse("manage_player_add", args=["hannover"]),
        {
            "given_name": "花子",
            "surname": "佐藤",
            "given_name_latin": "Hanako",
            "surname_latin": "Sato",
            "club": "",
            "country": "JP",
            "rank": "2k",
            "egd_pin": "",
            "email": "",
        },
    )
    assert response.status_code == 302
    sato = Registration.objects.get(surname="佐藤")
    assert (sato.surname_latin, sato.given_name_latin) == ("Sato", "Hanako")
    page = client.get(reverse("manage_player_add", args=["hannover"]))
    assert 'name="surname_latin"' in page.content.decode()


def test_admin_player_form_has_the_latin_names(admin_client):
    html = admin_client.get(reverse("admin:tournament_registration_add")).content.decode()
    assert 'name="surname_latin"' in html and 'name="given_name_latin"' in html
