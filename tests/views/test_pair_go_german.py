"""A Pair Go tournament's standings and pairing sheet in German, the site's own language."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.views.test_pair_go_documents import BLACK_SIDE, _pdf_text, _text, played  # noqa: F401

pytestmark = pytest.mark.django_db


def test_the_german_standings_rank_the_sides(client, played):  # noqa: F811
    slug = played.tournament.slug
    page = _text(client.get(reverse("standings", args=[slug]), HTTP_ACCEPT_LANGUAGE="de"))
    assert "Paare" in page and "Gewertet werden die Paare, nicht die einzelnen Spieler." in page
    page = _text(client.get(reverse("crosstable", args=[slug]), HTTP_ACCEPT_LANGUAGE="de"))
    assert "Paare" in page and "Spieler eines Paares teilen sich dessen Partien" in page
    assert "2+: gegen das Paar in Zeile 2, gewonnen" in page
    sheet = _pdf_text(client.get(reverse("pdf_pairings", args=[slug, 1]) + "?lang=de").content)
    assert BLACK_SIDE in sheet and "Schwarz" in sheet


def test_the_german_player_s_page_names_the_partner_and_the_organizer_s_form_the_gender(client, db):
    import html
    import re

    from tests.fixtures.pair_go import build_pair_day
    from tournament.models import Round
    from tournament.services.team_rounds import team_round_pair

    day = build_pair_day()
    team_round_pair(round=day.round, user=day.organizer)
    Round.objects.filter(pk=day.round.pk).update(status=Round.Status.PUBLISHED)
    client.force_login(day.users["bob"])
    page = html.unescape(
        client.get(reverse("my_tournament", args=[day.tournament.slug]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    )
    assert "Du spielst Weiß mit Alice Albers gegen Carla Cohen & Dan Dorn" in " ".join(
        re.sub(r"<[^>]+>", " ", page).split()
    )
    client.force_login(day.organizer)
    form = client.get(
        reverse("manage_registration", args=[day.tournament.slug, day.people["alice"].pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Geschlecht" in form and "Frau" in form and "nur die Turnierleitung sieht es" in form
