"""Simulated OpenGotha tournaments: every rule the standings and the import must follow.

    python tests/pairing/opengotha/oracle/simulate.py OUTDIR [COUNT]
    python tests/pairing/opengotha/oracle/simulate.py OUTDIR --standings   # the simst-N files
    python tests/pairing/opengotha/oracle/simulate.py OUTDIR 0 --pairing    # the simpair-N files

Writes ``sim-<seed>.xml`` files (OpenGotha's format, ``dataVersion="201"``)
with random players (names with accents, dotted and dotless i, ß), absences,
byes, rounds without any game, unknown results, results by default, draws,
both-lose and both-win, handicaps, categories, and varied parameters: NBW and
MMS values of byes and absences, rounding, not-played games as half points,
placement criteria (every OpenGotha criterion appears in some file). The
games are drawn at random, not paired by any rule: the point is the scores.
With ``--pairing`` also the pairing scenarios ``simpair-<seed>.xml``
(:func:`pairing_scenario`: the pairing rules of issue #23, causes 6-10).
"""

from __future__ import annotations

import random
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

SURNAMES = [
    "Müller",
    "Yılmaz",
    "André",
    "Çelik",
    "Öztürk",
    "Şahin",
    "Groß",
    "Nowak",
    "Dvořák",
    "Lefèbvre",
    "Lee",
    "Kim",
    "Smith",
    "Ivanov",
    "Noël",
    "İnce",
    "García",
    "Ødegaard",
    "Brown",
    "Weiß",
    "Park",
    "Rossi",
    "Meier",
    "Kovač",
    "Zhang",
    "Sato",
    "Dupont",
]
GIVEN = [
    "Anna",
    "Jürgen",
    "Éloïse",
    "Emre",
    "Ömer",
    "Zoë",
    "Lars",
    "Mia",
    "Jean-Luc",
    "Ilkay",
    "Håkon",
    "Iñigo",
    "Sven",
    "Ida",
    "Paul",
    "Chloé",
]
CRITERIA_MM = [
    "SOSM",
    "SOSOSM",
    "SOSM-1",
    "SOSM-2",
    "SODOSM",
    "CUSSM",
    "SOSTS",
    "STS",
    "DC",
    "SDC",
    "Rating",
    "Rank",
    "EXT",
    "EXR",
]
CRITERIA_SW = [
    "SOSW",
    "SOSOSW",
    "SOSW-1",
    "SOSW-2",
    "SODOSW",
    "CUSSW",
    "DC",
    "SDC",
    "EXT",
    "EXR",
    "Rating",
    "Rank",
    "CAT",
]
RESULTS = (
    ["RESULT_WHITEWINS"] * 8
    + ["RESULT_BLACKWINS"] * 8
    + [
        "RESULT_EQUAL",
        "RESULT_BOTHLOSE",
        "RESULT_BOTHWIN",
        "RESULT_UNKNOWN",
        "RESULT_UNKNOWN",
        "RESULT_WHITEWINS_BYDEF",
        "RESULT_BLACKWINS_BYDEF",
        "RESULT_EQUAL_BYDEF",
        "RESULT_BOTHLOSE_BYDEF",
        "RESULT_BOTHWIN_BYDEF",
    ]
)


def rank_text(rank: int) -> str:
    return f"{rank + 1}D" if rank >= 0 else f"{-rank}K"


def key(name: str, first: str) -> str:
    return (name + first).replace(" ", "").upper()


