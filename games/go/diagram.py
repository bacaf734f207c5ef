"""Plain-text board diagrams: ``X`` black, ``O`` white, ``.`` empty, top row first.

>>> pos = parse('''
...     . X .
...     X O X
...     . X .
... ''')
>>> pos.graph.size, pos.count(1), pos.count(2)
(3, 4, 1)
>>> print(ascii_board(pos))
. X .
X O X
. X .
"""

from __future__ import annotations

from games.go.graph import square
from games.go.position import BLACK, EMPTY, WHITE, Position

__all__ = ["parse", "ascii_board"]

_READ = {".": EMPTY, "+": EMPTY, "X": BLACK, "x": BLACK, "O": WHITE, "o": WHITE}
_WRITE = {EMPTY: ".", BLACK: "X", WHITE: "O"}


def parse(text: str) -> Position:
    """A square position from a diagram (blanks between points are optional)."""
    rows = ["".join(line.split()) for line in text.strip("\n").splitlines()]
    rows = [r for r in rows if r]
    n = len(rows)
    if any(len(r) != n for r in rows):
        raise ValueError(f"a diagram of {n} rows needs {n} points in each row")
    pos = Position(square(n))
    for i, row in enumerate(rows):
        y = n - 1 - i
        for x, ch in enumerate(row):
            try:
                pos.stones[y * n + x] = _READ[ch]
            except KeyError:
                raise ValueError(f"unknown point {ch!r} in row {i + 1} of the diagram") from None
    return pos


def ascii_board(position: Position) -> str:
    """The diagram of a square position (the inverse of :func:`parse`)."""
    n = position.graph.size
    if n is None:
        return " ".join(_WRITE[c] for c in position.stones)
    return "\n".join(" ".join(_WRITE[position.stones[y * n + x]] for x in range(n)) for y in range(n - 1, -1, -1))
