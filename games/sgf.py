"""A small, safe SGF reader and writer (FF[4] syntax), generic for board games.

Reading turns the text of an SGF collection into the *main line* of its first
game tree: a list of :class:`Node`, each a dict of property identifier to list
of raw values (escapes resolved), with the line and column where the node
starts (worked out when asked: reading is linear in the length of the text).  What a strict caller may want to refuse is reported, not hidden:
:attr:`SGFGame.variations` (a node with more than one continuation),
:attr:`SGFGame.game_count` (more than one game in the collection) and
:meth:`SGFGame.setup_properties` (``AB``, ``AW``, ``AE`` anywhere on the main
line).

Every syntax problem raises :class:`SGFError` naming the line and column.
The parser is iterative (deep nesting cannot exhaust the Python stack) and
never evaluates anything.

>>> game = parse("(;FF[4]SZ[19];B[jj];W[kk])")
>>> game.root["SZ"], [(m.colour, m.value) for m in game.moves()]
(['19'], [('B', 'jj'), ('W', 'kk')])
>>> dumps([{"FF": "4", "SZ": "19"}, {"B": "jj"}])
'(;FF[4]SZ[19];B[jj])'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

__all__ = ["SGFError", "TooManyNodes", "Node", "SGFMove", "SGFGame", "parse", "dumps", "escape"]

_WHITESPACE = " \t\r\n\f\v"
_SETUP = ("AB", "AW", "AE")


class SGFError(ValueError):
    """Unreadable SGF; ``line`` and ``column`` (1-based) say where."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        self.message = message
        self.line = line
        self.column = column
        where = f"line {line}, column {column}: " if line is not None else ""
        super().__init__(where + message)


class Node:
    """One SGF node: ``properties`` maps an identifier (``"B"``) to its values.

    ``line`` and ``column`` (1-based) say where the node starts; a node read
    by :func:`parse` works them out only when asked (most never are).
    """

    __slots__ = ("properties", "_pos", "_lines")

    def __init__(self, properties: dict[str, list[str]], pos: int = 0, lines: _Lines | None = None):
        self.properties = properties
        self._pos = pos
        self._lines = lines

    @property
    def line(self) -> int:
        return self._lines.at(self._pos)[0] if self._lines is not None else 1

    @property
    def column(self) -> int:
        return self._lines.at(self._pos)[1] if self._lines is not None else 1

    def get(self, ident: str, default: str | None = None) -> str | None:
        """The first value of property ``ident``, or ``default``."""
        values = self.properties.get(ident)
        return values[0] if values else default

    def __contains__(self, ident: str) -> bool:
        return ident in self.properties

    def __repr__(self) -> str:
        return f"Node({self.properties!r})"


class SGFMove(NamedTuple):
    """A move node on the main line: colour ``"B"``/``"W"``, raw point value,
    and the node (``line`` and ``column`` say where it starts)."""

    colour: str
    value: str
    node: Node

    @property
    def line(self) -> int:
        return self.node.line

    @property
    def column(self) -> int:
        return self.node.column


class TooManyNodes(SGFError):
    """The collection holds more than ``limit`` nodes (reading stopped there)."""

    def __init__(self, limit: int, line: int | None = None, column: int | None = None):
        self.limit = limit
        super().__init__(f"more than {limit} nodes", line, column)


@dataclass
class SGFGame:
    """The main line of the first game tree of a collection."""

    nodes: list[Node]
    variations: bool = False
    game_count: int = 1
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def root(self) -> dict[str, list[str]]:
        """Properties of the root node."""
        return self.nodes[0].properties

    def setup_properties(self) -> list[tuple[str, Node]]:
        """``(identifier, node)`` for each setup property (AB/AW/AE) on the main line."""
        return [(p, n) for n in self.nodes for p in _SETUP if p in n.properties]

    def moves(self) -> list[SGFMove]:
        """The ``B``/``W`` moves of the main line in order.

        Raises :class:`SGFError` for a node holding both ``B`` and ``W`` or a
        move property with several values.
        """
        out: list[SGFMove] = []
        append = out.append
        for node in self.nodes:
            props = node.properties
            b, w = props.get("B"), props.get("W")
            if w is None:
                if b is None:
                    continue
                colour, values = "B", b
            elif b is None:
                colour, values = "W", w
            else:
                raise SGFError("a node holds both B and W", node.line, node.column)
            if len(values) != 1:
                raise SGFError(f"{colour} has {len(values)} values", node.line, node.column)
            append(SGFMove(colour, values[0], node))
        return out


