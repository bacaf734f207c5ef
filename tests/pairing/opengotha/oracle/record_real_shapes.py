"""Record what OpenGotha 3.51.02 reads of the real-shape files (``tests/pairing/opengotha/real_shapes.py``)
and of their export, as the fixture ``oracle_answers/real-shapes.json``:

    python tests/pairing/opengotha/oracle/record_real_shapes.py

For each shape (``ratings``, ``byes``, ``turkish``): ``file``, the jar's ``read`` answer (every player's
key, rank and rating, every game with its round, white, black and result code, the bye it keeps of each
round) for the file as 3.51.02 reads it completely (``dataVersion="201"``); ``export``, the same for the
file the site's writer makes of it (``write_tournament(read_tournament(file))``; the tests check that the
site's export reads the same). Needs a JDK and the jar in ``../shared/opengotha/bin``; the tests only read
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


def read(text: str) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".xml", encoding="utf-8", delete=False) as f:
        f.write(text)
    try:
        return json.loads(ask("read", f.name))
    finally:
        Path(f.name).unlink()


def main() -> None:
    answers = {}
    for name, make in SHAPES.items():
        text = make()
        answers[name] = {"file": read(jar_form(text)), "export": read(write_tournament(read_tournament(text)))}
        print(name, {k: (len(v["games"]), v["byes"]) for k, v in answers[name].items()})
    (OUT / "real-shapes.json").write_text(
        json.dumps(answers, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
