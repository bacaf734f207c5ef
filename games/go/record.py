"""Game records for the Go family: reading SGF and a plain text notation, writing SGF.

Two notations are read (:func:`parse_record` tells them apart by the first
character, ``(`` for SGF):

- Plain text, as for Ninuki: moves are coordinates (``K10``, case-insensitive)
  or ``pass``, separated by whitespace, commas or semicolons.  Move numbers
  (``1.``, ``12)``, also glued on: ``12.K10``) are ignored; a bare number, an
  unknown word or junk is unreadable.  Colours follow from the turn order of
  the game (in Keima-Go each stone is one move; a turn is two).
- SGF via :mod:`games.sgf`: ``;B[dd]`` moves (``B[]`` and, up to 19x19,
  ``B[tt]`` are passes; on larger boards ``tt`` is a point), ``SZ``, ``KM``,
  ``HA``.  Handicap stones are Black's first moves (``HA[n]`` and then ``n``
  Black moves, ``2n`` in Keima-Go).  Setup stones (``AB``, ``AW``, ``AE``)
  anywhere, variations, several games, a non-square or unknown ``SZ`` and
  ``GM`` other than 1 are unreadable (``RULES.md``, last section).
  ``TB``/``TW`` of the last node (the territory each colour counted, with
  the opponent's dead stones in it) are kept (:attr:`Record.territory`,
  :meth:`Record.territory_points`): a stone inside the other colour's
  ``TB``/``TW`` is dead (:func:`games.go.verdict.replay`).  ``RU`` is not
  read: the rule set is the tournament's.

SGF points count rows from the top, so they mean something only for a known
board size: a record without ``SZ`` is read for 19x19 and read again by
:meth:`Record.for_size` once the size the game is replayed on is known.

A coordinate-shaped move outside the board is read fine and becomes an
illegal ``off-board`` move when replayed.  Everything unreadable raises
:class:`RecordError` naming the line and the token.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from games import sgf
from games.coords import MAX_SIZE, CoordinateError, Point
from games.go.game import Game
from games.go.marks import Marks
from games.go.position import BLACK, EMPTY, WHITE, opponent
from games.limits import RecordTooLong, too_long_message

__all__ = ["RecordError", "TooLong", "RecordMove", "Record", "parse_record", "parse_text", "parse_sgf", "write_sgf"]


class RecordError(ValueError):
    """An unreadable record; ``line`` (1-based, or ``None``) and ``token`` say where."""

    def __init__(self, message: str, line: int | None = None, token: str | None = None):
        where = f"line {line}: " if line is not None else ""
        tok = f" (token {token!r})" if token is not None else ""
        super().__init__(f"{where}{message}{tok}")
        self.line = line
        self.token = token


class TooLong(RecordError, RecordTooLong):
    """A record longer than the game accepts (:meth:`games.go.game.Game.max_moves`):
    code ``too-long``, refused before it is replayed."""

    def __init__(self, moves: int | None, limit: int, what: str):
        super().__init__(too_long_message(moves, limit, what))
        self.moves, self.limit = moves, limit


_N = TypeVar("_N", int, float)

#: Nodes the SGF reader reads at most: the limit of the largest board.
MAX_NODES = Game.max_moves(MAX_SIZE) + 1


@dataclass(frozen=True)
class RecordMove:
    """A move as written: ``point`` ``None`` for a pass; ``colour`` ``None`` in plain text."""

    point: Point | None
    colour: int | None = None
    token: str = ""
    line: int | None = None
    #: The SGF point value as written (``"dd"``, ``""``); ``None`` in plain text.
    sgf: str | None = None

    @property
    def label(self) -> str:
        """How an error names this move's point: ``"K10"``, ``"pass"``, or the token if it has no Go name."""
        if self.point is None:
            return "pass"
        name = self.point.name()
        if name.startswith("("):  # no Go name: the SGF value as written
            return self.token[self.token.find("[") + 1 : -1] if "[" in self.token else self.token
        return name


