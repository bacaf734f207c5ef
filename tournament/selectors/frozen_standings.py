"""The frozen final table as every consumer reads it: the tables kept at the freeze, with today's names.

:mod:`tournament.selectors.standings` (the players' tables) and :mod:`.team_standings` (the team table)
ask here first: while the director has frozen the standings (``FrozenStandings``), the pages, the PDFs,
the CSV, the API and the projector all show the frozen tables (:mod:`tournament.standings.frozen`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

from tournament.local_time import local_time
from tournament.models import FrozenStandings, Registration, Team, Tournament
from tournament.standings import frozen as fz
from tournament.standings.model import Standings
from tournament.standings.team_table import TeamTable


@dataclass(frozen=True)
class Freeze:
    """Who froze the tables and when (at the tournament's place), and the results then."""

    at: dt.datetime
    by: str
    results: tuple[tuple, ...]


def freeze_of(tournament: Tournament) -> Freeze | None:
    """The freeze (without its tables), or None while the standings are not frozen."""
    row = (
        FrozenStandings.objects.filter(tournament=tournament)
        .values_list("frozen_at", "frozen_by__username", "results")
        .first()
    )
    if row is None:
        return None
    at, by, results = row
    moment = local_time(at, tournament)
    assert moment is not None
    return Freeze(at=moment, by=by or "", results=tuple(tuple(r) for r in results or ()))


def _tables(tournament: Tournament, *keys: str) -> tuple[dt.datetime, dict] | None:
    found = (
        FrozenStandings.objects.filter(tournament=tournament)
        .values_list("frozen_at", *(f"tables__{k}" for k in keys))
        .first()
    )
    if found is None:
        return None
    moment = local_time(found[0], tournament)
    assert moment is not None
    return moment, dict(zip(keys, found[1:]))


def names_now(tournament: Tournament) -> dict[int, dict[str, str]]:
    """Each registration's name, club and country as they are now (:data:`~tournament.standings.frozen.NAME_FIELDS`)."""
    rows = Registration.objects.filter(tournament=tournament).values_list("pk", *fz.NAME_FIELDS)
    return {pk: dict(zip(fz.NAME_FIELDS, values)) for pk, *values in rows}


def frozen_standings(tournament: Tournament, discipline: str | None = None) -> Standings | None:
    """The frozen table (overall, or of the discipline named) with today's names; None while nothing is
    frozen (or the discipline had no table then)."""
    found = _tables(tournament, "disciplines" if discipline else "overall")
    if found is None:
        return None
    at, tables = found
    plain = (tables.get("disciplines") or {}).get(discipline) if discipline else tables.get("overall")
    if not isinstance(plain, dict):
        return None
    return replace(fz.renamed(fz.standings_from(plain), names_now(tournament)), frozen_at=at)


def frozen_team_table(tournament: Tournament) -> tuple[bool, TeamTable | None]:
    """(frozen, the frozen team table with today's team names): (False, None) while nothing is frozen;
    (True, None) when frozen before a round counted."""
    found = _tables(tournament, "teams")
    if found is None:
        return False, None
    at, tables = found
    plain = tables.get("teams")
    if not isinstance(plain, dict):
        return True, None
    names = dict(Team.objects.filter(tournament=tournament).values_list("number", "name"))
    return True, replace(fz.teams_renamed(fz.team_from(plain), names), frozen_at=at)
