"""Record what OpenGotha 3.51.02 reads of the real-shape files (``tests/pairing/opengotha/real_shapes.py``)
and of their export, as the fixture ``oracle_answers/real-shapes.json``:

    python tests/pairing/opengotha/oracle/record_real_shapes.py

For each shape (``ratings``, ``byes``, ``turkish``): ``file``, the jar's ``read`` answer (every player's
key, rank and rating, every game with its round, white, black and result code, the bye it keeps of each
round) for the file as 3.51.02 reads it completely (``dataVersion="201"``); ``export``, the same for the
file the site's writer makes of it (``write_tournament(read_tournament(file))``; the tests check that the
site's export reads the same); for ``byes`` also ``mms_after_round_1``, the McMahon score (doubled) of the
two players with a bye after round 1 in the jar's standings. Needs a JDK and the jar in ``../shared/opengotha/bin``; the tests only read
the recorded file.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]
sys.path.insert(0, str(REPO))

from tests.pairing.opengotha.oracle.record import OUT, ask  # noqa: E402
from tests.pairing.opengotha.real_shapes import SHAPES, jar_form  # noqa: E402
from tournament.files.opengotha import read_tournament, write_tournament  # noqa: E402


def _ask(question: str, text: str) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".xml", encoding="utf-8", delete=False) as f:
        f.write(text)
    try:
        return json.loads(ask(question, f.name))
    finally:
        Path(f.name).unlink()


def read(text: str) -> dict:
    return _ask("read", text)


def standings(text: str) -> dict:
    return _ask("standings", text)


def main() -> None:
    answers = {}
    for name, make in SHAPES.items():
        text = make()
        answers[name] = {"file": read(jar_form(text)), "export": read(write_tournament(read_tournament(text)))}
        if name == "byes":  # the MMS (doubled) of the players with a bye in the file after round 1
            after = standings(jar_form(text))["rounds"][0]
            keys = set(answers[name]["file"]["byes"].values()) | {"MENDESNELL", "ALBERT_LEDUNSOLINE"}
            answers[name]["mms_after_round_1"] = {p["key"]: p["values"]["MMS"] for p in after if p["key"] in keys}
        print(name, {k: (len(answers[name][k]["games"]), answers[name][k]["byes"]) for k in ("file", "export")})
    (OUT / "real-shapes.json").write_text(
        json.dumps(answers, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
