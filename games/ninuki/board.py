"""The Ninuki-Renju board: stones, captures, fives, and the order of checks.

The board is a flat list indexed by integer with a border of five sentinel
points on every side, so that walking up to five steps from any point never
leaves the list; directions are integer offsets.  Only the lines through the
placed stone are examined on an ordinary move.  The rare events (a five that
may be breakable, a double-three with its exceptions) use slower, plainer
code.

The order of checks after a move is that of ``RULES.md`` ("Order of checks
after every move"); the double-three test is in :mod:`.doublethree`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from games.common import Colour, Ending
from games.common import IllegalMove as _IllegalMove
from games.coords import Point, chebyshev

from . import doublethree
from .rules import ALWAYS, NEVER, RuleSet

__all__ = [
    "BLACK",
    "WHITE",
    "COLOUR_NAMES",
    "Board",
    "IllegalMove",
    "Outcome",
    "REASONS",
    "ILLEGAL_REASONS",
]

EMPTY, BLACK, WHITE, BORDER = 0, 1, 2, 3
COLOUR_NAMES: dict[int, Colour] = {BLACK: "black", WHITE: "white"}
PAD = 5  # sentinel points on every side

#: Why a game ended.
FIVE, CAPTURES, OVERLINE_SPLIT, DOUBLE_PASS = "five", "captures", "overline-split", "double-pass"
REASONS = (FIVE, CAPTURES, OVERLINE_SPLIT, DOUBLE_PASS)
#: Why a move is illegal, in order of precedence.
AFTER_END, OFF_BOARD, OCCUPIED, FIRST_MOVE, OPENING, DOUBLE_THREE = (
    "after-end",
    "off-board",
    "occupied",
    "first-move",
    "opening",
    "double-three",
)
ILLEGAL_REASONS = (AFTER_END, OFF_BOARD, OCCUPIED, FIRST_MOVE, OPENING, DOUBLE_THREE)


#: :class:`games.common.IllegalMove`, shared by every engine.
IllegalMove = _IllegalMove


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` (``"black"``, ``"white"`` or ``None`` for a
    draw), ``reason`` (one of :data:`REASONS`) and the pairs each side captured."""

    winner: Colour | None
    reason: str
    captures: dict[Colour, int] = field(default_factory=dict)

    @property
    def result(self) -> Ending:
        """``"black"``, ``"white"`` or ``"draw"``."""
        return self.winner or "draw"


def point_name(move: Point | None) -> str:
    return "pass" if move is None else move.name()


def five_through(b: list[int], p: int, c: int, lines: tuple[int, ...], exact: bool) -> frozenset[int] | None:
    """The stones of the five(s) of ``c`` through list index ``p`` of the board ``b``, or ``None``:
    runs of exactly five (``exact``) or of five or more along the ``lines`` (offsets)."""
    stones = None
    for d in lines:
        if b[p + d] != c and b[p - d] != c:
            continue  # a lone stone on this line (the common case)
        a = p - d
        while b[a] == c:
            a -= d
        z = p + d
        while b[z] == c:
            z += d
        length = (z - a) // d - 1
        if length == 5 or (length > 5 and not exact):
            run = range(a + d, z, d)
            stones = set(run) if stones is None else stones.union(run)
    return frozenset(stones) if stones else None


