"""Every row of a standings table says what the results say, read straight from the data: the criteria's
values from the reference scoring (:mod:`tests.pairing.reference_scores`), their numbers for machines,
and each round's crosstable cell, on random tournaments:

    round     1          2            3
    Anna      12+/w0     0+ (bye)     0= (absent)
    Bernd     7-!b2      15=/w0       0- (neither paired nor a bye)
              (by default, two stones)

A bye in a round where the player has a game too shows the bye; of two games in one round, the later
one; a game without a result ``?``.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tests.pairing.reference_scores import score_table as reference_table
from tournament.pairing import model as pm
from tournament.pairing.scores import crit_value
from tournament.result_codes import CODES, NO_OUTCOME, POINTS_X2, UNKNOWN
from tournament.standings import Bye, Cell, Entrant, Game, RoundInfo, Settings, TournamentData, overall_standings
from tournament.standings.criteria import CRITERIA
from tournament.standings.scores import plain_key

#: The criteria computed from the scores alone (direct confrontation is the ranking's).
CODES_CHOSEN = [code for code in CRITERIA if code not in ("dc", "sdc")]


def tournament(seed: int) -> TournamentData:
    rnd = random.Random(seed)
    rounds = rnd.randint(1, 8)
    count = rnd.randint(2, 30)
    entrants = tuple(
        Entrant(
            id=i,
            surname=f"S{rnd.randrange(5)}",
            given_name=f"G{i}",
            rank=rnd.randint(-25, 5),
            mms_correction=rnd.choice([0, 0, 1, -2]),
            rating=rnd.choice([None, rnd.randint(-900, 2700)]),
            absent_rounds=frozenset(r for r in range(1, rounds + 1) if rnd.random() < 0.1),
        )
        for i in range(1, count + 1)
    )
    games, byes = [], []
    for r in range(1, rounds + 1):
        here = [e.id for e in entrants if r not in e.absent_rounds and rnd.random() < 0.9]
        rnd.shuffle(here)
        for table, (black, white) in enumerate(zip(here[::2], here[1::2]), 1):
            games.append(Game(r, table, black, white, rnd.choice(CODES), rnd.choice([0, 0, 2, 4]), rnd.random() < 0.1))
        if len(here) % 2:
            byes.append(Bye(r, here[-1]))
        if len(here) >= 3 and rnd.random() < 0.15:  # a bye to a player with a game, a second game in a round
            byes.append(Bye(r, here[0]))
            games.append(Game(r, 99, here[1], here[2], rnd.choice(CODES)))
    general = pm.GeneralParams(
        number_of_rounds=rounds,
        mm_bar=rnd.randint(-5, 3),
        mms2_bye=rnd.randint(0, 2),
        nbw2_bye=rnd.randint(0, 2),
        mms2_absent=rnd.randint(0, 2),
        nbw2_absent=rnd.randint(0, 1),
        round_down_nbw_mms=rnd.random() < 0.5,
        count_not_played_as_half=rnd.random() < 0.3,
    )
    criteria = tuple(rnd.sample(CODES_CHOSEN, rnd.randint(1, 6)))
    return TournamentData(
        entrants=entrants,
        rounds=tuple(RoundInfo(r, "Go") for r in range(1, rounds + 1)),
        games=tuple(games),
        byes=tuple(byes),
        settings=Settings(criteria=criteria, general=general, show_not_playing=rnd.random() < 0.5),
    )


def reference_scores(data: TournamentData) -> dict:
    rounds = [r.number for r in data.rounds]
    games = [
        pm.Game(g.round, plain_key(g.white), plain_key(g.black), g.handicap, pm.RESULT_OF_CODE[g.result], g.by_default)
        for g in data.games
    ]
    byes = [pm.Bye(b.round, plain_key(b.player)) for b in data.byes]
    players = [
        pm.player_from(e, plain_key(e.id), tuple(r not in e.absent_rounds for r in rounds)) for e in data.entrants
    ]
    return reference_table(players, games, byes, data.settings.general, len(rounds))


def outcome(points_x2: int) -> str:
    return "+" if points_x2 >= 2 else "=" if points_x2 == 1 else "-"


def reference_cell(data: TournamentData, player, r: int, number: dict) -> Cell:
    mcmahon = any(CRITERIA[c].header in ("MMS", "STS") for c in data.settings.criteria)
    g = data.settings.general
    if any(b.player == player and b.round == r for b in data.byes):
        return Cell(round=r, kind="bye", outcome=outcome(g.mms2_bye if mcmahon else g.nbw2_bye))
    mine = [x for x in data.games if x.round == r and player in (x.black, x.white)]
    if mine:
        game = mine[-1]
        black = game.black == player
        opponent = game.white if black else game.black
        return Cell(
            round=r,
            kind="game",
            opponent=opponent,
            opponent_place=number.get(opponent),
            outcome=NO_OUTCOME if game.result == UNKNOWN else outcome(POINTS_X2[game.result][0 if black else 1]),
            colour="b" if black else "w",
            handicap=game.handicap,
            by_default=game.by_default,
        )
    entrant = next(e for e in data.entrants if e.id == player)
    if r in entrant.absent_rounds:
        return Cell(round=r, kind="absent", outcome=outcome(g.mms2_absent if mcmahon else g.nbw2_absent))
    return Cell(round=r, kind="none", outcome="-")


@pytest.mark.parametrize("seed", range(60))
def test_every_row_says_what_the_results_say(seed):
    data = tournament(seed)
    table = overall_standings(data)
    scores = reference_scores(data)
    last = len(data.rounds) - 1
    number = {row.entrant.id: row.number for row in table.rows}
    assert table.rows
    for row in table.rows:
        og = scores[plain_key(row.entrant.id)]
        values = [crit_value(og, CRITERIA[c].header, last) for c in data.settings.criteria]
        assert row.values == tuple(CRITERIA[c].display(v) for c, v in zip(data.settings.criteria, values))
        exact = [Fraction(v, CRITERIA[c].scale) for c, v in zip(data.settings.criteria, values)]
        assert row.numbers == tuple(f.numerator if f.denominator == 1 else round(float(f), 4) for f in exact)
        assert all(type(n) is (int if f.denominator == 1 else float) for n, f in zip(row.numbers, exact))
        assert row.cells == tuple(reference_cell(data, row.entrant.id, r.number, number) for r in data.rounds)
