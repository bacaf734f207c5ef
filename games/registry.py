"""The games the tournament plays, one object each, in the manner of python-chess's variants.

>>> import games
>>> sorted(games.variants())
['go', 'keima', 'ninuki', 'rundgo', 'volt']
>>> keima = games.variant("keima")
>>> keima.title, keima.default_size, keima.default_komi, keima.handicap(13)
('Keima-Go', 9, 4, (2, 4))
>>> r = keima.replay("E5 F7 D4 pass")
>>> r.legal, r.moves, r.error.as_dict()
(False, 3, {'move': 4, 'point': 'pass', 'reason': 'incomplete-turn'})

Every :class:`Variant` answers the same questions, whatever its engine:

- ``name``, ``title``, ``rule_sets`` (the first is the default),
  ``board_sizes``, ``default_size``, ``has_komi`` (``False`` for
  Ninuki-Renju), ``default_komi`` (``None``: none usual),
  ``validated`` (``False`` for Rund-Go, entered as results only);
- what a tournament needs besides the moves (:mod:`games.schema`'s codes):
  ``win_methods`` (the ways of winning, in the order offered),
  ``handicap_policies`` (the usual first; ``has_handicap``),
  ``rule_options`` (the public schema of the rule adjustments, checked by
  :meth:`Variant.check_rule_options`; :meth:`Variant.preset_options`),
  ``diagrams`` (the rules page's),
  ``record_by_default``, ``egd_rated``, ``sgf_game``;
- :meth:`Variant.handicap` (``(stones, komi)`` by Go rank difference, or
  ``None`` where the game has no table, :attr:`Variant.handicap_table`) and :meth:`Variant.max_moves` (the
  longest record accepted, :mod:`games.limits`);
- :meth:`Variant.replay`: a record (text, SGF, or a list of moves) to a
  :class:`Replay`, one shape for every game: legal or the first
  :class:`~games.common.IllegalMove`, the moves replayed, the outcome and
  its reason, the count (Go family) or captured pairs (Ninuki), and the
  positions after every move (:meth:`Replay.positions`, worked out when
  asked) with :meth:`Replay.svg` to draw one;
- :meth:`Variant.check_claim`: does a claimed result agree with the record?
  One :class:`~games.common.ClaimCheck` with stable codes;
- :meth:`Variant.write_sgf` and :meth:`Variant.write_text`: the notation of a
  replayed record; :meth:`Variant.sample`: a random legal record.

Unreadable input raises the engine's error (:class:`games.ninuki.NotationError`,
:class:`games.go.RecordError`; both are ``ValueError``), a record over the
length limit :class:`games.limits.RecordTooLong` (code ``too-long``), a
game without a validator :class:`NoValidator`.  The engines' own APIs
(``games.ninuki.replay``, ``games.keima.replay``, ...) stay as they are;
this module is a layer over them.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, TypedDict, TypeVar, Unpack

from games import go, keima, ninuki, volt
from games.common import (
    COLOURS,
    ClaimCheck,
    Colour,
    EngineClaim,
    EngineVerdict,
    IllegalMove,
    OutcomeName,
    claim_at_end,
    claim_before_end,
    json_fields,
    winner_of,
)
from games.coords import Point
from games.schema import (
    EARLY_ENDINGS,
    HANDICAP_POLICIES,
    WIN_METHODS,
    DeadStones,
    HandicapPolicy,
    OptionType,
    OptionValue,
    RuleOption,
    RuleOptionError,
    WinMethod,
    check_options,
)

if TYPE_CHECKING:
    from games.svg import Options

__all__ = [
    "Variant",
    "Replay",
    "Position",
    "AfterMove",
    "ResultClaim",
    "Method",
    "RecordInput",
    "EngineClaimInput",
    "Diagram",
    "EndDiagram",
    "GameSettings",
    "ReplaySettings",
    "NoValidator",
    "OTHER",
    "VARIANTS",
    "variants",
    "variant",
]

#: How a game was won other than on the board (:data:`games.schema.EARLY_ENDINGS`).
Method = Literal["resignation", "time", "default"]
METHODS: tuple[Method, ...] = ("resignation", "time", "default")
#: A rules page's diagram: the board size and the moves the engine plays (the last may be refused).
Diagram = tuple[int, str]
#: The rules page's diagram of the end of a Go-family game: the board size, moves ending in two passes,
#: and the stones marked dead (points as ``"B4 C3"``; empty where every stone on the board is alive).
EndDiagram = tuple[int, str, str]
_NOTHING: Mapping[str, Any] = MappingProxyType({})
#: A record as :meth:`Variant.replay` takes it: text notation or SGF, or the moves
#: (a :class:`~games.coords.Point` each, ``None`` for a pass; Ninuki-Renju only).
RecordInput = str | Sequence[Point | None]
#: A claim in an engine's own form (:meth:`Variant.check_claim`): its ``Claim``, the
#: fields of one as a tuple (checked by it), or a Go result such as ``"B+3.5"``.
EngineClaimInput = EngineClaim | str | tuple[Any, ...]


class GameSettings(TypedDict, total=False):
    """What a game is played with: board, rule set and its adjustments, komi, handicap
    (:class:`games.live.LiveGame` takes these)."""

    size: int | None
    rules: str | None
    options: Mapping[str, Any] | None
    komi: float | None
    handicap: int | None


class ReplaySettings(GameSettings, total=False):
    """The settings of :meth:`Variant.replay`, as :meth:`Variant.check_claim` passes them on:
    those of the game, and the dead stones and neutral points of a Go game's end."""

    dead: Iterable[str | Point] | None
    neutral: Iterable[str | Point] | None


