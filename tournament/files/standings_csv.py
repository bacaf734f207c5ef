"""The standings as CSV (one row per player, the rounds in crosstable form)."""

from __future__ import annotations

import csv
import io

from tournament.ranks import format_rank
from tournament.standings.model import Standings

#: What makes a spreadsheet program read a cell as a formula.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")


def safe_cell(text: str) -> str:
    """A cell of free text (a name, a club) that a spreadsheet shows as text: a leading ``=``, ``+``,
    ``-``, ``@``, tab or line break gets an apostrophe in front, as OWASP and the spreadsheet programs
    advise (``=HYPERLINK(...)`` is shown, not run); a line break inside becomes a space."""
    text = str(text)
    text = "'" + text if text.startswith(FORMULA_START) else text
    return text.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")  # one cell stays on one line


def standings_csv(standings: Standings) -> str:
    """One row per player; with rank categories two last columns, ``category`` (the player's letter, A the
    strongest: OpenGotha's CAT, not repeated among the criteria) and ``category_place`` (the place within
    it), so that the columns before them stay where they were. ``place`` is the page's: within the
    category when the categories are ranked apart. A frozen table (the prize-giving's) ends each row with
    ``frozen_at``, when the director froze it (ISO, with the tournament's offset)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    with_categories = bool(standings.categories)
    frozen = standings.frozen_at.isoformat() if standings.frozen_at else ""
    writer.writerow(
        ["place", "number", "surname", "given_name", "rank", "club", "country", "egd_pin"]
        + [c.header for c in standings.shown_columns()]
        + [f"R{n}" for n in standings.rounds]
        + (["category", "category_place"] if with_categories else [])
        + (["frozen_at"] if frozen else [])
    )
    for row in standings.rows:
        e = row.entrant
        try:
            rank = format_rank(e.rank)
        except ValueError:
            rank = str(e.rank)
        writer.writerow(
            [standings.place_text(row), row.number]
            + [safe_cell(x) for x in (e.surname, e.given_name, rank, e.club, e.country, e.egd_pin)]
            + list(standings.shown_values(row))
            + [c.code for c in row.cells]
            + ([standings.category_letter(row), standings.category_place_text(row)] if with_categories else [])
            + ([frozen] if frozen else [])
        )
    return out.getvalue()
