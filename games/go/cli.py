"""The command line shared by ``python -m games.go``, ``games.keima`` and ``games.volt``.

``python -m games.go [--size N] [--komi K] [--handicap H] FILE`` reads a
record (a path, or ``-`` for standard input; SGF or the plain notation),
replays it and prints one JSON object::

    {"legal": true, "error": null, "moves": 212,
     "score": {"black": 42, "white": 39}, "result": "B+3"}

``error`` is ``null`` or ``{"move": n, "point": "K10", "reason": r}`` (``n``
1-based).  Exit status: 0 legal, 1 illegal, 2 unreadable (a message on
standard error, naming the line and the token; no traceback), also for a
record longer than the game accepts (``too long``, :mod:`games.limits`).
"""

from __future__ import annotations

import argparse
import json
import sys

from games.go.game import Game
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
    # the settings: each defaults to the record's (SGF) or else the game's
    settings: tuple[tuple[str, type[int] | type[float], str], ...] = (
        ("--size", int, f"board size (default {game_class.default_size}, or the SGF's SZ)"),
        ("--komi", float, f"komi for White (default {game_class.default_komi:g}, or the SGF's KM)"),
        ("--handicap", int, "handicap: Black's first stones (keimas in Keima-Go) (default 0, or the SGF's HA)"),
    )
    for flag, kind, text in settings:
        parser.add_argument(flag, type=kind, default=None, help=text)
    parser.add_argument("file", metavar="FILE", help="the record: a path, or - for standard input")
    args = parser.parse_args(argv)
    try:
        text = _read(args.file)
    except OSError as e:
        print(f"{prog}: cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return 2
    try:
        verdict = replay(game_class, text, size=args.size, komi=args.komi, handicap=args.handicap)
    except RecordTooLong as e:  # refused before replaying, as unreadable input is
        print(f"{prog}: {args.file}: {e}", file=sys.stderr)
        return 2
    except RecordError as e:
        print(f"{prog}: {args.file}: unreadable record: {e}", file=sys.stderr)
        return 2
    print(json.dumps(verdict.as_dict()))
    return 0 if verdict.legal else 1
