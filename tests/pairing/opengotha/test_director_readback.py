"""A director's Swiss played on the site (:mod:`.director_day`: check-in absences, a granted bye request, a table
set by hand and an excluded one, late players, a withdrawal, a corrected result, a knockout of eight), exported
and read back by OpenGotha 3.51.02's jar (``oracle/record_readback.py director-day``; recorded answers only, no
Java): the jar holds the site's players with their absences round by round, its games at their tables with
their results, its byes, and ranks the players after every round as the site does by the tournament's
criteria. The export imported into the site again is the same tournament.

OpenGotha's file keeps a table number per game and nothing of the table plan (excluded and reserved tables):
the games' tables are what it holds of the plan.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from tournament.models import Bye, Game, Registration
from tournament.pairing.model import player_key
from tournament.permissions import SYSTEM
from tournament.ranks import rating_from_rank
from tournament.selectors.standings import standings_for
from tournament.services.opengotha import export_opengotha, import_notes, import_opengotha
from tournament.standings.criteria import get

from .director_day import EXPORTED, READBACK, director_day, hand_set

pytestmark = pytest.mark.django_db

#: The jar's result strings (``Game.resultAsString(true)``: White's first, ``!`` by default).
JAR_RESULT = {("W", False): "1-0", ("B", False): "0-1", ("W", True): "1-0!", ("B", True): "0-1!"}


def jar() -> dict:
    return json.loads(READBACK.read_text(encoding="utf-8"))


@pytest.fixture
def day():
    return director_day()


def _keys(t) -> dict[int, str]:
    return {reg.pk: player_key(reg.surname, reg.given_name) for reg in t.registrations.all()}


def _written(text: str) -> tuple:
    root = ET.fromstring(text.encode("utf-8"))
    return tuple(
        sorted(tuple(sorted(el.attrib.items())) for el in root.iter(tag)) for tag in ("Player", "Game", "ByePlayer")
    ) + (ET.tostring(root.find("TournamentParameterSet/PlacementParameterSet"), encoding="unicode"),)


def test_the_export_is_still_the_one_the_jar_read(day):
    assert _written(export_opengotha(day)) == _written(EXPORTED.read_text(encoding="utf-8"))


def test_the_jar_holds_the_players_absences_games_tables_and_byes_of_the_day(day):
    answer = jar()
    keys = _keys(day)
    rounds = answer["rounds"]
    assert rounds == day.rounds.count() == 8
    # absent: where the site says so (the check-in, the bye request), and a withdrawn player in every round
    # but those he played
    played = {(g.round.number, p) for g in Game.objects.filter(round__tournament=day) for p in (g.white_id, g.black_id)}
    ours = {}
    for reg in Registration.objects.filter(tournament=day):
        withdrawn = reg.status == Registration.Status.WITHDRAWN
        part = "".join(
            "0" if (withdrawn and (n, reg.pk) not in played) or n in reg.absent_rounds else "1"
            for n in range(1, rounds + 1)
        )
        rating = reg.rating if reg.rating is not None else rating_from_rank(reg.rank)  # the late players have none
        ours[keys[reg.pk]] = [reg.rank, rating, "FIN", part]
    assert {p[0]: p[1:] for p in answer["players"]} == ours
    assert ours["JÄGERJAN"][3] == ours["KÖNIGKARLA"][3] == "01111111"  # not checked in for round 1
    assert ours["BAUERBEN"][3] == "11011111"  # the bye request granted
    assert ours["LORENZLARS"][3] == "11100000"  # withdrawn after round 3
    assert ours["MAHLERMIA"][3] == "11111111"  # late: in round 1 without a game, as OpenGotha's "not paired"
    games = {
        (
            g.round.number,
            g.table,
            keys[g.white_id],
            keys[g.black_id],
            g.handicap,
            JAR_RESULT[g.result, g.by_default],
            True,
        )
        for g in Game.objects.filter(round__tournament=day).select_related("round")
    }
    assert {tuple(g) for g in answer["games"]} == games
    assert {(g.round.number, g.table) for g in hand_set(day)} == {(2, 9)}
    assert 3 not in {g[1] for g in games}  # the excluded table, in the Swiss and the knockout alike
    byes = {str(b.round.number): keys[b.player_id] for b in Bye.objects.filter(round__tournament=day)}
    assert answer["byes"] == byes


def _site_tables(t, rounds: int) -> list[list[tuple]]:
    keys = _keys(t)
    out = []
    for r in range(1, rounds + 1):
        st = standings_for(t, public=False, up_to=r)
        headers = [c.header for c in st.columns]
        out.append(
            [(keys[row.entrant.id], row.place_display.rstrip("="), dict(zip(headers, row.values))) for row in st.rows]
        )
    return out


def test_the_jar_ranks_the_players_after_every_round_as_the_site_does(day):
    """Every round, the Swiss's and the knockout's: the same criteria, order, places and values."""
    answer = jar()
    standings = answer["standings"]
    criteria = [get(code) for code in day.standings_criteria]
    assert [c for c in standings["criteria"] if c != "NULL"] == ["NBW", "SOSW", "SOSOSW"]
    assert [c.code for c in criteria] == ["nbw", "sos", "sosos"]
    theirs_all = []
    for table in standings["rounds"]:
        theirs, place = [], ""
        for row in table:
            place = row["printed"] or place
            theirs.append((row["key"], place, {c.header: c.display(row["values"][c.header]) for c in criteria}))
        theirs_all.append(theirs)
    assert _site_tables(day, answer["rounds"]) == theirs_all


def test_the_export_imported_again_is_the_same_tournament(day):
    """Players, absences, games at their tables, results and byes written again as before, the standings
    after every round the same; nothing in the file the importer has to explain (no player marked absent
    in a round he played)."""
    text = export_opengotha(day)
    assert import_notes(text.encode("utf-8")) == []
    again = import_opengotha(text.encode("utf-8"), slug="director-day-again", user=SYSTEM)
    assert _written(export_opengotha(again)) == _written(text)
    assert again.standings_criteria == day.standings_criteria
    assert _site_tables(again, 8) == _site_tables(day, 8)