class _Geometry:
    """Per board size: list layout, direction offsets, the empty board, and
    every coordinate token mapped to its list index (computed once)."""

    def __init__(self, n: int):
        self.n = n
        self.W = W = n + PAD
        self.base = base = PAD * W + PAD
        self.empty = b = [BORDER] * ((n + 2 * PAD + 1) * W + 2 * PAD)
        for y in range(n):
            start = base + y * W
            b[start : start + n] = [EMPTY] * n
        self.lines = (1, W, W + 1, W - 1)
        self.dirs8 = (1, W, W + 1, W - 1, -1, -W, -W - 1, -W + 1)
        self.capture_steps = tuple((d, 2 * d, 3 * d) for d in self.dirs8)
        self.centre = base + (n // 2) * W + n // 2
        self._tokens: dict[str, int] | None = None

    def token_index(self) -> dict[str, int]:
        """``"K10"``/``"k10"`` -> list index for on-board points, ``"pass"`` -> -1."""
        if self._tokens is None:
            from .notation import _TOKENS

            n, W, base = self.n, self.W, self.base
            self._tokens = {
                t: (-1 if p is None else base + p.y * W + p.x) for t, p in _TOKENS.items() if p is None or p.on_board(n)
            }
        return self._tokens


#: A five that may still be broken: its colour and the list indices of its stones.
Pending = tuple[int, frozenset[int]]
#: What :meth:`Board.pop` needs to take a move back: its list index, its colour, the
#: points it captured, the mover's pairs, the outcome, the pending five and the passes before it.
_Undo = tuple[int, int, Sequence[int], int, Outcome | None, Pending | None, int]

_GEOMETRY: dict[int, _Geometry] = {}


def _geometry(n: int) -> _Geometry:
    geo = _GEOMETRY.get(n)
    if geo is None:
        geo = _GEOMETRY[n] = _Geometry(n)
    return geo


class Board:
    """A Ninuki game in progress: push moves, ask for the outcome.

    >>> b = Board("hannover")
    >>> b.play("K10"); b.play("K9")
    []
    []
    >>> b.turn, b.ply
    ('black', 2)
    """

    def __init__(self, rules: RuleSet | str = "hannover", size: int | None = None):
        if isinstance(rules, str):
            rules = RuleSet.preset(rules)
        if size is not None and size != rules.size:
            rules = rules.replace(size=size)
        self.rules = rules
        self.size = n = rules.size
        geo = _geometry(n)
        self.W = geo.W
        self._base = geo.base
        self._b = geo.empty[:]
        self.lines = geo.lines
        self.dirs8 = geo.dirs8
        self._centre = geo.centre
        self._geo = geo
        self._restricted = (False, rules.restricts(BLACK), rules.restricts(WHITE))
        self.ply = 0
        self._caps = [0, 0, 0]
        self._passes = 0
        self.outcome: Outcome | None = None
        self.pending: Pending | None = None
        self._moves: list[Point | None] | None = []
        self._move_indices: list[int] = []
        self._undo: list[_Undo] = []

    @property
    def moves(self) -> list[Point | None]:
        """The moves played (``None`` for a pass)."""
        if self._moves is None:
            self._moves = [None if i < 0 else self.point(i) for i in self._move_indices[: self.ply]]
        return self._moves

    @moves.setter
    def moves(self, value: Iterable[Point | None]) -> None:
        self._moves = list(value)

    # --- coordinates -------------------------------------------------------
    def index(self, point: Point) -> int:
        """List index of an on-board point."""
        return self._base + point.y * self.W + point.x

    def point(self, index: int) -> Point:
        """The point at list index ``index``."""
        y, x = divmod(index - self._base, self.W)
        return Point(x, y)

    # --- reading -----------------------------------------------------------
    @property
    def turn(self) -> Colour:
        """The colour to move, ``"black"`` or ``"white"``."""
        return "white" if self.ply & 1 else "black"

    @property
    def captures(self) -> dict[Colour, int]:
        """Pairs captured so far by each colour."""
        return {"black": self._caps[BLACK], "white": self._caps[WHITE]}

    def __getitem__(self, point: Point | str) -> Colour | None:
        if isinstance(point, str):
            point = Point.parse(point)
        if not point.on_board(self.size):
            raise IndexError(f"{point} is off the board")
        v = self._b[self.index(point)]
        return COLOUR_NAMES.get(v)

    def stones(self) -> dict[Point, Colour]:
        """Every stone on the board: point -> colour name."""
        b = self._b
        out: dict[Point, Colour] = {}
        for y in range(self.size):
            for x in range(self.size):
                v = b[self._base + y * self.W + x]
                if v:
                    out[Point(x, y)] = COLOUR_NAMES[v]
        return out

    @property
    def last_captured(self) -> list[Point]:
        """The points the last move captured."""
        return [self.point(i) for i in self._undo[-1][2]] if self._undo else []

    def is_game_over(self) -> bool:
        return self.outcome is not None

    def __str__(self) -> str:
        """ASCII diagram, top row first: ``X`` black, ``O`` white, ``.`` empty."""
        from games.coords import COLUMN_LETTERS

        rows = []
        for y in range(self.size - 1, -1, -1):
            cells = " ".join(".XO"[self._b[self._base + y * self.W + x]] for x in range(self.size))
            rows.append(f"{y + 1:2d} {cells}")
        rows.append("   " + " ".join(COLUMN_LETTERS[: self.size]))
        return "\n".join(rows)

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.__dict__.update(self.__dict__)
        other._b = self._b[:]
        other._caps = self._caps[:]
        other._moves = self.moves[:]
        other._undo = self._undo[:]
        return other

    # --- playing -----------------------------------------------------------
    def play(self, move: str) -> list[Point]:
        """Play ``"K10"`` or ``"pass"``; see :meth:`push`."""
        text = move.strip()
        return self.push(None if text.lower() == "pass" else Point.parse(text))

    def push(self, move: Point | None) -> list[Point]:
        """Play ``move`` (a :class:`Point`, or ``None`` to pass) for the side to move.

        Returns the points captured.  Raises :class:`IllegalMove` (and leaves
        the board unchanged) for an illegal move.
        """
        if move is None:
            captured = self._push_index(-1)
        elif self.outcome is not None:
            raise IllegalMove(self.ply + 1, point_name(move), AFTER_END)
        elif not move.on_board(self.size):
            raise IllegalMove(self.ply + 1, point_name(move), OFF_BOARD)
        else:
            captured = self._push_index(self.index(move))
        self.moves.append(move)
        return [self.point(i) for i in captured] if captured else []

    def pop(self) -> Point | None:
        """Take back the last move."""
        p, c, captured, caps, outcome, pending, passes = self._undo.pop()
        b = self._b
        if p >= 0:
            b[p] = EMPTY
        for i in captured:
            b[i] = 3 - c
        self._caps[c] = caps
        self.outcome, self.pending, self._passes = outcome, pending, passes
        self.ply -= 1
        return self.moves.pop()

    def is_legal(self, move: Point | None) -> bool:
        """True if ``move`` may be played now."""
        try:
            self.push(move)
        except IllegalMove:
            return False
        self.pop()
        return True

    def legal_moves(self) -> list[Point]:
        """Every legal point to play now (passes not included)."""
        if self.outcome is not None:
            return []
        out = []
        for y in range(self.size):
            for x in range(self.size):
                pt = Point(x, y)
                if self._b[self.index(pt)] == EMPTY and self.is_legal(pt):
                    out.append(pt)
        return out

    def _illegal(self, p: int, reason: str) -> IllegalMove:
        return IllegalMove(self.ply + 1, "pass" if p < 0 else self.point(p).name(), reason)

    def _push_index(self, p: int) -> list[int]:  # noqa: C901
        """Play at list index ``p`` (``-1``: pass).  The hot path."""
        n = self.ply + 1
        if self.outcome is not None:
            raise self._illegal(p, AFTER_END)
        rules = self.rules
        c = 2 - (n & 1)
        o = 3 - c
        b = self._b
        if p < 0:
            if n == 1:
                raise self._illegal(p, FIRST_MOVE)
            if (n == 2 and rules.second_move_max is not None) or (n == 3 and rules.third_move_min is not None):
                raise self._illegal(p, OPENING)
            self._undo.append((p, c, (), self._caps[c], None, self.pending, self._passes))
            self.ply = n
            self._passes += 1
            pending = self.pending
            if pending is not None and pending[0] == o:  # rule 3: the five was not broken
                self._end(o, FIVE)
            elif self._passes >= 2:
                self._end(None, DOUBLE_PASS)
            return []
        if b[p] != EMPTY:
            raise self._illegal(p, OCCUPIED)
        if n <= 3:
            self._check_opening(n, p)
        b[p] = c
        captured = None
        for d in self.dirs8:
            q = p + d
            if b[q] == o:
                r = q + d
                if b[r] == o and b[r + d] == c:
                    b[q] = b[r] = EMPTY
                    if captured is None:
                        captured = [q, r]
                    else:
                        captured += (q, r)
        if self._restricted[c] and doublethree.makes_double_three(self._b, self.lines, p, c):
            if not self._double_three_excepted(p, c, captured or ()):
                b[p] = EMPTY
                if captured:
                    for q in captured:
                        b[q] = o
                raise self._illegal(p, DOUBLE_THREE)
        caps = self._caps[c]
        pending = self.pending
        self._undo.append((p, c, captured or (), caps, None, pending, self._passes))
        self.ply = n
        self._passes = 0
        if captured:
            caps += len(captured) >> 1
            self._caps[c] = caps
            # rule 1 and 2: a capture that splits an O overline into a five
            # (where an overline is a five already, as in pente, there is
            # nothing to split: O would have won when it was made)
            split = rules.exact_five and self._split_five(captured, o)
            if caps >= rules.capture_win:
                self._end(None if split else c, OVERLINE_SPLIT if split else CAPTURES)
                return captured
            if split:
                self._end(o, FIVE)
                return captured
        # rule 3: O's pending five
        if pending is not None and pending[0] == o:
            if not captured or self._has_five(o):
                self._end(o, FIVE)
                return captured or []
            self.pending = None
        # rule 4: P's five through p
        five = self._five_through(p, c)
        if five:
            if rules.perfect_five and self._breakable(c, five):
                self.pending = (c, five)
            else:
                self._end(c, FIVE)
        return captured or []

    def play_indices(self, indices: Iterable[int]) -> None:
        """Play a sequence of list indices (``-1``: pass) as fast as possible.

        A move on which nothing happens (no capture, no five, no
        double-three, no pending five, past the opening) is played here in
        line; any other move is handed, untouched, to :meth:`_push_index`, so
        the rules live in one place.  Raises :class:`IllegalMove` at the first
        illegal move (``ply`` then counts the moves played).  Does not fill
        :attr:`moves`.
        """
        b = self._b
        e, n_, ne, nw = self.lines
        w_, s_, sw, se = -e, -n_, -ne, -nw
        e2, w2, n2, s2, ne2, sw2, nw2, se2 = (2 * d for d in (e, w_, n_, s_, ne, sw, nw, se))
        restricted = self._restricted
        lines = self.lines
        exact = self.rules.exact_five
        fives = five_through
        push = self._push_index
        undo = self._undo.append
        caps = self._caps
        dt = doublethree.makes_double_three
        ply = self.ply
        # the slow path is needed while a five is pending or the game is over
        blocked = self.pending is not None or self.outcome is not None or self._passes
        for p in indices:
            n = ply + 1
            if p >= 0 and n > 3 and not blocked and not b[p]:
                c = 2 - (n & 1)
                o = 3 - c
                b[p] = c
                # Played here if nothing happens: no capture in any of the eight directions, no five,
                # no double-three.  (Written out: it is the hot spot.)
                if not (
                    (b[p + e] == o and b[p + e2] == o and b[p + 3 * e] == c)
                    or (b[p + w_] == o and b[p + w2] == o and b[p + 3 * w_] == c)
                    or (b[p + n_] == o and b[p + n2] == o and b[p + 3 * n_] == c)
                    or (b[p + s_] == o and b[p + s2] == o and b[p + 3 * s_] == c)
                    or (b[p + ne] == o and b[p + ne2] == o and b[p + 3 * ne] == c)
                    or (b[p + sw] == o and b[p + sw2] == o and b[p + 3 * sw] == c)
                    or (b[p + nw] == o and b[p + nw2] == o and b[p + 3 * nw] == c)
                    or (b[p + se] == o and b[p + se2] == o and b[p + 3 * se] == c)
                    or (
                        # a five through p has two own stones in a row beside p on one side
                        (
                            (b[p + e] == c and b[p + e2] == c)
                            or (b[p + w_] == c and b[p + w2] == c)
                            or (b[p + n_] == c and b[p + n2] == c)
                            or (b[p + s_] == c and b[p + s2] == c)
                            or (b[p + ne] == c and b[p + ne2] == c)
                            or (b[p + sw] == c and b[p + sw2] == c)
                            or (b[p + nw] == c and b[p + nw2] == c)
                            or (b[p + se] == c and b[p + se2] == c)
                        )
                        and fives(b, p, c, lines, exact) is not None
                    )
                    or (restricted[c] and dt(b, lines, p, c))
                ):
                    undo((p, c, (), caps[c], None, None, 0))
                    ply = n
                    continue
                b[p] = EMPTY
            # any other move goes, untouched, through the rules in one place
            self.ply = ply
            push(p)
            ply = self.ply
            blocked = self.pending is not None or self.outcome is not None or self._passes
        self.ply = ply

    def _end(self, winner: int | None, reason: str) -> None:
        self.outcome = Outcome(None if winner is None else COLOUR_NAMES[winner], reason, self.captures)
        self.pending = None

    def _check_opening(self, n: int, p: int) -> None:
        rules = self.rules
        if n == 1:
            if p != self._centre:
                raise self._illegal(p, FIRST_MOVE)
        elif n == 2:
            if rules.second_move_max is not None and self._distance(p) > rules.second_move_max:
                raise self._illegal(p, OPENING)
        elif rules.third_move_min is not None and self._distance(p) < rules.third_move_min:
            raise self._illegal(p, OPENING)

    def _distance(self, p: int) -> int:
        return chebyshev(self.point(p), self.point(self._centre))

    # --- fives ---------------------------------------------------------------
    def _is_five(self, length: int) -> bool:
        return length == 5 if self.rules.exact_five else length >= 5

    def _five_through(self, p: int, c: int) -> frozenset[int] | None:
        """Stones of the five(s) of ``c`` through ``p``, or ``None``."""
        return five_through(self._b, p, c, self.lines, self.rules.exact_five)

    def _split_five(self, captured: Iterable[int], o: int) -> bool:
        """True if removing ``captured`` left an O run that is a five."""
        b = self._b
        for r in captured:
            for d in self.lines:
                for step in (d, -d):
                    q = r + step
                    length = 0
                    while b[q] == o:
                        length += 1
                        q += step
                    if length and self._is_five(length):
                        return True
        return False

    def _has_five(self, c: int) -> bool:
        """True if ``c`` has a five anywhere (slow: whole board)."""
        return bool(self._all_fives(c))

    def _all_fives(self, c: int) -> set[int]:
        b = self._b
        out: set[int] = set()
        for p in self._indices_of(c):
            for d in self.lines:
                if b[p - d] == c:
                    continue
                z = p + d
                while b[z] == c:
                    z += d
                if self._is_five((z - p) // d):
                    out.update(range(p, z, d))
        return out

    def _indices_of(self, c: int) -> list[int]:
        """The list indices of the stones of ``c``, row by row."""
        b, size = self._b, self.size
        starts = range(self._base, self._base + size * self.W, self.W)
        return [p for row in starts for p in range(row, row + size) if b[p] == c]

    def _capture_points(self, stones: Iterable[int], c: int) -> set[int]:
        """Empty points where ``3 - c`` would capture a pair of ``c`` that
        includes one of ``stones``."""
        b = self._b
        o = 3 - c
        out: set[int] = set()
        for s in stones:
            for e in self.dirs8:
                if b[s + e] != c:
                    continue
                a, z = s - e, s + e + e
                if b[a] == EMPTY and b[z] == o:
                    out.add(a)
                elif b[z] == EMPTY and b[a] == o:
                    out.add(z)
        return out

    def _place(self, q: int, c: int) -> list[int]:
        """Put a stone and make its captures, without any rule checks."""
        b = self._b
        o = 3 - c
        b[q] = c
        captured: list[int] = []
        for d in self.dirs8:
            if b[q + d] == o and b[q + d + d] == o and b[q + 3 * d] == c:
                b[q + d] = b[q + d + d] = EMPTY
                captured += (q + d, q + d + d)
        return captured

    def _unplace(self, q: int, c: int, captured: Iterable[int]) -> None:
        b = self._b
        b[q] = EMPTY
        for r in captured:
            b[r] = 3 - c

    def _breakable(self, c: int, five: frozenset[int]) -> bool:
        """Can the opponent, on the next move, capture a pair out of the five
        so that ``c`` has no five afterwards?"""
        o = 3 - c
        for q in self._capture_points(five, c):
            captured = self._place(q, o)
            try:
                if five.intersection(captured) and not self._has_five(c):
                    return True
            finally:
                self._unplace(q, o, captured)
        return False

    # --- double-three exceptions ------------------------------------------
    def _double_three_excepted(self, p: int, c: int, captured: Sequence[int]) -> bool:
        """Does one of the rule set's exceptions allow this double-three?

        Called with the stone on ``p`` and the captures made."""
        rules = self.rules
        o = 3 - c
        if rules.dt_five and self._five_through(p, c):
            return True
        pending = self.pending
        if rules.dt_capture_pending != NEVER and pending is not None and pending[0] == o:
            if pending[1].intersection(captured):
                if rules.dt_capture_pending == ALWAYS:
                    return True
                if not self._other_break(p, c, captured, pending[1]):
                    return True
        if rules.dt_stop_five != NEVER:
            # threats are read on the board before this move, and count only
            # where the opponent's completing move would be legal (RULES.md)
            self._unplace(p, c, captured)
            try:
                threats = {t: stones for t, stones in self._five_threats(o).items() if self._completion_legal(t, o)}
            finally:
                self._replace(p, c, captured)
            taken = set(captured)
            for t, stones in threats.items():
                if t == p or stones & taken:
                    if rules.dt_stop_five == ALWAYS or not self._other_stop(p, c, captured, t, stones):
                        return True
        return False

    def _five_threats(self, o: int) -> dict[int, set[int]]:
        """Empty points where ``o`` would complete a five -> the stones of that five."""
        b = self._b
        exact = self.rules.exact_five
        threats: dict[int, set[int]] = {}
        seen: set[tuple[int, int]] = set()
        for s in self._indices_of(o):
            for d in self.lines:
                for k in range(-4, 5):
                    t = s + k * d
                    if b[t] != EMPTY or (t, d) in seen:
                        continue
                    seen.add((t, d))
                    b[t] = o
                    five = five_through(b, t, o, (d,), exact)
                    b[t] = EMPTY
                    if five is not None:
                        threats.setdefault(t, set()).update(q for q in five if q != t)
        return threats

    def _completion_legal(self, t: int, o: int) -> bool:
        """Would ``o``'s stone on the empty point ``t``, which completes a five
        of ``o``, be a legal move?  Only the double-three rule can forbid it:
        a five with a double-three (5-3-3) is legal where the rule set allows
        it, or by the exception "captures a pair out of a pending five"; the
        exception "stops a five" is not applied again here (no recursion)."""
        if not self._restricted[o]:
            return True
        captured = self._place(t, o)
        try:
            if not doublethree.makes_double_three(self._b, self.lines, t, o) or self.rules.dt_five:
                return True
            pending = self.pending
            return (
                self.rules.dt_capture_pending != NEVER
                and pending is not None
                and pending[0] == 3 - o
                and bool(pending[1].intersection(captured))
            )
        finally:
            self._unplace(t, o, captured)

    def _allowed_without_exception(self, q: int, c: int) -> tuple[bool, list[int]]:
        """Play ``c`` at empty ``q`` tentatively: is it legal with no exception
        (no double-three, or a 5-3-3 where that is allowed)?  The stone stays;
        the caller undoes it with the returned captures."""
        captured = self._place(q, c)
        ok = not doublethree.makes_double_three(self._b, self.lines, q, c) or (
            self.rules.dt_five and self._five_through(q, c) is not None
        )
        return ok, captured

    def _other_break(self, p: int, c: int, captured: Sequence[int], five: frozenset[int]) -> bool:
        """pbmserv: another legal move (not ``p``) breaks the pending five."""
        o = 3 - c
        self._unplace(p, c, captured)  # the position before the move at p
        try:
            for q in self._capture_points(five, o):
                if q == p:
                    continue
                ok, caps = self._allowed_without_exception(q, c)
                try:
                    if ok and five.intersection(caps) and not self._has_five(o):
                        return True
                finally:
                    self._unplace(q, c, caps)
        finally:
            self._replace(p, c, captured)
        return False

    def _other_stop(self, p: int, c: int, captured: Sequence[int], t: int, stones: set[int]) -> bool:
        """pbmserv: another legal move (not ``p``) stops the threat at ``t``."""
        o = 3 - c
        self._unplace(p, c, captured)  # the position before the move at p
        try:
            candidates = self._capture_points(stones, o)
            candidates.add(t)
            for q in candidates:
                if q == p:
                    continue
                ok, caps = self._allowed_without_exception(q, c)
                self._unplace(q, c, caps)
                if ok and (q == t or stones.intersection(caps)):
                    return True
        finally:
            self._replace(p, c, captured)
        return False

    def _replace(self, p: int, c: int, captured: Iterable[int]) -> None:
        """Redo a move undone with :meth:`_unplace`."""
        b = self._b
        b[p] = c
        for r in captured:
            b[r] = EMPTY