@dataclass
class Record:
    """A parsed record and the game settings it states (``None`` where it states none)."""

    moves: list[RecordMove] = field(default_factory=list)
    size: int | None = None
    komi: float | None = None
    handicap: int | None = None
    notation: str = "text"
    #: The board size the SGF points were read for (``None`` in plain text).
    points_size: int | None = None
    #: SGF: the nodes after the root, empty ones too (they count towards the length limit).
    nodes: int | None = None
    #: SGF: the values of ``TB`` and ``TW`` in the last node, as written, and that node's line
    #: (``None``: the record has neither).
    territory: tuple[tuple[str, ...], tuple[str, ...], int] | None = None

    @property
    def length(self) -> int:
        """The length the limit is checked against: the moves, or all SGF nodes after the root."""
        return max(len(self.moves), self.nodes or 0)

    def for_size(self, size: int) -> Record:
        """This record with its SGF points read for a ``size`` x ``size`` board
        (itself when they already are, or when it is plain text)."""
        if self.points_size is None or self.points_size == size:
            return self
        moves = []
        for m in self.moves:
            assert m.sgf is not None and m.colour is not None and m.line is not None  # read from SGF
            moves.append(_sgf_move(m.sgf, m.colour, m.line, m.token[: m.token.find("[")], size))
        return Record(moves, self.size, self.komi, self.handicap, self.notation, size, self.nodes, self.territory)

    def territory_points(self, size: int) -> tuple[frozenset[Point], frozenset[Point]] | None:
        """The points of ``TB`` and of ``TW`` on a ``size`` x ``size`` board
        (``aa:cc`` is the rectangle from ``aa`` to ``cc``); ``None`` without them.
        A point off the board is unreadable (:class:`RecordError`)."""
        if self.territory is None:
            return None
        tb, tw, line = self.territory
        return _point_list("TB", tb, size, line), _point_list("TW", tw, size, line)


def parse_record(text: str) -> Record:
    """Read SGF (text starting with ``(``) or the plain notation."""
    if text.lstrip("\ufeff \t\r\n").startswith("("):
        return parse_sgf(text)
    return parse_text(text)


_SEPARATORS = re.compile(r"[\s,;]+")
_NUMBER = re.compile(r"\d+[.)]")


def parse_text(text: str) -> Record:
    """Read the plain notation (see the module docstring)."""
    moves = []
    for lineno, line in enumerate(text.splitlines(), 1):
        for token in _SEPARATORS.split(line):
            if not token:
                continue
            rest = token
            while True:
                m = _NUMBER.match(rest)
                if not m:
                    break
                rest = rest[m.end() :]
            if not rest:
                continue  # a move number on its own
            if rest.lower() == "pass":
                moves.append(RecordMove(None, None, token, lineno))
                continue
            try:
                point = Point.parse(rest)
            except CoordinateError:
                raise RecordError("not a move", lineno, token) from None
            moves.append(RecordMove(point, None, token, lineno))
    return Record(moves=moves, notation="text")


def _number(node: sgf.Node, ident: str, kind: Callable[[str], _N]) -> _N | None:
    raw = node.get(ident)
    if raw is None:
        return None
    try:
        return kind(raw.strip())
    except ValueError:
        raise RecordError(f"{ident}[{raw}] is not a number", node.line, f"{ident}[{raw}]") from None


def parse_sgf(text: str) -> Record:
    """Read an SGF game (see the module docstring)."""
    try:
        game = sgf.parse(text, max_nodes=MAX_NODES)
        sgf_moves = game.moves()
    except sgf.TooManyNodes:
        raise TooLong(None, MAX_NODES - 1, f"any game on {MAX_SIZE}x{MAX_SIZE}") from None
    except sgf.SGFError as e:
        raise RecordError(f"SGF: {e.message}", e.line) from None
    root = game.nodes[0]
    if game.game_count > 1:
        raise RecordError("the SGF holds several games; send one", root.line)
    if game.variations:
        raise RecordError("the SGF has variations; send the main line only", root.line)
    gm = root.get("GM")
    if gm is not None and gm.strip() != "1":
        raise RecordError(f"GM[{gm}] is not a Go game", root.line, f"GM[{gm}]")
    size = None
    raw_size = root.get("SZ")
    if raw_size is not None:
        try:
            size = int(raw_size.strip())
        except ValueError:
            raise RecordError(f"SZ[{raw_size}] is not a square board size", root.line, f"SZ[{raw_size}]") from None
        if not 1 <= size <= MAX_SIZE:
            raise RecordError(f"SZ[{raw_size}]: sizes 1 to {MAX_SIZE} only", root.line, f"SZ[{raw_size}]")
    komi = _number(root, "KM", float)
    handicap = _number(root, "HA", int)
    if handicap is not None and handicap < 0:
        raise RecordError(f"HA[{handicap}] is negative", root.line, f"HA[{handicap}]")
    for ident, node in game.setup_properties():
        if ident == "AB" and node is root and handicap:  # the handicap stones, as write_sgf writes them
            continue
        raise RecordError(
            f"setup stones ({ident}) are not allowed; handicap stones are Black's first moves", node.line, ident
        )
    board = size or 19
    placed = [_sgf_move(value, BLACK, root.line, "AB", board) for value in root.properties.get("AB", ())]
    moves = placed + [
        _sgf_move(m.value, BLACK if m.colour == "B" else WHITE, m.line, m.colour, board) for m in sgf_moves
    ]
    last = game.nodes[-1]
    territory = None
    if "TB" in last or "TW" in last:
        props = last.properties
        territory = (tuple(props.get("TB", ())), tuple(props.get("TW", ())), last.line)
    return Record(moves, size, komi, handicap, "sgf", board, len(game.nodes) - 1, territory)


