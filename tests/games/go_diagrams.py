"""Board diagrams for the Go-family tests: ``X`` black, ``O`` white, ``.`` empty, top row first.

Rows are read top down, so on a 5x5 diagram the first row is row 5 and the
bottom left point is ``A1``, as on a printed Go board.
"""

from __future__ import annotations

from games.go.diagram import ascii_board, parse
from games.go.game import Game
from games.go.position import BLACK


def setup(game_class: type[Game], diagram: str, to_move: int = BLACK, komi: float | None = None) -> Game:
    """A game of ``game_class`` starting from ``diagram`` with ``to_move`` to play."""
    return game_class.from_position(parse(diagram), to_move=to_move, komi=komi)


def board(diagram: str) -> str:
    """``diagram`` in the canonical form of :func:`games.go.diagram.ascii_board`."""
    return ascii_board(parse(diagram))


def assert_board(game: Game, diagram: str) -> None:
    """The game's board is ``diagram`` (whitespace-insensitive); shows both on failure."""
    got, want = ascii_board(game.position), board(diagram)
    assert got == want, f"board is\n{got}\nexpected\n{want}"
