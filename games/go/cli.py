"""The command line shared by ``python -m games.go``, ``games.keima`` and ``games.volt``.

``python -m games.go [--size N] [--komi K] [--handicap H] [--rules chinese|japanese]
[--dead POINTS] [--neutral POINTS] FILE`` reads a record (a path, or ``-``
for standard input; SGF or the plain notation), replays it and prints one
JSON object::

    {"legal": true, "error": null, "moves": 212,
     "score": {"black": 42, "white": 39}, "result": "B+3",
     "dead": {"black": 0, "white": 3}, "prisoners": {"black": 5, "white": 2}}

``error`` is ``null`` or ``{"move": n, "point": "K10", "reason": r}`` (``n``
1-based).  ``--dead`` names stones whose whole chain is dead, ``--neutral``
empty points that count for nobody: comma-separated points in the record's
coordinates (``D4``, or SGF letters ``dd``); without ``--dead`` an SGF's
``TB``/``TW`` name the dead stones.  Keima-Go and 1000-Volt-Go take no
marks (their rule set is ``hannover``).  Exit status: 0 legal, 1 illegal,
2 unreadable (a message on standard error, naming the line and the token;
no traceback), also for a record longer than the game accepts (``too
long``, :mod:`games.limits`) and for marks that name no stone, a stone as
neutral, a point off the board, or a game not ended by two passes.
"""

from __future__ import annotations

import argparse
import json
import sys

from games.go.game import Game
from games.go.marks import MarkError, split_points
from games.go.record import RecordError
from games.go.verdict import replay
from games.limits import RecordTooLong

__all__ = ["main"]


def _read(path: str) -> str:
    data = sys.stdin.buffer.read() if path == "-" else open(path, "rb").read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def main(game_class: type[Game], prog: str, description: str, argv: list[str] | None = None) -> int:
    """Run the validator for ``game_class``; return the exit status."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    rule_sets = game_class.rule_sets()
    komi = f"{game_class.default_komi:g}" + "".join(
        f"; {k:g} under {r}" for r, k in game_class.komi_by_rules.items() if r in rule_sets
    )
    # the settings: each defaults to the record's (SGF) or else the game's
    settings: tuple[tuple[str, type[int] | type[float], str], ...] = (
        ("--size", int, f"board size (default {game_class.default_size}, or the SGF's SZ)"),
        ("--komi", float, f"komi for White (default {komi}; or the SGF's KM)"),
        ("--handicap", int, "handicap: Black's first stones (keimas in Keima-Go) (default 0, or the SGF's HA)"),
    )
    for flag, kind, text in settings:
        parser.add_argument(flag, type=kind, default=None, help=text)
    parser.add_argument(
        "--rules", choices=rule_sets, default=None, help=f"the rule set counted by (default {rule_sets[0]})"
    )
    parser.add_argument(
        "--dead",
        metavar="POINTS",
        default=None,
        help="stones whose whole chain is dead, comma-separated (D4 or SGF letters); default: the SGF's TB/TW",
    )
    parser.add_argument(
        "--neutral", metavar="POINTS", default=None, help="empty points that count for nobody, comma-separated"
    )
    parser.add_argument("file", metavar="FILE", help="the record: a path, or - for standard input")
    args = parser.parse_args(argv)
    try:
        text = _read(args.file)
    except OSError as e:
        print(f"{prog}: cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return 2
    dead = None if args.dead is None else split_points(args.dead)
    neutral = None if args.neutral is None else split_points(args.neutral)
    try:
        verdict = replay(
            game_class,
            text,
            size=args.size,
            komi=args.komi,
            handicap=args.handicap,
            rules=args.rules,
            dead=dead,
            neutral=neutral,
        )
    except RecordTooLong as e:  # refused before replaying, as unreadable input is
        print(f"{prog}: {args.file}: {e}", file=sys.stderr)
        return 2
    except RecordError as e:
        print(f"{prog}: {args.file}: unreadable record: {e}", file=sys.stderr)
        return 2
    except MarkError as e:
        print(f"{prog}: {args.file}: unreadable marks: {e}", file=sys.stderr)
        return 2
    print(json.dumps(verdict.as_dict()))
    return 0 if verdict.legal else 1
