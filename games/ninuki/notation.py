"""Reading and writing Ninuki game records: the text notation and SGF.

Text notation (``RULES.md``, "Board and notation"): moves are coordinates
(``K10``) or ``pass``, separated by whitespace, commas or semicolons,
case-insensitive.  Move numbers (``1.``, ``12)``) are ignored, also when
attached (``12.K10``).  A token shaped like a coordinate but off the board
is still a move (it is illegal later, ``off-board``); a bare number, an
unknown word or junk is unreadable: :class:`NotationError` names the line
and the token.

SGF: the main line of one game, ``;B[..]``/``;W[..]`` alternating from Black,
rows counted from the top.  ``B[]`` and ``B[tt]`` (boards up to 19x19) are
passes; on 21x21 ``tt`` is a point.  Setup stones, variations, several games
and colours out of turn are unreadable.  :func:`read_sgf` without a size
takes the board size from ``SZ`` (``RULES.md``, last section); given a size
(:func:`parse_sgf`), an ``SZ`` that disagrees is unreadable.  A record
without ``SZ`` is taken to be of the chosen size.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from games import sgf as sgflib
from games.coords import COLUMN_LETTERS, CoordinateError, Point
from games.limits import RecordTooLong, too_long_message

from .rules import MAX_SIZE, MIN_SIZE, PRESETS

if TYPE_CHECKING:
    from .rules import RuleSet

__all__ = [
    "NotationError",
    "TooLong",
    "check_length",
    "Move",
    "parse",
    "parse_text",
    "parse_sgf",
    "read_sgf",
    "write_text",
    "write_sgf",
]

Move = Point | None  # None is a pass


class NotationError(ValueError):
    """Unreadable input: ``line`` (1-based) and ``token`` say where."""

    def __init__(self, message: str, line: int | None = None, token: str | None = None):
        self.message = message
        self.line = line
        self.token = token
        super().__init__(f"line {line}: {message}" if line is not None else message)


class TooLong(NotationError, RecordTooLong):
    """A record longer than any legal game (:meth:`RuleSet.max_moves`): code
    ``too-long``, refused before it is replayed."""

    def __init__(self, moves: int | None, limit: int, size: int):
        super().__init__(too_long_message(moves, limit, f"Ninuki-Renju on {size}x{size}"))
        self.moves, self.limit = moves, limit


def check_length(count: int, rules: RuleSet, size: int) -> None:
    """Raise :class:`TooLong` if ``count`` moves are more than ``rules`` allow on ``size``."""
    limit = rules.max_moves(size)
    if count > limit:
        raise TooLong(count, limit, size)


# every coordinate-shaped token in its usual spellings -> Point
_TOKENS: dict[str, Move] = {"pass": None, "PASS": None, "Pass": None}
for _x, _letter in enumerate(COLUMN_LETTERS):
    for _y in range(25):
        _TOKENS[f"{_letter}{_y + 1}"] = _TOKENS[f"{_letter.lower()}{_y + 1}"] = Point(_x, _y)
#: SGF's game number (``GM``) of the records written here: 4, the Gomoku and Renju family.
SGF_GAME = 4

_SEPARATORS = re.compile(r"[\s,;]+")
_NUMBER = re.compile(r"[0-9]+[.)]")
_SIMPLE = re.compile(r"[A-Za-z0-9 \n]*\Z")


def _printable(token: str) -> str:
    token = token if len(token) <= 40 else token[:40] + "..."
    return repr(token)


def _read_token(token: str, line: int) -> tuple[bool, Move]:
    """(is_move, move) for one token; raises :class:`NotationError`."""
    if token in _TOKENS:
        return True, _TOKENS[token]
    rest = token
    m = _NUMBER.match(rest)
    if m:
        rest = rest[m.end() :]
        if not rest:
            return False, None  # a move number
    if rest.lower() == "pass":
        return True, None
    try:
        return True, Point.parse(rest)
    except CoordinateError:
        hint = " (bytes that are not UTF-8 text)" if "\ufffd" in token else ""
        raise NotationError(f"unreadable token {_printable(token)}{hint}", line, token) from None


def parse_text(text: str, first_line: int = 1) -> list[Move]:
    """Moves of a record in text notation (may span several lines)."""
    if _SIMPLE.match(text):
        tokens = text.split()
        get = _TOKENS.get
        found = [get(t, False) for t in tokens]
        if False not in found:
            return cast(list[Move], found)  # every token was a move
    moves: list[Move] = []
    for lineno, line in enumerate(text.split("\n"), first_line):
        for token in _SEPARATORS.split(line):
            if token:
                is_move, move = _read_token(token, lineno)
                if is_move:
                    moves.append(move)
    return moves


def parse_sgf(text: str, size: int) -> list[Move]:
    """Moves of an SGF record for a board of ``size`` (an ``SZ`` that differs
    is unreadable)."""
    return read_sgf(text, size)[1]


def read_sgf(
    text: str, size: int | None = None, default: int = 19, rules: RuleSet | None = None
) -> tuple[int, list[Move]]:
    """``(board size, moves)`` of an SGF record.

    With ``size`` given, an ``SZ`` that differs is unreadable; without it the
    record's ``SZ`` sets the size (any size a rule set accepts: odd, 13-21),
    and a record without ``SZ`` has ``default`` (``RULES.md``, last section).
    Every node after the root counts towards the length limit of ``rules``
    (default ``hannover``'s), empty ones too: :class:`TooLong`.
    """
    rules = PRESETS["hannover"] if rules is None else rules
    most = rules.max_moves(size if size is not None else MAX_SIZE)
    try:
        game = sgflib.parse(text, max_nodes=most + 1)
    except sgflib.TooManyNodes:
        raise TooLong(None, most, size if size is not None else MAX_SIZE) from None
    except sgflib.SGFError as e:
        raise NotationError(f"unreadable SGF (column {e.column}): {e.message}", e.line, None) from None
    if game.game_count > 1:
        raise NotationError("the SGF holds more than one game", 1)
    if game.variations:
        raise NotationError("the SGF holds variations", 1)
    setup = game.setup_properties()
    if setup:
        ident, node = setup[0]
        raise NotationError(f"setup stones ({ident}) are not allowed", node.line, ident)
    root = game.nodes[0]
    sz = root.get("SZ")
    if sz is not None:
        if size is not None:
            if sz.strip() != str(size):
                raise NotationError(f"SZ[{sz}] disagrees with the board size {size}", root.line, f"SZ[{sz}]")
        else:
            stated = sz.strip()
            if not stated.isdigit() or not (MIN_SIZE <= int(stated) <= MAX_SIZE) or int(stated) % 2 == 0:
                raise NotationError(
                    f"SZ[{sz}] is not a Ninuki board size (odd, {MIN_SIZE} to {MAX_SIZE})", root.line, f"SZ[{sz}]"
                )
            size = int(stated)
    if size is None:
        size = default
    check_length(len(game.nodes) - 1, rules, size)
    try:
        sgf_moves = game.moves()
    except sgflib.SGFError as e:
        raise NotationError(e.message, e.line, None) from None
    moves: list[Move] = []
    for i, m in enumerate(sgf_moves):
        expected = "B" if i % 2 == 0 else "W"
        if m.colour != expected:
            raise NotationError(
                f"move {i + 1} is {m.colour}[{m.value}] but {expected} is to play", m.line, f"{m.colour}[{m.value}]"
            )
        try:
            point = Point.from_sgf(m.value.strip(), size)
        except CoordinateError:
            raise NotationError(
                f"unreadable SGF point {m.colour}[{_printable(m.value)[1:-1]}]", m.line, f"{m.colour}[{m.value}]"
            ) from None
        moves.append(point)
    return size, moves


def is_plain(text: str) -> bool:
    """True if the text holds only letters, digits, spaces and newlines (the
    common case that callers can read with a plain ``split()``)."""
    return _SIMPLE.match(text) is not None


def is_sgf(text: str) -> bool:
    """True if the text looks like SGF (starts with ``(`` after blanks)."""
    return text.lstrip("\ufeff \t\r\n").startswith("(")


def parse(text: str, size: int) -> list[Move]:
    """Moves of one record, SGF or text notation."""
    return parse_sgf(text, size) if is_sgf(text) else parse_text(text)


def write_text(moves: Iterable[Move], numbered: bool = False) -> str:
    """Text notation: ``"K10 K9 N10"`` (``"1. K10 K9 2. N10"`` if ``numbered``)."""
    names = ["pass" if m is None else m.name() for m in moves]
    if not numbered:
        return " ".join(names)
    out = []
    for i, name in enumerate(names):
        if i % 2 == 0:
            out.append(f"{i // 2 + 1}.")
        out.append(name)
    return " ".join(out)


def write_sgf(moves: Iterable[Move], size: int, result: str | None = None, **root: str) -> str:
    """SGF of a record: ``(;FF[4]GM[4]CA[UTF-8]SZ[19];B[jj];W[kk])``; passes as ``B[]``.

    ``GM[4]``: SGF's number of the Gomoku and Renju family, to which Ninuki-Renju belongs (SGF has none
    of its own; ``GM[1]`` would say Go). The reader takes any ``GM``, the older ``GM[1]`` too."""
    props = {"FF": "4", "GM": str(SGF_GAME), "CA": "UTF-8", "SZ": str(size)}
    if result:
        props["RE"] = result
    props.update(root)
    nodes = [props]
    for i, m in enumerate(moves):
        nodes.append({"BW"[i % 2]: "" if m is None else m.to_sgf(size)})
    return sgflib.dumps(nodes)
