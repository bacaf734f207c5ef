"""The settings page tells what an empty McMahon bar, floor or handicap threshold means: the value the
pairing then uses (the engine's default, or that of the tournament's stored OpenGotha parameters)."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from tests.factories import make_tournament
from tournament.models import TournamentRole
from tournament.ranks import format_rank
from tournament.selectors.pairing_data import parameters_for

pytestmark = pytest.mark.django_db


def _help(client, tournament, field: str, language: str) -> str:
    user = get_user_model().objects.create_user(username=f"org-{tournament.slug}", password="pw-organizer-123")
    TournamentRole.objects.create(tournament=tournament, user=user, role="organizer")
    client.force_login(user)
    client.cookies["django_language"] = language
    with translation.override(language):
        text = client.get(reverse("manage_settings", args=[tournament.slug])).content.decode()
    found = re.search(rf'id="field-{field}".*?<small class="muted">(.*?)</small>', text, re.S)
    assert found, text
    return html.unescape(found.group(1)).strip()


def _used(tournament) -> dict[str, str]:
    params = parameters_for(tournament)
    return {
        "mcmahon_bar": format_rank(params.general.mm_bar),
        "mcmahon_floor": format_rank(params.general.mm_floor),
        "handicap_threshold": format_rank(params.handicap.no_handicap_threshold),
    }


@pytest.mark.parametrize(("language", "word"), [("en", "Empty: {}"), ("de", "Leer: {}")], ids=["English", "German"])
@pytest.mark.parametrize("field", ["mcmahon_bar", "mcmahon_floor", "handicap_threshold"])
def test_an_empty_field_s_help_names_the_rank_the_pairing_uses(client, field, language, word):
    plain = make_tournament()
    assert _used(plain) == {"mcmahon_bar": "1d", "mcmahon_floor": "20k", "handicap_threshold": "1d"}
    assert word.format(_used(plain)[field]) in _help(client, plain, field, language)
    # an imported tournament keeps OpenGotha's parameters: the help follows them, as the pairing does
    imported = make_tournament(
        pairing_parameters={"general": {"mm_bar": 2, "mm_floor": -15}, "handicap": {"no_handicap_threshold": -3}}
    )
    used = _used(imported)
    assert used == {"mcmahon_bar": "3d", "mcmahon_floor": "15k", "handicap_threshold": "3k"}
    shown = _help(client, imported, field, language)
    assert word.format(used[field]) in shown and "none" not in shown and "no limit" not in shown
