"""``pair_opengotha FILE.xml --round R``: pair a round of an OpenGotha file, print JSON.

Forgets every game and bye of round R and later, pairs round R with the
file's parameters and prints ``{"round": R, "games": [{"table", "white",
"black", "handicap"}], "bye": KEY or null}`` with OpenGotha's player keys.
No database is touched.  ``main(argv)`` returns the exit status.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from tournament.files.opengotha import COMMAND_PLAYERS, OpenGothaFormatError, read_tournament
from tournament.pairing.engine import PairingJSON, pair_round

if TYPE_CHECKING:
    from tournament.pairing.explain import PairingExplanation


class ExplainedPairingJSON(PairingJSON):
    """With ``--explain``: the pairing and its explanation."""

    explanation: PairingExplanation


def build_parser(prog: str = "pair_opengotha") -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    add_arguments(ap)
    return ap


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("file", help="OpenGotha tournament file (.xml)")
    ap.add_argument("--round", "-r", type=int, required=True, dest="round", help="round to pair (from 1)")
    ap.add_argument("--explain", action="store_true", help="add each pair's cost term by term and the bye reason")


def run(path: str, round_number: int, explain: bool = False) -> PairingJSON | ExplainedPairingJSON:
    t = read_tournament(path, most_players=COMMAND_PLAYERS)
    if round_number < 1:
        raise ValueError("--round must be 1 or more")
    pairing = pair_round(t.before(round_number), round_number)
    out = pairing.as_dict()
    if not explain:
        return out
    from tournament.pairing.explain import explain_pairing

    return {**out, "explanation": explain_pairing(pairing)}


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    args = build_parser().parse_args(argv)
    try:
        out = run(args.file, args.round, args.explain)
    except (OpenGothaFormatError, ValueError) as e:
        print(f"pair_opengotha: {e}", file=stderr)
        return 2
    stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
