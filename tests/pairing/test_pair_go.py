"""Pair Go and Rengo in the team engine: a side is a team of 2 (3) players on one board, paired as one
stand-in of the side's mean rating; the match's one game gets its colours, handicap and komi from the two
sides' strengths (the Pair Go rules: "the difference between the two mean grades"), between the sides'
first players. OpenGotha has no Pair Go: worked examples."""

from __future__ import annotations

import pytest

from tournament.pairing.model import Game, Parameters, Player, Result, Tournament
from tournament.pairing.team_model import Team, TeamTournament, matches
from tournament.pairing.teams import pair_teams
from tournament.ranks import rank_from_rating
from tournament.standings.teams import team_standings


def _tt(ratings: dict[str, int], sides: list[tuple[str, ...]], *, games=(), rounds=2) -> TeamTournament:
    players = tuple(
        Player(k, k.title(), "X", rank=rank_from_rating(r), rating=r, participation=(True,) * rounds)
        for k, r in ratings.items()
    )
    teams = tuple(Team(str(n), " & ".join(s), n, {r: s for r in range(1, rounds + 1)}) for n, s in enumerate(sides, 1))
    return TeamTournament(Tournament(players, games=tuple(games), params=Parameters()), teams, 1, players=len(sides[0]))


def test_the_handicap_comes_from_the_two_pairs_mean_ratings_not_the_first_players():
    # Albers 2100 (1d) & Berg 1700 (4k): mean 1900 (2k); Cohen 1800 (3k) & Dorn 1200 (9k): mean 1500 (6k).
    tt = _tt({"alice": 2100, "bob": 1700, "carla": 1800, "dan": 1200}, [("alice", "bob"), ("carla", "dan")])
    assert [tt.mean_rating(t) for t in tt.teams] == [1900, 1500]
    (match,) = pair_teams(tt, 1).matches
    (game,) = match.games
    # 2k against 6k: four grades, less OpenGotha's correction of one: three stones; the stronger pair White.
    # (The first players alone, 1d against 3k, would give two stones.)
    assert (game.white, game.black, game.handicap) == ("alice", "carla", 3)
    assert (match.team1, match.team2, match.table, game.table) == ("1", "2", 1, 1)


def test_even_pairs_take_colours_as_the_engine_gives_a_stand_in_and_alternate_after():
    ratings = {"a1": 2000, "a2": 2000, "b1": 2050, "b2": 1950, "c1": 1500, "c2": 1500, "d1": 1600, "d2": 1400}
    tt = _tt(ratings, [("a1", "a2"), ("b1", "b2"), ("c1", "c2"), ("d1", "d2")])
    first = pair_teams(tt, 1)
    assert {frozenset((m.team1, m.team2)) for m in first.matches} == {frozenset("12"), frozenset("34")}
    assert all(len(m.games) == 1 and m.games[0].handicap == 0 for m in first.matches)
    # every game is between the sides' first players
    assert {k for m in first.matches for g in m.games for k in (g.white, g.black)} == {"a1", "b1", "c1", "d1"}
    # round 2 after the strong pairs' White won: no rematch, and the winners meet
    played = [
        Game(round=1, white=g.white, black=g.black, result=Result.WHITE_WINS, table=g.table)
        for m in first.matches
        for g in m.games
    ]
    tt2 = _tt(ratings, [("a1", "a2"), ("b1", "b2"), ("c1", "c2"), ("d1", "d2")], games=played)
    second = pair_teams(tt2, 2)
    met = {frozenset((m.team1, m.team2)) for m in first.matches}
    assert not met & {frozenset((m.team1, m.team2)) for m in second.matches}


def test_a_pairs_match_is_its_one_game_and_the_standings_rank_pairs():
    won = Game(round=1, white="alice", black="carla", handicap=3, result=Result.BLACK_WINS, table=1)
    tt = _tt(
        {"alice": 2100, "bob": 1700, "carla": 1800, "dan": 1200}, [("alice", "bob"), ("carla", "dan")], games=[won]
    )
    (m,) = matches(tt, 1)
    assert (m.white, m.black, m.white_score, m.black_score) == ("1", "2", 0, 2)
    rows = team_standings(tt, 1, ["TEAMP", "BDW", "MNR"])
    assert [(r.name, r.values[:3]) for r in rows] == [("carla & dan", (2, 2, 1500)), ("alice & bob", (0, 0, 1900))]


def test_rengo_of_three_is_the_mean_of_three_and_an_incomplete_side_is_left_out():
    ratings = {"a": 2000, "b": 1800, "c": 1601, "d": 1500, "e": 1500, "f": 1500, "g": 2000}
    tt = _tt(ratings, [("a", "b", "c"), ("d", "e", "f")])
    assert [tt.mean_rating(t) for t in tt.teams] == [1800, 1500]
    (match,) = pair_teams(tt, 1).matches
    assert (match.games[0].white, match.games[0].black, match.games[0].handicap) == ("a", "d", 2)
    short = TeamTournament(tt.individual, (tt.teams[0], Team("3", "short", 3, {1: ("g",)})), 1, players=3)
    assert not short.complete(short.teams[1], 1)


def test_a_side_has_two_or_three_players_on_one_board():
    tt = _tt({"a": 2000, "b": 2000, "c": 2000, "d": 2000}, [("a", "b"), ("c", "d")])
    with pytest.raises(ValueError, match="one board"):
        TeamTournament(tt.individual, tt.teams, 2, players=2)
    with pytest.raises(ValueError, match="one board"):
        TeamTournament(tt.individual, tt.teams, 1, players=4)
