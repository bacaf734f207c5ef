"""The team engine's rules beside the jar's answers (``opengotha/test_oracle_teams.py``): a match's team
points on every count of boards, OpenGotha's mean rating with negative ratings, incomplete teams, forbidden
pairs and a bye given by hand, the checks of the input, and the team standings' places."""

from __future__ import annotations

import pytest

from tournament.pairing.model import Game, Parameters, Player, Result, Tournament
from tournament.pairing.team_model import MatchResult, Team, TeamTournament, matches, team_score
from tournament.pairing.teams import pair_teams
from tournament.standings.teams import criteria_of, team_standings


def _tt(n_teams: int = 4, boards: int = 3, ratings: dict[str, int] | None = None, absent: str = "") -> TeamTournament:
    players, teams = [], []
    for t in range(n_teams):
        lineup = []
        for b in range(boards):
            key = f"T{t}B{b}"
            rating = (ratings or {}).get(key, 2000 - 100 * t - 10 * b)
            players.append(
                Player(
                    key,
                    f"Name{t}{b}",
                    "X",
                    rank=(rating + 50) // 100 - 21,
                    rating=rating,
                    participation=(True, key != absent, True),
                )
            )
            lineup.append(key)
        teams.append(Team(f"team{t}", f"Team {chr(65 + t)}", t + 1, {r: tuple(lineup) for r in (1, 2, 3)}))
    params = Parameters(placement=("NBW", "SOSW", "SOSOSW"))
    return TeamTournament(Tournament(tuple(players), params=params), tuple(teams), boards)


@pytest.mark.parametrize(
    ("own", "opponent", "boards", "points"),
    [
        (4, 2, 3, 2),  # 2-1
        (3, 3, 3, 1),  # 1½-1½
        (2, 2, 3, 0),  # 1-1 and a board both lost: both lose the match
        (4, 4, 4, 1),  # 2-2 of four boards
        (5, 3, 4, 2),  # 2½-1½
        (2, 0, 2, 1),  # 1-0 and a board both lost: half the boards only draw a match of two...
        (0, 2, 2, 0),  # ... which the other team loses
        (3, 1, 2, 2),  # 1½-½
        (6, 6, 5, 1),  # 3-3 of five boards, a board both won: a draw
    ],
)
def test_team_points_as_opengotha_counts_them(own, opponent, boards, points):
    assert team_score(own, opponent, boards) == points


def test_a_match_as_one_game_between_the_teams():
    assert MatchResult(1, "a", "b", (2, 2, 0), (0, 0, 2)).result is Result.WHITE_WINS
    assert MatchResult(1, "a", "b", (2, 1, 0), (0, 1, 2)).result is Result.DRAW
    assert MatchResult(1, "a", "b", (2, 0, 0), (0, 2, 0)).result is Result.BOTH_LOSE
    assert MatchResult(1, "a", "b", (0, 0, 2), (2, 2, 0)).result is Result.BLACK_WINS


def test_mean_rating_divides_as_java_does():
    tt = _tt(2, 2, {"T0B0": -901, "T0B1": 0})
    assert tt.mean_rating(tt.teams[0]) == -450  # Java: -901 / 2 == -450 (Python's -901 // 2 is -451)
    assert team_standings(tt, 0, ["MNR"])[-1].values[0] == -450


def test_the_input_is_checked():
    tt = _tt()
    with pytest.raises(ValueError, match="2 to 10 boards"):
        TeamTournament(tt.individual, tt.teams, 1)
    with pytest.raises(ValueError, match="unique"):
        TeamTournament(tt.individual, (tt.teams[0], tt.teams[0]), 3)
    twice = Team("x", "X", 9, {2: ("T0B0", "T9B9")})
    with pytest.raises(ValueError, match="T0B0 is on two boards in round 2"):
        TeamTournament(tt.individual, (*tt.teams, twice), 3)
    with pytest.raises(ValueError, match="T1B1 is on two boards in round 1"):
        TeamTournament(tt.individual, (Team("y", "Y", 1, {1: ("T1B1", "T1B1")}),), 2)
    with pytest.raises(ValueError, match="unknown team criterion"):
        criteria_of(["TEAMP", "SOS"])
    with pytest.raises(ValueError, match="at most 6"):
        criteria_of(["TEAMP"] * 7)


