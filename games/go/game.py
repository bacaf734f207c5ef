"""The Go game: turn order, passes, ko, handicap, the end and the result.

:class:`Game` plays plain Go (captures, no suicide, simple ko as a
whole-board check) and counts by its rule set, ``chinese`` (area) or
``japanese`` (territory and prisoners), after removing the dead stones the
players marked (:meth:`Game.outcome` with :class:`~games.go.marks.Marks`).
The variants subclass it and change a few hooks, as python-chess's variant
boards do: :class:`games.keima.KeimaGame` (two stones a turn in
knight's-move shape, the two-ko rule, Keima scoring) and
:class:`games.volt.VoltGame` (stones slide before captures, suicide removes
own groups); both count every stone on the board as alive.

Move numbers are 1-based and count every move of the record: passes, and
handicap stones given as moves.  A move is ``None`` / ``"pass"`` (a pass), a
coordinate such as ``"K10"`` or a ``(x, y)`` pair (zero-based, ``y`` from the
bottom); :meth:`Game.play_point` takes a point index of the board graph.

Reasons an :class:`IllegalMove` gives (the ``reason`` field):

``after-end``   a move after the game ended with two passes in a row
``off-board``   a coordinate outside the board
``occupied``    the point holds a stone
``suicide``     the stone's own group would have no liberty (not in 1000-Volt-Go)
``ko``          the move recreates the position as it stood just before the
                opponent's last move (Go, 1000-Volt-Go)
``handicap``    a pass while Black still has handicap stones (keimas) to place
``not-keima``   Keima-Go: the second stone of a turn is not a knight's move
                away from the first
``incomplete-turn``  Keima-Go: a pass as the second stone of a turn
``two-ko``      Keima-Go: the turn retakes both kos that the opponent took in
                their previous turn
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from games.common import Colour, Ending
from games.common import IllegalMove as _IllegalMove
from games.coords import Point
from games.go.diagram import ascii_board
from games.go.graph import Graph, square
from games.go.marks import MarkError, Marks, resolve
from games.go.position import BLACK, EMPTY, WHITE, PlayError, Position, colour_name, opponent
from games.go.scoring import count_points, territory_owner
from games.schema import DeadStones

__all__ = [
    "Game",
    "IllegalMove",
    "Outcome",
    "Termination",
    "Move",
    "format_margin",
]


#: :class:`games.common.IllegalMove`, shared by every engine.
IllegalMove = _IllegalMove


class Termination(enum.Enum):
    """Why a game ended."""

    DOUBLE_PASS = "double-pass"


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the count of each colour (without komi), komi, and the winner.

    ``dead`` are the stones of each colour (black, white) removed as dead
    before counting, ``prisoners`` the opponent's stones each colour (black,
    white) took off the board during play; ``rules`` the rule set counted by.
    """

    termination: Termination
    black: int
    white: int
    komi: float
    dead: tuple[int, int] = (0, 0)
    prisoners: tuple[int, int] = (0, 0)
    rules: str = ""

    @property
    def margin(self) -> float:
        """Black's total minus White's total with komi (negative: White is ahead)."""
        return self.black - (self.white + self.komi)

    @property
    def winner(self) -> int | None:
        m = self.margin
        return BLACK if m > 0 else WHITE if m < 0 else None

    @property
    def ending(self) -> Ending:
        """The winner's name, or ``"draw"``."""
        winner = self.winner
        return "draw" if winner is None else colour_name(winner)

    def result(self) -> str:
        """``"B+3"``, ``"W+0.5"`` or ``"draw"``."""
        m = self.margin
        if m == 0:
            return "draw"
        return ("B+" if m > 0 else "W+") + format_margin(abs(m))

    def score(self) -> dict[Colour, int]:
        return {"black": self.black, "white": self.white}

    def dead_stones(self) -> dict[Colour, int]:
        """``{"black": n, "white": n}``: the stones of each colour removed as dead."""
        return {"black": self.dead[0], "white": self.dead[1]}

    def prisoner_counts(self) -> dict[Colour, int]:
        """``{"black": n, "white": n}``: the stones each colour captured during play."""
        return {"black": self.prisoners[0], "white": self.prisoners[1]}


