"""The team standings and the team crosstable as the pages, the PDFs, the CSV and the API show them.

One reading of a team tournament (:func:`team_table`): the rounds that count are those the individual
standings count (:func:`~.standings.states_counted`: the published and finished rounds for everybody,
every paired round too for the organizer), up to the last of them; a round in between that does not
count gives no match (its games and team byes are left out). The teams are ranked by the tournament's
team criteria (:func:`team_criteria_of`) by :func:`tournament.standings.teams.team_standings`; each
team's row holds its values as the standings write them and, a round each, its match: the opponent
team's row number, the board points of either side and the team points (a team bye: no opponent).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from django.utils.translation import gettext as _

from tournament.models import Tournament
from tournament.pairing.criteria import TEAM_BY_NAME, TEAM_DEFAULT
from tournament.pairing.team_model import TeamTournament, matches
from tournament.standings.team_table import TeamCell, TeamLine, TeamTable
from tournament.standings.teams import criteria_of, team_standings

from .standings import states_counted
from .team_pairing_data import team_tournament_after


def team_criteria_of(tournament: Tournament) -> tuple[str, ...]:
    """The tournament's team criteria (OpenGotha's names, NULL left out), TEAM_DEFAULT when unset or unusable."""
    chosen = tuple(c for c in (getattr(tournament, "team_criteria", None) or ()) if c != "NULL")
    try:
        criteria_of(chosen)
    except (ValueError, TypeError):
        return TEAM_DEFAULT
    return chosen or TEAM_DEFAULT


def counted_team_tournament(
    tournament: Tournament, *, public: bool = True
) -> tuple[TeamTournament, int, tuple[int, ...]]:
    """The team tournament of the rounds that count (see the module), the last of them and their numbers."""
    counted = tuple(
        sorted(tournament.rounds.filter(status__in=states_counted(public=public)).values_list("number", flat=True))
    )
    after = max(counted, default=0)
    tt = team_tournament_after(tournament, after)
    keep = set(counted)
    individual = replace(tt.individual, games=tuple(g for g in tt.individual.games if g.round in keep))
    return replace(tt, individual=individual, byes=tuple(b for b in tt.byes if b.round in keep)), after, counted


def team_table(tournament: Tournament, *, public: bool = True) -> TeamTable | None:
    """The team standings and crosstable (see the module); None for an individual tournament, one without
    teams or before any round counts."""
    if not tournament.is_team_event or not tournament.teams.exists():
        return None
    tt, after, _counted = counted_team_tournament(tournament, public=public)
    if not after:
        return None
    criteria = team_criteria_of(tournament)
    ranked = team_standings(tt, after, criteria)
    row_of = {s.key: i + 1 for i, s in enumerate(ranked)}
    name_of = {t.key: t.name for t in tt.teams}
    number_of = {t.key: t.number for t in tt.teams}
    cells: dict[str, dict[int, TeamCell]] = {t.key: {} for t in tt.teams}
    bye_x2 = tt.individual.params.general.nbw2_bye
    for r in range(1, after + 1):
        for m in matches(tt, r):
            for own, other, own_b, other_b in (
                (m.white, m.black, m.white_boards, m.black_boards),
                (m.black, m.white, m.black_boards, m.white_boards),
            ):
                cells[own][r] = TeamCell(
                    r, row_of[other], name_of[other], number_of[other], sum(own_b), sum(other_b), m.score(own)
                )
        for bye in tt.byes:
            if bye.round == r and bye.player in cells:
                cells[bye.player][r] = TeamCell(r, 0, "", 0, bye_x2 * tt.boards, 0, bye_x2, bye=True)
    definitions = [TEAM_BY_NAME[c] for c in criteria]
    sharing = Counter(s.place for s in ranked)
    rows = tuple(
        TeamLine(
            number=i + 1,
            # as the players' standings write a shared place (``Standing.place_display``): "1=" on each
            place=f"{s.place}=" if sharing[s.place] > 1 else str(s.place),
            shared_place=s.place,
            team_number=s.number,
            name=s.name,
            values=tuple(_number(v, d.scale) for v, d in zip(s.values, definitions)),
            raw=s.values[: len(definitions)],
            cells=tuple(cells[s.key].get(r, TeamCell(r, 0, "", 0, 0, 0, 0, played=False)) for r in range(1, after + 1)),
        )
        for i, s in enumerate(ranked)
    )
    columns = tuple((d.short_name, str(_(d.label))) for d in definitions)
    return TeamTable(criteria, columns, tuple(range(1, after + 1)), rows, tt.boards)


def _number(value: int, scale: int) -> str:
    """A value as the standings write it: board wins in halves (``2.5``), the others whole."""
    if scale == 2:
        return f"{value / 2:g}"
    return str(value)


def team_standings_api(tournament: Tournament) -> dict:
    """The public team standings as the JSON API gives them (``/api/v1/tournaments/<slug>/team-standings/``):
    the values as numbers (board wins in halves), each round's match by the opponent's team number."""
    table = team_table(tournament)
    if table is None:
        return {"boards": tournament.boards, "after_round": 0, "criteria": [], "rows": []}
    return {
        "boards": table.boards,
        "after_round": max(table.rounds, default=0),
        "criteria": list(table.criteria),
        "rows": [
            {
                "place": row.shared_place,
                "team": {"number": row.team_number, "name": row.name},
                "values": {c: (v / 2 if TEAM_BY_NAME[c].scale == 2 else v) for c, v in zip(table.criteria, row.raw)},
                "rounds": [
                    {
                        "round": cell.round,
                        "opponent": cell.opponent_number or None,
                        "bye": cell.bye,
                        "board_points": cell.own_x2 / 2 if cell.played else None,
                        "opponent_board_points": cell.other_x2 / 2 if cell.played and not cell.bye else None,
                        "team_points": cell.team_points if cell.played else None,
                    }
                    for cell in row.cells
                ],
            }
            for row in table.rows
        ],
    }
