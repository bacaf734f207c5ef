"""Files that say ``fullVersionNumber="3.52.03"`` (pairgoth's OpenGotha export writes them so) import and pair.

Their form: the placement criteria inside brackets (``[<PlacementCriterion .../>, ...,
<PlacementCriterion name="NULL" .../>]``: a list printed into the XML), the additional placement
criterion written ``None`` (pairgoth's NONE), both-lose written ``RESULT_BOTHLOOSE``, no
``dataVersion``, byes in a ``<ByePlayer>`` container, and a team placement section
(``TeamTournamentParameterSet``: ``TEAMP``, ``BDW``, ``BDW3U``...). The file below is the standings
scenario simst-1 in that form: its every table is the jar's answer for simst-1.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from tournament import pair_opengotha
from tournament.files.opengotha import notes, read_tournament, write_tournament
from tournament.pairing import engine
from tournament.pairing.model import Result
from tournament.pairing.scores import crit_value, score_table
from tournament.permissions import SYSTEM
from tournament.services.opengotha import import_notes, import_opengotha

from .oracle.simulate import standings_scenario

ANSWERS = Path(__file__).resolve().parent / "oracle_answers"
TEAM = """<TeamTournamentParameterSet>
<TeamGeneralParameterSet teamSize="4"/>
<TeamPlacementParameterSet>
<PlacementCriteria>
<PlacementCriterion name="TEAMP" number="1"/>
<PlacementCriterion name="BDW" number="2"/>
<PlacementCriterion name="BDW3U" number="3"/>
<PlacementCriterion name="BDW2U" number="4"/>
<PlacementCriterion name="BDW1U" number="5"/>
<PlacementCriterion name="MNR" number="6"/>
</PlacementCriteria>
</TeamPlacementParameterSet>
</TeamTournamentParameterSet>
"""


def as_35203(text: str) -> str:
    """simst-1 as a "3.52.03" file is written."""
    text = text.replace(
        'dataVersion="201" fullVersionNumber="3.51.02"', 'fullVersionNumber="3.52.03" runningMode="SAL"'
    )
    crits = re.findall(r"<PlacementCriterion [^>]*/>", text)
    block = "<PlacementCriteria>[" + ", ".join(crits) + "]</PlacementCriteria>"
    text = re.sub(r"<PlacementCriteria>.*?</PlacementCriteria>", block, text, flags=re.S)
    text = text.replace(
        "<PairingParameterSet />",
        '<PairingParameterSet paiMaAdditionalPlacementCritSystem1="Rating" paiMaAdditionalPlacementCritSystem2="None" paiMaDUDDLowerMode="BOT" paiMaDUDDUpperMode="MID" paiMaSeedSystem1="SPLITANDRANDOM" paiMaSeedSystem2="SPLITANDFOLD" />',
    )
    text = text.replace("<ByePlayers>", "<ByePlayer>").replace("</ByePlayers>", "</ByePlayer>")
    text = text.replace("RESULT_BOTHLOSE", "RESULT_BOTHLOOSE")
    return text.replace("</Tournament>", TEAM + "</Tournament>")


TEXT = as_35203(standings_scenario(1))


def test_the_file_has_the_352_form():
    assert "[<PlacementCriterion" in TEXT and 'name="NULL"' in TEXT and "BDW3U" in TEXT
    assert 'paiMaAdditionalPlacementCritSystem2="None"' in TEXT and "RESULT_BOTHLOOSE" in TEXT


def test_it_is_read_keeping_what_it_says():
    t = read_tournament(TEXT)
    original = read_tournament(standings_scenario(1))
    # the criteria in brackets, NULLs left out; "None" is no criterion
    assert (t.params.general, t.params.placement) == (original.params.general, original.params.placement)
    assert t.params.pairing.additional_criterion1 == "Rating" and t.params.pairing.additional_criterion2 == "NULL"
    assert set(t.games) == set(original.games) and set(t.byes) == set(original.byes)
    assert any(g.result is Result.BOTH_LOSE for g in t.games)
    # the team section is kept and written back
    again = read_tournament(write_tournament(t))
    assert any("BDW3U" in raw for raw in again.extra["others"])
    assert ("team_section", {"criteria": "TEAMP, BDW, BDW3U, BDW2U, BDW1U, MNR"}) in notes(t)


def test_every_score_after_every_round_is_the_jars():
    t = read_tournament(TEXT)
    answer = json.loads((ANSWERS / "simst-1.standings.json").read_text(encoding="utf-8"))
    table = score_table(t.players, t.games, t.byes, t.params.general)
    for r, rows in enumerate(answer["rounds"]):
        for key, _place, _implied, _dc, _sdc, values in rows:
            for crit, theirs in zip(answer["columns"], values):
                assert crit_value(table[key], crit, r) == theirs, (r + 1, key, crit)


def test_pair_opengotha_pairs_its_rounds(tmp_path):
    path = tmp_path / "t352.xml"
    path.write_text(TEXT, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert pair_opengotha.main([str(path), "--round", "5"], stdout=out, stderr=err) == 0, err.getvalue()
    pairing = json.loads(out.getvalue())
    assert len(pairing["games"]) == len(engine.pair_round(read_tournament(TEXT).before(5), 5).games) > 0


@pytest.mark.django_db
def test_it_imports_into_the_site_and_says_what_it_keeps_aside(tmp_path):
    from tournament.selectors.standings import standings_for
    from tournament.services.rounds import round_pair

    path = tmp_path / "t352.xml"
    path.write_text(TEXT, encoding="utf-8")
    t = import_opengotha(path, slug="t352", user=SYSTEM)
    said = import_notes(path)
    assert any("team placement section (TEAMP, BDW, BDW3U, BDW2U, BDW1U, MNR)" in n for n in said)
    assert standings_for(t, public=False).rows
    # and pairs: the last round again, by the site
    last = t.rounds.get(number=5)
    last.games.all().delete()
    last.byes.all().delete()
    type(last).objects.filter(pk=last.pk).update(status="planned")
    last.refresh_from_db()
    round_pair(round=last, user=SYSTEM)
    assert last.games.count() > 0
