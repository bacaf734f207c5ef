"""Small tournaments for the tests, built with the engine itself."""

from __future__ import annotations

import random
from dataclasses import replace

from tournament.pairing.engine import pair_round
from tournament.pairing.model import Bye, GeneralParams, Parameters, Player, Result, Tournament, player_key


def players(n: int, seed: int = 0, absent_rate: float = 0.0, rounds: int = 6, clubs: int = 4) -> tuple[Player, ...]:
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        name, first = f"P{i:03d}", "X"
        out.append(
            Player(
                key=player_key(name, first),
                name=name,
                first_name=first,
                rank=rnd.randint(-25, 5),
                club=f"C{rnd.randrange(clubs)}",
                country=rnd.choice(["DE", "NL"]),
                rating=rnd.randint(100, 2700),
                participation=tuple(rnd.random() >= absent_rate for _ in range(rounds)),
            )
        )
    return tuple(out)


def play(t: Tournament, rounds: int, seed: int = 0, **kw) -> Tournament:
    """Pair and play ``rounds`` rounds with random results."""
    rnd = random.Random(seed)
    for r in range(1, rounds + 1):
        p = pair_round(t, r, **kw)
        games = [replace(g, result=rnd.choice([Result.WHITE_WINS, Result.BLACK_WINS])) for g in p.games]
        byes = [Bye(r, p.bye)] if p.bye else []
        t = replace(t, games=t.games + tuple(games), byes=t.byes + tuple(byes))
    return t


def tournament(n: int, seed: int = 0, absent_rate: float = 0.0, **params) -> Tournament:
    gp = GeneralParams(number_of_rounds=6, mm_floor=-20, mm_bar=0)
    return Tournament(players=players(n, seed, absent_rate), params=Parameters(general=gp, **params))
