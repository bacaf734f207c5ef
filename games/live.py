"""A game as it is being played: the moves so far, and one more tried at a time.

The site's live board keeps a game's moves and asks :class:`LiveGame`, for
every move tapped on a phone, whether it is legal (the engine's
:class:`~games.common.IllegalMove` with its reason code if not) and what the
board shows now (:class:`Snapshot`): the stones, the last move and what it
took off (and in 1000-Volt-Go the stones it slid), whose turn it is
(Keima-Go: the first or the second stone of a turn, and where the second may
go), the capture counts, a breakable five waiting to be broken, and the end
of the game.  The engines do the work, as for a whole record
(:meth:`games.registry.Variant.replay`); the moves are text tokens
(``"K10"``, ``"pass"``), so that ``" ".join(game.moves)`` is the record.

>>> g = LiveGame("keima")
>>> g.play("E5"); g.snapshot().second_stone, sorted(p.name() for p in g.snapshot().targets)[:3]
(True, ['C4', 'C6', 'D3'])
>>> g.play("E6")
Traceback (most recent call last):
...
games.common.IllegalMove: move 2 (E6) is illegal: not-keima
>>> g.play("F7"); s = g.snapshot(); s.number, s.to_move, s.second_stone
(2, 'white', False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Unpack

from games import go, keima, ninuki
from games.common import COLOURS, Colour, Ending, IllegalMove, winner_of
from games.coords import CoordinateError, Point
from games.limits import RecordTooLong, too_long_message
from games.registry import AfterMove, GameSettings, GoFamilyVariant, NinukiVariant, NoValidator
from games.schema import DeadStones

__all__ = ["LiveGame", "Snapshot", "TooLong", "normalise"]

#: The knight's moves: where the second stone of a Keima-Go turn may go.
_KEIMA = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


class TooLong(RecordTooLong):
    """One move more than the game accepts (:meth:`games.registry.Variant.max_moves`)."""

    def __init__(self, moves: int, limit: int, what: str):
        super().__init__(too_long_message(moves, limit, what))
        self.moves, self.limit = moves, limit


def normalise(text: str) -> str:
    """``" k10 "`` -> ``"K10"``, ``"PASS"`` -> ``"pass"``; raises
    :class:`games.coords.CoordinateError` for a text that is no coordinate."""
    token = text.strip()
    if token.lower() == "pass":
        return "pass"
    point = Point.parse(token)
    if point.y < 0:  # row 0 (``A0``): no point of any board, and no name the engines read back
        raise CoordinateError(f"{token!r} has no row 0")
    return point.name()


@dataclass(frozen=True, kw_only=True)
class Snapshot(AfterMove):
    """The board after ``number`` moves, and what comes next."""

    size: int
    #: Opponent stones the last move took off.
    captured: tuple[Point, ...] = ()
    #: 1000-Volt-Go: the mover's own stones the last move took off.
    lost: tuple[Point, ...] = ()
    #: 1000-Volt-Go: the stones the last move slid, ``(from, to)``: own stones pushed away, the opponent's pulled in.
    pushed: tuple[tuple[Point, Point], ...] = ()
    pulled: tuple[tuple[Point, Point], ...] = ()
    #: Who plays next (``None`` once the game is over).
    to_move: Colour | None = "black"
    #: Keima-Go: the next stone is the second of a turn, a knight's move from ``first_stone``.
    second_stone: bool = False
    first_stone: Point | None = None
    #: Keima-Go: the empty points the second stone may go to.
    targets: tuple[Point, ...] = ()
    #: Handicap stones Black still places before White's first move, and those placed (among ``number``).
    handicap_left: int = 0
    handicap_placed: int = 0
    #: Ninuki-Renju's first move: the stone goes on the centre point.
    centre_first: bool = False
    #: Whether the next move may be a pass (not for a Keima-Go turn's second stone, while handicap
    #: stones are still to place, in Ninuki-Renju's opening, nor once the game is over).
    may_pass: bool = True
    #: Ninuki-Renju: the pairs each side has taken (``None`` in the Go family).
    captures: Mapping[Colour, int] | None = None
    #: Go family: the stones each side has taken off the board.
    prisoners: Mapping[Colour, int] | None = None
    #: Ninuki-Renju: the colour whose five stands but can be broken by a capture on the next move.
    pending_five: Colour | None = None
    #: Once over: ``"black"``, ``"white"`` or ``"draw"``, why (``five``, ``captures``, ``overline-split``,
    #: ``double-pass``), and in the Go family the count (without komi) and the result (``"B+3.5"``).
    outcome: Ending | None = None
    reason: str | None = None
    score: Mapping[Colour, int] | None = None
    result: str | None = None

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def move_number(self) -> int:
        """The moves played: ``number`` without the handicap stones (which are set up, not played)."""
        return self.number - self.handicap_placed

    @property
    def captured_pairs(self) -> int | None:
        """Ninuki-Renju: the pairs the last move took (``None`` in the Go family, which counts stones)."""
        return None if self.captures is None else len(self.captured) // 2

    @property
    def winner(self) -> Colour | None:
        return winner_of(self.outcome)


def _may_pass(board: ninuki.Board) -> bool:
    """Whether the board takes a pass now (asked by trying one, then taking it back)."""
    try:
        board.push(None)
    except IllegalMove:
        return False
    board.pop()
    return True


class LiveGame:
    """One game of ``kind`` (a name of :func:`games.variants` with a validator).

    ``size``, ``rules``, ``options``, ``komi`` and ``handicap`` are those of
    :meth:`games.registry.Variant.replay`.  :meth:`play` plays one move or
    raises (leaving the game as it was); :meth:`from_moves` replays stored ones.
    """

    def __init__(
        self,
        kind: str,
        *,
        size: int | None = None,
        rules: str | None = None,
        options: Mapping[str, Any] | None = None,
        komi: float | None = None,
        handicap: int | None = 0,
    ):
        import games

        variant = games.variant(kind)
        if not variant.validated:
            raise NoValidator(f"{variant.title} has no validator: results only")
        self.kind = kind
        self.title = variant.title
        self.moves: list[str] = []
        self._before: go.Position | None = None  # the position before the last move (1000-Volt-Go's slides)
        #: The engine's game: a Ninuki board, or a game of the Go family.
        self._engine: ninuki.Board | go.Game
        if isinstance(variant, NinukiVariant):
            if handicap:
                raise ValueError("Ninuki-Renju is played without handicap")
            rule_set = variant.rule_set(rules, options, size)
            self._engine = ninuki.Board(rule_set)
            self.size = rule_set.size
            self.limit = rule_set.max_moves(rule_set.size)
            #: Ninuki-Renju: the pairs that win (``None`` in the Go family).
            self.capture_win: int | None = rule_set.capture_win
        else:
            assert isinstance(variant, GoFamilyVariant)  # every other game with a validator
            if options:
                raise ValueError(f"{variant.title} has no rule options")
            game = variant.game_class(size=size or variant.default_size, komi=komi, handicap=handicap or 0, rules=rules)
            self._engine = game
            n = game.size
            assert n is not None  # a square board
            self.size = n
            self.limit = variant.max_moves(n)
            self.capture_win = None

    @classmethod
    def from_moves(cls, kind: str, moves: Iterable[str], **settings: Unpack[GameSettings]) -> LiveGame:
        """The game after ``moves`` (tokens, as :meth:`play` takes them)."""
        game = cls(kind, **settings)
        for move in moves:
            game.play(move)
        return game

    # ---- playing ---------------------------------------------------------------

    def play(self, move: str) -> None:
        """Play ``"K10"`` or ``"pass"`` for the side to move.

        Raises :class:`~games.common.IllegalMove` (the engine's reason code),
        :class:`games.coords.CoordinateError` for a text that is no
        coordinate, :class:`TooLong` past the game's length limit.
        """
        token = normalise(move)
        if len(self.moves) >= self.limit:
            raise TooLong(len(self.moves) + 1, self.limit, f"{self.title} on {self.size}x{self.size}")
        engine = self._engine
        if isinstance(engine, ninuki.Board):
            engine.play(token)
        else:
            before = engine.position.copy()
            engine.play(None if token == "pass" else token)
            self._before = before
        self.moves.append(token)

    @property
    def colours(self) -> list[Colour]:
        """The colour of each move so far (Black's handicap stones placed one by one are Black's moves)."""
        engine = self._engine
        if isinstance(engine, ninuki.Board):
            return [COLOURS[n % 2] for n in range(len(self.moves))]
        return [COLOURS[move.colour - 1] for move in engine.moves]

    @property
    def text(self) -> str:
        """The record in text notation: ``"K10 K9 pass"``."""
        return " ".join(self.moves)

    # ---- the end of a Go game ----------------------------------------------------

    @property
    def removes_dead_stones(self) -> bool:
        """True for Go: after two passes the players mark the dead stones (:meth:`marking`) before the
        count; False in Ninuki-Renju, and in Keima-Go and 1000-Volt-Go, where every stone on the board is
        alive (the count after two passes is final)."""
        engine = self._engine
        return isinstance(engine, go.Game) and engine.removes_dead_stones

    @property
    def dead_stones(self) -> DeadStones | None:
        """What becomes of dead stones at the end (:data:`games.schema.DEAD_STONES`); ``None`` in Ninuki-Renju."""
        engine = self._engine
        return engine.dead_stones if isinstance(engine, go.Game) else None

    def resumed(self, asked_by: Colour) -> LiveGame:
        """The game going on after its two passes, at the request of ``asked_by`` (``"black"``/``"white"``),
        whose opponent plays first (the Japanese rules of 1989, article 9.3; ``go/RULES-DECISIONS.md``,
        "Resumption"): the passes that stopped the game are taken out of the record, the last one if the
        first passer asked, both if the last passer asked.  The position is the same; the ko stands as
        before the passes.  This game stays as it was.

        Raises :class:`games.go.MarkError` ``not-over`` unless the game ended with two passes,
        ``no-removal`` in a game without a marking phase (:attr:`removes_dead_stones`).
        """
        engine = self._engine
        if not isinstance(engine, go.Game) or not engine.removes_dead_stones:
            raise go.MarkError(f"{self.title} has no marking phase to resume play from", "no-removal")
        if not engine.is_over():
            raise go.MarkError("the game has not ended with two passes: there is nothing to resume", "not-over")
        last_passer = COLOURS[engine.moves[-1].colour - 1]
        keep = len(self.moves) - (2 if asked_by == last_passer else 1)
        settings: GameSettings = {
            "size": self.size,
            "rules": engine.rules,
            "komi": engine.komi,
            "handicap": engine.handicap,
        }
        return LiveGame.from_moves(self.kind, self.moves[:keep], **settings)

    def territory(self) -> dict[Point, Colour]:
        """The empty points each colour is counted for, once a Go-family game is over, without marks
        (every stone alive: Keima-Go's and 1000-Volt-Go's count); ``{}`` while it goes on, and in
        Ninuki-Renju.  A Go game's count with marks: :meth:`marking`."""
        engine = self._engine
        if isinstance(engine, ninuki.Board) or not engine.is_over():
            return {}
        graph = engine.graph
        owner, after = engine.owners()
        return {Point(*graph.point(q)): COLOURS[c - 1] for q, c in enumerate(owner) if c and not after.stones[q]}

    def marking(self, marks: go.Marks | Mapping[str, Any] | None = None) -> go.Marking:
        """The marking phase of a Go game ended by two passes: ``marks`` (a
        :class:`games.go.Marks`, or as :meth:`games.go.Marks.as_dict` keeps
        them) on its final position, to toggle and count
        (:class:`games.go.Marking`).  Raises :class:`games.go.MarkError`
        (``not-over``, ``no-removal`` for Keima-Go and 1000-Volt-Go, the
        codes of marks that do not fit, ``unreadable``), ``TypeError`` for
        Ninuki-Renju."""
        engine = self._engine
        if isinstance(engine, ninuki.Board):
            raise TypeError("Ninuki-Renju has no dead stones")
        if marks is not None and not isinstance(marks, go.Marks):
            marks = go.Marks.from_dict(marks)
        return go.Marking(engine, marks)

    # ---- what the board shows ----------------------------------------------

    def snapshot(self) -> Snapshot:
        """The board now, whose turn it is, and the end of the game if it has come."""
        engine = self._engine
        if isinstance(engine, ninuki.Board):
            return self._ninuki_snapshot(engine)
        return self._go_snapshot(engine)

    def _ninuki_snapshot(self, board: ninuki.Board) -> Snapshot:
        n = len(self.moves)
        last = board.moves[-1] if n else None
        outcome = board.outcome
        pending = board.pending
        captured = tuple(board.last_captured)
        return Snapshot(
            number=n,
            size=self.size,
            stones=board.stones(),
            last=last,
            label=self.moves[-1] if n else "",
            colour=COLOURS[(n - 1) % 2] if n else None,
            captured=captured,
            to_move=None if outcome else board.turn,
            centre_first=n == 0,
            may_pass=outcome is None and _may_pass(board),
            captures=dict(board.captures),
            pending_five=None if pending is None else COLOURS[pending[0] - 1],
            outcome=None if outcome is None else outcome.result,
            reason=None if outcome is None else outcome.reason,
        )

    def _go_snapshot(self, game: go.Game) -> Snapshot:
        graph = game.graph

        def point(p: int) -> Point:
            return Point(*graph.point(p))

        stones = {point(p): COLOURS[c - 1] for p, c in enumerate(game.position.stones) if c}
        taken = game.prisoners()  # 1000-Volt-Go: the mover's own lost stones count for the opponent
        prisoners: dict[Colour, int] = {"black": taken[0], "white": taken[1]}
        move = game.moves[-1] if game.moves else None
        last = None if move is None or move.point is None else point(move.point)
        first = game.half_turn if isinstance(game, keima.KeimaGame) else None
        outcome = game.outcome()
        over = outcome is not None
        return Snapshot(
            number=len(game.moves),
            size=self.size,
            stones=stones,
            last=last,
            label=self.moves[-1] if self.moves else "",
            colour=None if move is None else COLOURS[move.colour - 1],
            captured=() if move is None else tuple(point(q) for q in move.captured),
            lost=() if move is None else tuple(point(q) for q in move.lost),
            pushed=self._slides(move, point, own=True),
            pulled=self._slides(move, point, own=False),
            to_move=None if over else COLOURS[game.to_move - 1],
            second_stone=first is not None and not over,
            first_stone=None if first is None else point(first),
            targets=() if first is None or over else self._keima_targets(game, first),
            handicap_left=game._handicap_left,
            handicap_placed=sum(1 for m in game.moves if m.handicap),
            may_pass=not over and first is None and not game._handicap_left,
            prisoners=prisoners,
            outcome=None if outcome is None else outcome.ending,
            reason=None if outcome is None else outcome.termination.value,
            score=None if outcome is None else outcome.score(),
            result=None if outcome is None else outcome.result(),
        )

    def _slides(
        self, move: go.Move | None, point: Callable[[int], Point], *, own: bool
    ) -> tuple[tuple[Point, Point], ...]:
        """1000-Volt-Go: what the last stone slid (``own``: pushed, else pulled), worked out again
        on the position before it."""
        if self.kind != "volt" or move is None or move.point is None or move.handicap or self._before is None:
            return ()
        from games.volt import slide

        before = self._before.copy()
        before.stones[move.point] = move.colour
        moved = slide(before, move.point, move.colour)
        return tuple((point(a), point(b)) for a, b in moved if (before.stones[b] == move.colour) == own)

    def _keima_targets(self, game: go.Game, first: int) -> tuple[Point, ...]:
        x, y = game.graph.point(first)
        out = []
        for dx, dy in _KEIMA:
            q = game.graph.index(x + dx, y + dy)
            if q is not None and not game.position.stones[q]:
                out.append(Point(x + dx, y + dy))
        return tuple(sorted(out))
