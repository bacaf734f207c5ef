"""The team standings and crosstable of the site (:mod:`tournament.selectors.team_standings`): the rounds
that count are those of the individual standings (published ones for everybody, paired ones too for the
organizer), a team bye counts its bye value, and the criteria are the tournament's."""

from __future__ import annotations

import pytest

from tournament.selectors.standings import standings_for
from tournament.selectors.team_standings import team_criteria_of, team_standings_api, team_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


def _by_name(table):
    return {row.name: row for row in table.rows}


def test_the_public_table_leaves_out_an_unpublished_round_in_between(three_rounds):
    table = team_table(three_rounds.tournament)
    assert table.rounds == (1, 2, 3) and table.criteria == ("TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR")
    rows = _by_name(table)
    # round 2 does not count for the public: Berlin's 3-0 and Köln's bye are not there
    assert rows["Hannover"].raw[:2] == (4, 10) and rows["Berlin"].raw[:2] == (0, 2)
    assert rows["Köln"].raw[:2] == (2, 6)
    assert rows["Hamburg"].raw[:2] == (2, 6)  # round 3's bye: 2 team points, every board a win
    assert [c.code for c in rows["Berlin"].cells] == [f"{rows['Hannover'].number}- 1:2", "–", "–"]
    assert rows["Hamburg"].cells[2].code == "0+ 3:0" and rows["Hamburg"].cells[2].bye
    assert [r.name for r in table.rows][0] == "Hannover"


def test_the_organizer_counts_the_paired_round_as_the_individual_standings_do(three_rounds):
    t = three_rounds.tournament
    rows = _by_name(team_table(t, public=False))
    assert rows["Berlin"].raw[:2] == (2, 8) and rows["Köln"].raw[:2] == (4, 12)
    # the same rounds as the individual standings: round 2's games count there too, for the organizer only
    assert standings_for(t, public=False).rounds == standings_for(t, public=True).rounds == (1, 2, 3)
    played = {r.entrant.id: r for r in standings_for(t, public=True).rows}
    berlin_board1 = three_rounds.members[1][0].pk
    assert [c.code for c in played[berlin_board1].cells][1].startswith("0")  # no game in round 2 publicly


def test_nothing_before_a_round_counts_and_an_individual_tournament_has_no_team_table(teams, day):
    assert team_table(teams.tournament) is None
    assert team_standings_api(teams.tournament) == {
        "boards": 3,
        "after_round": 0,
        "frozen_at": None,
        "criteria": [],
        "rows": [],
    }
    assert team_table(day.tournament) is None


def test_the_api_gives_numbers_and_each_round_s_match(three_rounds, client):
    from django.urls import reverse

    data = client.get(reverse("api:team_standings", args=[three_rounds.tournament.slug])).json()
    assert data["after_round"] == 3 and data["criteria"][:2] == ["TEAMP", "BDW"]
    first = data["rows"][0]
    assert first["team"] == {"number": 1, "name": "Hannover"} and first["place"] == 1
    assert first["values"]["TEAMP"] == 4 and first["values"]["BDW"] == 5
    assert first["rounds"][0] == {
        "round": 1,
        "opponent": 2,
        "bye": False,
        "board_points": 2,
        "opponent_board_points": 1,
        "team_points": 2,
    }
    assert first["rounds"][1]["opponent"] is None and first["rounds"][1]["team_points"] is None
    hamburg = next(r for r in data["rows"] if r["team"]["name"] == "Hamburg")
    assert hamburg["rounds"][2] == {
        "round": 3,
        "opponent": None,
        "bye": True,
        "board_points": 3,
        "opponent_board_points": None,
        "team_points": 2,
    }
    assert client.get(reverse("api:team_standings", args=["nowhere"])).status_code == 404


def test_criteria_unset_or_unusable_fall_back_to_opengotha_s_default(teams):
    t = teams.tournament
    t.team_criteria = ["BDW", "NOPE"]
    assert team_criteria_of(t)[0] == "TEAMP"
    t.team_criteria = ["BDW", "TEAMP", "NULL"]
    assert team_criteria_of(t) == ("BDW", "TEAMP")
