"""A Pair Go tournament's standings and pairing sheet in German, the site's own language."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.views.test_pair_go_documents import BLACK_SIDE, _pdf_text, _text, played  # noqa: F401

pytestmark = pytest.mark.django_db


def test_the_german_standings_rank_the_sides(client, played):  # noqa: F811
    slug = played.tournament.slug
    page = _text(client.get(reverse("standings", args=[slug]), HTTP_ACCEPT_LANGUAGE="de"))
    assert "Seiten" in page and "Gewertet werden die Seiten, nicht die einzelnen Spieler." in page
    page = _text(client.get(reverse("crosstable", args=[slug]), HTTP_ACCEPT_LANGUAGE="de"))
    assert "Seiten" in page and "Spieler einer Seite teilen sich deren Partien" in page
    sheet = _pdf_text(client.get(reverse("pdf_pairings", args=[slug, 1]) + "?lang=de").content)
    assert BLACK_SIDE in sheet and "Schwarz" in sheet