class _Lines:
    """Line and column (1-based) of offsets into ``text``.

    Each call scans only the text between the offset asked for and the one
    asked for before (and, going backwards, back to the start of its line):
    nodes asked in order, as :meth:`SGFGame.moves` and error messages do,
    cost one look at every character in all, whatever their number.
    """

    __slots__ = ("text", "pos", "line", "line_start")

    def __init__(self, text: str):
        self.text = text
        self.pos = 0  # the offset asked for last
        self.line = 1  # its line
        self.line_start = 0  # where that line starts

    def at(self, pos: int) -> tuple[int, int]:
        text, last = self.text, self.pos
        if pos >= last:
            newlines = text.count("\n", last, pos)
            if newlines:
                self.line += newlines
                self.line_start = text.rfind("\n", last, pos) + 1
        else:  # backwards: the text between, and back to the start of the line
            newlines = text.count("\n", pos, last)
            if newlines:
                self.line -= newlines
                self.line_start = text.rfind("\n", 0, pos) + 1
        self.pos = pos
        return self.line, pos - self.line_start + 1


_WS = re.compile(r"[ \t\r\n\f\v]*")
#: A property: identifier, blanks, its first value and the blanks after it.
#: The value pattern is the "unrolled loop" (no backtracking): plain
#: characters, then any number of escapes each followed by plain characters.
_PROPERTY = re.compile(r"([A-Za-z]+)[ \t\r\n\f\v]*\[([^\\\]]*(?:\\.[^\\\]]*)*)\][ \t\r\n\f\v]*", re.S)
_VALUE = re.compile(r"\[([^\\\]]*(?:\\.[^\\\]]*)*)\][ \t\r\n\f\v]*", re.S)
#: A node with one property of one value without escapes, that ends there
#: (what follows the blanks after it is ``;``, ``(``, ``)`` or the end).
_SIMPLE_NODE = re.compile(r";[ \t\r\n\f\v]*([A-Z]{1,2})\[([^\\\]]*)\][ \t\r\n\f\v]*+(?=[;()]|\Z)")
_LETTERS = re.compile(r"[A-Za-z]+")
_ESCAPE = re.compile(r"\\(\r\n|\n\r|\n|\r|.)", re.S)


def _after_blanks(text: str, pos: int) -> int:
    """The offset after the blanks (if any) at ``pos``."""
    blanks = _WS.match(text, pos)
    assert blanks is not None  # the pattern matches the empty string too
    return blanks.end()


def _unescape(raw: str) -> str:
    """Resolve escapes: ``\\x`` is ``x``; a backslash before a line break removes both (soft break)."""
    if "\\" not in raw:
        return raw
    return _ESCAPE.sub(lambda m: "" if m.group(1) in ("\n", "\r", "\r\n", "\n\r") else m.group(1), raw)


class _Reader:
    """Reads the text from left to right with compiled patterns: linear in the
    length of the text (``tests/games/test_sgf.py`` counts the work)."""

    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.n = len(text)
        self.lines = _Lines(text)

    def where(self, pos: int | None = None) -> tuple[int, int]:
        return self.lines.at(self.pos if pos is None else pos)

    def error(self, message: str, pos: int | None = None) -> SGFError:
        return SGFError(message, *self.where(pos))

    def skip_ws(self) -> None:
        self.pos = _after_blanks(self.text, self.pos)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < self.n else ""

    def node(self) -> Node:
        """The node at ``;``; leaves ``pos`` after it and the blanks that follow."""
        text, at = self.text, self.pos
        pos = _after_blanks(text, at + 1)
        props: dict[str, list[str]] = {}
        prop_match, value_match = _PROPERTY.match, _VALUE.match
        while True:
            m = prop_match(text, pos)
            if m is None:
                self.pos = pos
                if pos < self.n and text[pos].isascii() and text[pos].isalpha():
                    self._bad_property(pos)  # raises
                return Node(props, at, self.lines)
            raw = m.group(1)
            ident = raw if raw.isupper() else "".join(ch for ch in raw if ch.isupper())
            if not ident:
                raise self.error(f"property identifier {raw!r} has no capital letter", pos)
            values = [_unescape(m.group(2))]
            start, pos = pos, m.end()
            while pos < self.n and text[pos] == "[":
                v = value_match(text, pos)
                if v is None:
                    raise self.error("unterminated property value", pos)
                values.append(_unescape(v.group(1)))
                pos = v.end()
            if ident in props:
                raise self.error(f"property {ident} repeated in one node", start)
            props[ident] = values

    def _bad_property(self, pos: int) -> None:
        """Say what is wrong with the property at ``pos`` (the pattern did not match)."""
        letters = _LETTERS.match(self.text, pos)
        assert letters is not None  # called where a letter stands
        raw = letters.group()
        if not any(ch.isupper() for ch in raw):
            raise self.error(f"property identifier {raw!r} has no capital letter", pos)
        after = _after_blanks(self.text, pos + len(raw))
        if after >= self.n or self.text[after] != "[":
            raise self.error(f"property {raw!r} has no value", pos)
        raise self.error("unterminated property value", after)


