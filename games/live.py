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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from games.common import AfterMove
from games.coords import Point
from games.limits import RecordTooLong, too_long_message

__all__ = ["LiveGame", "Snapshot", "TooLong", "normalise"]

COLOURS = ("black", "white")
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
    return Point.parse(token).name()


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
    to_move: str | None = "black"
    #: Keima-Go: the next stone is the second of a turn, a knight's move from ``first_stone``.
    second_stone: bool = False
    first_stone: Point | None = None
    #: Keima-Go: the empty points the second stone may go to.
    targets: tuple[Point, ...] = ()
    #: Handicap stones Black still places before White's first move.
    handicap_left: int = 0
    #: Ninuki-Renju: the pairs each side has taken (``None`` in the Go family).
    captures: Mapping[str, int] | None = None
    #: Go family: the stones each side has taken off the board.
    prisoners: Mapping[str, int] | None = None
    #: Ninuki-Renju: the colour whose five stands but can be broken by a capture on the next move.
    pending_five: str | None = None
    #: Once over: ``"black"``, ``"white"`` or ``"draw"``, why (``five``, ``captures``, ``overline-split``,
    #: ``double-pass``), and in the Go family the count (without komi) and the result (``"B+3.5"``).
    outcome: str | None = None
    reason: str | None = None
    score: Mapping[str, int] | None = None
    result: str | None = None

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def winner(self) -> str | None:
        return self.outcome if self.outcome in COLOURS else None


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
        options: Mapping | None = None,
        komi: float | None = None,
        handicap: int = 0,
    ):
        import games

        variant = games.variant(kind)
        if not variant.validated:
            from games.registry import NoValidator

            raise NoValidator(f"{variant.title} has no validator: results only")
        self.kind = kind
        self.title = variant.title
        self.moves: list[str] = []
        self._before = None  # the position before the last move (1000-Volt-Go's slides)
        if kind == "ninuki":
            from games import ninuki

            if handicap:
                raise ValueError("Ninuki-Renju is played without handicap")
            rule_set = ninuki.RuleSet.preset(rules or variant.rule_sets[0], **dict(options or {}))
            if size is not None and size != rule_set.size:
                rule_set = rule_set.replace(size=size)
            self._board = ninuki.Board(rule_set)
            self._game = None
            self.size = rule_set.size
            self.limit = rule_set.max_moves(rule_set.size)
            #: Ninuki-Renju: the pairs that win (``None`` in the Go family).
            self.capture_win: int | None = rule_set.capture_win
        else:
            if options:
                raise ValueError(f"{variant.title} has no rule options")
            self._board = None
            self._game = variant.game_class(size=size or variant.default_size, komi=komi, handicap=handicap)
            self.size = self._game.size
            self.limit = variant.max_moves(self.size)
            self.capture_win = None

    @classmethod
    def from_moves(cls, kind: str, moves: Iterable[str], **settings) -> LiveGame:
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
        if self._board is not None:
            self._board.play(token)
        else:
            before = self._game.position.copy()
            self._game.play(None if token == "pass" else token)
            self._before = before
        self.moves.append(token)

    @property
    def text(self) -> str:
        """The record in text notation: ``"K10 K9 pass"``."""
        return " ".join(self.moves)

    # ---- what the board shows ----------------------------------------------

    def snapshot(self) -> Snapshot:
        """The board now, whose turn it is, and the end of the game if it has come."""
        if self._board is not None:
            return self._ninuki_snapshot()
        return self._go_snapshot()

    def _ninuki_snapshot(self) -> Snapshot:
        board = self._board
        n = len(self.moves)
        last = board.moves[-1] if n else None
        outcome = board.outcome
        pending = board.pending
        return Snapshot(
            number=n,
            size=self.size,
            stones=board.stones(),
            last=last,
            label=self.moves[-1] if n else "",
            colour=COLOURS[(n - 1) % 2] if n else None,
            captured=tuple(board.last_captured),
            to_move=None if outcome else board.turn,
            captures=dict(board.captures),
            pending_five=None if pending is None else COLOURS[pending[0] - 1],
            outcome=None if outcome is None else outcome.result,
            reason=None if outcome is None else outcome.reason,
        )

    def _go_snapshot(self) -> Snapshot:
        game = self._game
        graph = game.graph

        def point(p: int) -> Point:
            return Point(*graph.point(p))

        stones = {point(p): COLOURS[c - 1] for p, c in enumerate(game.position.stones) if c}
        prisoners = {"black": 0, "white": 0}
        for m in game.moves:
            prisoners[COLOURS[m.colour - 1]] += len(m.captured)
            prisoners[COLOURS[2 - m.colour]] += len(m.lost)  # 1000-Volt-Go: the mover's own lost stones
        move = game.moves[-1] if game.moves else None
        last = None if move is None or move.point is None else point(move.point)
        first = getattr(game, "half_turn", None)
        outcome = game.outcome()
        over = outcome is not None
        result = None if not over else {1: "black", 2: "white", None: "draw"}[outcome.winner]
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
            targets=() if first is None or over else self._keima_targets(first),
            handicap_left=game._handicap_left,
            prisoners=prisoners,
            outcome=result,
            reason=None if not over else outcome.termination.value,
            score=None if not over else outcome.score(),
            result=None if not over else outcome.result(),
        )

    def _slides(self, move, point, *, own: bool) -> tuple[tuple[Point, Point], ...]:
        """1000-Volt-Go: what the last stone slid (``own``: pushed, else pulled), worked out again
        on the position before it."""
        if self.kind != "volt" or move is None or move.point is None or move.handicap or self._before is None:
            return ()
        from games.volt import slide

        before = self._before.copy()
        before.stones[move.point] = move.colour
        moved = slide(before, move.point, move.colour)
        return tuple((point(a), point(b)) for a, b in moved if (before.stones[b] == move.colour) == own)

    def _keima_targets(self, first: int) -> tuple[Point, ...]:
        game = self._game
        x, y = game.graph.point(first)
        out = []
        for dx, dy in _KEIMA:
            q = game.graph.index(x + dx, y + dy)
            if q is not None and not game.position.stones[q]:
                out.append(Point(x + dx, y + dy))
        return tuple(sorted(out))
