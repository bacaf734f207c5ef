"""Manual edits of a round's pairing, and what the rules say about them.

The one implementation of the organizer's hand edits; the site's services
(:mod:`tournament.services.round_edits`) call it with the round's games as
plain data and write back what it returns.

- :func:`swap_players` -- two players exchange their places. Between two
  games, both new pairs get colours, handicap and komi by the round's rules
  (:func:`~.engine.make_game`, OpenGotha's ``gameBetween``); within one game
  the two players exchange colours and the game keeps its handicap and komi
  (the organizer chose the colours, the warnings say where the rules differ).
- :func:`pair_by_hand` -- two players without a game meet; colours,
  handicap and komi by the rules, at the lowest free table.
- :func:`unpair_game` -- one game is taken out; its players are unpaired.
- :func:`move_game` -- a game goes to another table (the game there, if
  any, takes the freed table).
- :func:`check_games` -- warnings for any games of a round: rematches,
  colour imbalances, handicaps and colours that differ from the rules.

A game that has a result is never changed: an edit that would move a
result to another pair (or take it away) is refused with
:class:`EditRefused`. Every function returns an :class:`Edit` (the round's
games after the edit, warnings about the changed tables) and changes nothing
in place. Warnings are :class:`EditWarning` values that the site puts into
words in the reader's language; ``str()`` gives English.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace

from tournament.limits import MAX_TABLE

from . import tables
from .context import RoundContext
from .engine import build_context, make_game
from .model import Game, Result, Tournament


class EditRefused(ValueError):
    """An edit that may not be made. ``code`` says why (for the site's words):

    ``same-player``, ``unknown`` (not a player of the tournament), ``no-game``
    (has no game in the round), ``busy`` (has a game already), ``has-result``,
    ``no-table`` (no game at that table), ``bad-table``, ``excluded-table``, ``no-free-table`` (every table
    up to the last is used, excluded or reserved).
    """

    def __init__(self, code: str, message: str, *, players: tuple[str, ...] = (), table: int | None = None):
        super().__init__(message)
        self.code = code
        self.players = players
        self.table = table


@dataclass(frozen=True)
class EditWarning:
    """What the rules object to at one table.

    ``code``: ``rematch`` (``players`` have met before), ``colour``
    (``players[0]`` gets ``colour`` once more than the other colour:
    ``balance`` after the game), ``handicap`` (the game has ``actual``
    stones with ``players[0]`` White, the rules give ``advised`` with
    ``advised_white`` White), ``absent`` (``players[0]`` is marked absent in
    the round), ``withdrawn`` (``players[0]`` has left the tournament).
    """

    code: str
    table: int
    players: tuple[str, ...]
    colour: str = ""
    balance: int = 0
    advised: int = 0
    actual: int = 0
    advised_white: str = ""

    def __str__(self) -> str:
        if self.code == "rematch":
            return f"table {self.table}: rematch {self.players[0]} - {self.players[1]}"
        if self.code == "colour":
            return (
                f"table {self.table}: colour imbalance, {self.players[0]} would have {self.colour} "
                f"once more (balance {self.balance:+d})"
            )
        if self.code == "handicap":
            return (
                f"table {self.table}: handicap {self.actual} with {self.players[0]} White differs from the "
                f"rules' {self.advised} with {self.advised_white} White"
            )
        if self.code == "withdrawn":
            return f"table {self.table}: {self.players[0]} has withdrawn from the tournament"
        return f"table {self.table}: {self.players[0]} is marked absent in this round"


@dataclass(frozen=True)
class Edit:
    games: list[Game]
    warnings: list[EditWarning]
    changed: tuple[int, ...] = ()  # tables of the games made or changed


def has_result(game: Game) -> bool:
    return Result(game.result) is not Result.UNKNOWN


def _context(t: Tournament, round_number: int, keys: Iterable[str]) -> RoundContext:
    """What an edit and its checks read: colours, handicaps, rematches (not the places the costs need)."""
    return build_context(t, round_number, sorted(set(keys)), ranked=False)


def _known(t: Tournament, *keys: str) -> None:
    players = {p.key for p in t.players}
    for k in keys:
        if k not in players:
            raise EditRefused("unknown", f"{k} is not a player of the tournament", players=(k,))


def check_games(
    t: Tournament,
    round_number: int,
    games: list[Game],
    *,
    tables: Collection[int] | None = None,
    rc: RoundContext | None = None,
) -> list[EditWarning]:
    """Warnings about games of ``round_number`` (earlier rounds come from ``t``); only ``tables`` if given."""
    chosen = [g for g in games if tables is None or g.table in tables]
    if not chosen:
        return []
    rc = rc or _context(t, round_number, [k for g in chosen for k in (g.white, g.black)])
    present = {p.key for p in t.players if p.present(round_number)}
    withdrawn = {p.key for p in t.players if p.withdrawn}
    out: list[EditWarning] = []
    for g in sorted(chosen, key=lambda g: g.table):
        if g.white not in rc.seats or g.black not in rc.seats:
            continue
        w, b = rc.seats[g.white], rc.seats[g.black]
        if g.black in w.played:
            out.append(EditWarning("rematch", g.table, (g.black, g.white)))
        ruled = make_game(rc, g.white, g.black, g.table)
        if g.handicap == 0 and ruled.handicap == 0:
            for seat, delta, colour in ((w, +1, "white"), (b, -1, "black")):
                after = seat.wb + delta
                if abs(after) >= 2 and abs(after) > abs(seat.wb):
                    out.append(EditWarning("colour", g.table, (seat.key,), colour=colour, balance=after))
        if (ruled.white, ruled.black, ruled.handicap) != (g.white, g.black, g.handicap) and (
            ruled.handicap or g.handicap
        ):
            out.append(
                EditWarning(
                    "handicap",
                    g.table,
                    (g.white, g.black),
                    advised=ruled.handicap,
                    actual=g.handicap,
                    advised_white=ruled.white,
                )
            )
        for k in (g.black, g.white):
            if k not in present:
                out.append(EditWarning("withdrawn" if k in withdrawn else "absent", g.table, (k,)))
    return out


def _game_of(games: list[Game], key: str) -> Game | None:
    return next((g for g in games if key in (g.white, g.black)), None)


def _refuse_result(g: Game) -> None:
    if has_result(g):
        raise EditRefused(
            "has-result", f"table {g.table} has a result already", table=g.table, players=(g.black, g.white)
        )


def swap_players(t: Tournament, round_number: int, games: list[Game], a: str, b: str) -> Edit:
    """``a`` and ``b`` exchange places (in one game: colours); see the module's rules."""
    if a == b:
        raise EditRefused("same-player", f"{a} cannot be swapped with themselves", players=(a,))
    ga, gb = _open_game(games, a, round_number), _open_game(games, b, round_number)
    rc = None
    changed: tuple[int, ...]
    if ga is gb:
        swapped = replace(ga, white=ga.black, black=ga.white)
        new_games = [swapped if g is ga else g for g in games]
        changed = (ga.table,)
    else:
        rc = _context(t, round_number, [k for g in (ga, gb) for k in (g.white, g.black)])
        other_a = ga.black if ga.white == a else ga.white
        other_b = gb.black if gb.white == b else gb.white
        new_a = make_game(rc, b, other_a, ga.table)  # b takes a's place
        new_b = make_game(rc, a, other_b, gb.table)
        new_games = [new_a if g is ga else new_b if g is gb else g for g in games]
        changed = (ga.table, gb.table)
    return Edit(new_games, check_games(t, round_number, new_games, tables=set(changed), rc=rc), changed)


def _open_game(games: list[Game], key: str, round_number: int) -> Game:
    """``key``'s game in the round, refused when there is none or it has a result."""
    g = _game_of(games, key)
    if g is None:
        raise EditRefused("no-game", f"{key} has no game in round {round_number}", players=(key,))
    _refuse_result(g)
    return g


def free_table(games: list[Game], rules: tables.TableRules = tables.NO_RULES) -> int:
    """The lowest table number no game uses (nor the rules exclude or reserve)."""
    return tables.lowest_free({g.table for g in games}, rules)


def pair_by_hand(
    t: Tournament,
    round_number: int,
    games: list[Game],
    a: str,
    b: str,
    table: int | None = None,
    rules: tables.TableRules = tables.NO_RULES,
) -> Edit:
    """``a`` and ``b``, both without a game in the round, play each other (at ``table`` or the lowest free one)."""
    if a == b:
        raise EditRefused("same-player", f"{a} cannot play against themselves", players=(a,))
    _known(t, a, b)
    for key in (a, b):
        if _game_of(games, key) is not None:
            raise EditRefused("busy", f"{key} has a game in round {round_number} already", players=(key,))
    if table is None:
        try:
            table = free_table(games, rules)
        except tables.TablesFull as exc:
            raise EditRefused("no-free-table", str(exc), table=MAX_TABLE) from exc
    elif table < 1:
        raise EditRefused("bad-table", "tables are numbered from 1", table=table)
    elif table in rules.excluded:
        raise EditRefused("excluded-table", f"table {table} is excluded", table=table)
    elif any(g.table == table for g in games):
        raise EditRefused("busy", f"table {table} is taken", table=table)
    rc = _context(t, round_number, [a, b])
    new = make_game(rc, a, b, table)
    new_games = sorted([*games, new], key=lambda g: g.table)
    return Edit(new_games, check_games(t, round_number, new_games, tables={table}, rc=rc), (table,))


def unpair_game(games: list[Game], table: int) -> Edit:
    """Take the game at ``table`` out of the round (refused when it has a result)."""
    game = next((g for g in games if g.table == table), None)
    if game is None:
        raise EditRefused("no-table", f"no game at table {table}", table=table)
    _refuse_result(game)
    return Edit([g for g in games if g is not game], [], (table,))


def move_game(games: list[Game], table_from: int, table_to: int, rules: tables.TableRules = tables.NO_RULES) -> Edit:
    """Move the game at ``table_from`` to ``table_to`` (swapping with the game there); never to an
    excluded table."""
    if table_to < 1:
        raise EditRefused("bad-table", "tables are numbered from 1", table=table_to)
    if table_to in rules.excluded:
        raise EditRefused("excluded-table", f"table {table_to} is excluded", table=table_to)
    src = next((g for g in games if g.table == table_from), None)
    if src is None:
        raise EditRefused("no-table", f"no game at table {table_from}", table=table_from)
    out = []
    for g in games:
        if g is src:
            out.append(replace(g, table=table_to))
        elif g.table == table_to:
            out.append(replace(g, table=table_from))
        else:
            out.append(g)
    return Edit(sorted(out, key=lambda g: g.table), [], (table_from, table_to))
