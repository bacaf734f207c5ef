"""A small, safe SGF reader and writer (FF[4] syntax), generic for board games.

Reading turns the text of an SGF collection into the *main line* of its first
game tree: a list of :class:`Node`, each a dict of property identifier to list
of raw values (escapes resolved), with the line and column where the node
starts.  What a strict caller may want to refuse is reported, not hidden:
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

from dataclasses import dataclass, field
from typing import Iterable, Mapping

__all__ = ["SGFError", "Node", "SGFMove", "SGFGame", "parse", "dumps", "escape"]

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


@dataclass
class Node:
    """One SGF node: ``properties`` maps an identifier (``"B"``) to its values."""

    properties: dict[str, list[str]]
    line: int = 1
    column: int = 1

    def get(self, ident: str, default: str | None = None) -> str | None:
        """The first value of property ``ident``, or ``default``."""
        values = self.properties.get(ident)
        return values[0] if values else default

    def __contains__(self, ident: str) -> bool:
        return ident in self.properties


@dataclass(frozen=True)
class SGFMove:
    """A move node on the main line: colour ``"B"``/``"W"``, raw point value."""

    colour: str
    value: str
    line: int
    column: int


@dataclass
class SGFGame:
    """The main line of the first game tree of a collection."""

    nodes: list[Node]
    variations: bool = False
    game_count: int = 1
    extra: dict = field(default_factory=dict)

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
        out = []
        for node in self.nodes:
            props = node.properties
            has_b, has_w = "B" in props, "W" in props
            if has_b and has_w:
                raise SGFError("a node holds both B and W", node.line, node.column)
            if has_b or has_w:
                colour = "B" if has_b else "W"
                values = props[colour]
                if len(values) != 1:
                    raise SGFError(f"{colour} has {len(values)} values", node.line, node.column)
                out.append(SGFMove(colour, values[0], node.line, node.column))
        return out


class _Reader:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.n = len(text)

    def where(self, pos: int | None = None) -> tuple[int, int]:
        pos = self.pos if pos is None else pos
        line = self.text.count("\n", 0, pos) + 1
        column = pos - (self.text.rfind("\n", 0, pos) + 1) + 1
        return line, column

    def error(self, message: str, pos: int | None = None) -> SGFError:
        return SGFError(message, *self.where(pos))

    def skip_ws(self) -> None:
        text, n, pos = self.text, self.n, self.pos
        while pos < n and text[pos] in _WHITESPACE:
            pos += 1
        self.pos = pos

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < self.n else ""

    def value(self) -> str:
        start = self.pos  # at '['
        text, n = self.text, self.n
        pos = start + 1
        parts = []
        chunk = pos
        while True:
            if pos >= n:
                raise self.error("unterminated property value", start)
            c = text[pos]
            if c == "]":
                parts.append(text[chunk:pos])
                self.pos = pos + 1
                return "".join(parts)
            if c == "\\":
                parts.append(text[chunk:pos])
                if pos + 1 >= n:
                    raise self.error("unterminated property value", start)
                nxt = text[pos + 1]
                if nxt == "\n" or nxt == "\r":  # soft line break
                    pos += 2
                    if pos < n and text[pos] in "\r\n" and text[pos] != nxt:
                        pos += 1
                else:
                    parts.append(nxt)
                    pos += 2
                chunk = pos
                continue
            pos += 1

    def node(self) -> Node:
        line, column = self.where()
        self.pos += 1  # ';'
        props: dict[str, list[str]] = {}
        while True:
            self.skip_ws()
            c = self.peek()
            if not c.isascii() or not c.isalpha():
                return Node(props, line, column)
            start = self.pos
            while self.pos < self.n and self.text[self.pos].isascii() and self.text[self.pos].isalpha():
                self.pos += 1
            raw = self.text[start:self.pos]
            ident = "".join(ch for ch in raw if ch.isupper())
            if not ident:
                raise self.error(f"property identifier {raw!r} has no capital letter", start)
            self.skip_ws()
            if self.peek() != "[":
                raise self.error(f"property {raw!r} has no value", start)
            values = []
            while self.peek() == "[":
                values.append(self.value())
                self.skip_ws()
            if ident in props:
                raise self.error(f"property {ident} repeated in one node", start)
            props[ident] = values


def parse(text: str) -> SGFGame:
    """Parse an SGF collection and return the main line of its first game.

    Raises :class:`SGFError` (with line and column) for any syntax error,
    for an empty collection and for a game tree without nodes.
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
    stack: list[list] = []
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
            node = r.node()
            top[1] += 1
            if top[0]:
                nodes.append(node)
        elif c == "(":
            if top[1] == 0:
                raise r.error("a variation before any node")
            if top[2] >= 1:
                variations = variations or top[0]
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
