"""Build a Ninuki board from an ASCII diagram, for tests.

A diagram is rows with their row number first, top row first; ``x``
black, ``o`` white, ``.``/``-`` empty; any other letter or digit (also a
capital ``X`` or ``O``, as the pbmserv diagrams mark the move) marks an empty
point and is returned in ``marks`` (so a test can say "play at A").
An optional header of column letters (``A B C``) says which column the first
cell is; without one the first cell is column ``A``::

    board, marks = from_diagram('''
        11 . . x . .
        10 . A o o x
           H J K L M
    ''')
"""

from __future__ import annotations

from games.coords import COLUMN_LETTERS, Point
from games.ninuki import Board, RuleSet

_CELLS = {"x": 1, "o": 2, ".": 0, "-": 0}


def from_diagram(
    diagram: str,
    rules: RuleSet | str = "hannover",
    turn: str = "black",
    captures: tuple[int, int] = (0, 0),
    ply: int | None = None,
):
    """``(board, marks)``: stones set directly (no moves played, no captures
    made), ``turn`` to move, ``captures`` = (black pairs, white pairs)."""
    board = Board(rules)
    rows = []
    first_column = 0
    for line in diagram.strip("\n").splitlines():
        tokens = line.split()
        if not tokens:
            continue
        if tokens[0].isdigit():
            rows.append((int(tokens[0]) - 1, tokens[1:]))
        elif all(len(t) == 1 and t.upper() in COLUMN_LETTERS for t in tokens):
            first_column = COLUMN_LETTERS.index(tokens[0].upper())
        else:
            raise ValueError(f"bad diagram line {line!r}")
    marks = {}
    for y, cells in rows:
        for i, cell in enumerate(cells):
            if cell.isdigit() and cell == cells[-1] and i == len(cells) - 1 and cell == str(y + 1):
                break  # row number repeated at the end
            point = Point(first_column + i, y)
            if not point.on_board(board.size):
                raise ValueError(f"{point} is off the {board.size}x{board.size} board")
            if cell in _CELLS:
                board._b[board.index(point)] = _CELLS[cell]
            else:
                marks[cell] = point
    if ply is None:
        ply = 10 if turn == "black" else 11
    assert (ply % 2 == 0) == (turn == "black")
    board.ply = ply
    board._caps[1], board._caps[2] = captures
    return board, marks
