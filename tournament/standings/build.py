"""Standings tables: per discipline, and overall in the tournament's mode.

- ``total``: every round counts alike; the chosen criteria decide.
- ``place-points`` (the Mind Sports Olympiad's Pentamind idea): each
  discipline is ranked on its own; its winner gets ``place_points_max``
  points, its last player 0, the others linearly in between by place (tied
  players get the points of their shared place); a discipline not played
  gives 0.  The sum decides, then the chosen criteria over all rounds.
- ``best-of``: like ``place-points``, counting only the best ``k``
  disciplines of each player.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import cast

from tournament.pairing import categories
from tournament.result_codes import NO_OUTCOME, POINTS_X2, UNKNOWN, Outcome

from .criteria import format_scaled, get
from .model import (
    BEST_OF,
    PLACE_POINTS,
    TOTAL,
    Cell,
    Column,
    Entrant,
    PlayerId,
    Row,
    Standings,
    TournamentData,
)
from .ranking import Key, order
from .scores import ABSENT, BYE, PAIRED, Scores, compute_scores

#: A value as machines get it (the JSON API): whole numbers as int.
Number = int | float


def round_numbers(data: TournamentData, discipline: str | None = None, up_to: int | None = None) -> list[int]:
    return sorted(
        r.number
        for r in data.rounds
        if (discipline is None or r.discipline == discipline) and (up_to is None or r.number <= up_to)
    )


def discipline_standings(data: TournamentData, discipline: str, up_to: int | None = None) -> Standings:
    """The ranking of one discipline: its rounds only, its players only."""
    rounds = round_numbers(data, discipline, up_to)
    scores = compute_scores(data, rounds)
    taking_part = [s for s in scores.values() if s.took_part]
    return _table(data, discipline, rounds, taking_part, data.settings.criteria)


def rounds_standings(data: TournamentData, rounds: Sequence[int], title: str = "") -> Standings:
    """A ranking over any set of rounds (e.g. every Go round): players who took part."""
    rounds = sorted(rounds)
    scores = compute_scores(data, rounds)
    taking_part = [s for s in scores.values() if s.took_part]
    return _table(data, title, rounds, taking_part, data.settings.criteria)


def overall_standings(data: TournamentData, up_to: int | None = None) -> Standings:
    settings = data.settings
    rounds = round_numbers(data, None, up_to)
    scores = compute_scores(data, rounds)
    points = None
    if settings.overall != TOTAL and len(data.disciplines) > 0:
        if settings.overall not in (PLACE_POINTS, BEST_OF):
            raise ValueError(f"unknown overall ranking {settings.overall!r}")
        points = _place_points(data, scores, up_to)
    return _table(
        data,
        "",
        rounds,
        scores.values(),
        settings.criteria,
        points=points,
        not_playing=_not_playing(data, scores),
        shown=_shown(data, scores),
    )


@dataclass(frozen=True)
class _PlacePoints:
    """The overall points of the place-points modes, put before the criteria: each player's
    points per discipline (``per``), their sum over the disciplines that count (``totals``,
    ``counted``: the best ``k`` in ``best-of``)."""

    mode: str
    disciplines: tuple[str, ...]
    per: dict[str, dict[PlayerId, Fraction]]
    totals: dict[PlayerId, Fraction]
    counted: dict[PlayerId, set[str]]

    @property
    def columns(self) -> tuple[Column, ...]:
        return (Column("points", "Pts", "points"),) + tuple(Column(f"d:{d}", d[:8], d) for d in self.disciplines)

    def texts(self, pid: PlayerId) -> list[str]:
        values = [_fmt_fraction(self.totals[pid])]
        for d in self.disciplines:
            p = self.per[d].get(pid)
            text = "–" if p is None else _fmt_fraction(p)
            if p is not None and d not in self.counted[pid]:
                text = f"({text})"
            values.append(text)
        return values

    def numbers(self, pid: PlayerId) -> list[Number | None]:
        per = self.per
        return [_number(self.totals[pid])] + [
            None if per[d].get(pid) is None else _number(per[d][pid]) for d in self.disciplines
        ]


def _place_points(data: TournamentData, scores: dict[PlayerId, Scores], up_to: int | None) -> _PlacePoints:
    settings = data.settings
    disciplines = data.disciplines
    per: dict[str, dict[PlayerId, Fraction]] = {}
    for d in disciplines:
        table = discipline_standings(data, d, up_to)
        n = len(table.rows)
        per[d] = {row.entrant.id: place_points(row.place, n, settings.place_points_max) for row in table.rows}
    k = settings.best_of if settings.overall == BEST_OF else None
    totals: dict[PlayerId, Fraction] = {}
    counted: dict[PlayerId, set[str]] = {}
    for pid in scores:
        pts = sorted(((per[d].get(pid, Fraction(0)), d) for d in disciplines), key=lambda x: x[0], reverse=True)
        keep = pts if not k else pts[:k]
        totals[pid] = sum((p for p, _d in keep), Fraction(0))
        counted[pid] = {d for _p, d in keep}
    return _PlacePoints(settings.overall, disciplines, per, totals, counted)


def implied(data: TournamentData) -> set[PlayerId]:
    """OpenGotha's "implied" players: with a game or a bye in any round of the tournament
    (``data.taking_part`` where the data holds only some of its rounds), whatever the round the
    standings are taken after: a player absent in round 1 who plays in round 2 is listed after
    round 1 too, with the absence's values."""
    if data.taking_part is not None:
        return set(data.taking_part)
    return {p for g in data.games for p in (g.black, g.white)} | {b.player for b in data.byes}