def parse(text: str, max_nodes: int | None = None) -> SGFGame:  # noqa: C901
    """Parse an SGF collection and return the main line of its first game.

    Raises :class:`SGFError` (with line and column) for any syntax error,
    for an empty collection and for a game tree without nodes; and
    :class:`TooManyNodes` as soon as the collection holds more than
    ``max_nodes`` nodes (every node counts: empty ones, those of variations
    and of other games), so that an over-long record is refused without
    reading the rest.
    """
    if not isinstance(text, str):
        raise TypeError("parse() takes str; decode bytes first")
    r = _Reader(text.lstrip("\ufeff"))
    nodes: list[Node] = []
    variations = False
    games = 0
    r.skip_ws()
    if r.peek() != "(":
        if r.pos >= r.n:
            raise r.error("no game tree: the text is empty")
        raise r.error(f"expected '(' to start a game tree, found {r.peek()!r}")
    # Stack entries: [on_main_line, node_count, child_count]
    stack: list[list[int]] = []
    simple, lines = _SIMPLE_NODE.match, r.lines
    room = float("inf") if max_nodes is None else max_nodes  # nodes that may still come
    while True:
        r.skip_ws()
        c = r.peek()
        if not stack:
            if c == "":
                break
            if c != "(":
                raise r.error(f"unexpected {c!r} after the game tree")
            games += 1
            stack.append([games == 1, 0, 0])
            r.pos += 1
            continue
        top = stack[-1]
        if c == ";":
            if top[2]:
                raise r.error("a node after a variation")
            # the common case first: a run of nodes with one plain value each
            text, pos, main, count = r.text, r.pos, top[0], top[1]
            m = simple(text, pos)
            while m is not None:
                if main:
                    nodes.append(Node({m.group(1): [m.group(2)]}, pos, lines))
                count += 1
                pos = m.end()
                m = simple(text, pos) if count - top[1] < room else None
            r.pos = pos
            if (count == top[1] or text.startswith(";", pos)) and count - top[1] < room:
                node = r.node()
                count += 1
                if main:
                    nodes.append(node)
            room -= count - top[1]
            top[1] = count
            if room <= 0 and (room < 0 or _more_nodes(r)):
                assert max_nodes is not None  # room is finite
                raise TooManyNodes(max_nodes, *r.where())
        elif c == "(":
            if top[1] == 0:
                raise r.error("a variation before any node")
            if top[2] >= 1:
                variations = variations or bool(top[0])
            stack.append([top[0] and top[2] == 0, 0, 0])
            top[2] += 1
            r.pos += 1
        elif c == ")":
            if top[1] == 0:
                raise r.error("a game tree without nodes")
            stack.pop()
            r.pos += 1
        elif c == "":
            raise r.error("unexpected end of the text: a game tree is not closed")
        else:
            raise r.error(f"unexpected {c!r}")
    return SGFGame(nodes=nodes, variations=variations, game_count=games)


def _more_nodes(r: _Reader) -> bool:
    """Is there another node after ``r.pos``?  (Looks past blanks and brackets only.)"""
    rest = r.text[r.pos : r.pos + 1]
    if rest == ";":
        return True
    return bool(_NEXT_NODE.match(r.text, r.pos))


_NEXT_NODE = re.compile(r"[\s()]*;")


def escape(value: str) -> str:
    """Escape a property value for writing (``]`` and ``\\``)."""
    return value.replace("\\", "\\\\").replace("]", "\\]")


def dumps(nodes: Iterable[Mapping[str, str | Iterable[str]]]) -> str:
    """Write one game (a main line of nodes) as SGF text.

    Each node maps an identifier to a value or a list of values; the first
    node is the root.  Values are escaped.
    """
    out = ["("]
    for node in nodes:
        out.append(";")
        for ident, values in node.items():
            if isinstance(values, str):
                values = [values]
            out.append(ident)
            out.extend(f"[{escape(v)}]" for v in values)
    out.append(")")
    return "".join(out)
