"""A frozen table (the prize-giving's): the standings kept as plain JSON data, read back with today's names.

The director freezes the final table (``tournament.services.standings_freeze``): every table the site
shows of the tournament -- overall, each discipline's, the team table -- is kept as it was
(:func:`standings_plain`, :func:`team_plain`). Read back (:func:`standings_from`, :func:`team_from`) it
keeps its places, scores, criteria and crosstable cells, and :func:`renamed` / :func:`teams_renamed`
put in the names, clubs and countries as they are now: a name corrected after the freeze shows on the
prize list, a result changed after it moves nobody (:func:`place_changes` says whom it would move).
No Django here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, replace
from typing import Any

from .model import Cell, Column, Entrant, PlayerId, Row, Standings
from .team_table import TeamCell, TeamLine, TeamTable

#: The entrant's fields a correction after the freeze changes on the frozen table: how the player is
#: written, never what the places were computed from (rank, rating, McMahon correction stay as frozen).
NAME_FIELDS = ("surname", "given_name", "club", "country", "egd_pin", "surname_latin", "given_name_latin")


def _entrant_plain(e: Entrant) -> dict[str, Any]:
    out = asdict(e)
    out["absent_rounds"] = sorted(e.absent_rounds)
    return out


def _entrant(d: Mapping[str, Any]) -> Entrant:
    return Entrant(**{**d, "absent_rounds": frozenset(d.get("absent_rounds") or ())})


def standings_plain(s: Standings) -> dict[str, Any]:
    """A table as JSON data (lists, dicts, numbers, text)."""
    return {
        "title": s.title,
        "columns": [asdict(c) for c in s.columns],
        "rounds": list(s.rounds),
        "rows": [
            {
                "place": r.place,
                "tied": r.tied,
                "number": r.number,
                "entrant": _entrant_plain(r.entrant),
                "values": list(r.values),
                "cells": [c._asdict() for c in r.cells],
                "numbers": list(r.numbers),
                "category": r.category,
                "category_place": r.category_place,
                "category_tied": r.category_tied,
            }
            for r in s.rows
        ],
        "disciplines": list(s.disciplines),
        "mode": s.mode,
        "not_playing": [_entrant_plain(e) for e in s.not_playing],
        "round_disciplines": [list(x) for x in s.round_disciplines],
        "category_limits": list(s.category_limits),
    }


def standings_from(d: Mapping[str, Any]) -> Standings:
    """:func:`standings_plain` read back."""
    return Standings(
        title=d["title"],
        columns=tuple(Column(**c) for c in d["columns"]),
        rounds=tuple(d["rounds"]),
        rows=tuple(
            Row(
                place=r["place"],
                tied=r["tied"],
                number=r["number"],
                entrant=_entrant(r["entrant"]),
                values=tuple(r["values"]),
                cells=tuple(Cell(**c) for c in r["cells"]),
                numbers=tuple(r["numbers"]),
                category=r["category"],
                category_place=r["category_place"],
                category_tied=r["category_tied"],
            )
            for r in d["rows"]
        ),
        disciplines=tuple(d["disciplines"]),
        mode=d["mode"],
        not_playing=tuple(_entrant(e) for e in d["not_playing"]),
        round_disciplines=tuple((int(n), str(name)) for n, name in d["round_disciplines"]),
        category_limits=tuple(d["category_limits"]),
    )


def team_plain(t: TeamTable) -> dict[str, Any]:
    """A team table as JSON data."""
    out = asdict(t)
    out.pop("frozen_at", None)
    return out


def team_from(d: Mapping[str, Any]) -> TeamTable:
    """:func:`team_plain` read back."""
    rows = tuple(
        TeamLine(
            **{
                **line,
                "values": tuple(line["values"]),
                "raw": tuple(line["raw"]),
                "numbers": tuple(line["numbers"]),
                "cells": tuple(TeamCell(**c) for c in line["cells"]),
            }
        )
        for line in d["rows"]
    )
    return TeamTable(
        criteria=tuple(d["criteria"]),
        columns=tuple((str(a), str(b)) for a, b in d["columns"]),
        rounds=tuple(d["rounds"]),
        rows=rows,
        boards=d["boards"],
        side_size=d.get("side_size", 1),
    )


def renamed(s: Standings, names: Mapping[PlayerId, Mapping[str, str]]) -> Standings:
    """The table with each player written as ``names`` has them now (:data:`NAME_FIELDS`; a player not
    in ``names``, deleted since, as frozen); places, values and cells as they were."""

    def fresh(e: Entrant) -> Entrant:
        now = names.get(e.id)
        if now is None:
            return e
        return replace(
            e,
            surname=str(now.get("surname", e.surname)),
            given_name=str(now.get("given_name", e.given_name)),
            club=str(now.get("club", e.club)),
            country=str(now.get("country", e.country)),
            egd_pin=str(now.get("egd_pin", e.egd_pin)),
            surname_latin=str(now.get("surname_latin", e.surname_latin)),
            given_name_latin=str(now.get("given_name_latin", e.given_name_latin)),
        )

    return replace(
        s,
        rows=tuple(replace(r, entrant=fresh(r.entrant)) for r in s.rows),
        not_playing=tuple(fresh(e) for e in s.not_playing),
    )


def teams_renamed(t: TeamTable, names: Mapping[int, str]) -> TeamTable:
    """The team table with each team's name (by its number) as it is now, in the rows and the cells."""
    rows = tuple(
        replace(
            line,
            name=names.get(line.team_number, line.name),
            cells=tuple(
                replace(c, opponent_name=names.get(c.opponent_number, c.opponent_name)) if c.opponent_number else c
                for c in line.cells
            ),
        )
        for line in t.rows
    )
    return replace(t, rows=rows)


def mapped_ids(d: Mapping[str, Any], new_id: Callable[[Any], Any]) -> dict[str, Any]:
    """A plain table (:func:`standings_plain`) with every player id passed through ``new_id`` (a restored
    backup's new registration ids)."""

    def entrant(e: Mapping[str, Any]) -> dict[str, Any]:
        return {**e, "id": new_id(e["id"])}

    rows = [
        {
            **r,
            "entrant": entrant(r["entrant"]),
            "cells": [
                {**c, "opponent": None if c.get("opponent") is None else new_id(c["opponent"])} for c in r["cells"]
            ],
        }
        for r in d["rows"]
    ]
    return {**d, "rows": rows, "not_playing": [entrant(e) for e in d["not_playing"]]}


def place_changes(frozen: Standings, live: Standings) -> list[tuple[Entrant, str, str]]:
    """Whom the live table places elsewhere than the frozen one: (the player as the live table has them,
    the frozen place, the live place) as the tables write them ("3=", within the category when ranked
    apart; "" where a table does not list the player), in the live table's order."""
    was = {r.entrant.id: frozen.place_text(r) for r in frozen.rows}
    out = []
    seen = set()
    for r in live.rows:
        seen.add(r.entrant.id)
        now = live.place_text(r)
        if was.get(r.entrant.id, "") != now:
            out.append((r.entrant, was.get(r.entrant.id, ""), now))
    for r in frozen.rows:
        if r.entrant.id not in seen:
            out.append((r.entrant, was[r.entrant.id], ""))
    return out
