"""A team tournament's team standings as CSV (one row a team, beside the players' ``standings.csv``).

Columns: ``place`` (shared places repeated), ``number`` (OpenGotha's team number), ``name``, the team
criteria by OpenGotha's names (board wins in halves: ``2.5``), then ``R1``, ``R2``... as the team
crosstable writes each round but naming the opponent by its team number, as the ``number`` column and the
API's ``/team-standings/`` do (``3+ 2½:½``: team 3 met, won, the board points; ``0+ 3:0`` a bye); a frozen
table ends each row with ``frozen_at``, as ``standings.csv`` does."""

from __future__ import annotations

import csv
import io

from tournament.standings.team_table import TeamTable

from .standings_csv import safe_cell


def team_standings_csv(table: TeamTable) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    frozen = [table.frozen_at.isoformat()] if table.frozen_at else []
    header = ["place", "number", "name", *table.criteria, *[f"R{n}" for n in table.rounds]]
    writer.writerow(header + (["frozen_at"] if frozen else []))
    for row in table.rows:
        writer.writerow(
            [row.shared_place, row.team_number, safe_cell(row.name), *row.values, *[c.team_code for c in row.cells]]
            + frozen
        )
    return out.getvalue()