def _shown(data: TournamentData, scores: Mapping[PlayerId, Scores]) -> set[PlayerId] | None:
    """The players OpenGotha lists: those implied (all with its display option); never the unlisted."""
    if data.settings.show_not_playing:
        return set(scores) - data.unlisted if data.unlisted else None
    return (implied(data) & set(scores)) - data.unlisted


def _not_playing(data: TournamentData, scores: Mapping[PlayerId, Scores]) -> tuple[Entrant, ...]:
    if data.settings.show_not_playing:
        return ()
    playing = implied(data) | data.unlisted
    return tuple(
        sorted(
            (s.entrant for s in scores.values() if s.id not in playing),
            key=lambda e: (e.surname, e.given_name, str(e.id)),
        )
    )


def place_points(place: int, n: int, top: int = 100) -> Fraction:
    if n <= 1:
        return Fraction(top)
    return Fraction(top * (n - place), n - 1)


def _number(value: Fraction) -> Number:
    """A whole number as int, anything else as float (3, 2.5, 66.67)."""
    return value.numerator if value.denominator == 1 else round(float(value), 4)


def _fmt_fraction(f: Fraction) -> str:
    if f.denominator == 1:
        return str(f.numerator)
    return f"{float(f):.1f}"


def _table(
    data: TournamentData,
    title: str,
    rounds: Sequence[int],
    scores: Iterable[Scores],
    criteria: Sequence[str],
    *,
    points: _PlacePoints | None = None,
    not_playing: Sequence[Entrant] = (),
    shown: set[PlayerId] | None = None,
) -> Standings:
    scores = list(scores)
    leading: dict[PlayerId, Key] | None = {pid: (t,) for pid, t in points.totals.items()} if points else None
    chosen = set(rounds)
    ranked = order(scores, criteria, [g for g in data.games if g.round in chosen], leading, shown)
    number = {s.id: i + 1 for i, (s, _k, _p, _t) in enumerate(ranked)}
    crits = [get(c) for c in criteria]
    general = data.settings.general
    limits = tuple(general.lower_category_limits) if general.number_of_categories > 1 else ()
    unpaired = _unpaired_cells(data, rounds)
    rows = []
    for i, (s, key, place, tied) in enumerate(ranked):
        values = points.texts(s.id) if points else []
        numbers = points.numbers(s.id) if points else []
        # the criteria's values (ints), after the leading points
        raw = cast(tuple[int, ...], key[len(key) - len(crits) :])
        values += [c.display(v) for c, v in zip(crits, raw)]
        numbers += [_scaled_number(v, c.scale) for c, v in zip(crits, raw)]
        rows.append(
            Row(
                place=place,
                tied=tied,
                number=i + 1,
                entrant=s.entrant,
                values=tuple(values),
                cells=_cells(s, rounds, number, unpaired),
                numbers=tuple(numbers),
                category=categories.number(s.entrant.rank, limits) if limits else None,
            )
        )
    if limits:
        rows = with_category_places(rows)
    columns = (points.columns if points else ()) + tuple(Column(c.code, c.header, c.label) for c in crits)
    played = tuple((r.number, r.discipline) for r in sorted(data.rounds, key=lambda r: r.number) if r.number in chosen)
    return Standings(
        title=title,
        columns=columns,
        rounds=tuple(rounds),
        rows=tuple(rows),
        disciplines=data.disciplines,
        mode=points.mode if points else TOTAL,
        not_playing=tuple(not_playing),
        round_disciplines=played,
        category_limits=limits,
    )