class NoValidator(ValueError):
    """The game has no validator (Rund-Go: results only)."""


@dataclass(frozen=True)
class AfterMove:
    """The board after ``number`` moves (0: before the first) and the last of
    them: what a replayed position (:class:`Position`) and a
    live game's board (:class:`games.live.Snapshot`) both show."""

    number: int
    stones: Mapping[Point, Colour]
    #: The stone just placed (``None`` for a pass and at the start).
    last: Point | None = None
    #: How move ``number`` is written: ``"K10"``, ``"pass"``; ``""`` at the start.
    label: str = ""
    #: Who played move ``number`` (``None`` at the start).
    colour: Colour | None = None


@dataclass(frozen=True)
class Position(AfterMove):
    """The board after ``number`` moves (0: before the first), in a replay."""

    #: Stones move ``number`` took off (and, in 1000-Volt-Go, the mover's own it lost).
    captured: tuple[Point, ...] = ()
    #: Ninuki: the pairs each side has taken so far; ``None`` in the Go family.
    captures: Mapping[Colour, int] | None = None
    #: Every point whose stone came, went or changed with move ``number``
    #: (``None``: not known, compare ``stones`` with the position before).
    changed: tuple[Point, ...] | None = field(default=None, compare=False, repr=False)


@dataclass
class Replay:
    """A record replayed: one shape for every game.

    ``outcome`` is ``"black"``, ``"white"``, ``"draw"``, ``"unfinished"``,
    or ``None`` when a move is illegal (``error``).  ``reason`` says why the
    game ended (``five``, ``captures``, ``overline-split``,
    ``double-pass``).  ``moves`` counts the moves replayed legally.  ``score``
    is the count of each colour without komi and ``result`` the result in
    SGF form (``"B+3.5"``, ``"draw"``), both only for a Go-family game ended
    by two passes; ``captures`` the pairs taken in Ninuki.  ``verdict`` is
    the engine's own answer.
    """

    kind: str
    size: int
    legal: bool
    moves: int
    error: IllegalMove | None
    outcome: OutcomeName | None
    reason: str | None = None
    score: Mapping[Colour, int] | None = None
    result: str | None = None
    captures: Mapping[Colour, int] | None = None
    verdict: EngineVerdict | None = None
    _walk: Callable[[], Iterator[Position]] | None = field(default=None, repr=False, compare=False)
    #: Straight to one position (a kept replay, :mod:`games.packed`); else :meth:`position` walks.
    _seek: Callable[[int], Position] | None = field(default=None, repr=False, compare=False)

    @property
    def winner(self) -> Colour | None:
        """``"black"`` or ``"white"`` for a game won in the record, else ``None``."""
        return winner_of(self.outcome)

    @property
    def finished(self) -> bool:
        """True if the record ends the game by itself (a win or a draw)."""
        return self.outcome in ("black", "white", "draw")

    def positions(self) -> Iterator[Position]:
        """The position at the start and after every legal move, in order (worked out now)."""
        if self._walk is None:
            raise TypeError("this replay keeps no positions")
        return self._walk()

    def position(self, number: int | None = None) -> Position:
        """The position after ``number`` moves (default: the last legal one)."""
        number = self.moves if number is None else number
        if not 0 <= number <= self.moves:
            raise IndexError(f"no position after {number} moves (0 to {self.moves})")
        if self._seek is not None:
            return self._seek(number)
        for pos in self.positions():
            if pos.number == number:
                return pos
        raise AssertionError("unreachable")

    def svg(self, number: int | None = None, **options: Unpack[Options]) -> str:
        """The position after ``number`` moves (default: the last) as SVG
        (:func:`games.svg.board`): the last stone ringed, its captures
        crossed, and on the last position an illegal move's point framed."""
        from games import svg

        pos = self.position(number)
        error = svg.error_point(self.error) if pos.number == self.moves else None
        return svg.board(self.size, pos.stones, last_move=pos.last, captured=pos.captured, error=error, **options)

    #: The keys of :meth:`as_dict`.
    JSON_KEYS = ("kind", "size", "legal", "moves", "error", "outcome", "reason", "score", "result", "captures")

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (the same keys for every game)."""
        return json_fields(self, self.JSON_KEYS)


@dataclass(frozen=True)
class ResultClaim:
    """A result as the tournament records it: ``winner`` (``"black"``,
    ``"white"``, ``None`` for a draw) and ``method``: ``None`` when the game
    ended by itself (a five, captures, the count), else ``"resignation"``,
    ``"time"`` or ``"default"``."""

    winner: Colour | None
    method: Method | None = None

    def __post_init__(self) -> None:
        if self.winner not in (*COLOURS, None):
            raise ValueError(f"winner must be 'black', 'white' or None: {self.winner!r}")
        if self.method not in (*METHODS, None):
            raise ValueError(f"method must be one of {METHODS} or None: {self.method!r}")
        if self.winner is None and self.method is not None:
            raise ValueError("a draw has no method")

    def __str__(self) -> str:
        if self.winner is None:
            return "a draw"
        how = {None: "", "resignation": " by resignation", "time": " on time", "default": " by default"}
        return f"{self.winner} wins{how[self.method]}"


class Variant:
    """One game: what it is played with, and its validator (see the module docstring).

    Everything a tournament needs to know of a kind of game is here: a new
    game is a new ``Variant`` in :func:`_build` (``README.md``, "Adding a
    game").  The class's own values describe a game the engines do not
    know (:data:`OTHER`).
    """

    name: str = ""
    title: str = ""
    #: The rule sets the validator knows, the first the default.
    rule_sets: tuple[str, ...] = ()
    #: The options that adjust a rule set, by name: the public schema (empty: none).
    rule_options: Mapping[str, RuleOption] = _NOTHING
    board_sizes: Sequence[int] = ()
    default_size: int | None = None
    #: False for a game played without komi (Ninuki-Renju): no komi to set, show or give.
    has_komi: bool = True
    #: The komi of an even game the game is usually played with (``None``: none usual, or no komi).
    default_komi: float | None = None
    validated: bool = True
    #: How a game can be won, in the order a result form and the result slip offer them.
    win_methods: tuple[WinMethod, ...] = WIN_METHODS
    #: How its rounds may get handicap (:data:`games.schema.HANDICAP_POLICIES`), the usual one first.
    handicap_policies: tuple[HandicapPolicy, ...] = HANDICAP_POLICIES
    #: The game's own handicap table: a Go rank difference -> ``(handicap stones
    #: or keimas, komi)``; ``None`` where the game has none.
    handicap_table: Callable[[int], tuple[int, float]] | None = None
    #: The rules page's diagrams: name -> ``(board size, moves)``, played by :class:`games.live.LiveGame`.
    diagrams: Mapping[str, Diagram] = _NOTHING
    #: The rules page's diagram of the end of the game and its count (``None``: the game ends otherwise).
    end_diagram: EndDiagram | None = None
    #: True where the players mark dead stones after two passes and the count removes them (Go); False
    #: where every stone on the board is alive at the end (Keima-Go, 1000-Volt-Go) or nothing is counted.
    removes_dead_stones: bool = False
    #: What becomes of dead stones at the end (:data:`games.schema.DEAD_STONES`: ``marked``, ``alive``,
    #: ``captured``); ``None`` for a game that is not counted (Ninuki-Renju) or not validated.
    dead_stones: DeadStones | None = None
    #: Whether a new discipline of the game asks players for the record (the short games).
    record_by_default: bool = False
    #: Whether the EGD rates the game (its results go into the EGD's h9 file).
    egd_rated: bool = False
    #: The game number (``GM``) of the game's SGF records, from the SGF specification's list: 1 (Go) for
    #: the Go family, 4 (Gomoku and Renju) for Ninuki-Renju.
    sgf_game: int = 1

    def __repr__(self) -> str:
        return f"<Variant {self.name}>"

    @property
    def has_handicap(self) -> bool:
        """False for a game never played with handicap (Ninuki-Renju: its only policy is ``none``)."""
        return any(policy != "none" for policy in self.handicap_policies)

    def preset_options(self, rules: str | None = None) -> dict[str, OptionValue]:
        """The values of :attr:`rule_options` in the rule set ``rules`` (default the first);
        empty for a game without options or a rule set it does not know."""
        return {}

    def check_rule_options(self, rules: str | None, options: object, size: int | None = None) -> None:
        """Raise :class:`games.schema.RuleOptionError` unless ``options`` are adjustments of the rule
        set ``rules`` (default the first) that the game accepts (on a board of ``size``, if given)."""
        check_options(self.rule_options, options)

    def handicap(self, rank_difference: int) -> tuple[int, float] | None:
        """``(handicap stones or keimas, komi)`` for a Go rank difference by the
        game's table, or ``None`` where it has none."""
        table = self.handicap_table
        return None if table is None else table(rank_difference)

    def max_moves(self, size: int | None = None, rules: str | None = None) -> int | None:
        """The longest record accepted on a board of ``size`` (``None``: no validator)."""
        return None

    def handicap_stones(self, handicap: int) -> int:
        """The stones Black sets up for a handicap of ``handicap`` (the first moves of a record); 0 in a game
        without handicap."""
        return 0

    def replay(
        self,
        record: RecordInput,
        *,
        size: int | None = None,
        rules: str | None = None,
        options: Mapping[str, Any] | None = None,
        komi: float | None = None,
        handicap: int | None = None,
        dead: Iterable[str | Point] | None = None,
        neutral: Iterable[str | Point] | None = None,
    ) -> Replay:
        """Replay ``record`` (text, SGF, or a list of moves).

        Go counts a game ended by two passes after removing the chains of the
        ``dead`` stones, with the ``neutral`` points counting for nobody
        (``"D4"``, SGF letters or :class:`~games.coords.Point`; without
        ``dead``, an SGF's ``TB``/``TW`` name the dead stones): see
        :func:`games.go.verdict.replay`, which raises
        :class:`games.go.MarkError` for marks that do not fit.  The other
        games take none."""
        settings: ReplaySettings = {
            "size": size,
            "rules": rules,
            "options": options,
            "komi": komi,
            "handicap": handicap,
            "dead": dead,
            "neutral": neutral,
        }
        return self._replay(record, settings)

    def _replay(self, record: RecordInput, settings: ReplaySettings) -> Replay:
        raise NoValidator(f"{self.title} has no validator: results only")

    def check_claim(
        self,
        record_or_replay: RecordInput | Replay,
        claim: ResultClaim | EngineClaimInput,
        **settings: Unpack[ReplaySettings],
    ) -> ClaimCheck:
        """Does ``claim`` agree with the record (or a :class:`Replay` of it)?

        ``claim`` is a :class:`ResultClaim` (checked here, the same way for
        every game) or a claim in the engine's own form (a Ninuki
        ``Claim``/``(kind, winner)``, a Go result such as ``"B+3.5"``),
        which the engine checks.  ``settings`` go to :meth:`replay`.
        """
        replay = record_or_replay if isinstance(record_or_replay, Replay) else self.replay(record_or_replay, **settings)
        if isinstance(claim, ResultClaim):
            return _check_result(replay, claim)
        return self._engine_check(replay, claim)

    def _engine_check(self, replay: Replay, claim: EngineClaimInput) -> ClaimCheck:
        raise TypeError(f"{self.title} checks ResultClaim only")

    def write_sgf(self, replay: Replay, *, result: str | None = None) -> str:
        """The legal part of a replayed record as SGF; ``result``: the ``RE`` to write (``"B+R"``, ``"0"``)
        instead of the record's own outcome (a result decided otherwise than on the board)."""
        raise NoValidator(f"{self.title} has no validator")

    def sample(
        self,
        rng: random.Random,
        *,
        size: int | None = None,
        rules: str | None = None,
        komi: float | None = None,
        handicap: int = 0,
    ) -> str:
        """A random legal record in text notation (:mod:`games.sample`: for demos and benchmarks)."""
        return self._sample(rng, size, rules, komi, handicap)

    def _sample(
        self, rng: random.Random, size: int | None, rules: str | None, komi: float | None, handicap: int
    ) -> str:
        raise NoValidator(f"{self.title} has no validator")

    def write_text(self, replay: Replay) -> str:
        """The legal part of a replayed record in text notation (``"K10 K9 pass"``)."""
        return " ".join(pos.label for pos in replay.positions() if pos.number)


_V = TypeVar("_V")


def _engine_verdict(replay: Replay, kind: type[_V]) -> _V:
    """The engine's own verdict of ``replay``; a kept replay (:mod:`games.packed`) has none."""
    verdict = replay.verdict
    if not isinstance(verdict, kind):
        raise TypeError(f"this replay keeps no {kind.__module__}.{kind.__name__}: check a ResultClaim, or replay")
    return verdict


def _check_result(replay: Replay, claim: ResultClaim) -> ClaimCheck:
    """``RULES.md``: a result agrees with a record when the record's outcome is
    the claimed one, or when the record is unfinished and the claim is a win
    by resignation, on time (or by default)."""

    conceded = claim.method is not None
    early = claim_before_end(replay, replay.finished, claim, conceded)
    if early is not None:
        return early
    ended = "a draw" if replay.outcome == "draw" else f"{replay.outcome} wins"
    ended += f" ({replay.result or replay.reason})"
    return claim_at_end(
        replay, claim, conceded=conceded, winner=claim.winner, recorded=replay.winner, end=ended, end_at=ended
    )


# ---- Ninuki-Renju ------------------------------------------------------------------


def _ninuki_options(preset: ninuki.RuleSet) -> dict[str, RuleOption]:
    """The fields of :class:`games.ninuki.RuleSet` but its name and size, with their values in ``preset``."""
    from games.ninuki.rules import OPTION_CHOICES

    types: dict[str, OptionType] = {"bool": "bool", "int": "int", "int|None": "int|None", "str": "str"}
    options = {}
    for f in dataclasses.fields(ninuki.RuleSet):
        if f.name in ("name", "size"):
            continue
        kind = types[str(f.type).replace(" ", "")]
        options[f.name] = RuleOption(f.name, kind, OPTION_CHOICES.get(f.name), getattr(preset, f.name))
    return options


class NinukiVariant(Variant):
    name = "ninuki"
    title = "Ninuki-Renju"
    default_size = 19
    has_komi = False
    default_komi = None
    win_methods = ("five", "captures", *EARLY_ENDINGS)
    handicap_policies = ("none",)
    record_by_default = True
    sgf_game = ninuki.SGF_GAME  # 4: the Gomoku and Renju family (SGF has no number of Ninuki-Renju's own)
    diagrams = MappingProxyType(
        {
            "capture": (13, "G7 H7 B2 J7 K7"),
            "double_three": (13, "G7 A1 H7 A3 J8 A5 J9 A7 J7"),
            "breakable_five": (13, "G7 J9 H7 A1 J8 A3 K7 A5 L7 A7 J7"),
            "broken_five": (13, "G7 J9 H7 A1 J8 A3 K7 A5 L7 A7 J7 J6"),
        }
    )

    def __init__(self) -> None:
        from games.ninuki.rules import MAX_SIZE, MIN_SIZE, PRESETS

        self.rule_sets = tuple(PRESETS)
        self.board_sizes = tuple(range(MIN_SIZE, MAX_SIZE + 1, 2))
        self.rule_options = MappingProxyType(_ninuki_options(PRESETS[self.rule_sets[0]]))

    def preset_options(self, rules: str | None = None) -> dict[str, OptionValue]:
        from games.ninuki.rules import PRESETS

        preset = PRESETS.get(rules or self.rule_sets[0])
        return {} if preset is None else {name: getattr(preset, name) for name in self.rule_options}

    def check_rule_options(self, rules: str | None, options: object, size: int | None = None) -> None:
        super().check_rule_options(rules, options, size)
        assert isinstance(options, Mapping)  # checked above
        if not options:
            return
        try:
            rule_set = self.rule_set(rules, options)
            if size is not None and size in self.board_sizes:
                rule_set.replace(size=size)
        except (TypeError, ValueError) as exc:
            raise RuleOptionError("refused", message=str(exc)) from None

    def rule_set(
        self, rules: str | None = None, options: Mapping[str, Any] | None = None, size: int | None = None
    ) -> ninuki.RuleSet:
        """The rule set ``rules`` (default the first, ``hannover``) with ``options`` and on ``size``."""
        rule_set = ninuki.RuleSet.preset(rules or self.rule_sets[0], **dict(options or {}))
        return rule_set if size is None or size == rule_set.size else rule_set.replace(size=size)

    def max_moves(self, size: int | None = None, rules: str | None = None) -> int:
        return self.rule_set(rules, None).max_moves(size)

    def _replay(self, record: RecordInput, settings: ReplaySettings) -> Replay:
        if settings.get("handicap"):
            raise ValueError("Ninuki-Renju is played without handicap")
        if settings.get("dead") or settings.get("neutral"):
            raise ValueError("Ninuki-Renju has no dead stones or neutral points")
        v = ninuki.replay(record, self.rule_set(settings.get("rules"), settings.get("options")), settings.get("size"))
        board = v.board
        assert board is not None  # ninuki.replay keeps the board it played on
        moves = list(board.moves)
        rule_set, n = board.rules, board.size

        def walk() -> Iterator[Position]:
            b = ninuki.Board(rule_set)
            yield Position(0, {}, captures={"black": 0, "white": 0})
            for number, move in enumerate(moves, 1):
                colour = b.turn
                captured = b.push(move)
                yield Position(
                    number,
                    b.stones(),
                    move,
                    "pass" if move is None else move.name(),
                    colour,
                    tuple(captured),
                    b.captures,
                    changed=tuple(captured) + ((move,) if move else ()),
                )

        return Replay(
            self.name, n, v.legal, v.moves, v.error, v.outcome, v.reason, None, None, dict(v.captures), v, walk
        )

    def _engine_check(self, replay: Replay, claim: EngineClaimInput) -> ClaimCheck:
        if isinstance(claim, str) or (isinstance(claim, EngineClaim) and not isinstance(claim, ninuki.Claim)):
            raise TypeError(f"Ninuki-Renju checks a ResultClaim, a games.ninuki.Claim or (kind, winner): {claim!r}")
        return ninuki.check_claim(_engine_verdict(replay, ninuki.Verdict), claim)

    def write_sgf(self, replay: Replay, *, result: str | None = None) -> str:
        board = _engine_verdict(replay, ninuki.Verdict).board
        assert board is not None  # ninuki.replay keeps the board it played on
        if result is None:
            result = {"black": "B+", "white": "W+", "draw": "0"}.get(replay.outcome or "")
        return ninuki.write_sgf(board.moves, replay.size, result=result)

    def _sample(
        self, rng: random.Random, size: int | None, rules: str | None, komi: float | None, handicap: int
    ) -> str:
        from games.sample import ninuki_record

        if handicap:
            raise ValueError("Ninuki-Renju is played without handicap")
        return ninuki_record(rng, self.rule_set(rules, None, size))


# ---- the Go family -------------------------------------------------------------------


_NONZERO = re.compile(rb"[^\x00]")


def _changed(before: bytes, now: bytes) -> list[int]:
    """The indices where two boards of equal length differ (found in C: XOR, then a regex scan)."""
    n = len(now)
    diff = (int.from_bytes(before, "big") ^ int.from_bytes(now, "big")).to_bytes(n, "big")
    return [m.start() for m in _NONZERO.finditer(diff)]


class GoFamilyVariant(Variant):
    """Go, Keima-Go, 1000-Volt-Go: one engine class each (:mod:`games.go`)."""

    board_sizes = range(1, 26)
    win_methods = ("score", *EARLY_ENDINGS)

    def __init__(
        self,
        name: str,
        game_class: type[go.Game],
        rule_sets: tuple[str, ...],
        table: Callable[[int], tuple[int, float]] | None = None,
        *,
        handicap_policies: tuple[HandicapPolicy, ...],
        diagrams: Mapping[str, Diagram],
        end_diagram: EndDiagram | None = None,
        record_by_default: bool,
        egd_rated: bool = False,
    ):
        self.name = name
        #: The engine's game class (:class:`games.go.Game` or a subclass).
        self.game_class = game_class
        self.handicap_table = table
        self.rule_sets = rule_sets
        self.title = game_class.title
        self.default_size = game_class.default_size
        self.default_komi = game_class.default_komi
        self.handicap_policies = handicap_policies
        self.diagrams = MappingProxyType(dict(diagrams))
        self.end_diagram = end_diagram
        self.removes_dead_stones = game_class.removes_dead_stones
        self.dead_stones = game_class.dead_stones
        self.record_by_default = record_by_default
        self.egd_rated = egd_rated

    def max_moves(self, size: int | None = None, rules: str | None = None) -> int:
        return self.game_class.max_moves(size)

    def handicap_stones(self, handicap: int) -> int:
        return max(0, handicap) * self.game_class.stones_per_handicap

    def _replay(self, record: RecordInput, settings: ReplaySettings) -> Replay:
        rules = settings.get("rules")
        if rules is not None and rules not in self.rule_sets:
            raise ValueError(f"unknown rule set {rules!r} for {self.title}; choose from {', '.join(self.rule_sets)}")
        if settings.get("options"):
            raise ValueError(f"{self.title} has no rule options")
        if not isinstance(record, str | go.Record):
            raise TypeError(f"{self.title} replays a record in text notation or SGF (or a games.go.Record)")
        game_class = self.game_class
        size, komi, handicap = settings.get("size"), settings.get("komi"), settings.get("handicap")
        v = go.verdict.replay(
            game_class,
            record,
            size=size,
            komi=komi,
            handicap=handicap,
            rules=rules,
            dead=settings.get("dead"),
            neutral=settings.get("neutral"),
        )
        game = v.game
        n = game.size
        assert n is not None  # the family replays records on square boards
        played = [m.point for m in game.moves]
        graph = game.graph

        def point(p: int) -> Point:
            return Point(*graph.point(p))

        def walk() -> Iterator[Position]:
            # The stones are kept up to date point by point (a move changes a
            # few: the stone, captures, 1000-Volt-Go's slides), not read
            # from the whole board after every move.
            g = game_class(size=n, komi=game.komi, handicap=game.handicap, rules=game.rules)
            points = [point(q) for q in range(len(g.position.stones))]
            stones: dict[Point, Colour] = {}
            before = bytes(g.position.stones)
            yield Position(0, {})
            for number, p in enumerate(played, 1):
                move = g.play_point(p)
                now = bytes(g.position.stones)
                changed = _changed(before, now)
                for q in changed:
                    if now[q]:
                        stones[points[q]] = COLOURS[now[q] - 1]
                    else:
                        del stones[points[q]]
                before = now
                last = None if p is None else points[p]
                yield Position(
                    number,
                    dict(stones),
                    last,
                    "pass" if last is None else last.name(),
                    COLOURS[move.colour - 1],
                    tuple(points[q] for q in move.captured + move.lost),
                    changed=tuple(points[q] for q in changed),
                )

        outcome: OutcomeName | None = None
        reason = None
        if v.legal:
            outcome = "unfinished"
            if v.outcome is not None:
                outcome = v.outcome.ending
                reason = v.outcome.termination.value
        return Replay(
            self.name,
            n,
            v.legal,
            v.moves,
            v.error,
            outcome,
            reason,
            v.score,
            v.result if v.outcome is not None else None,
            None,
            v,
            walk,
        )

    def _engine_check(self, replay: Replay, claim: EngineClaimInput) -> ClaimCheck:
        if isinstance(claim, EngineClaim) and not isinstance(claim, go.Claim):
            raise TypeError(f"{self.title} checks a ResultClaim, a games.go.Claim, (kind, winner[, margin]) or 'B+3.5'")
        return go.verdict.check_claim(_engine_verdict(replay, go.Verdict), claim)

    def write_sgf(self, replay: Replay, *, result: str | None = None) -> str:
        """The SGF, with ``TB``/``TW`` of the dead stones the replay was counted with (if any)."""
        verdict = _engine_verdict(replay, go.Verdict)
        return go.write_sgf(verdict.game, result=result, marks=verdict.marks)

    def _sample(
        self, rng: random.Random, size: int | None, rules: str | None, komi: float | None, handicap: int
    ) -> str:
        from games.sample import go_family_record

        game = self.game_class(
            size=size or self.default_size, komi=self.default_komi if komi is None else komi, handicap=handicap
        )
        return go_family_record(rng, game)


# ---- Rund-Go -------------------------------------------------------------------------


class RundGoVariant(Variant):
    """Rund-Go: a circular board whose rules page was not available; results
    only until it is (``RULES.md``).  A board graph
    (:func:`games.go.graph.from_edges`) would let the Go engine replay it.
    Counted as Go, with Go's handicap (OpenGotha's rule) and the komi of
    the Hannover tournament."""

    name = "rundgo"
    title = "Rund-Go"
    validated = False
    board_sizes = range(1, 26)
    default_size = 19
    default_komi = 6.5
    win_methods = ("score", *EARLY_ENDINGS)
    handicap_policies = ("mcmahon", "rank-table", "none")


class OtherGame(Variant):
    """A game the registry does not name (a tournament's "other" kind): results
    only, on any board up to 25x25, with the komi the tournament sets, won
    in any way, even unless the tournament chooses a handicap policy."""

    name = "other"
    title = "other"
    validated = False
    board_sizes = range(1, 26)
    default_size = 19


#: A game the engines do not know: what :class:`Variant` says of any game (not in :data:`VARIANTS`).
OTHER: Variant = OtherGame()

#: The Go family's handicap policies: Go's own rule first, or a game's table.
_GO_POLICIES: tuple[HandicapPolicy, ...] = ("mcmahon", "rank-table", "none")
_TABLE_POLICIES: tuple[HandicapPolicy, ...] = ("rank-table", "mcmahon", "none")


#: Two walls on 5x5 and a white stone (B4) left inside Black's area at the end: dead in Go (marked so
#: after the passes), alive in 1000-Volt-Go (it had to be captured during play).
_WALL_AND_B4 = "C1 D1 C2 D2 C3 D3 C4 D4 C5 D5 pass B4 pass pass"


def _build() -> dict[str, Variant]:
    """Every game, in the order of the Hannover weekend (the order the site lists them in)."""
    return {
        # The rule sets are the engine's (Game.rule_names): Go counts by area ("chinese") or by
        # territory and prisoners ("japanese"), after removing the dead stones agreed on;
        # Keima-Go and 1000-Volt-Go by their Hannover rules, every stone on the board alive.
        "go": GoFamilyVariant(
            "go",
            go.Game,
            go.Game.rule_sets(),
            handicap_policies=_GO_POLICIES,
            diagrams={"capture": (9, "E5 D5 A1 E4 A3 F5 A5 E6")},
            end_diagram=(5, _WALL_AND_B4, "B4"),
            record_by_default=False,
            egd_rated=True,
        ),
        "ninuki": NinukiVariant(),
        "keima": GoFamilyVariant(
            "keima",
            keima.KeimaGame,
            keima.KeimaGame.rule_sets(),
            keima.handicap_for_rank_difference,
            handicap_policies=_TABLE_POLICIES,
            diagrams={"turn": (9, "E5 F7"), "first_stone_capture": (9, "B1 C3 A1 C2 A2")},
            end_diagram=(5, "C1 A2 D1 E3 C2 A3 D2 E4 C3 B5 D3 E5 C4 B2 D4 E2 C5 A4 D5 B4 pass pass", ""),
            record_by_default=True,
        ),
        "volt": GoFamilyVariant(
            "volt",
            volt.VoltGame,
            volt.VoltGame.rule_sets(),
            volt.handicap_for_rank_difference,
            handicap_policies=_TABLE_POLICIES,
            diagrams={"slide": (5, "B2 E4 B4")},
            end_diagram=(5, _WALL_AND_B4, ""),
            record_by_default=True,
        ),
        "rundgo": RundGoVariant(),
    }


#: name -> :class:`Variant`, read-only, in the order of the Hannover weekend.
VARIANTS: Mapping[str, Variant] = MappingProxyType(_build())


def variants() -> Mapping[str, Variant]:
    """Every game by name (``go``, ``ninuki``, ``keima``, ``volt``, ``rundgo``)."""
    return VARIANTS


def variant(kind: str) -> Variant:
    """The game called ``kind``; ``KeyError`` naming the known ones otherwise."""
    try:
        return VARIANTS[kind]
    except KeyError:
        raise KeyError(f"unknown game {kind!r}; known: {', '.join(sorted(VARIANTS))}") from None
