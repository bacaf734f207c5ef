"""A replay kept as JSON: the verdict and every position, cheap to store and to read back.

Replaying a record costs time per move; a site that shows a record move by
move replays it once, keeps :func:`pack`'s answer (plain JSON) and rebuilds
any position from it with :func:`unpack`, at the same cost for move 5 of a
short game as for move 3,000 of the longest record a game accepts.

>>> import games
>>> r = games.variant("go").replay("A1 B1 C1 pass B2", size=3)
>>> kept = unpack(pack(r))
>>> kept.as_dict() == r.as_dict() and list(kept.positions()) == list(r.positions())
True
>>> kept.position(5).captured
(Point(x=1, y=0),)

The shape (``FORMAT`` 1):

- ``replay``: :meth:`Replay.as_dict` (the verdict: legal, moves, error,
  outcome, reason, score, result, captures, kind, size);
- ``every``, ``frames``: the whole board after 0, ``every``, 2 x ``every``,
  ... moves, a string of ``size * size`` characters (``.``, ``b``, ``w``),
  point (x, y) at index ``y * size + x``;
- ``moves``: one string, a word per move (separated by spaces), its fields
  separated by commas, trailing empty fields left out:
  ``colour,last,captured,put,taken,pairs``: ``colour`` ``b``/``w``; ``last``
  the point played (empty for a pass); ``captured`` the points shown as
  taken; ``put`` the stones that appeared (colour letter and point, three
  characters each: in 1000-Volt-Go slid stones too); ``taken`` the points
  emptied; ``pairs`` Ninuki's captured pairs after the move, ``black.white``.
  A point is two letters, ``a`` + x and ``a`` + y.  (One string, not a list
  per move: reading 3,610 moves back from JSON takes a fraction of a
  millisecond.)

A position is the frame before it with at most ``every`` moves applied.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.common import Colour, IllegalMove
from games.coords import Point
from games.registry import Position, Replay

__all__ = ["FORMAT", "pack", "unpack"]

FORMAT = 1
EVERY = 64
_COLOUR: dict[Colour, str] = {"black": "b", "white": "w"}
_NAME: dict[str, Colour] = {"b": "black", "w": "white"}


def _code(p: Point) -> str:
    return chr(97 + p.x) + chr(97 + p.y)


def _point(code: str, i: int = 0) -> Point:
    return Point(ord(code[i]) - 97, ord(code[i + 1]) - 97)


def _frame(stones: Mapping[Point, Colour], size: int) -> str:
    cells = ["."] * (size * size)
    for p, colour in stones.items():
        cells[p.y * size + p.x] = _COLOUR[colour]
    return "".join(cells)


def pack(replay: Replay, every: int = EVERY) -> dict[str, Any]:
    """``replay`` as plain JSON (one walk through its positions)."""
    size = replay.size
    frames: list[str] = []
    moves: list[str] = []
    before: Mapping[Point, Colour] = {}
    for pos in replay.positions():
        if pos.number % every == 0:
            frames.append(_frame(pos.stones, size))
        if pos.number:
            now = pos.stones
            if pos.changed is None:
                put = "".join(_COLOUR[c] + _code(p) for p, c in now.items() - before.items())
                taken = "".join(_code(p) for p in before.keys() - now.keys())
            else:
                put = "".join(_COLOUR[now[p]] + _code(p) for p in pos.changed if p in now)
                taken = "".join(_code(p) for p in pos.changed if p not in now)
            pairs = "" if pos.captures is None else f"{pos.captures['black']}.{pos.captures['white']}"
            assert pos.colour is not None  # every move has its player
            fields = [
                _COLOUR[pos.colour],
                "" if pos.last is None else _code(pos.last),
                "".join(_code(p) for p in pos.captured),
                put,
                taken,
                pairs,
            ]
            moves.append(",".join(fields).rstrip(","))
        before = pos.stones
    return {"format": FORMAT, "replay": replay.as_dict(), "every": every, "frames": frames, "moves": " ".join(moves)}


def unpack(data: dict[str, Any]) -> Replay:
    """The :class:`Replay` that :func:`pack` kept: the same answers and
    positions, without the engine's own ``verdict``; :meth:`Replay.position`
    goes straight to the nearest frame."""
    if data.get("format") != FORMAT:
        raise ValueError(f"not a packed replay of format {FORMAT}")
    r = data["replay"]
    size, every, frames = r["size"], data["every"], data["frames"]
    moves = data["moves"].split(" ") if data["moves"] else []
    ninuki = r["captures"] is not None

    def stones_of(frame: str) -> dict[Point, Colour]:
        return {Point(i % size, i // size): _NAME[c] for i, c in enumerate(frame) if c != "."}

    def step(stones: dict[Point, Colour], number: int) -> list[str]:
        """Move ``number`` played on ``stones`` (changed in place); its fields."""
        fields: list[str] = moves[number - 1].split(",")
        fields += [""] * (6 - len(fields))
        put, taken = fields[3], fields[4]
        for i in range(0, len(taken), 2):
            del stones[_point(taken, i)]
        for i in range(0, len(put), 3):
            stones[_point(put, i + 1)] = _NAME[put[i]]
        return fields

    def position(number: int, stones: dict[Point, Colour], fields: list[str]) -> Position:
        colour, last, captured, _, _, pairs = fields
        point = _point(last) if last else None
        return Position(
            number,
            dict(stones),
            point,
            "pass" if point is None else point.name(),
            _NAME[colour],
            tuple(_point(captured, i) for i in range(0, len(captured), 2)),
            dict(zip(("black", "white"), map(int, pairs.split(".")))) if ninuki else None,
        )

    def start() -> Position:
        return Position(0, {}, captures={"black": 0, "white": 0} if ninuki else None)

    def walk() -> Iterator[Position]:
        stones: dict[Point, Colour] = {}
        yield start()
        for number in range(1, r["moves"] + 1):
            yield position(number, stones, step(stones, number))

    def seek(number: int) -> Position:
        if number == 0:
            return start()
        # the frame before the move (at most ``every`` moves back), then the
        # moves up to it: the last one gives the marks (last stone, captures)
        k = (number - 1) // every
        stones = stones_of(frames[k])
        for n in range(k * every + 1, number + 1):
            fields = step(stones, n)
        return position(number, stones, fields)

    e = r["error"]
    error = None if e is None else IllegalMove(e["move"], e["point"], e["reason"])
    return Replay(
        r["kind"],
        size,
        r["legal"],
        r["moves"],
        error,
        r["outcome"],
        r["reason"],
        r["score"],
        r["result"],
        r["captures"],
        None,
        walk,
        seek,
    )
