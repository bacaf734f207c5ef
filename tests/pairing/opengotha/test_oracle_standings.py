"""Scores and standings tables against OpenGotha 3.51.02's own answers (recorded, no Java).

``oracle_answers/<name>.standings.json`` holds what OpenGotha's jar answered
(``oracle/record.py``) for the six shared tournament files and for 24
simulated ones (``oracle/simulate.py``, regenerated here from their seeds):
after every round, every player's value of every criterion, and the order
and places of the table OpenGotha prints. The simulated files cover what the
shared ones do not: separate NBW and MMS values of byes and absences,
rounding, not-played games counted as half points, rounds without games,
players who never play, unknown and by-default results, categories, and
every placement criterion. The round robins (``rr-<n>``, ``oracle/round_robin.py``: FIDE's Berger
schedule, results drawn so that players tie) show the order OpenGotha gives one: the main score,
then direct confrontation (DC or SDC), then SODOS.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from tests.shared import shared, skip_without_shared
from tournament.files.opengotha import read_tournament
from tournament.pairing.scores import crit_value, score_table
from tournament.standings import overall_standings
from tournament.standings.criteria import get
from tournament.standings.opengotha import standings_data

from .oracle.round_robin import ROUND_ROBINS, round_robin
from .oracle.simulate import STANDINGS_SCENARIOS, simulate, standings_scenario

HERE = Path(__file__).resolve().parent
ANSWERS = HERE / "oracle_answers"
SHARED = shared("opengotha")
SHARED_FILES = ["simpleswiss", "notsosimpleswiss", "simplemm", "notsimplemm", "Toulouse2024", "20240921-KPMC-Splitbug"]
SIMULATED = [f"sim-{seed}" for seed in range(1, 25)]
#: The standings' scenarios (``simulate.standings_scenario``): early absentees, NBW and MMS absence
#: values apart, rounds without games, games of non-participating players, half points.
SCENARIOS = [f"simst-{n}" for n in STANDINGS_SCENARIOS]
ROUND_ROBIN_FILES = [f"rr-{n}" for n in ROUND_ROBINS]


@cache
def tournament(name: str):
    if name.startswith("sim-"):
        return read_tournament(simulate(int(name[4:])))
    if name.startswith("rr-"):
        return read_tournament(round_robin(int(name[3:])))
    if name.startswith("simst-"):
        return read_tournament(standings_scenario(int(name[6:])))
    path = SHARED / f"{name}.xml"
    skip_without_shared(path)
    return read_tournament(path)


def answer(name: str) -> dict:
    return json.loads((ANSWERS / f"{name}.standings.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", SHARED_FILES + SIMULATED + SCENARIOS + ROUND_ROBIN_FILES)
def test_every_criterion_after_every_round_as_opengotha(name):
    t = tournament(name)
    ans = answer(name)
    table = score_table(t.players, t.games, t.byes, t.params.general)
    checked = 0
    for r, rows in enumerate(ans["rounds"]):
        for key, _place, _implied, _dc, _sdc, values in rows:
            for crit, theirs in zip(ans["columns"], values):
                assert crit_value(table[key], crit, r) == theirs, (r + 1, key, crit)
                checked += 1
    assert checked == len(ans["rounds"]) * len(t.players) * len(ans["columns"])


@pytest.mark.parametrize("name", SHARED_FILES + SIMULATED + SCENARIOS + ROUND_ROBIN_FILES)
def test_standings_tables_as_opengotha_prints_them(name):
    """Same players (those with a game or a bye), same order, same places, same DC."""
    t = tournament(name)
    ans = answer(name)
    data = standings_data(t)
    last = max(g.round for g in t.games)
    criteria = [get(c).header for c in data.settings.criteria]
    for r in range(1, last + 1):
        theirs = [
            (key, place, dc if "DC" in criteria else None, sdc if "SDC" in criteria else None)
            for key, place, implied, dc, sdc, _ in ans["rounds"][r - 1]
            if implied
        ]
        st = overall_standings(data, up_to=r)
        ours, previous = [], None
        for row in st.rows:
            values = dict(zip(criteria, row.values))
            ours.append(
                (
                    row.entrant.id,
                    str(row.place) if row.place != previous else "",
                    int(values["DC"]) if "DC" in values else None,
                    int(values["SDC"]) if "SDC" in values else None,
                )
            )
            previous = row.place
        assert ours == theirs, f"round {r}"
        assert {e.id for e in st.not_playing} == {k for k, _p, implied, *_ in ans["rounds"][r - 1] if not implied}