def test_an_incomplete_team_is_not_paired_and_an_odd_field_gets_a_bye():
    tt = _tt(4, 3, absent="T2B1")
    p = pair_teams(tt, 2)
    assert "team2" not in {k for m in p.matches for k in (m.team1, m.team2)}
    assert p.bye is not None and p.bye != "team2"
    assert any("team2 has no complete line-up in round 2" in w for w in p.warnings)
    assert len(p.matches) == 1 and len(p.games) == 3


def test_forbidden_pairs_and_a_bye_by_hand():
    tt = _tt(5, 2)
    p = pair_teams(tt, 1, bye="team4", forbidden=[("team0", "team1")])
    assert p.bye == "team4"
    assert frozenset(("team0", "team1")) not in {frozenset((m.team1, m.team2)) for m in p.matches}
    for m in p.matches:
        assert [g.table for g in m.games] == [2 * m.table - 1, 2 * m.table]


def test_colours_alternate_by_board_and_the_team_of_lower_number_comes_first():
    tt = _tt(2, 4)
    (m,) = pair_teams(tt, 1).matches
    assert (m.team1, m.team2) == ("team0", "team1")
    whites = [g.white.startswith("T0") for g in m.games]
    assert whites in ([True, False, True, False], [False, True, False, True])
    assert all(g.handicap == 0 for g in m.games)


def test_matches_are_read_from_board_one_and_standings_share_places():
    tt = _tt(4, 2)
    games = (
        Game(1, "T0B0", "T1B0", result=Result.WHITE_WINS, table=1),
        Game(1, "T1B1", "T0B1", result=Result.WHITE_WINS, table=2),
        Game(1, "T2B0", "T3B0", result=Result.BLACK_WINS, table=3),
        Game(1, "T3B1", "T2B1", result=Result.DRAW, table=4),
    )
    from dataclasses import replace

    played = replace(tt, individual=replace(tt.individual, games=games))
    ms = matches(played, 1)
    assert [(m.white, m.black, m.white_boards, m.black_boards) for m in ms] == [
        ("team0", "team1", (2, 0), (0, 2)),
        ("team2", "team3", (0, 1), (2, 1)),
    ]
    table = team_standings(played, 1, ["TEAMP", "BDW"])
    assert [(s.key, s.values[:2], s.place, s.printed_place) for s in table] == [
        ("team3", (2, 3), 1, "1"),
        ("team0", (1, 2), 2, "2"),
        ("team1", (1, 2), 2, ""),
        ("team2", (0, 1), 4, "4"),
    ]


@pytest.mark.parametrize(("bye_x2", "teamp", "bdw"), [(2, 2, 6), (1, 1, 3), (0, 0, 0)])
def test_a_team_bye_counts_the_bye_value_in_team_points_and_on_every_board(bye_x2, teamp, bdw):
    """A deliberate difference from OpenGotha (no team byes there): the bye scores as the pairing counts it."""
    from dataclasses import replace

    from tournament.pairing.model import Bye, GeneralParams

    tt = _tt(3, 3)
    games = (
        Game(1, "T0B0", "T1B0", result=Result.WHITE_WINS, table=1),
        Game(1, "T1B1", "T0B1", result=Result.WHITE_WINS, table=2),
        Game(1, "T0B2", "T1B2", result=Result.WHITE_WINS, table=3),
    )
    params = replace(tt.individual.params, general=GeneralParams(nbw2_bye=bye_x2))
    played = replace(
        tt, individual=replace(tt.individual, games=games, params=params), byes=(Bye(round=1, player="team2"),)
    )
    table = {s.key: s.values for s in team_standings(played, 1, ["TEAMP", "BDW", "BDW2U", "BDW1U", "SOST"])}
    assert table["team2"][:5] == (teamp, bdw, 2 * bye_x2, bye_x2, 0)
    assert table["team0"][:2] == (2, 4)  # the match's teams are unchanged
    # before the bye's round it counts nothing
    assert team_standings(played, 0, ["TEAMP", "BDW"])[0].values[:2] == (0, 0)
