"""Round robins as OpenGotha files: the Berger schedule (:mod:`tournament.pairing.round_robin`), results drawn.

    python tests/pairing/opengotha/oracle/round_robin.py OUTDIR    # writes rr-<n>.xml

OpenGotha 3.51.02 has no round-robin schedule (only a frame to make each game
by hand); what it has is the standings of one. These files are round robins
whose games follow FIDE's Berger table (seats by rank, as OpenGotha's frame
lists the players), so that the jar's standings of them (``record.py``) can be
compared with the site's: the main score (NBW or MMS), then direct
confrontation (DC or SDC), then SODOS and the rest. The results are drawn so
that several players tie on the main score (few distinct strengths), with a
draw or two, and a round or two left unplayed at the end in some files.
"""

from __future__ import annotations

import random
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from tournament.pairing.round_robin import schedule

from .simulate import GIVEN, SURNAMES, key, rank_text

#: Each file: players, McMahon or Swiss, the placement criteria, the rounds played (None: all).
ROUND_ROBINS: dict[int, dict] = {
    1: dict(players=6, mm=False, crit=["NBW", "DC", "SODOSW", "SOSW"], played=None),
    2: dict(players=7, mm=False, crit=["NBW", "DC", "SODOSW"], played=None),
    3: dict(players=8, mm=True, crit=["MMS", "DC", "SODOSM", "SOSM"], played=None),
    4: dict(players=9, mm=False, crit=["NBW", "SDC", "SODOSW", "SOSW"], played=6),
    5: dict(players=10, mm=True, crit=["MMS", "SDC", "SODOSM"], played=None),
    6: dict(players=12, mm=False, crit=["NBW", "DC", "SODOSW", "SOSOSW"], played=None),
    7: dict(players=5, mm=False, crit=["NBW", "DC", "SODOSW"], played=None),
    8: dict(players=20, mm=False, crit=["NBW", "DC", "SODOSW", "SOSW"], played=None),
}


def round_robin(number: int) -> str:
    """The file ``rr-<number>.xml``."""
    f = ROUND_ROBINS[number]
    rnd = random.Random(2600 + number)
    n = f["players"]
    root = ET.Element("Tournament", {"dataVersion": "201", "fullVersionNumber": "3.51.02"})
    players_el = ET.SubElement(root, "Players")
    players = []
    seen = set()
    while len(players) < n:
        name, first = rnd.choice(SURNAMES), rnd.choice(GIVEN)
        if key(name, first) in seen:
            name = f"{name}{len(players)}"
        seen.add(key(name, first))
        players.append((name, first, rnd.choice([-5, -4, -4, -3])))  # few strengths: ties on the main score
    players.sort(key=lambda p: (-p[2], key(p[0], p[1])))
    table = schedule([key(p[0], p[1]) for p in players])
    strength = {key(p[0], p[1]): p[2] + rnd.random() for p in players}
    for name, first, rank in players:
        ET.SubElement(
            players_el,
            "Player",
            {
                "club": "Hann",
                "country": "DE",
                "egfPin": "",
                "firstName": first,
                "name": name,
                "participating": "1" * len(table),
                "rank": rank_text(rank),
                "rating": str(2100 + 100 * rank),
                "registeringStatus": "FIN",
                "smmsCorrection": "0",
            },
        )
    games_el = ET.SubElement(root, "Games")
    byes_el = ET.SubElement(root, "ByePlayers")
    played = f["played"] or len(table)
    for r in table[:played]:
        for board, (w, b) in enumerate(r.games, 1):
            draw = rnd.random()
            if draw < 0.05:
                result = "RESULT_EQUAL"
            else:
                # the stronger usually wins
                white_wins = rnd.random() < 0.5 + (strength[w] - strength[b]) / 4
                result = "RESULT_WHITEWINS" if white_wins else "RESULT_BLACKWINS"
            ET.SubElement(
                games_el,
                "Game",
                {
                    "blackPlayer": b,
                    "handicap": "0",
                    "knownColor": "true",
                    "result": result,
                    "roundNumber": str(r.number),
                    "tableNumber": str(board),
                    "whitePlayer": w,
                },
            )
        if r.bye is not None:
            ET.SubElement(byes_el, "ByePlayer", {"player": r.bye, "roundNumber": str(r.number)})
    tps = ET.SubElement(root, "TournamentParameterSet")
    ET.SubElement(
        tps,
        "GeneralParameterSet",
        {
            "basicTime": "60",
            "beginDate": "2026-11-01",
            "endDate": "2026-11-02",
            "complementaryTimeSystem": "CANBYOYOMI",
            "genCountNotPlayedGamesAsHalfPoint": "false",
            "genMMBar": "9D",
            "genMMFloor": "30K",
            "genMMS2ValueAbsent": "1",
            "genMMS2ValueBye": "2",
            "genMMZero": "30K",
            "genNBW2ValueAbsent": "0",
            "genNBW2ValueBye": "2",
            "genRoundDownNBWMMS": "true",
            "komi": "7.5",
            "location": "Hannover",
            "name": f"Round robin {number}",
            "numberOfCategories": "1",
            "numberOfRounds": str(len(table)),
            "shortName": f"rr-{number}",
            "size": "19",
        },
    )
    ET.SubElement(
        tps,
        "HandicapParameterSet",
        {"hdBasedOnMMS": "true", "hdCeiling": "0", "hdCorrection": "1", "hdNoHdRankThreshold": "30K"},
    )
    pc = ET.SubElement(ET.SubElement(tps, "PlacementParameterSet"), "PlacementCriteria")
    crit = f["crit"]
    for i in range(6):
        ET.SubElement(pc, "PlacementCriterion", {"name": crit[i] if i < len(crit) else "NULL", "number": str(i + 1)})
    ET.SubElement(tps, "PairingParameterSet", {})
    ET.indent(root, space="    ")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def main(argv: list[str]) -> None:
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    for number in ROUND_ROBINS:
        (out / f"rr-{number}.xml").write_text(round_robin(number), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
