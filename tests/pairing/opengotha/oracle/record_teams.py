"""Record how OpenGotha 3.51.02 plays team tournaments, as test fixtures (issue #26).

    python tests/pairing/opengotha/oracle/record_teams.py

For each scenario of :data:`SCENARIOS` writes to ``tests/pairing/opengotha/oracle_answers/teams/``:
``<name>.xml`` (the members and parameters, OpenGotha's format), ``<name>.scenario.txt`` (the teams,
their line-ups round by round, the boards emptied after a round's pairing, the results that differ from "the higher rating wins", the team
criteria orders: what ``TeamOracle.java`` reads) and ``<name>.answers.json``: the jar's team criteria
(long name, short name, coefficient), each team's mean rating (MNR), and round by round the jar's
pairing of the teams' stand-ins (:func:`tournament.pairing.teams.standin`; the stand-ins' file is
written from it into a temporary folder) with its ``costValue`` of every pair of them, the board games
``pairTeams`` made (table, White, Black, handicap, result code), the matches as ``matchesList``
reads them, and the team standings (``ScoredTeamsSet``) for each criteria order: team, the place
OpenGotha prints ("" when tied with the team above), the criteria's values, the half-match string;
and ``<name>.played.xml``: the tournament played, as the jar saves it (its games, teams and line-ups with
the empty boards: a real OpenGotha file, what ``record_readback.py`` imports, exports and reads back).
Needs a JDK and the jar in ``../shared/opengotha/bin``; the tests read only the recorded files.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "oracle_answers" / "teams"
sys.path.insert(0, str(HERE.parents[3]))

from tests.pairing.opengotha.oracle.simulate import GIVEN, SURNAMES, rank_text  # noqa: E402

TEAM_NAMES = ["Hannover", "Berlin", "Paris", "Lyon", "Izmir", "Koeln", "Leipzig", "Wien", "Basel", "Praha"]
CRITERIA = [
    ["TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR"],
    ["BDW", "TEAMP", "SOST", "MNR", "NULL", "NULL"],
    ["TEAMP", "SOST", "BDW1U", "BDW2U", "BDW4U", "BDW5U"],
    ["MNR", "BDW9U", "BDW8U", "BDW7U", "BDW6U", "NULL"],
]
#: name: (teams, boards, McMahon, seed, handicap, the team one of whose round-2 line-up is absent)
SCENARIOS = {
    "teams-4x3-mm": (4, 3, True, 1, True, None),
    "teams-6x2-swiss": (6, 2, False, 2, False, "Lyon"),
    "teams-8x4-mm": (8, 4, True, 3, True, None),
    "teams-5x5-swiss": (5, 5, False, 4, False, None),
    "teams-7x3-mm": (7, 3, True, 5, True, None),
    "teams-4x2-mm-even": (4, 2, True, 6, False, None),
    "teams-6x3-empty": (6, 3, True, 7, False, None),
    "teams-5x4-empty": (5, 4, False, 8, False, None),
}
#: name: the boards the director empties after a round's pairing, ``(round, team, board)`` (OpenGotha's
#: Teams Manager, ``unteamTeamMember``: the game stays, the board is empty): a board in the middle, two
#: boards of one team, board 1 (OpenGotha then finds no match of either team), the last board.
EMPTY = {
    "teams-6x3-empty": [(2, "Paris", 1), (2, "Berlin", 2), (3, "Izmir", 3), (3, "Lyon", 1), (3, "Hannover", 2)],
    "teams-5x4-empty": [(2, "Hannover", 2), (2, "Hannover", 3), (3, "Berlin", 1), (3, "Paris", 4), (2, "Lyon", 4)],
}
ROUNDS = 3
#: Names of letters A-Z only: OpenGotha's key of a player is the name and first name upper-cased.
ASCII_SURNAMES = [n for n in SURNAMES if n.isascii() and n.isalpha()]
ASCII_GIVEN = [n for n in GIVEN if n.isascii() and n.isalpha()]
LETTERS = ["D", "D", "BL", "U", "WD", "LD", "L", "BW"]


def _letters(text: str) -> str:
    return "".join(c for c in text.upper() if "A" <= c <= "Z")


def scenario(name: str) -> tuple[ET.Element, list[str]]:
    """The members' file and the scenario's lines."""
    n_teams, boards, mcmahon, seed, handicap, absent = SCENARIOS[name]
    rnd = random.Random(seed)
    root = ET.Element("Tournament", {"dataVersion": "201", "fullVersionNumber": "3.51.02"})
    players_el = ET.SubElement(root, "Players")
    lines = [f"size {boards}", f"rounds {ROUNDS}"]
    seen: set[str] = set()
    members: dict[str, list[tuple[str, int]]] = {}
    for t in range(n_teams):
        team = TEAM_NAMES[t]
        lines.append(f"team {t + 1} {team} {_letters(team)}TEAM")
        level = rnd.randint(-15, 2)
        members[team] = []
        for _ in range(boards + rnd.randint(1, 2)):
            surname, given = rnd.choice(ASCII_SURNAMES), rnd.choice(ASCII_GIVEN)
            surname = f"{surname}{team[:2]}"
            while _letters(surname + given) in seen:
                surname += "x"
            key = (surname + given).upper()
            seen.add(key)
            rank = max(-30, min(6, level + rnd.randint(-4, 4)))
            rating = rank * 100 + 2100 + rnd.randint(-50, 49)
            members[team].append((key, rating))
            ET.SubElement(
                players_el,
                "Player",
                {
                    "agaExpirationDate": "",
                    "agaId": "",
                    "club": team[:4],
                    "country": "DE",
                    "egfPin": "",
                    "ffgLicence": "",
                    "ffgLicenceStatus": "",
                    "firstName": given,
                    "grade": "",
                    "name": surname,
                    "participating": "1" * ROUNDS,
                    "rank": rank_text(rank),
                    "rating": str(rating),
                    "ratingOrigin": "",
                    "registeringStatus": "FIN",
                    "smmsCorrection": "0",
                },
            )
    for team, ms in members.items():
        by_rating = [k for k, _ in sorted(ms, key=lambda m: -m[1])]
        for r in range(1, ROUNDS + 1):
            lineup = by_rating[:boards]
            if team == absent and r == 2:  # board 1 does not take part: the team is not complete
                for p in players_el:
                    if (p.get("name", "") + p.get("firstName", "")).upper() == lineup[0]:
                        p.set("participating", "101")
            if r > 1 and rnd.random() < 0.6:  # a reserve plays, or two boards swap
                if rnd.random() < 0.5:
                    lineup[rnd.randrange(boards)] = by_rating[boards]
                else:
                    i = rnd.randrange(boards - 1)
                    lineup[i], lineup[i + 1] = lineup[i + 1], lineup[i]
            lines += [f"member {team} {r} {b} {k}" for b, k in enumerate(lineup, 1)]
            lines += [f"empty {r} {team} {b}" for (er, et, b) in EMPTY.get(name, []) if (er, et) == (r, team)]
            for k in lineup:
                if rnd.random() < 0.22:
                    lines.append(f"result {r} {k} {rnd.choice(LETTERS)}")
    lines += ["crit " + " ".join(c) for c in CRITERIA]
    ET.SubElement(root, "Games")
    tps = ET.SubElement(root, "TournamentParameterSet")
    ET.SubElement(
        tps,
        "GeneralParameterSet",
        {
            "basicTime": "60",
            "beginDate": "2026-11-28",
            "endDate": "2026-11-29",
            "complementaryTimeSystem": "SUDDENDEATH",
            "genMMBar": "3D",
            "genMMFloor": "20K",
            "genMMZero": "30K",
            "genMMS2ValueAbsent": "1",
            "genMMS2ValueBye": "2",
            "genNBW2ValueAbsent": "0",
            "genNBW2ValueBye": "2",
            "genRoundDownNBWMMS": "true",
            "komi": "7.5",
            "location": "Hannover",
            "name": name,
            "numberOfCategories": "1",
            "numberOfRounds": str(ROUNDS),
            "shortName": name,
            "size": "19",
        },
    )
    ET.SubElement(
        tps,
        "HandicapParameterSet",
        {
            "hdBasedOnMMS": "true",
            "hdCeiling": "9",
            "hdCorrection": "1",
            "hdNoHdRankThreshold": "1D" if handicap else "30K",
        },
    )
    crit = ["MMS", "SOSM", "SOSOSM"] if mcmahon else ["NBW", "SOSW", "SOSOSW"]
    pc = ET.SubElement(ET.SubElement(tps, "PlacementParameterSet"), "PlacementCriteria")
    for i in range(6):
        ET.SubElement(pc, "PlacementCriterion", {"name": crit[i] if i < len(crit) else "NULL", "number": str(i + 1)})
    ET.SubElement(tps, "PairingParameterSet", {})
    return root, lines


def standins_file(root: ET.Element, lines: list[str]) -> str:
    """The stand-ins' file: one player a team as :func:`tournament.pairing.teams.standin` makes it,
    the members' parameters."""
    from tests.pairing.opengotha.team_fixtures import team_tournament
    from tournament.pairing.teams import standin

    tt = team_tournament(_text(root), lines)
    out = ET.Element("Tournament", root.attrib)
    players_el = ET.SubElement(out, "Players")
    for team in tt.teams:
        p = standin(tt, team)
        ET.SubElement(
            players_el,
            "Player",
            {
                "firstName": p.first_name,
                "name": p.name,
                "participating": "".join("1" if x else "0" for x in p.participation),
                "rank": rank_text(p.rank),
                "rating": str(p.rating),
                "registeringStatus": "FIN",
                "smmsCorrection": "0",
                "club": "",
                "country": "",
            },
        )
    ET.SubElement(out, "Games")
    out.append(root.find("TournamentParameterSet"))  # type: ignore[arg-type]
    return _text(out)


def _text(root: ET.Element) -> str:
    ET.indent(root, space="    ")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def record(name: str) -> None:
    root, lines = scenario(name)
    OUT.mkdir(parents=True, exist_ok=True)
    members = OUT / f"{name}.xml"
    members.write_text(_text(root), encoding="utf-8")
    spec = OUT / f"{name}.scenario.txt"
    spec.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        standins = Path(tmp) / "standins.xml"
        standins.write_text(standins_file(ET.fromstring(members.read_bytes()), lines), encoding="utf-8")
        out = subprocess.run(
            [str(HERE / "run.sh"), "teams", str(spec), str(members), str(standins), str(OUT / f"{name}.played.xml")],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    answers = json.loads(out[out.find("{") :])
    (OUT / f"{name}.answers.json").write_text(json.dumps(answers, ensure_ascii=False) + "\n", encoding="utf-8")
    print(name, "recorded")


if __name__ == "__main__":
    for n in sys.argv[1:] or list(SCENARIOS):
        record(n)
