"""The standings as CSV (one row per player, the rounds in crosstable form)."""

from __future__ import annotations

import csv
import io

from tournament.ranks import format_rank
from tournament.standings.model import Standings


def standings_csv(standings: Standings) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["place", "number", "surname", "given_name", "rank", "club", "country", "egd_pin"]
        + [c.header for c in standings.columns]
        + [f"R{n}" for n in standings.rounds]
    )
    for row in standings.rows:
        e = row.entrant
        try:
            rank = format_rank(e.rank)
        except ValueError:
            rank = str(e.rank)
        writer.writerow(
            [row.place_display, row.number, e.surname, e.given_name, rank, e.club, e.country,
             e.egd_pin]
            + list(row.values)
            + [c.code for c in row.cells]
        )
    return out.getvalue()