def simulate(seed: int) -> str:  # noqa: C901
    rnd = random.Random(seed)
    n_players = rnd.randint(8, 30)
    n_rounds = rnd.randint(3, 7)
    played_rounds = rnd.randint(2, n_rounds)
    mcmahon = rnd.random() < 0.6
    cup = not mcmahon and rnd.random() < 0.15
    root = ET.Element("Tournament", {"dataVersion": "201", "fullVersionNumber": "3.51.02"})
    players_el = ET.SubElement(root, "Players")
    players = []
    seen = set()
    while len(players) < n_players:
        name, first = rnd.choice(SURNAMES), rnd.choice(GIVEN)
        if key(name, first) in seen:
            name = f"{name}{len(players)}"
        seen.add(key(name, first))
        rank = rnd.randint(-25, 6)
        part = "".join("0" if rnd.random() < 0.12 else "1" for _ in range(n_rounds))
        status = "FIN" if rnd.random() < 0.95 else "PRE"
        players.append((name, first, rank, part, status))
        ET.SubElement(
            players_el,
            "Player",
            {
                "agaExpirationDate": "",
                "agaId": "",
                "club": rnd.choice(["Hann", "Berl", "Pari", "", "Lyon"]),
                "country": rnd.choice(["DE", "FR", "TR", ""]),
                "egfPin": "",
                "ffgLicence": "",
                "ffgLicenceStatus": "",
                "firstName": first,
                "grade": "",
                "name": name,
                "participating": part,
                "rank": rank_text(rank),
                "rating": str(rnd.randint(-900, 2800)),
                "ratingOrigin": "",
                "registeringStatus": status,
                "smmsCorrection": str(rnd.choice([0, 0, 0, 1, -1, 2])),
            },
        )
    games_el = ET.SubElement(root, "Games")
    byes = []
    empty_round = rnd.randint(1, played_rounds) if rnd.random() < 0.4 else None
    for r in range(1, played_rounds + 1):
        if r == empty_round:
            continue
        here = [p for p in players if p[3][r - 1] == "1" and p[4] == "FIN"]
        rnd.shuffle(here)
        if rnd.random() < 0.2 and len(here) > 3:
            here = here[:-1]  # someone present is neither paired nor given a bye
        if len(here) % 2:
            bye = here.pop()
            byes.append((r, key(bye[0], bye[1])))
        for t in range(len(here) // 2):
            w, b = here[2 * t], here[2 * t + 1]
            hd = max(0, min(9, w[2] - b[2] - 1)) if mcmahon and rnd.random() < 0.5 else 0
            ET.SubElement(
                games_el,
                "Game",
                {
                    "blackPlayer": key(b[0], b[1]),
                    "handicap": str(hd),
                    "knownColor": "true",
                    "result": rnd.choice(RESULTS),
                    "roundNumber": str(r),
                    "tableNumber": str(t + 1),
                    "whitePlayer": key(w[0], w[1]),
                },
            )
    if byes:
        byes_el = ET.SubElement(root, "ByePlayers")
        for r, k in byes:
            ET.SubElement(byes_el, "ByePlayer", {"player": k, "roundNumber": str(r)})
    tps = ET.SubElement(root, "TournamentParameterSet")
    n_cat = rnd.choice([1, 1, 2, 3])
    gen = ET.SubElement(
        tps,
        "GeneralParameterSet",
        {
            "bInternet": "false",
            "basicTime": "60",
            "beginDate": "2024-05-01",
            "endDate": "2024-05-02",
            "complementaryTimeSystem": rnd.choice(["STDBYOYOMI", "CANBYOYOMI", "FISCHER", "SUDDENDEATH"]),
            "director": "",
            "fischerTime": "10",
            "genCountNotPlayedGamesAsHalfPoint": rnd.choice(["true", "false"]),
            "genMMBar": rank_text(rnd.randint(-3, 5)),
            "genMMFloor": rank_text(rnd.randint(-25, -12)),
            "genMMS2ValueAbsent": str(rnd.randint(0, 2)),
            "genMMS2ValueBye": str(rnd.randint(0, 2)),
            "genMMZero": "30K",
            "genNBW2ValueAbsent": str(rnd.randint(0, 2)),
            "genNBW2ValueBye": str(rnd.randint(0, 2)),
            "genRoundDownNBWMMS": rnd.choice(["true", "false"]),
            "komi": "7.5",
            "location": rnd.choice(["Hannover", "Göttingen", "İzmir"]),
            "name": f"Simulated {seed}",
            "nbMovesCanTime": "15",
            "numberOfCategories": str(n_cat),
            "numberOfRounds": str(n_rounds),
            "shortName": f"sim-{seed}",
            "size": "19",
            "stdByoYomiTime": "30",
            "canByoYomiTime": "300",
        },
    )
    if n_cat > 1:
        cats = ET.SubElement(gen, "Categories")
        for c, low in enumerate(sorted(rnd.sample(range(-20, 5), n_cat - 1), reverse=True), 1):
            ET.SubElement(cats, "Category", {"lowerLimit": rank_text(low), "number": str(c)})
    ET.SubElement(
        tps,
        "HandicapParameterSet",
        {"hdBasedOnMMS": "true", "hdCeiling": "9", "hdCorrection": "1", "hdNoHdRankThreshold": "1D"},
    )
    if cup:
        crit = ["CPS"] + rnd.sample(["Rating", "Rank", "NULL"], 1)
    elif mcmahon:
        crit = ["MMS"] + rnd.sample(CRITERIA_MM, rnd.randint(1, 4))
    else:
        crit = (
            (["CAT"] if rnd.random() < 0.2 else [])
            + ["NBW"]
            + rnd.sample([c for c in CRITERIA_SW if c != "CAT"], rnd.randint(1, 4))
        )
    if "DC" in crit and "SDC" in crit:
        crit.remove("SDC")
    crit = crit[:6]
    pps = ET.SubElement(tps, "PlacementParameterSet")
    pc = ET.SubElement(pps, "PlacementCriteria")
    for i in range(6):
        ET.SubElement(pc, "PlacementCriterion", {"name": crit[i] if i < len(crit) else "NULL", "number": str(i + 1)})
    ET.SubElement(tps, "PairingParameterSet", {})
    ET.indent(root, space="    ")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# --- the standings' scenarios (simst-N) ------------------------------------------------------------
#
# Files made to exercise what the standings must follow (issue 23, causes 1-5), apart from the random
# files above (whose seeds and output stay as they are): players absent in the early rounds who play
# later, NBW and MMS values of an absence kept apart (0 and 1/2), rounds without any game (with or
# without a bye), games of players marked not participating in that round, and not-played games
# counted as half points. Each scenario fixes these features; the rest is drawn from its number.

#: Each scenario's features: McMahon or Swiss, the rounds (number, last with games, without games),
#: how many players are absent in rounds 1 and 2 and play later, NBW/MMS values of absence and bye,
#: games of non-participating players, half points, rounding, a bye in a round without games.
STANDINGS_SCENARIOS: dict[int, dict] = {
    1: dict(mm=True, rounds=5, played=5, empty=(3,), early=4, absent=(0, 1), bye=(2, 2), half=False, down=True),
    2: dict(mm=False, rounds=6, played=6, empty=(2,), early=3, absent=(0, 1), bye=(2, 1), half=False, down=False),
    3: dict(mm=True, rounds=5, played=4, empty=(), early=3, absent=(0, 2), bye=(2, 2), nonpart=3, down=True),
    4: dict(mm=False, rounds=5, played=5, empty=(), early=2, absent=(0, 1), bye=(2, 2), nonpart=2, half=True),
    5: dict(mm=True, rounds=6, played=5, empty=(1,), early=4, absent=(1, 2), bye=(0, 2), half=True, down=False),
    6: dict(mm=False, rounds=5, played=4, empty=(3,), early=3, absent=(0, 1), bye=(1, 2), half=True, empty_bye=True),
    7: dict(mm=True, rounds=7, played=7, empty=(2, 5), early=5, absent=(0, 1), bye=(2, 1), nonpart=2, half=True),
    8: dict(mm=False, rounds=4, played=4, empty=(), early=4, absent=(0, 1), bye=(2, 2), nonpart=4, down=False),
    9: dict(mm=True, rounds=5, played=5, empty=(4,), early=2, absent=(0, 1), bye=(2, 2), empty_bye=True),
    10: dict(mm=False, rounds=7, played=6, empty=(1, 4), early=6, absent=(0, 2), bye=(2, 0), nonpart=3, half=True),
    11: dict(mm=True, rounds=4, played=4, empty=(), early=3, absent=(0, 1), bye=(2, 2), half=True, down=False),
    12: dict(mm=False, rounds=6, played=5, empty=(2,), early=4, absent=(1, 1), bye=(2, 2), nonpart=2, down=False),
    # files that leave out the McMahon bar, floor and zero, the values of byes and absences, rounding and
    # half points: read with the defaults of OpenGotha's reader
    13: dict(mm=True, rounds=5, played=5, empty=(3,), early=4, absent=(0, 1), bye=(2, 2), omit=True),
    14: dict(mm=False, rounds=5, played=4, empty=(), early=3, absent=(0, 1), bye=(2, 2), nonpart=2, omit=True),
}
#: The general parameters a scenario with ``omit`` leaves out.
OMITTED = (
    "genMMBar",
    "genMMFloor",
    "genMMZero",
    "genMMS2ValueAbsent",
    "genMMS2ValueBye",
    "genNBW2ValueAbsent",
    "genNBW2ValueBye",
    "genRoundDownNBWMMS",
    "genCountNotPlayedGamesAsHalfPoint",
)


def _scenario_games(root: ET.Element, f: dict, rnd: random.Random, players: list) -> list[tuple[int, str]]:
    """A scenario's games (``<Games>``, drawn at random among the round's players), and its byes."""
    games_el = ET.SubElement(root, "Games")
    byes = []
    nonpart = f.get("nonpart", 0)
    for r in range(1, f["played"] + 1):
        here = [p for p in players if p[3][r - 1] == "1"]
        away = [p for p in players if p[3][r - 1] == "0"]
        rnd.shuffle(here)
        if r in f["empty"]:
            if f.get("empty_bye") and here:
                byes.append((r, key(here[0][0], here[0][1])))
            continue
        if nonpart and away:  # a player marked not participating is paired all the same
            extra = rnd.sample(away, min(len(away), 1 + (nonpart > 2)))
            nonpart -= len(extra)
            here = extra + here
        if len(here) % 2:
            bye = here.pop()
            byes.append((r, key(bye[0], bye[1])))
        for t in range(len(here) // 2):
            w, b = here[2 * t], here[2 * t + 1]
            hd = max(0, min(9, w[2] - b[2] - 1)) if f["mm"] and rnd.random() < 0.4 else 0
            ET.SubElement(
                games_el,
                "Game",
                {
                    "blackPlayer": key(b[0], b[1]),
                    "handicap": str(hd),
                    "knownColor": "true",
                    "result": rnd.choice(RESULTS),
                    "roundNumber": str(r),
                    "tableNumber": str(t + 1),
                    "whitePlayer": key(w[0], w[1]),
                },
            )
    return byes


def standings_scenario(number: int) -> str:
    """The file ``simst-<number>.xml``: the features of :data:`STANDINGS_SCENARIOS`, the rest drawn."""
    f = STANDINGS_SCENARIOS[number]
    rnd = random.Random(1000 + number)
    n_rounds = f["rounds"]
    n_players = rnd.randint(12, 26)
    root = ET.Element("Tournament", {"dataVersion": "201", "fullVersionNumber": "3.51.02"})
    players_el = ET.SubElement(root, "Players")
    players = []
    seen = set()
    while len(players) < n_players:
        name, first = rnd.choice(SURNAMES), rnd.choice(GIVEN)
        if key(name, first) in seen:
            name = f"{name}{len(players)}"
        seen.add(key(name, first))
        rank = rnd.randint(-25, 6)
        if len(players) < f["early"]:  # absent in round 1 (and 2 for every other one), playing later
            late = 1 + len(players) % 2
            part = "0" * late + "".join("0" if rnd.random() < 0.1 else "1" for _ in range(n_rounds - late))
        else:
            part = "".join("0" if rnd.random() < 0.1 else "1" for _ in range(n_rounds))
        players.append((name, first, rank, part))
    rnd.shuffle(players)
    for name, first, rank, part in players:
        ET.SubElement(
            players_el,
            "Player",
            {
                "club": rnd.choice(["Hann", "Berl", "Pari", "", "Lyon"]),
                "country": rnd.choice(["DE", "FR", "TR", ""]),
                "egfPin": "",
                "firstName": first,
                "name": name,
                "participating": part,
                "rank": rank_text(rank),
                "rating": str(rnd.randint(-900, 2800)),
                "registeringStatus": "FIN",
                "smmsCorrection": str(rnd.choice([0, 0, 0, 1, -1])),
            },
        )
    byes = _scenario_games(root, f, rnd, players)
    if byes:
        byes_el = ET.SubElement(root, "ByePlayers")
        for r, k in byes:
            ET.SubElement(byes_el, "ByePlayer", {"player": k, "roundNumber": str(r)})
    tps = ET.SubElement(root, "TournamentParameterSet")
    general = ET.SubElement(
        tps,
        "GeneralParameterSet",
        {
            "basicTime": "60",
            "beginDate": "2024-06-01",
            "endDate": "2024-06-02",
            "complementaryTimeSystem": "CANBYOYOMI",
            "genCountNotPlayedGamesAsHalfPoint": "true" if f.get("half") else "false",
            "genMMBar": rank_text(rnd.randint(-3, 5)),
            "genMMFloor": rank_text(rnd.randint(-25, -12)),
            "genMMS2ValueAbsent": str(f["absent"][1]),
            "genMMS2ValueBye": str(f["bye"][1]),
            "genMMZero": "30K",
            "genNBW2ValueAbsent": str(f["absent"][0]),
            "genNBW2ValueBye": str(f["bye"][0]),
            "genRoundDownNBWMMS": "true" if f.get("down", True) else "false",
            "komi": "7.5",
            "location": "Hannover",
            "name": f"Standings scenario {number}",
            "numberOfCategories": "1",
            "numberOfRounds": str(n_rounds),
            "shortName": f"simst-{number}",
            "size": "19",
        },
    )
    for name in OMITTED if f.get("omit") else ():
        del general.attrib[name]
    ET.SubElement(
        tps,
        "HandicapParameterSet",
        {"hdBasedOnMMS": "true", "hdCeiling": "9", "hdCorrection": "1", "hdNoHdRankThreshold": "1D"},
    )
    if f["mm"]:
        crit = ["MMS"] + rnd.sample(["SOSM", "SOSOSM", "SOSM-1", "SODOSM", "CUSSM", "SOSTS", "DC"], 3)
    else:
        crit = ["NBW"] + rnd.sample(["SOSW", "SOSOSW", "SOSW-1", "SOSW-2", "SODOSW", "CUSSW", "SDC"], 3)
    pps = ET.SubElement(tps, "PlacementParameterSet")
    pc = ET.SubElement(pps, "PlacementCriteria")
    for i in range(6):
        ET.SubElement(pc, "PlacementCriterion", {"name": crit[i] if i < len(crit) else "NULL", "number": str(i + 1)})
    ET.SubElement(tps, "PairingParameterSet", {})
    ET.indent(root, space="    ")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# ---------------------------------------------------------------------------
# Pairing scenarios (issue #23, causes 6-10): ``simpair-<n>.xml``. Separate
# from ``simulate`` above (whose files and seeds stay as they are): files whose
# pairing parameters are written out and chosen to exercise one pairing rule
# each, the games of the played rounds drawn at random as above.
#
# - 1-3: absent and not finally registered players in the score groups
#   (OpenGotha counts every registered player in a group's size and places);
# - 4-5: a field spread over many McMahon groups, few players each: draw-ups
#   and draw-downs across four groups and more;
# - 6-8: split-and-random seeding, with and without the random base cost;
# - 9-11: categories (Swiss with CAT first, McMahon with categories), odd
#   fields so that the bye is chosen;
# - 12 and 24: a field of over 600 players, McMahon and Swiss (OpenGotha pairs
#   it in chunks of groups; in Swiss the chunks cut the groups).
# ---------------------------------------------------------------------------

PAIRING_SCENARIOS = 24
BIG_FIELD = 12  # role of the files of over 600 players: 12 (McMahon) and 24 (Swiss)
BIG_FIELDS = (12, 24)


def role(seed: int) -> int:
    """What ``simpair-<seed>`` exercises: 1-11 as listed above, 12 the big field;
    13-23 repeat roles 1-11 with other random draws, 24 a big Swiss field."""
    return seed if seed <= BIG_FIELD else seed - BIG_FIELD


def _pairing_parameters(rnd: random.Random, kind: int) -> dict[str, str]:
    seeds = ["SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP"]
    if 6 <= kind <= 8:
        first, second = "SPLITANDRANDOM", rnd.choice(["SPLITANDRANDOM", "SPLITANDRANDOM", "SPLITANDFOLD"])
    else:
        first, second = rnd.choice(seeds), rnd.choice(seeds)
    return {
        "paiBaAvoidDuplGame": "500000000000000",
        "paiBaBalanceWB": rnd.choice(["1000000", "1000"]),
        "paiBaDeterministic": "true",
        "paiBaRandom": "0" if kind in (6, BIG_FIELD) else rnd.choice(["0", "1000", "1000000"]),
        "paiMaAdditionalPlacementCritSystem1": rnd.choice(["Rating", "Rank", "NULL"]),
        "paiMaAdditionalPlacementCritSystem2": rnd.choice(["Rating", "Rank", "NULL"]),
        "paiMaAvoidMixingCategories": rnd.choice(["0", "20000000000000"]) if kind < 9 else "20000000000000",
        "paiMaCompensateDUDD": rnd.choice(["true", "false"]),
        "paiMaDUDDLowerMode": rnd.choice(["TOP", "MID", "BOT"]),
        "paiMaDUDDUpperMode": rnd.choice(["TOP", "MID", "BOT"]),
        "paiMaDUDDWeight": "100000000",
        "paiMaLastRoundForSeedSystem1": str(rnd.randint(1, 3)),
        "paiMaMaximizeSeeding": "5000000",
        "paiMaMinimizeScoreDifference": "100000000000",
        "paiMaSeedSystem1": first,
        "paiMaSeedSystem2": second,
        "paiSeAvoidSameGeo": "0",
        "paiSeBarThresholdActive": "true",
        "paiSeDefSecCrit": "20000000000000",
        "paiSeMinimizeHandicap": "0",
        "paiSeNbWinsThresholdActive": "true",
        "paiSePreferMMSDiffRatherThanSameClub": "0",
        "paiSePreferMMSDiffRatherThanSameCountry": "0",
        "paiSeRankThreshold": "30K",
        "paiStandardNX1Factor": "0.5",
    }


def _pairing_rank(rnd: random.Random, kind: int, spread: list[int], i: int) -> int:
    if kind in (4, 5):
        # one or two players a rank, over 26 ranks: many groups of few players
        return spread[i % len(spread)]
    if kind == BIG_FIELD:
        return max(-30, min(8, round(rnd.gauss(-6, 7))))
    return rnd.randint(-25, 6)


def _pairing_players(rnd: random.Random, kind: int, n_players: int, n_rounds: int, players_el: ET.Element) -> list:
    absent_rate = 0.25 if kind <= 3 else 0.05
    pre_rate = 0.2 if kind <= 3 else 0.03
    players: list[tuple[str, str, int, str, str]] = []
    seen = set()
    spread = list(range(-20, 6))
    rnd.shuffle(spread)
    while len(players) < n_players:
        if kind == BIG_FIELD:
            name, first = f"{rnd.choice(SURNAMES)}{len(players):03d}", rnd.choice(GIVEN)
        else:
            name, first = rnd.choice(SURNAMES), rnd.choice(GIVEN)
        if key(name, first) in seen:
            name = f"{name}{len(players)}"
        seen.add(key(name, first))
        rank = _pairing_rank(rnd, kind, spread, len(players))
        part = "".join("0" if rnd.random() < absent_rate else "1" for _ in range(n_rounds))
        status = "FIN" if rnd.random() >= pre_rate else "PRE"
        players.append((name, first, rank, part, status))
        ET.SubElement(
            players_el,
            "Player",
            {
                "agaExpirationDate": "",
                "agaId": "",
                "club": rnd.choice(["Hann", "Berl", "Pari", "", "Lyon"]),
                "country": rnd.choice(["DE", "FR", "TR", ""]),
                "egfPin": "",
                "ffgLicence": "",
                "ffgLicenceStatus": "",
                "firstName": first,
                "grade": "",
                "name": name,
                "participating": part,
                "rank": rank_text(rank),
                "rating": str(max(-900, min(2800, rank * 100 + 2100 + rnd.randint(-50, 49)))),
                "ratingOrigin": "",
                "registeringStatus": status,
                "smmsCorrection": str(rnd.choice([0, 0, 0, 0, 1, -1])),
            },
        )
    return players


def _pairing_games(rnd: random.Random, players: list, played_rounds: int, root: ET.Element) -> None:
    games_el = ET.SubElement(root, "Games")
    byes = []
    results = ["RESULT_WHITEWINS", "RESULT_BLACKWINS"] * 6 + ["RESULT_EQUAL", "RESULT_UNKNOWN", "RESULT_BOTHLOSE"]
    for r in range(1, played_rounds + 1):
        here = [p for p in players if p[3][r - 1] == "1" and p[4] == "FIN"]
        rnd.shuffle(here)
        if len(here) % 2:
            bye = here.pop()
            byes.append((r, key(bye[0], bye[1])))
        for t in range(len(here) // 2):
            w, b = here[2 * t], here[2 * t + 1]
            ET.SubElement(
                games_el,
                "Game",
                {
                    "blackPlayer": key(b[0], b[1]),
                    "handicap": "0",
                    "knownColor": "true",
                    "result": rnd.choice(results),
                    "roundNumber": str(r),
                    "tableNumber": str(t + 1),
                    "whitePlayer": key(w[0], w[1]),
                },
            )
    if byes:
        byes_el = ET.SubElement(root, "ByePlayers")
        for r, k in byes:
            ET.SubElement(byes_el, "ByePlayer", {"player": k, "roundNumber": str(r)})


def pairing_scenario(seed: int) -> str:
    """The file ``simpair-<seed>`` (1 to ``PAIRING_SCENARIOS``, see :func:`role`)."""
    rnd = random.Random(1000 + seed)
    kind = role(seed)
    big = kind == BIG_FIELD
    n_players = 700 if big else rnd.randint(14, 26) | (1 if kind >= 9 else 0)
    n_rounds = 5
    played_rounds = 3 if big else rnd.randint(3, 5)
    swiss_cat = kind in (9, 11)
    mcmahon = not swiss_cat and kind != 7 and seed != 24
    root = ET.Element("Tournament", {"dataVersion": "201", "fullVersionNumber": "3.51.02"})
    players = _pairing_players(rnd, kind, n_players, n_rounds, ET.SubElement(root, "Players"))
    _pairing_games(rnd, players, played_rounds, root)
    tps = ET.SubElement(root, "TournamentParameterSet")
    n_cat = rnd.choice([2, 3]) if kind >= 9 and not big else 1
    gen = ET.SubElement(
        tps,
        "GeneralParameterSet",
        {
            "bInternet": "false",
            "basicTime": "60",
            "beginDate": "2024-05-01",
            "endDate": "2024-05-02",
            "complementaryTimeSystem": "STDBYOYOMI",
            "director": "",
            "fischerTime": "10",
            "genCountNotPlayedGamesAsHalfPoint": "false",
            "genMMBar": "9D" if kind in (4, 5) else rank_text(rnd.randint(-3, 5)),
            "genMMFloor": "30K" if kind in (4, 5) else rank_text(rnd.randint(-25, -12)),
            "genMMS2ValueAbsent": "1",
            "genMMS2ValueBye": "2",
            "genMMZero": "30K",
            "genNBW2ValueAbsent": "0",
            "genNBW2ValueBye": "2",
            "genRoundDownNBWMMS": "true",
            "komi": "7.5",
            "location": "Hannover",
            "name": f"Pairing scenario {seed}",
            "nbMovesCanTime": "15",
            "numberOfCategories": str(n_cat),
            "numberOfRounds": str(n_rounds),
            "shortName": f"simpair-{seed}",
            "size": "19",
            "stdByoYomiTime": "30",
            "canByoYomiTime": "300",
        },
    )
    if n_cat > 1:
        cats = ET.SubElement(gen, "Categories")
        for c, low in enumerate(sorted(rnd.sample(range(-15, 3), n_cat - 1), reverse=True), 1):
            ET.SubElement(cats, "Category", {"lowerLimit": rank_text(low), "number": str(c)})
    ET.SubElement(
        tps,
        "HandicapParameterSet",
        {"hdBasedOnMMS": "true", "hdCeiling": "0", "hdCorrection": "0", "hdNoHdRankThreshold": "30K"},
    )
    if swiss_cat:
        crit = ["CAT", "NBW", "SOSW", "SOSOSW"]
    elif mcmahon:
        crit = ["MMS", "SOSM", "SOSOSM"]
    else:
        crit = ["NBW", "SOSW", "SOSOSW"]
    pps = ET.SubElement(tps, "PlacementParameterSet")
    pc = ET.SubElement(pps, "PlacementCriteria")
    for i in range(6):
        ET.SubElement(pc, "PlacementCriterion", {"name": crit[i] if i < len(crit) else "NULL", "number": str(i + 1)})
    ET.SubElement(tps, "PairingParameterSet", _pairing_parameters(rnd, kind))
    ET.indent(root, space="    ")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def pairing_scenarios(out: Path) -> None:
    """Write ``simpair-1.xml`` .. ``simpair-<PAIRING_SCENARIOS>.xml`` into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    for seed in range(1, PAIRING_SCENARIOS + 1):
        (out / f"simpair-{seed}.xml").write_text(pairing_scenario(seed), encoding="utf-8")


def main(argv: list[str]) -> None:
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    if len(argv) > 1 and argv[1] == "--standings":
        for number in STANDINGS_SCENARIOS:
            (out / f"simst-{number}.xml").write_text(standings_scenario(number), encoding="utf-8")
        return
    count = int(argv[1]) if len(argv) > 1 else 20
    for seed in range(1, count + 1):
        (out / f"sim-{seed}.xml").write_text(simulate(seed), encoding="utf-8")
    if "--pairing" in argv:
        pairing_scenarios(out)


if __name__ == "__main__":
    main(sys.argv[1:])