def with_category_places(rows: Sequence[Row]) -> list[Row]:
    """The rows (in the table's order) with their place among the players of their category: one more
    than the players of the category placed before them; shared where their place is shared within the
    category. The same whether the categories are ranked apart (CAT first) or together."""
    shared = Counter((r.category, r.place) for r in rows)
    before: Counter[int | None] = Counter()
    first_of: dict[tuple[int | None, int], int] = {}
    out = []
    for r in rows:
        key = (r.category, r.place)
        if key not in first_of:
            first_of[key] = before[r.category] + 1
        before[r.category] += 1
        out.append(replace(r, category_place=first_of[key], category_tied=shared[key] > 1))
    return out


def _outcome(points_x2: int) -> Outcome:
    return "+" if points_x2 >= 2 else "=" if points_x2 == 1 else "-"


def _scaled_number(value: int, scale: int) -> Number:
    """A criterion's value divided by its scale, as machines get it (:func:`_number` of the fraction)."""
    whole, rest = divmod(value, scale)
    return whole if rest == 0 else round(value / scale, 4)


def _unpaired_cells(data: TournamentData, rounds: Sequence[int]) -> dict[str, tuple[Cell, ...]]:
    """The cells of a round without a game, by the player's round (bye, absent, anything else: ``none``), one
    per round of ``rounds``: the same for every player, made once."""
    # OpenGotha writes the MMS value of a bye or an absence in a McMahon
    # tournament, the NBW value otherwise
    g = data.settings.general
    mcmahon = any(get(c).header in ("MMS", "STS") for c in data.settings.criteria)
    bye = _outcome(g.mms2_bye if mcmahon else g.nbw2_bye)
    absent = _outcome(g.mms2_absent if mcmahon else g.nbw2_absent)
    return {
        BYE: tuple(Cell(round=r, kind="bye", outcome=bye) for r in rounds),
        ABSENT: tuple(Cell(round=r, kind="absent", outcome=absent) for r in rounds),
        "none": tuple(Cell(round=r, kind="none", outcome="-") for r in rounds),
    }


def _cells(
    s: Scores, rounds: Sequence[int], number: dict[PlayerId, int], unpaired: dict[str, tuple[Cell, ...]]
) -> tuple[Cell, ...]:
    """The player's crosstable cells, a round of ``rounds`` each."""
    pid = s.id
    games = s.games
    none = unpaired["none"]
    cells = []
    for i, part in enumerate(s.participation):
        game = games[i]
        if part == PAIRED and game is not None:  # a player PAIRED in a round has its game there
            black = game.black == pid
            opp = game.white if black else game.black
            result = game.result
            outcome = NO_OUTCOME if result == UNKNOWN else _outcome(POINTS_X2[result][0 if black else 1])
            cells.append(
                Cell(
                    rounds[i],
                    "game",
                    opp,
                    number.get(opp),
                    outcome,
                    "b" if black else "w",
                    game.handicap,
                    game.by_default,
                )
            )
        else:
            cells.append(unpaired.get(part, none)[i])
    return tuple(cells)


__all__ = [
    "discipline_standings",
    "overall_standings",
    "rounds_standings",
    "place_points",
    "round_numbers",
    "format_scaled",
]
