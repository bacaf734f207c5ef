"""Manual edits of a round's pairing, with warnings.

- :func:`swap_players` -- two players exchange their places (opponent and
  colour); the colours and handicap of the changed games are worked out
  again by the round's rules.
- :func:`move_game` -- a game goes to another table (the game there, if
  any, takes the freed table).
- :func:`check_games` -- warnings for any list of games of a round:
  rematches, colour imbalances, handicaps that differ from the rules.

Every function returns an :class:`Edit` (new games, warnings) and changes
nothing in place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .engine import build_context, make_game
from .model import Game, Tournament


@dataclass(frozen=True)
class Edit:
    games: list[Game]
    warnings: list[str]


def _context(t: Tournament, round_number: int, games: list[Game]):
    keys = sorted({k for g in games for k in (g.white, g.black)})
    return build_context(t, round_number, keys)


def check_games(t: Tournament, round_number: int, games: list[Game]) -> list[str]:
    """Warnings about games of ``round_number`` (earlier rounds come from ``t``)."""
    rc = _context(t, round_number, games)
    out = []
    for g in sorted(games, key=lambda g: g.table):
        w, b = rc.seats[g.white], rc.seats[g.black]
        if g.black in w.played:
            out.append(f"table {g.table}: rematch {g.white} - {g.black}")
        ruled = make_game(rc, g.white, g.black, g.table)
        if g.handicap == 0 and ruled.handicap == 0:
            for s, delta in ((w, +1), (b, -1)):
                after = s.wb + delta
                if abs(after) >= 2 and abs(after) > abs(s.wb):
                    colour = "White" if delta > 0 else "Black"
                    out.append(f"table {g.table}: colour imbalance, {s.key} would have {colour} "
                               f"once more (balance {after:+d})")
        if (ruled.white, ruled.black, ruled.handicap) != (g.white, g.black, g.handicap):
            if ruled.handicap or g.handicap:
                out.append(f"table {g.table}: handicap {g.handicap} with {g.white} White differs from the "
                           f"rules' {ruled.handicap} with {ruled.white} White")
    return out


def swap_players(t: Tournament, round_number: int, games: list[Game], a: str, b: str) -> Edit:
    """``a`` and ``b`` exchange places; the two changed games follow the rules again."""
    if a == b:
        return Edit(list(games), [])
    ga = next((g for g in games if a in (g.white, g.black)), None)
    gb = next((g for g in games if b in (g.white, g.black)), None)
    if ga is None or gb is None:
        missing = a if ga is None else b
        raise ValueError(f"{missing} has no game in round {round_number}")

    def sub(g: Game) -> Game:
        m = {a: b, b: a}
        return replace(g, white=m.get(g.white, g.white), black=m.get(g.black, g.black))

    changed = [ga] if ga is gb else [ga, gb]
    rc = _context(t, round_number, games)
    new_games, warnings = [], []
    for g in games:
        if g in changed:
            h = sub(g)
            ruled = make_game(rc, h.white, h.black, g.table)
            ruled = replace(ruled, result=g.result, by_default=g.by_default)
            if ruled.handicap != g.handicap:
                warnings.append(f"table {g.table}: handicap changes from {g.handicap} to {ruled.handicap}")
            new_games.append(ruled)
        else:
            new_games.append(g)
    touched = {x.table for x in changed}
    warnings += [w for w in check_games(t, round_number, new_games)
                 if any(w.startswith(f"table {tb}:") for tb in touched)]
    return Edit(new_games, warnings)


def move_game(t: Tournament, round_number: int, games: list[Game], table_from: int, table_to: int) -> Edit:
    """Move the game at ``table_from`` to ``table_to`` (swapping with the game there)."""
    if table_to < 1:
        raise ValueError("tables are numbered from 1")
    src = next((g for g in games if g.table == table_from), None)
    if src is None:
        raise ValueError(f"no game at table {table_from}")
    out = []
    for g in games:
        if g is src:
            out.append(replace(g, table=table_to))
        elif g.table == table_to:
            out.append(replace(g, table=table_from))
        else:
            out.append(g)
    return Edit(sorted(out, key=lambda g: g.table), [])
