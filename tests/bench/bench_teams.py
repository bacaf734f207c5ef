"""Benchmark: pair and rank a team tournament round by round (not collected by pytest).

    .venv/bin/python tests/bench/bench_teams.py [TEAMS ...]

For each number of teams (5 boards, a reserve each, McMahon, 5 rounds; by default 10, 40 and 100
teams), pairs every round with ``pair_teams`` from the games of the earlier ones (results drawn at
random, fixed seed) and ranks the teams with ``team_standings``; prints the slowest round's pairing
and the standings after the last round, best of three.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tournament.pairing.model import Bye, GeneralParams, Parameters, Player, Result, Tournament
from tournament.pairing.team_model import Team, TeamTournament
from tournament.pairing.teams import pair_teams
from tournament.standings.teams import team_standings

BOARDS, ROUNDS = 5, 5


def tournament(n_teams: int) -> TeamTournament:
    rnd = random.Random(n_teams)
    players, teams = [], []
    for t in range(n_teams):
        level = rnd.randint(-20, 4)
        members = []
        for b in range(BOARDS + 1):
            rank = max(-30, min(8, level + rnd.randint(-3, 3)))
            key = f"T{t:03d}M{b}"
            players.append(Player(key, f"Team{t:03d}", f"Member{b}", rank=rank, rating=rank * 100 + 2100))
            members.append(key)
        lineups = {r: tuple(members[:BOARDS]) if r % 2 else tuple(members[1:]) for r in range(1, ROUNDS + 1)}
        teams.append(Team(f"team{t}", f"Team {t:03d}", t + 1, lineups))
    params = Parameters(general=GeneralParams(number_of_rounds=ROUNDS))
    return TeamTournament(Tournament(tuple(players), params=params), tuple(teams), BOARDS)


def play(n_teams: int) -> tuple[float, float]:
    rnd = random.Random(1)
    tt = tournament(n_teams)
    slowest = 0.0
    for r in range(1, ROUNDS + 1):
        start = time.perf_counter()
        p = pair_teams(tt, r)
        slowest = max(slowest, time.perf_counter() - start)
        played = [replace(g, result=rnd.choice([Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW])) for g in p.games]
        byes = tt.byes + ((Bye(r, p.bye),) if p.bye else ())
        tt = replace(tt, individual=replace(tt.individual, games=tt.individual.games + tuple(played)), byes=byes)
    start = time.perf_counter()
    team_standings(tt, ROUNDS)
    return slowest, time.perf_counter() - start


def main(sizes: list[int]) -> None:
    print(f"{'teams':>6} {'players':>8} {'slowest round (s)':>18} {'standings (s)':>14}")
    for n in sizes:
        best = min((play(n) for _ in range(3)), key=lambda x: x[0])
        print(f"{n:>6} {n * BOARDS:>8} {best[0]:>18.3f} {best[1]:>14.3f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [10, 40, 100])
