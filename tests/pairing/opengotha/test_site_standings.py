"""The site's standings of an imported OpenGotha file are OpenGotha's own, after every round.

The whole site path: the file imported (``services.opengotha.import_opengotha``: players, games,
byes, absences, the NBW and MMS values of byes and absences, rounding, half points), the one
conversion of parameters (``selectors.pairing_data.parameters_for``) and the standings selector
(``selectors.standings.standings_for``, after each round as the PDF command's ``--round`` asks it),
held against the tables OpenGotha 3.51.02's jar printed (``oracle_answers/<name>.standings.json``)
for the standings' scenarios (``simst-N``: players absent in the early rounds, absence values
NBW 0 / MMS 1/2, rounds without games, games of players marked not participating, half points)
and the random simulated files; and the round robins (``rr-N``: main score, direct confrontation, SODOS).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tournament.files.opengotha import read_tournament
from tournament.pairing.model import player_key
from tournament.permissions import SYSTEM
from tournament.selectors.standings import standings_for
from tournament.services.opengotha import import_opengotha
from tournament.standings.criteria import get

from .oracle.round_robin import round_robin
from .oracle.simulate import standings_scenario
from .test_oracle_standings import ROUND_ROBIN_FILES, SCENARIOS, SIMULATED, tournament

pytestmark = pytest.mark.django_db
ANSWERS = Path(__file__).resolve().parent / "oracle_answers"


def text_of(name: str) -> str:
    from .oracle.simulate import simulate

    if name.startswith("rr-"):
        return round_robin(int(name[3:]))
    return standings_scenario(int(name[6:])) if name.startswith("simst-") else simulate(int(name[4:]))


def site_tables(name: str, tmp_path: Path) -> tuple[list[list[tuple]], list[list[tuple]]]:
    """(ours, theirs): after every round with games, each listed player's key, place and values."""
    path = tmp_path / f"{name}.xml"
    path.write_text(text_of(name), encoding="utf-8")
    answer = json.loads((ANSWERS / f"{name}.standings.json").read_text(encoding="utf-8"))
    t = import_opengotha(path, user=SYSTEM, slug=name)
    keys = {reg.pk: player_key(reg.surname, reg.given_name) for reg in t.registrations.all()}
    columns = answer["columns"]
    last = max(g.round for g in tournament(name).games)
    ours_all, theirs_all = [], []
    for r in range(1, last + 1):
        st = standings_for(t, public=False, up_to=r)
        headers = [c.header for c in st.columns]
        ours = []
        for row in st.rows:
            values = dict(zip(headers, row.values))
            ours.append((keys[row.entrant.id], row.place_display.rstrip("="), values))
        theirs, place = [], ""
        for key, printed, implied, dc, sdc, vals in answer["rounds"][r - 1]:
            if not implied:
                continue
            place = printed or place
            by_crit = dict(zip(columns, vals))
            values = {}
            for code in t.standings_criteria:
                c = get(code)
                raw = dc if c.header == "DC" else sdc if c.header == "SDC" else by_crit[c.header]
                values[c.header] = c.display(raw)
            theirs.append((key, place, values))
        ours_all.append(ours)
        theirs_all.append(theirs)
    return ours_all, theirs_all


@pytest.mark.parametrize("name", SCENARIOS + SIMULATED + ROUND_ROBIN_FILES)
def test_the_site_shows_opengothas_table_after_every_round(name, tmp_path):
    ours, theirs = site_tables(name, tmp_path)
    for r, (a, b) in enumerate(zip(ours, theirs), 1):
        assert a == b, f"after round {r}"


def test_the_scenarios_have_what_they_are_for():
    """Early absentees listed after round 1, games of non-participating players, absence values apart."""
    early = nonpart = apart = 0
    for name in SCENARIOS:
        t = read_tournament(standings_scenario(int(name[6:])))
        present = {p.key: p.participation for p in t.players}
        playing = {k for g in t.games for k in (g.white, g.black)}
        early += sum(1 for p in t.players if not p.participation[0] and p.key in playing)
        nonpart += sum(1 for g in t.games for k in (g.white, g.black) if not present[k][g.round - 1])
        apart += t.params.general.nbw2_absent != t.params.general.mms2_absent
    assert early >= 20 and nonpart >= 10 and apart >= 10


def test_the_import_says_that_games_of_players_marked_absent_count(tmp_path):
    from tournament.names import spoken_name
    from tournament.services.opengotha import import_notes

    said = import_notes(standings_scenario(3))
    t = read_tournament(standings_scenario(3))
    present = {p.key: p for p in t.players}
    expected = {
        (spoken_name(present[k].name, present[k].first_name), g.round)
        for g in t.games
        for k in (g.white, g.black)
        if not present[k].participation[g.round - 1]
    }
    assert len(said) == len(expected) == 3
    for name, number in expected:
        assert any(name in s and f"round {number}" in s and "the game counts" in s for s in said)
