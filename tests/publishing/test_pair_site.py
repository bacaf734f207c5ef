"""The published copy of a Pair Go tournament: its standings, crosstable and CSV rank the pairs, without a
players' table or a discipline's page; its round page names both players of each side; every link holds."""

from __future__ import annotations

import pytest

from tests.publishing.helpers import links, pages, target, text
from tests.views.test_pair_go_documents import BLACK_SIDE, WHITE_SIDE, played  # noqa: F401
from tournament.publishing.run import publish

pytestmark = pytest.mark.django_db


def test_the_published_pair_go_tournament_ranks_its_pairs(played, tmp_path):  # noqa: F811
    t = played.tournament
    report = publish(tmp_path, [t])
    assert report.problems == []
    for language in ("de", "en"):
        base = tmp_path / language / "t" / t.slug
        standings = (base / "standings" / "index.html").read_text()
        assert 'id="team-standings-table"' in standings and "Berg Bob" not in standings
        assert not (base / "standings" / "d").exists()
        crosstable = (base / "crosstable" / "index.html").read_text()
        assert 'id="team-crosstable-table"' in crosstable and "Dorn Dan" not in crosstable
        csv_text = (base / "standings.csv").read_text()
        assert csv_text.startswith("place,number,name") and "Pair 2" in csv_text and "Dorn" not in csv_text
        round_page = text((base / "round" / "1" / "index.html").read_text())
        assert BLACK_SIDE in round_page and WHITE_SIDE in round_page
    for page in pages(tmp_path):
        for _attribute, value in links(page):
            if not value.startswith("#"):
                assert target(page, value).is_file(), (page, value)
