"""Command line: ``python -m games.ninuki [--rules R] [--size N] [--lines] FILE``.

Prints one JSON object per record (keys ``legal``, ``outcome``, ``reason``,
``captures``, ``moves``, ``error``).  Exit status: 0 all records legal, 1 a
record has an illegal move, 2 unreadable input (a message on standard error
names the line and the token; the other records are still checked and
printed), also a record longer than any legal game (``too long``).  Without
``--size`` an SGF record's ``SZ`` sets the board size.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import NoReturn

from .notation import NotationError, is_plain, is_sgf, parse_text, read_sgf
from .replay import Verdict, replay
from .rules import PRESETS, RuleSet


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # usage errors are unreadable input too
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    p = _Parser(prog="python -m games.ninuki", description="Check Ninuki-Renju game records.")
    p.add_argument("--rules", default="hannover", choices=list(PRESETS), help="rule set (default hannover)")
    p.add_argument(
        "--size",
        type=int,
        default=None,
        help="board size, odd, 13-21 (default: an SGF record's SZ, else the rule set's)",
    )
    p.add_argument("--lines", action="store_true", help="every non-empty line is one record in text notation")
    p.add_argument("file", metavar="FILE", help="a path, or - for standard input")
    return p.parse_args(argv)


def _read(path: str) -> str:
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as f:
            data = f.read()
    # undecodable bytes become U+FFFD and then an unreadable token that is named
    return data.decode("utf-8", errors="replace")


def _line(v: Verdict) -> str:
    """The JSON line of a verdict (written by hand: it is the hot path)."""
    caps = v.captures
    if v.legal:
        reason = "null" if v.reason is None else f'"{v.reason}"'
        return (
            f'{{"legal": true, "outcome": "{v.outcome}", "reason": {reason}, "captures": '
            f'{{"black": {caps["black"]}, "white": {caps["white"]}}}, "moves": {v.moves}, "error": null}}\n'
        )
    return json.dumps(v.as_dict()) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    try:
        rules = RuleSet.preset(args.rules)
        if args.size is not None:
            rules = rules.replace(size=args.size)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        text = _read(args.file)
    except OSError as e:
        print(f"error: cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return 2
    out: list[str] = []
    status = 0
    name = "<stdin>" if args.file == "-" else args.file
    if args.lines:
        records = [(i, line) for i, line in enumerate(text.split("\n"), 1) if line.strip()]
    else:
        records = [(1, text)]
    for first_line, record in records:
        try:
            if args.lines and is_plain(record):
                try:
                    v = replay(record, rules)  # the fast path for plain coordinates
                except NotationError:
                    v = replay(parse_text(record, first_line), rules)  # raises with the right line
            elif args.lines:
                v = replay(parse_text(record, first_line), rules)  # text notation, never SGF
            elif is_sgf(record):  # without --size the record's SZ sets the size
                size, moves = read_sgf(record, args.size, rules.size, rules)
                v = replay(moves, rules, size)
            else:
                v = replay(parse_text(record, first_line), rules)
        except NotationError as e:
            sys.stdout.write("".join(out))
            out.clear()
            where = f"line {e.line}: " if e.line is not None else ""
            print(f"{name}: {where}{e.message}", file=sys.stderr)
            status = 2
            continue
        if not v.legal and status == 0:
            status = 1
        out.append(_line(v))
        if len(out) >= 1024:
            sys.stdout.write("".join(out))
            out.clear()
    sys.stdout.write("".join(out))
    sys.stdout.flush()
    return status


if __name__ == "__main__":
    try:
        code = main()
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        code = 0
    sys.exit(code)
