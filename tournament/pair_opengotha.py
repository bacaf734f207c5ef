"""``pair_opengotha FILE.xml --round R``: pair a round of an OpenGotha file, print JSON.

Forgets every game and bye of round R and later, pairs round R with the
file's parameters by the rules of the OpenGotha that wrote it (its ``fullVersionNumber``: 3.51.x and
earlier as 3.51.02, 3.52 and later, or no version, as 3.52; ``--opengotha-version 3.51|3.52`` says
which instead) and prints ``{"round": R, "games": [{"table", "white",
"black", "handicap"}], "bye": KEY or null}`` with OpenGotha's player keys.
Rank categories are paired as OpenGotha pairs them (any player of the neighbouring
category may meet a category's odd player; the site pairs the nearest).
No database is touched.  ``main(argv)`` returns the exit status.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TextIO

from tournament.files.opengotha import COMMAND_PLAYERS, OpenGothaFormatError, read_tournament
from tournament.files.opengotha_version import VERSIONS, version_of
from tournament.pairing.context import opengotha_options
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
    ap.add_argument(
        "--opengotha-version",
        choices=VERSIONS,
        default=None,
        dest="opengotha_version",
        help="pair by the rules of this OpenGotha (default: the version that wrote the file; 3.52 if it names none)",
    )


def run(
    path: str, round_number: int, explain: bool = False, opengotha_version: str | None = None
) -> PairingJSON | ExplainedPairingJSON:
    """The pairing of ``round_number`` by the rules of ``opengotha_version`` ("3.51" or "3.52"; None:
    the file's own, :func:`~tournament.files.opengotha_version.version_of`)."""
    t = read_tournament(path, most_players=COMMAND_PLAYERS)
    if round_number < 1:
        raise ValueError("--round must be 1 or more")
    version = opengotha_version or version_of((t.extra or {}).get("root_attrib", ()))
    # categories cross as OpenGotha crosses them, in both versions (the site pairs the nearest)
    options = replace(opengotha_options(version), cross_category="opengotha")
    pairing = pair_round(t.before(round_number), round_number, options=options)
    out = pairing.as_dict()
    if not explain:
        return out
    from tournament.pairing.explain import explain_pairing

    return {**out, "explanation": explain_pairing(pairing)}


def run_options(options: Mapping[str, Any]) -> PairingJSON | ExplainedPairingJSON:
    """:func:`run` with the options :func:`add_arguments` parses (``vars(args)`` or a Django command's)."""
    return run(options["file"], options["round"], bool(options.get("explain")), options.get("opengotha_version"))


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    args = build_parser().parse_args(argv)
    try:
        out = run_options(vars(args))
    except (OpenGothaFormatError, ValueError) as e:
        print(f"pair_opengotha: {e}", file=stderr)
        return 2
    stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
