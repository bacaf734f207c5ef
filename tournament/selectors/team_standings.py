"""The team standings and the team crosstable as the pages, the PDFs, the CSV and the API show them.

One reading of a team tournament (:func:`team_table`): the rounds that count are those the individual
standings count (:func:`~.standings.states_counted`: the published and finished rounds for everybody,
every paired round too for the organizer), up to the last of them; a round in between that does not
count gives no match (its games and team byes are left out). The teams are ranked by the tournament's
team criteria (:func:`team_criteria_of`) by :func:`tournament.standings.teams.team_standings`; each
team's row holds its values as the standings write them and, a round each, its match: the opponent
team's row number, the board points of either side and the team points (a team bye: no opponent).
Pair Go's and Rengo's sides are ranked as players, by the tournament's standings criteria
(:func:`_pair_table`), as pairgoth ranks its pairs.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from django.utils.translation import gettext as _

from tournament.models import Tournament
from tournament.pairing.criteria import TEAM_BY_NAME, TEAM_DEFAULT
from tournament.pairing.team_model import TeamTournament, matches
from tournament.pairing.teams import standins
from tournament.standings.build import overall_standings
from tournament.standings.model import TOTAL, RoundInfo
from tournament.standings.opengotha import standings_data
from tournament.standings.team_table import TeamCell, TeamLine, TeamTable
from tournament.standings.teams import criteria_of, team_standings
from tournament.standings_words import column_header, column_label

from .frozen_standings import frozen_team_table
from .standings import settings_for, states_counted
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
    """The team standings and crosstable every consumer shows: while the director has frozen the
    standings, the frozen table with today's team names (:mod:`.frozen_standings`), else
    :func:`computed_team_table`."""
    if not tournament.is_team_event:
        return None
    frozen, table = frozen_team_table(tournament)
    return table if frozen else computed_team_table(tournament, public=public)


def computed_team_table(tournament: Tournament, *, public: bool = True) -> TeamTable | None:
    """The team standings and crosstable (see the module) of the results as they are; None for an
    individual tournament, one without teams or before any round counts."""
    if not tournament.is_team_event or not tournament.teams.exists():
        return None
    tt, after, _counted = counted_team_tournament(tournament, public=public)
    if not after:
        return None
    if tournament.is_pair_event:
        return _pair_table(tournament, tt, after)
    criteria = team_criteria_of(tournament)
    ranked = team_standings(tt, after, criteria)
    row_of = {s.key: i + 1 for i, s in enumerate(ranked)}
    cells = _match_cells(tt, after, row_of)
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
            numbers=tuple((v / 2 if d.scale == 2 else v) for v, d in zip(s.values, definitions)),
            cells=cells[s.key],
        )
        for i, s in enumerate(ranked)
    )
    columns = tuple((d.short_name, str(_(d.label))) for d in definitions)
    return TeamTable(criteria, columns, tuple(range(1, after + 1)), rows, tt.boards)


def _match_cells(
    tt: TeamTournament, after: int, row_of: dict[str, int], boards: bool = True
) -> dict[str, tuple[TeamCell, ...]]:
    """Each team's (side's) cells of rounds 1..after: its match (the opponent by its row, ``row_of``), its
    bye, or no match; ``boards``: written with the board points (a team's), else as a player's."""
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
                    r,
                    row_of[other],
                    name_of[other],
                    number_of[other],
                    sum(own_b),
                    sum(other_b),
                    m.score(own),
                    boards=boards,
                )
        for bye in tt.byes:
            if bye.round == r and bye.player in cells:
                cells[bye.player][r] = TeamCell(r, 0, "", 0, bye_x2 * tt.boards, 0, bye_x2, bye=True, boards=boards)
    return {
        key: tuple(own.get(r, TeamCell(r, 0, "", 0, 0, 0, 0, played=False, boards=boards)) for r in range(1, after + 1))
        for key, own in cells.items()
    }


def _pair_table(tournament: Tournament, tt: TeamTournament, after: int) -> TeamTable:
    """Pair Go and Rengo: the sides ranked as pairgoth ranks its pairs, each side one player (the pairing's
    stand-in: :func:`tournament.pairing.teams.standins`, rated with its players' mean) with its games, by
    the tournament's own standings criteria (McMahon score, SOS ...: the settings' standings criteria), over
    rounds 1..after; every side listed. A round's cell is written as a player's (``2+``, ``0+`` a bye)."""
    data = standings_data(standins(tt, after + 1))
    settings = replace(settings_for(tournament), show_not_playing=True, overall=TOTAL, best_of=None)
    data = replace(data, rounds=tuple(RoundInfo(r, "Go") for r in range(1, after + 1)), settings=settings)
    ranked = overall_standings(data, up_to=after)
    row_of = {row.entrant.id: row.number for row in ranked.rows}
    cells = _match_cells(tt, after, row_of, boards=False)
    team = {t.key: t for t in tt.teams}
    rows = tuple(
        TeamLine(
            number=row.number,
            place=row.place_display,
            shared_place=row.place,
            team_number=team[row.entrant.id].number,
            name=team[row.entrant.id].name,
            values=row.values,
            raw=(),
            cells=cells[row.entrant.id],
            numbers=row.numbers,
        )
        for row in ranked.rows
    )
    criteria = tuple(column.header for column in ranked.columns)
    columns = tuple((column_header(c), column_label(c)) for c in ranked.columns)
    return TeamTable(criteria, columns, tuple(range(1, after + 1)), rows, tt.boards, side_size=tt.players)


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
        return {"boards": tournament.boards, "after_round": 0, "criteria": [], "rows": [], "frozen_at": None}
    return {
        "frozen_at": table.frozen_at.isoformat() if table.frozen_at else None,
        "boards": table.boards,
        "after_round": max(table.rounds, default=0),
        "criteria": list(table.criteria),
        "rows": [
            {
                "place": row.shared_place,
                "team": {"number": row.team_number, "name": row.name},
                "values": dict(zip(table.criteria, row.numbers, strict=True)),
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
