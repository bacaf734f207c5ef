"""The standings of pairs (issue #31, item 9): ranked as pairgoth ranks its pairs, by the tournament's own
standings criteria (McMahon score, SOS ... of each pair as one player), not by the team criteria of boards
(B3U, B2U, B1U mean nothing with one board); the crosstable writes each round as a player's ("2+")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.fixtures.pair_go import build_pair_day
from tournament.models import Game, Round, Tournament
from tournament.selectors.team_standings import team_standings_api, team_table
from tournament.services.results import result_set
from tournament.services.team_rounds import team_round_pair

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


@pytest.fixture
def played(db):
    """Pair 1 (mean 2k) and Pair 2 (mean 6k); Pair 2 wins round 1 with three stones."""
    day = build_pair_day()
    team_round_pair(round=day.round, user=day.organizer)
    Round.objects.filter(pk=day.round.pk).update(status=Round.Status.PUBLISHED)
    game = Game.objects.get(round=day.round)
    result_set(game=game, user=day.organizer, version=game.version, result="B", reason="desk")
    return day


def test_pairs_are_ranked_by_the_tournament_s_criteria_as_players(played):
    table = team_table(played.tournament)
    assert table.criteria == ("MMS", "SOSM", "SOSOSM") and [c for c, _w in table.columns] == ["MMS", "SOSM", "SOSOSM"]
    rows = {row.name: row for row in table.rows}
    # McMahon scores from the pairs' mean ranks (2k: 28, 6k: 24), Pair 2's win: 28 against 25
    assert rows["Pair 1"].values[0] == "28" and rows["Pair 2"].values[0] == "25"
    assert [row.name for row in table.rows] == ["Pair 1", "Pair 2"]
    assert rows["Pair 1"].values[1] == "25" and rows["Pair 2"].values[1] == "28"  # SOSM: the other's MMS
    assert [c.code for c in rows["Pair 1"].cells] == ["2-"] and [c.code for c in rows["Pair 2"].cells] == ["1+"]
    data = team_standings_api(played.tournament)
    assert data["criteria"] == ["MMS", "SOSM", "SOSOSM"] and data["rows"][0]["values"]["MMS"] == 28


def test_the_criteria_are_the_tournament_s_own(played):
    Tournament.objects.filter(pk=played.tournament.pk).update(standings_criteria=["nbw", "sos"])
    played.tournament.refresh_from_db()
    table = team_table(played.tournament)
    assert table.criteria == ("NBW", "SOSW") and [row.name for row in table.rows] == ["Pair 2", "Pair 1"]
    assert [row.values for row in table.rows] == [("1", "0"), ("0", "1")]


def test_the_settings_offer_no_team_criteria_to_a_pair_event(client, played):
    client.force_login(played.organizer)
    page = client.get(reverse("manage_settings", args=[played.tournament.slug])).content.decode()
    assert "standings_criteria_0" in page and "team_criteria_0" not in page