def _sgf_index(letter: str) -> int:
    code = ord(letter)
    return code - 97 if letter.islower() else code - 65 + 26


def _point_list(ident: str, values: tuple[str, ...], size: int, line: int) -> frozenset[Point]:
    """An SGF list of points (``TB[aa][bb:cc]``) on a ``size`` x ``size`` board."""
    out: set[Point] = set()
    for value in values:
        text = value.strip()
        if not text:  # TB[]: an empty list
            continue
        token = f"{ident}[{value}]"
        corners = text.split(":")
        if len(corners) > 2 or not all(len(c) == 2 and c.isascii() and c.isalpha() for c in corners):
            raise RecordError(f"{ident} holds {text!r}, not an SGF point", line, token)
        (x1, y1), (x2, y2) = [(_sgf_index(c[0]), _sgf_index(c[1])) for c in (corners[0], corners[-1])]
        if not (max(x1, x2, y1, y2) < size):
            raise RecordError(f"{ident} names a point off the {size}x{size} board", line, token)
        for x in range(min(x1, x2), max(x1, x2) + 1):
            for y in range(min(y1, y2), max(y1, y2) + 1):
                out.add(Point(x, size - 1 - y))
    return frozenset(out)


def _sgf_move(value: str, colour: int, line: int, ident: str, size: int) -> RecordMove:
    token = f"{ident}[{value}]"
    try:
        point = Point.from_sgf(value.strip(), size)
    except CoordinateError:
        raise RecordError("not an SGF point", line, token) from None
    return RecordMove(point, colour, token, line, value)


def write_sgf(game: Game, *, result: str | None = None, marks: Marks | None = None) -> str:
    """The SGF of ``game`` (a :class:`games.go.game.Game` on a square board).

    Handicap stones are written in the root, with ``HA``, as ``AB`` (in the order they were placed),
    as SGF viewers expect them; White's first move is the first node.  With
    ``marks`` (a game ended by two passes; an empty :class:`Marks` means no
    dead stones), the last node gets ``TB`` and ``TW``: the empty points each
    colour is counted for once the dead stones are removed, and the
    opponent's dead stones (neutral points in neither), and ``RE`` is the count
    with them unless ``result`` is given.  Raises
    :class:`~games.go.marks.MarkError` for marks the game does not take.
    """
    size = game.graph.size
    if size is None:
        raise ValueError("SGF needs a square board")
    root: dict[str, str | list[str]] = {"FF": "4", "GM": "1", "CA": "UTF-8", "SZ": str(size), "KM": f"{game.komi:g}"}
    if game.handicap:
        root["HA"] = str(game.handicap)
    if game.rules_name:
        root["RU"] = game.rules_name
    res = result if result is not None else game.result(marks)
    if res != "unfinished":
        root["RE"] = "0" if res == "draw" else res
    nodes: list[dict[str, str | list[str]]] = [root]
    placed: list[str] = []
    for move in game.moves:
        value = "" if move.point is None else Point(*game.graph.point(move.point)).to_sgf(size)
        if move.handicap:
            placed.append(value)
        else:
            nodes.append({"B" if move.colour == BLACK else "W": value})
    if placed:
        root["AB"] = placed
    if marks is not None and game.outcome(marks) is not None:
        owner, after = game.owners(marks)
        stones = game.position.stones
        territory: dict[int, list[str]] = {BLACK: [], WHITE: []}
        for q, c in enumerate(owner):
            if stones[q] != after.stones[q]:  # a dead stone: in the opponent's list, whatever its point counts for
                c = opponent(stones[q])
            elif c == EMPTY or after.stones[q]:
                continue
            territory[c].append(Point(*game.graph.point(q)).to_sgf(size))
        last = nodes[-1]
        for ident, colour in (("TB", BLACK), ("TW", WHITE)):
            if territory[colour]:
                last[ident] = sorted(territory[colour])
    return sgf.dumps(nodes)
