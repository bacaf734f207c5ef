"""The published copy of a team tournament: its team standings' CSV and API answer are there, and the
standings and crosstable pages link them and hold the team tables."""

from __future__ import annotations

import json

import pytest

from tournament.publishing.run import publish

pytestmark = pytest.mark.django_db


def test_the_published_team_tournament_has_its_team_standings(three_rounds, tmp_path):
    t = three_rounds.tournament
    report = publish(tmp_path, [t])
    assert report.problems == []
    for language in ("de", "en"):
        base = tmp_path / language / "t" / t.slug
        assert (base / "team-standings.csv").read_text().startswith("place,number,name,TEAMP")
        assert 'id="team-standings-table"' in (base / "standings" / "index.html").read_text()
        assert 'id="team-crosstable-table"' in (base / "crosstable" / "index.html").read_text()
        assert "team-standings.csv" in (base / "standings" / "index.html").read_text()
    answer = json.loads(
        (tmp_path / "api" / "v1" / "tournaments" / t.slug / "team-standings" / "index.json").read_text()
    )
    assert answer["rows"][0]["team"]["name"] == "Hannover"
