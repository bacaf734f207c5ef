"""Table numbers: the one place that says at which table each game of a round sits.

Plain data in and out (no Django). A round's games come best first (the pairing's
order: :func:`tournament.pairing.engine.number_tables`); :func:`number` gives each its
table by the tournament's (or the round's) :class:`TableRules`:

- excluded tables (a broken table, a pillar) are never given;
- reserved tables (the top boards kept for the broadcast) go to the best games first,
  or stay empty (``reserved_for_top`` False: only a hand puts a game there);
- a hand-set table (a director moved a wheelchair user's game to table 5) is held by
  the players of that game: the game they play gets it again when the round is
  renumbered or paired again, marked hand-set;
- ``taken`` tables (the games kept as they are) are left alone.

The others go from 1 upwards, skipping all of these.

A team round's matches are numbered by the same rules (:func:`number_matches`), each match's boards
kept together: best match first, each match takes the lowest run of consecutive tables that holds
all its boards (board 1 at the run's first table), passing over a lone table between excluded ones
rather than splitting the match around an excluded table. With reserved tables for the top, the best
matches take them first: the match takes the lowest run that starts at a reserved table not yet
given (it may go on past the reserved tables, as the top match of 4 boards with tables 1-2 reserved
plays at 1-4); a reserved table where no run of the match's boards starts stays empty. No run left up
to :data:`~tournament.limits.MAX_TABLE`: :class:`TablesFull`. Without a plan the matches sit as
OpenGotha seats them: match ``n`` of ``b`` boards at tables ``(n - 1) x b + 1`` to ``n x b``.

The table plan in words
(``"1-4, 17"``) is read by :func:`parse_tables`, the hall plan (which room and row a
table is in) by :func:`parse_halls`; both refuse what they cannot read with a
:class:`TableSpecError` naming the line, the words are the caller's.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from tournament.limits import MAX_TABLE

from .model import Game

#: A table list or hall plan has at most this many ranges (lines): more than any hall needs.
MAX_RANGES = 200
#: A room's name has at most this many characters.
MAX_ROOM = 60
#: A row has at most this many tables.
MAX_ROW = 1000


class TableSpecError(ValueError):
    """What a table list or hall plan cannot be: ``code`` (``syntax``, ``range``, ``order``, ``overlap``,
    ``room``, ``row``, ``too-many``), the ``line`` (from 1) and the ``text`` it is about."""

    def __init__(self, code: str, line: int = 0, text: str = ""):
        super().__init__(f"{code} at line {line}: {text!r}")
        self.code = code
        self.line = line
        self.text = text


class TablesFull(ValueError):
    """More games than usable tables up to :data:`MAX_TABLE`."""


@dataclass(frozen=True)
class TableRules:
    excluded: frozenset[int] = frozenset()
    reserved: frozenset[int] = frozenset()
    #: True: the reserved tables go to the best games; False: they stay empty.
    reserved_for_top: bool = True

    def open_to_hand(self, table: int) -> bool:
        """Whether a director may put a game at ``table`` by hand (any table but an excluded one)."""
        return 1 <= table <= MAX_TABLE and table not in self.excluded


NO_RULES = TableRules()


def _ascending(skip: Collection[int]) -> Iterator[int]:
    table = 0
    while True:
        table += 1
        if table > MAX_TABLE:
            raise TablesFull(f"no table left up to {MAX_TABLE}")
        if table not in skip:
            yield table


def number(
    games: Sequence[Collection[str]],
    rules: TableRules = NO_RULES,
    *,
    held: Mapping[str, int] | None = None,
    taken: Collection[int] = (),
) -> list[tuple[int, bool]]:
    """The table of each of ``games`` (each the keys of its players, best game first) and whether it is
    hand-set: held by one of its players (``held``: key -> table; the first game to ask gets it)."""
    held = held or {}
    used = set(taken)
    out: list[tuple[int, bool] | None] = [None] * len(games)
    for i, players in enumerate(games):
        for key in sorted(players, key=lambda k: (held.get(k, MAX_TABLE + 1), k)):
            table = held.get(key)
            if table is not None and table not in used and rules.open_to_hand(table):
                out[i] = (table, True)
                used.add(table)
                break
    rest = [i for i, t in enumerate(out) if t is None]
    reserved = sorted(rules.reserved - used - rules.excluded) if rules.reserved_for_top else []
    top = iter(reserved)
    others = _ascending(used | rules.excluded | rules.reserved)
    for i in rest:
        table = next(top, None)
        out[i] = (table if table is not None else next(others), False)
    return [t for t in out if t is not None]


def _run_at(first: int, size: int, closed: Collection[int]) -> list[int] | None:
    """Tables ``first`` to ``first + size - 1`` when none of them is ``closed`` and all are within
    :data:`MAX_TABLE`, else None."""
    run = list(range(first, first + size))
    if run[-1] > MAX_TABLE or any(t in closed for t in run):
        return None
    return run


def _lowest_run(size: int, closed: Collection[int]) -> list[int]:
    """The lowest ``size`` consecutive tables none of which is ``closed``."""
    start, table = 1, 1
    while table <= MAX_TABLE:
        if table in closed:
            start = table + 1
        elif table - start + 1 == size:
            return list(range(start, table + 1))
        table += 1
    raise TablesFull(f"no {size} tables in a row left up to {MAX_TABLE}")


def number_matches(
    boards: Sequence[int], rules: TableRules = NO_RULES, *, taken: Collection[int] = ()
) -> list[list[int]]:
    """The tables of a team round's matches (each given by its number of boards, best match first): each
    match's tables, board 1 first (see the module); ``taken`` tables (games kept where they are) are left
    alone."""
    used = set(taken) | rules.excluded
    reserved = sorted(rules.reserved - used) if rules.reserved_for_top else []
    out: list[list[int]] = []
    for size in boards:
        if size < 1:
            raise ValueError("a match has at least one board")
        run = next((r for r in (_run_at(t, size, used) for t in reserved if t not in used) if r), None)
        if run is None:
            run = _lowest_run(size, used | rules.reserved)
        used.update(run)
        out.append(run)
    return out


def in_order(games: Sequence[Game], rules: TableRules = NO_RULES) -> list[Game]:
    """``games`` numbered in the order given (a round robin's board order) by the rules."""
    numbers = number([(g.white, g.black) for g in games], rules)
    return [replace(g, table=table) for g, (table, _by_hand) in zip(games, numbers, strict=True)]


def lowest_free(used: Collection[int], rules: TableRules = NO_RULES) -> int:
    """The lowest table a game paired by hand goes to: not used, excluded or reserved."""
    return next(_ascending(set(used) | rules.excluded | rules.reserved))


# --- the table plan in words ------------------------------------------------------------------------

_RANGE = re.compile(r"^\s*(\d{1,5})\s*(?:[-–]\s*(\d{1,5}))?\s*$")


def _range(text: str, line: int) -> range:
    m = _RANGE.match(text)
    if not m:
        raise TableSpecError("syntax", line, text.strip())
    first, last = int(m.group(1)), int(m.group(2) or m.group(1))
    if not 1 <= first <= MAX_TABLE or not 1 <= last <= MAX_TABLE:
        raise TableSpecError("range", line, text.strip())
    if last < first:
        raise TableSpecError("order", line, text.strip())
    return range(first, last + 1)


def parse_tables(text: str) -> frozenset[int]:
    """``"1-4, 17"`` (commas, semicolons or spaces between): the tables it names; empty text, none."""
    parts = [p for p in re.split(r"[,;\s]+", re.sub(r"\s*[-–]\s*", "-", text)) if p]
    if len(parts) > MAX_RANGES:
        raise TableSpecError("too-many", 0, "")
    out: set[int] = set()
    for part in parts:
        out.update(_range(part, 1))
    return frozenset(out)


def tables_text(tables: Collection[int]) -> str:
    """The tables as the shortest list of ranges: ``{1, 2, 3, 17}`` is ``"1-3, 17"``."""
    out: list[str] = []
    run: list[int] = []
    for t in sorted(tables):
        if run and t == run[-1] + 1:
            run.append(t)
            continue
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [t]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(out)


@dataclass(frozen=True)
class Hall:
    """Tables ``first`` to ``last`` are in ``room``; ``per_row`` (0: no rows) tables a row, from ``first``."""

    first: int
    last: int
    room: str
    per_row: int = 0

    def row(self, table: int) -> int | None:
        return (table - self.first) // self.per_row + 1 if self.per_row else None


@dataclass(frozen=True)
class Place:
    room: str
    row: int | None


@dataclass(frozen=True)
class HallPlan:
    halls: tuple[Hall, ...] = field(default_factory=tuple)

    def place(self, table: int | None) -> Place | None:
        """Where ``table`` is, or None when the plan does not say."""
        if table is None:
            return None
        for h in self.halls:
            if h.first <= table <= h.last:
                return Place(h.room, h.row(table))
        return None

    def __bool__(self) -> bool:
        return bool(self.halls)


# "row by 10", "rows of 10", "10 per row", German "Reihen zu 10", "Reihe je 10", "10 pro Reihe"
_ROWS = re.compile(
    r",\s*(?:(?:rows?\s+(?:of|by)|reihen?\s+(?:zu|je|mit|à))\s+(\d{1,5})|(\d{1,5})\s+(?:per\s+row|pro\s+reihe|je\s+reihe))"
    r"\s*$",
    re.IGNORECASE,
)


def parse_halls(text: str) -> HallPlan:
    """One line a range: ``1-40: Hall A, row by 10`` (or ``rows of 10``, ``10 per row``, German ``Saal A,
    Reihen zu 10``, ``10 pro Reihe``); ``41-80: Hall B`` (no rows). Blank lines and lines starting with
    ``#`` are left out; ranges may not overlap."""
    halls: list[tuple[Hall, int, str]] = []
    lines = text.splitlines()
    if len([x for x in lines if x.strip()]) > MAX_RANGES:
        raise TableSpecError("too-many", 0, "")
    for n, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        tables, sep, rest = line.partition(":")
        if not sep:
            raise TableSpecError("syntax", n, line)
        span = _range(tables, n)
        per_row = 0
        m = _ROWS.search(rest)
        if m:
            per_row = int(m.group(1) or m.group(2))
            rest = rest[: m.start()]
            if not 1 <= per_row <= MAX_ROW:
                raise TableSpecError("row", n, line)
        room = " ".join(rest.split())
        if not room or len(room) > MAX_ROOM:
            raise TableSpecError("room", n, line)
        halls.append((Hall(span.start, span.stop - 1, room, per_row), n, line))
    by_first = sorted(halls, key=lambda h: h[0].first)
    for (before, n1, line1), (after, n2, line2) in zip(by_first, by_first[1:]):
        if after.first <= before.last:  # the later line of the two is the one said
            raise TableSpecError("overlap", *((n2, line2) if n2 > n1 else (n1, line1)))
    return HallPlan(tuple(h for h, _n, _line in halls))
