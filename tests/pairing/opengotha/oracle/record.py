"""Record what OpenGotha 3.51.02 answers for tournament files, as test fixtures.

    python tests/pairing/opengotha/oracle/record.py FILE.xml [...] [--pairings] [--h9] [--costs=R,...] [--pair-costs] [--no-standings]

For each file writes (unless ``--no-standings``) ``tests/pairing/opengotha/oracle_answers/<name>.standings.json``
(after every round: the players in OpenGotha's standings order, the place it
prints -- among the players it lists, those with a game or a bye; null for the
others --, whether the player played at all (OpenGotha's "implied"), and every criterion's value, doubled
as OpenGotha keeps them), with ``--pairings`` ``<name>.pairings.json`` (each
round with games paired by OpenGotha from the earlier rounds, and its time),
with ``--h9`` ``<name>.h9`` (OpenGotha's EGD file), with ``--costs=4,5``
``<name>.costs.json`` (for each of those rounds, paired from the earlier ones:
the pairing parameters as the jar read them, each player's group, place in it,
draw-ups/downs and colour balance as ``fillPairingInfo`` gives them, and
``costValue`` of every pair with the handicap of their game, the players in
the order of the list to pair), with ``--pair-costs`` (a big field, where every
pair would be hundreds of thousands) ``<name>.paircosts.json``: for every round
of ``<name>.pairings.json``, the same but ``costValue`` only of the pairs of the
jar's pairing and of ours (``pair_round``, either dialect). Needs a JDK and the jar in
``../shared/opengotha/bin``; the tests only read the recorded files.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "oracle_answers"
CRITERIA = [
    "CAT",
    "Rank",
    "Rating",
    "NBW",
    "CPS",
    "MMS",
    "STS",
    "CUSSW",
    "CUSSM",
    "SOSW",
    "SOSW-1",
    "SOSW-2",
    "SODOSW",
    "SOSM",
    "SOSM-1",
    "SOSM-2",
    "SODOSM",
    "SOSTS",
    "SOSOSW",
    "SOSOSM",
    "EXT",
    "EXR",
]


def ask(*args: str) -> str:
    out = subprocess.run([str(HERE / "run.sh"), *args], check=True, capture_output=True, text=True).stdout
    # OpenGotha prints notes of its own ("No team parameter could be imported") first
    return out[out.find("{") :] if "{" in out else out


def standings(path: Path) -> dict:
    raw = json.loads(ask("standings", str(path)))
    rounds = []
    for table in raw["rounds"]:
        rounds.append(
            [
                [p["key"], p["printed"], p["implied"], p["dc"], p["sdc"], [p["values"][c] for c in CRITERIA]]
                for p in table
            ]
        )
    return {"criteria": raw["criteria"], "columns": CRITERIA, "rounds": rounds}


def pairings(path: Path) -> list:
    import xml.etree.ElementTree as ET

    root = ET.parse(path).getroot()
    played = sorted({int(g.get("roundNumber", "1")) for g in root.iter("Game")})
    return [json.loads(ask("pair", str(path), str(r))) for r in played]


def costs(path: Path, rounds: list[int]) -> list:
    return [json.loads(ask("costs", str(path), str(r))) for r in rounds]


def pair_costs(path: Path, original: Path, answers: list) -> list:
    """The jar's costs of the pairs of its pairing and of ours, round by round."""
    sys.path.insert(0, str(HERE.parents[3]))
    from tournament.files.opengotha import read_tournament
    from tournament.pairing.context import Options
    from tournament.pairing.engine import pair_round

    t = read_tournament(original.read_text(encoding="utf-8"))
    out = []
    for answer in answers:
        r = answer["round"]
        pairs = {frozenset(g[:2]) for g in answer["games"]}
        listed = {k for g in answer["games"] for k in g[:2]}  # a default Swiss pairing may give another bye
        for options in (Options(), Options(dialect="3.51.02")):
            games = pair_round(t.before(r), r, options=options).games
            pairs |= {frozenset((g.white, g.black)) for g in games if {g.white, g.black} <= listed}
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", encoding="utf-8", delete=False) as f:
            f.write("".join("\t".join(sorted(p)) + "\n" for p in sorted(pairs, key=sorted)))
        out.append(json.loads(ask("costs", str(path), str(r), f.name)))
        Path(f.name).unlink()
    return out


def loadable(path: Path, tmp: str) -> Path:
    """The file as OpenGotha 3.51.02 reads it completely: with ``dataVersion="201"``.

    3.51.02 reads a file without a data version as an old one (ratings moved by
    2050, games of players whose key holds a letter outside A-Z dropped); the
    files of 3.51 and 3.52 are not old, so they are given the version here.
    """
    text = path.read_bytes()
    head = text[:400]
    if b"dataVersion" in head:
        return path
    copy = Path(tmp) / path.name
    copy.write_bytes(text.replace(b"<Tournament", b'<Tournament dataVersion="201"', 1))
    return copy


def main(argv: list[str]) -> None:
    files = [Path(a) for a in argv if not a.startswith("--")]
    OUT.mkdir(exist_ok=True)
    for original in files:
        name = original.stem
        tmpdir = tempfile.mkdtemp()
        path = loadable(original, tmpdir)
        if "--no-standings" not in argv:
            (OUT / f"{name}.standings.json").write_text(
                json.dumps(standings(path), ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
            )
        if "--pairings" in argv:
            (OUT / f"{name}.pairings.json").write_text(
                json.dumps(pairings(path), ensure_ascii=False) + "\n", encoding="utf-8"
            )
        for a in argv:
            if a.startswith("--costs="):
                rounds = [int(r) for r in a.split("=", 1)[1].split(",")]
                (OUT / f"{name}.costs.json").write_text(
                    json.dumps(costs(path, rounds), ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
                )
        if "--pair-costs" in argv:
            answers = json.loads((OUT / f"{name}.pairings.json").read_text(encoding="utf-8"))
            (OUT / f"{name}.paircosts.json").write_text(
                json.dumps(pair_costs(path, original, answers), ensure_ascii=False, separators=(",", ":")) + "\n",
                encoding="utf-8",
            )
        if "--h9" in argv:
            with tempfile.TemporaryDirectory() as tmp:
                ask("h9", str(path), f"{tmp}/out.h9")
                text = Path(f"{tmp}/out.h9").read_bytes().decode("iso-8859-15")
            (OUT / f"{name}.h9").write_text(text, encoding="utf-8")
        print(name, file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
