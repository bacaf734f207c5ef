"""Team standings as OpenGotha's ``ScoredTeamsSet`` computes them: ``team_standings(tt, after_round, criteria)``.

Input: a :class:`~tournament.pairing.team_model.TeamTournament` (the members' games with their results,
the teams and their line-ups; see :mod:`tournament.pairing.team_model`), the last round counted and up to
six criteria by OpenGotha's names (:data:`tournament.pairing.criteria.TEAM_TABLE`; by default
:data:`~tournament.pairing.criteria.TEAM_DEFAULT`: TEAMP, BDW, BDW3U, BDW2U, BDW1U, MNR).
Output: one :class:`TeamStanding` a team, best first: its values as OpenGotha keeps them (board wins
doubled: ``scale`` 2 in the table), its place and the place as OpenGotha prints it.

The values, from the matches of rounds 1..after_round as OpenGotha reads them
(:func:`~tournament.pairing.team_model.matches_up_to`):

- ``TEAMP``: team points (2 a match won, 1 drawn, 0 lost: :func:`~tournament.pairing.team_model.team_score`);
- ``SOST``: the sum of the team points (after the last round counted) of the teams it met;
- ``BDW``: its board points (twice the board wins, a draw 1) over all boards; ``BDWnU`` over boards 1..n
  (all boards when n exceeds them);
- ``MNR``: the mean rating of round 1's line-up (:meth:`~tournament.pairing.team_model.TeamTournament.mean_rating`).

A team bye (``tt.byes`` up to the round) counts as the team pairing counts it (the bye value,
``nbw2_bye`` of the individual tournament's parameters, twice the points of a game): team points the
bye value (2 a won match, 1 a drawn one, 0 nothing) and every board the bye value in ``BDW`` and
``BDWnU`` (boards x value / 2 board wins); ``SOST`` gets nothing from it. This is a deliberate
difference: OpenGotha knows no team byes (its team standings give a team without a match nothing).
A team without a match nor a bye in a round (an incomplete line-up) scores nothing there. Order: the criteria, higher first, then the team number. Places: a team tied with the team
above on all six criteria shares its place (``place``); OpenGotha prints the place only on the first of
them (``printed_place``, "" for the others).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournament.pairing.criteria import MAX_CRITERIA, TEAM_BY_NAME, TEAM_DEFAULT
from tournament.pairing.team_model import TeamTournament, matches_up_to


@dataclass(frozen=True)
class TeamStanding:
    key: str
    name: str
    number: int
    #: The criteria's values, in the order asked (six: NULL counts 0).
    values: tuple[int, ...]
    place: int
    printed_place: str


def criteria_of(criteria: Sequence[str]) -> tuple[str, ...]:
    """The criteria padded with NULL to six; an unknown name or more than six is an error."""
    if len(criteria) > MAX_CRITERIA:
        raise ValueError(f"at most {MAX_CRITERIA} team criteria, not {len(criteria)}")
    for c in criteria:
        if c not in TEAM_BY_NAME:
            raise ValueError(f"unknown team criterion {c!r}")
    return tuple(criteria) + ("NULL",) * (MAX_CRITERIA - len(criteria))


def team_values(tt: TeamTournament, after_round: int) -> dict[str, dict[str, int]]:
    """Every team criterion's value of every team (by key) after the round."""
    points = {t.key: 0 for t in tt.teams}
    boards = {t.key: [0] * tt.boards for t in tt.teams}
    played = matches_up_to(tt, after_round)
    for m in played:
        points[m.white] += m.white_score
        points[m.black] += m.black_score
        for i in range(tt.boards):
            boards[m.white][i] += m.white_boards[i]
            boards[m.black][i] += m.black_boards[i]
    bye_x2 = tt.individual.params.general.nbw2_bye
    for bye in tt.byes:
        if bye.round <= after_round and bye.player in points:
            points[bye.player] += bye_x2
            boards[bye.player] = [b + bye_x2 for b in boards[bye.player]]
    sost = {t.key: 0 for t in tt.teams}
    for m in played:
        sost[m.white] += points[m.black]
        sost[m.black] += points[m.white]
    out: dict[str, dict[str, int]] = {}
    for t in tt.teams:
        values = {"NULL": 0, "TEAMP": points[t.key], "SOST": sost[t.key], "BDW": sum(boards[t.key])}
        values |= {f"BDW{n}U": sum(boards[t.key][:n]) for n in range(1, 10)}
        values["MNR"] = tt.mean_rating(t)
        out[t.key] = values
    return out


def team_standings(tt: TeamTournament, after_round: int, criteria: Sequence[str] = TEAM_DEFAULT) -> list[TeamStanding]:
    """The teams ranked after ``after_round`` (0: before the first round) by ``criteria``."""
    crits = criteria_of(criteria)
    values = team_values(tt, after_round)
    rows = sorted(
        ((tuple(values[t.key][c] for c in crits), t) for t in tt.teams),
        key=lambda row: (tuple(-v for v in row[0]), row[1].number),
    )
    out: list[TeamStanding] = []
    for i, (vals, t) in enumerate(rows):
        tied = i > 0 and vals == out[-1].values
        place = out[-1].place if tied else i + 1
        out.append(TeamStanding(t.key, t.name, t.number, vals, place, "" if tied else str(i + 1)))
    return out