def format_margin(x: float) -> str:
    """``3.0 -> "3"``, ``0.5 -> "0.5"``."""
    return f"{x:g}"


@dataclass(frozen=True)
class Move:
    """One move played: its colour, its point index (``None`` for a pass) and the stones it removed."""

    colour: int
    point: int | None
    #: Opponent stones removed by this move.
    captured: tuple[int, ...] = ()
    #: The mover's own stones removed (1000-Volt-Go's self-capture).
    lost: tuple[int, ...] = ()
    handicap: bool = False


class Game:
    """A game of Go on a board graph (default a square board of ``size``).

    ``handicap`` stones are Black's first moves (one stone each; a pass is
    not allowed among them); then White moves.  ``komi`` is added to White
    when the result is worked out.
    """

    name = "go"
    #: The game's name for people.
    title = "Go"
    #: The rule sets the game is counted by (the first is the default) -> the SGF ``RU`` value written.
    #: ``chinese``: area counting; ``japanese``: territory counting (``RULES-DECISIONS.md``).
    rule_names: ClassVar[Mapping[str, str]] = {"chinese": "Chinese", "japanese": "Japanese"}
    #: The rule sets that count territory and prisoners (the others count area, or point by point).
    territory_rules: ClassVar[frozenset[str]] = frozenset({"japanese"})
    #: False where every stone on the board is alive at the end (Keima-Go, 1000-Volt-Go): no marks.
    removes_dead_stones = True
    #: What becomes of dead stones at the end (:data:`games.schema.DEAD_STONES`): marked after two passes.
    dead_stones: ClassVar[DeadStones] = "marked"
    default_size = 19
    default_komi = 7.5
    #: The komi of an even game under another rule set than the first (EGF: 6.5 with territory counting).
    komi_by_rules: ClassVar[Mapping[str, float]] = {"japanese": 6.5}
    #: Stones one handicap unit consists of (a keima is two).
    stones_per_handicap = 1
    #: True for a game that looks along lines or jumps like a knight: it needs a square board.
    square_only = False
    #: The practical length limit: moves per point of the board (:meth:`max_moves`).
    moves_per_point = 10

    @classmethod
    def max_moves(cls, size: int | None = None, points: int | None = None) -> int:
        """The longest record accepted on a ``size`` x ``size`` board (or one of
        ``points`` points): ten moves a point, 810 on 9x9, 3610 on 19x19.
        A longer record is refused before it is replayed (``too-long``).

        This is a practical limit, not a bound of the rules.  Go and
        1000-Volt-Go forbid only the position before the opponent's last
        move, and Keima-Go only a retake of two kos at once, so a cycle of
        three kos (or sending two, returning one) can repeat for ever: a
        legal game can be as long as anyone likes.  (Even under positional
        superko the bound would be the number of positions, astronomically
        large.)  Real games stay far below ten moves a point: the longest
        professional 19x19 games have a little over 400 moves (about 1.1 a
        point), a 9x9 game rarely 1.5 a point, and a tournament game has a
        clock.  Handicap stones and passes count as moves, every Keima-Go
        stone is one.  The worst record at the limit replays in tens of
        milliseconds (``tests/bench/bench_record_limits.py``).
        """
        if points is None:
            points = (cls.default_size if size is None else size) ** 2
        return cls.moves_per_point * points

    def __init__(
        self,
        size: int | None = None,
        komi: float | None = None,
        handicap: int = 0,
        graph: Graph | None = None,
        rules: str | None = None,
    ):
        self.rules = self.check_rules(rules)
        if graph is None:
            graph = square(self.default_size if size is None else size)
        elif size is not None and graph.size != size:
            raise ValueError("size disagrees with the graph")
        if handicap < 0 or handicap * self.stones_per_handicap > len(graph):
            raise ValueError(f"handicap {handicap} does not fit the board")
        self.graph = graph
        self.komi = self.default_komi_for(self.rules) if komi is None else komi
        self.handicap = handicap
        self.position = Position(graph)
        #: Every move played, in order.
        self.moves: list[Move] = []
        #: ``keys[i]``: the position after ``i`` moves (``keys[0]`` the empty board).
        self.keys: list[bytes] = [self.position.key()]
        self._to_move = BLACK
        self._handicap_left = handicap * self.stones_per_handicap  # stones still to place
        self._passes = 0  # passes in a row
        if self.square_only and graph.size is None:
            raise ValueError(f"{self.title} needs a square board")

    @classmethod
    def rule_sets(cls) -> tuple[str, ...]:
        """The rule sets the game is counted by, the first the default (:attr:`rule_names`)."""
        return tuple(cls.rule_names)

    @classmethod
    def check_rules(cls, rules: str | None) -> str:
        """``rules``, or the default rule set for ``None``; ``ValueError`` for a rule set the game lacks."""
        if rules is None:
            return next(iter(cls.rule_names))
        if rules not in cls.rule_names:
            known = ", ".join(cls.rule_names)
            raise ValueError(f"unknown rule set {rules!r} for {cls.title}; choose from {known}")
        return rules

    @classmethod
    def default_komi_for(cls, rules: str | None = None) -> float:
        """The komi of an even game under ``rules`` (default the first rule set)."""
        return cls.komi_by_rules.get(cls.check_rules(rules), cls.default_komi)

    @property
    def rules_name(self) -> str:
        """The SGF ``RU`` value of the game's rule set."""
        return self.rule_names[self.rules]

    @classmethod
    def from_position(
        cls, position: Position, to_move: int = BLACK, komi: float | None = None, rules: str | None = None
    ) -> Game:
        """A game that starts from ``position`` (a copy) with ``to_move`` to play; no ko history before it."""
        game = cls(komi=komi, graph=position.graph, rules=rules)
        game.position = position.copy()
        game.keys = [game.position.key()]
        game._to_move = to_move
        return game

    # ---- state ----------------------------------------------------------

    @property
    def size(self) -> int | None:
        return self.graph.size

    @property
    def move_number(self) -> int:
        """How many moves have been played."""
        return len(self.moves)

    @property
    def to_move(self) -> int:
        """The colour of the next move."""
        return self._to_move

    @property
    def in_handicap(self) -> bool:
        """True while Black is still placing handicap stones."""
        return self._handicap_left > 0

    def is_over(self) -> bool:
        """True once two passes in a row have ended the game."""
        return self._passes >= 2

    def prisoners(self) -> tuple[int, int]:
        """``(black, white)``: the opponent's stones each colour took off the board
        during play (in 1000-Volt-Go the stones a player's own move removed
        count for the opponent)."""
        taken = [0, 0, 0]
        for m in self.moves:
            taken[m.colour] += len(m.captured)
            taken[opponent(m.colour)] += len(m.lost)
        return taken[BLACK], taken[WHITE]

    def _owners(self, position: Position) -> list[int]:
        """For each point of ``position``, the colour it counts for (``EMPTY``: nobody).
        Area counting: stones, and empty regions bordered by one colour only."""
        return territory_owner(position)

    def owners(self, marks: Marks | None = None) -> tuple[list[int], Position]:
        """For each point, the colour it counts for once the dead stones of
        ``marks`` are removed and its neutral points count for nobody; and the
        position after the removal."""
        dead, neutral = self._marked(marks)
        after = self.position.copy()
        after.remove(dead)
        owner = self._owners(after)
        for q in neutral:
            owner[q] = EMPTY
        return owner, after

    def _marked(self, marks: Marks | None) -> tuple[frozenset[int], frozenset[int]]:
        if not marks:
            return frozenset(), frozenset()
        if not self.removes_dead_stones:
            raise MarkError(f"in {self.title} every stone on the board is alive: nothing is marked", "no-removal")
        return resolve(self.position, marks)

    def _count(self, marks: Marks | None) -> tuple[int, int, tuple[int, int], tuple[int, int]]:
        """``(black, white, dead, prisoners)`` on the board now under the game's rule set and ``marks``."""
        owner, after = self.owners(marks)
        stones = self.position.stones
        dead = [0, 0, 0]
        for q, c in enumerate(stones):
            if c != after.stones[q]:
                dead[c] += 1
        prisoners = self.prisoners()
        black, white = count_points(
            owner,
            after,
            territory=self.rules in self.territory_rules,
            prisoners=prisoners,
            dead=(dead[BLACK], dead[WHITE]),
        )
        return black, white, (dead[BLACK], dead[WHITE]), prisoners

    def score(self) -> tuple[int, int]:
        """``(black, white)`` on the current board under the game's rule set, without komi and marks."""
        black, white, _, _ = self._count(None)
        return black, white

    def outcome(self, marks: Marks | None = None) -> Outcome | None:
        """The outcome once the game is over (else ``None``), counted by the
        game's rule set after removing the dead stones of ``marks`` and with its
        neutral points counting for nobody.

        Raises :class:`~games.go.marks.MarkError` for marks that do not fit
        the board, marks on a game still going on (``not-over``) and any
        marks in a game that removes no stones (``no-removal``).
        """
        if not self.is_over():
            if marks:
                raise MarkError("the game has not ended with two passes: there is nothing to mark yet", "not-over")
            return None
        black, white, dead, prisoners = self._count(marks)
        return Outcome(Termination.DOUBLE_PASS, black, white, self.komi, dead, prisoners, self.rules)

    def result(self, marks: Marks | None = None) -> str:
        """``"B+3"``, ``"W+0.5"``, ``"draw"`` or ``"unfinished"`` (``marks``: as for :meth:`outcome`)."""
        outcome = self.outcome(marks)
        return "unfinished" if outcome is None else outcome.result()

    @classmethod
    def first_colour_after_handicap(cls) -> int:
        return WHITE

    @classmethod
    def turn_colours(cls, stones: list[bool], handicap: int = 0) -> list[int]:
        """The colour of each move of a record, given which moves are stones (``True``) and which passes.

        The turn order does not depend on the board, so a record's stated
        colours (SGF) can be checked before it is replayed.
        """
        out = []
        left = handicap * cls.stones_per_handicap
        colour = BLACK
        for _ in stones:
            if left:
                out.append(BLACK)
                left -= 1
                if not left:
                    colour = cls.first_colour_after_handicap()
                continue
            out.append(colour)
            colour = opponent(colour)
        return out

    # ---- notation -------------------------------------------------------

    def point_name(self, p: int) -> str:
        """``"K10"`` for point index ``p`` on a square board, else the index as text."""
        if self.graph.size is None:
            return str(p)
        return Point(*self.graph.point(p)).name()

    def _index(self, pt: tuple[int, int], label: str | None = None) -> int:
        if self.graph.size is None:
            raise ValueError("coordinates need a square board; use play_point()")
        p = self.graph.index(*pt)
        if p is None:
            raise IllegalMove(self.move_number + 1, label or Point(*pt).name(), "off-board")
        return p

    # ---- playing --------------------------------------------------------

    def play(self, move: str | tuple[int, int] | None, label: str | None = None) -> Move:
        """Play ``move``: ``None``/``"pass"``, ``"K10"`` or ``(x, y)``.

        Raises :class:`IllegalMove` (and leaves the game unchanged) for a move
        the rules forbid; ``label`` names the point in that error instead of
        its coordinate.  Raises :class:`games.coords.CoordinateError` for a
        text that is not a coordinate.
        """
        if move is None or (isinstance(move, str) and move.strip().lower() == "pass"):
            return self.play_point(None)
        if self.is_over():
            raise IllegalMove(self.move_number + 1, label or str(move), "after-end")
        if isinstance(move, str):
            pt: tuple[int, int] = Point.parse(move)
        else:
            pt = Point(*move)
        return self.play_point(self._index(pt, label), label)

    def play_point(self, p: int | None, label: str | None = None) -> Move:
        """Play at point index ``p`` (``None``: pass); see :meth:`play`."""
        n = self.move_number + 1
        name = "pass" if p is None else (label or self.point_name(p))
        if self.is_over():
            raise IllegalMove(n, name, "after-end")
        colour = self._to_move
        if p is None:
            reason = self._pass_error()
            if reason:
                raise IllegalMove(n, name, reason)
            move = Move(colour, None)
            self.moves.append(move)
            self.keys.append(self.keys[-1])
            self._passes += 1
            self._after_pass()
            return move
        if not 0 <= p < len(self.graph):
            raise IllegalMove(n, name, "off-board")
        if self.position.stones[p]:
            raise IllegalMove(n, name, "occupied")
        reason = self._before_stone(p, colour)
        if reason:
            raise IllegalMove(n, name, reason)
        before = self.position.copy()
        lost: list[int] = []
        try:
            if self.in_handicap:
                self._place_handicap(p, colour)
                captured: list[int] = []
            else:
                captured, lost = self._place(p, colour)
            reason = self._stone_error(p, colour, captured)
        except PlayError as e:
            reason = e.reason
        if reason:
            self.position = before
            raise IllegalMove(n, name, reason)
        move = Move(colour, p, tuple(captured), tuple(lost), self.in_handicap)
        self.moves.append(move)
        self.keys.append(self.position.key())
        self._passes = 0
        self._after_stone()
        return move

    # ---- rule hooks (variants override these) --------------------------

    def _before_stone(self, p: int, colour: int) -> str | None:
        """A reason a stone on the empty point ``p`` is illegal before it is placed, or ``None``."""
        return None

    def _place(self, p: int, colour: int) -> tuple[list[int], list[int]]:
        """Put a stone of ``colour`` on the empty point ``p`` and capture.

        Returns the captured opponent stones and the mover's own stones
        removed (none in Go: suicide raises :class:`PlayError`).
        """
        return self.position.play(p, colour), []

    def _place_handicap(self, p: int, colour: int) -> None:
        """Put a handicap stone on the empty point ``p``: as in Go, with no stone sliding in 1000-Volt-Go."""
        self.position.play(p, colour)

    def _stone_error(self, p: int, colour: int, captured: list[int]) -> str | None:
        """A reason the stone just placed is illegal (checked on the new position), or ``None``."""
        if len(self.keys) >= 2 and self.position.stones == self.keys[-2]:
            return "ko"
        return None

    def _pass_error(self) -> str | None:
        return "handicap" if self.in_handicap else None

    def _after_stone(self) -> None:
        if self.in_handicap:
            self._handicap_left -= 1
            if not self._handicap_left:
                self._to_move = self.first_colour_after_handicap()
            return
        self._to_move = opponent(self._to_move)

    def _after_pass(self) -> None:
        self._to_move = opponent(self._to_move)

    # ---- helpers --------------------------------------------------------

    def legal_points(self) -> list[int]:
        """Every point where the side to move may put its next stone (slow; for tests and tools)."""
        out = []
        for p in self.graph.points:
            if self.position.stones[p]:
                continue
            trial = self.copy()
            try:
                trial.play_point(p)
            except IllegalMove:
                continue
            out.append(p)
        return out

    def copy(self) -> Game:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.position = self.position.copy()
        new.moves = list(self.moves)
        new.keys = list(self.keys)
        return new

    def __str__(self) -> str:
        return ascii_board(self.position)
