"""The scores worked out over arrays (:func:`tournament.pairing.scores.score_table`) are those of the
straightforward transcription of OpenGotha, player by player and round by round
(:mod:`tests.pairing.reference_scores`), value for value, on random tournaments with everything that
moves a score:

    round   1        2         3 ...
    A-B     1-0      A bye     A absent, but paired all the same
    C-D     ½-½ h3   C-D 0-1!  (by default)   C two games in one round (the later counts)
    E-F     ?        E-F 1-1   E a game and a bye in the same round
    G bye   0-0 ...

Random fields of 1 to 40 players (ranks around the McMahon bar, corrections), 1 to 12 rounds, every
result, handicaps, games by default, unknown results, absences, byes; the parameters too (bar, floor,
zero, the values of a bye and an absence, rounding, not-played games as half points, categories, a
tournament shorter or longer than its games).
"""

from __future__ import annotations

import random

import pytest

from tournament.pairing.model import Bye, Game, GeneralParams, Player, Result
from tournament.pairing.scores import score_table

from .reference_scores import score_table as reference_table

RESULTS = list(Result)


def _general(rnd: random.Random, rounds: int) -> GeneralParams:
    bar = rnd.randint(-5, 3)
    categories = rnd.choice([1, 1, 2, 3])
    return GeneralParams(
        number_of_rounds=max(1, rounds + rnd.randint(-2, 2)),
        mm_floor=rnd.randint(-25, bar),
        mm_bar=bar,
        mm_zero=rnd.choice([-30, -30, -25]),
        mms2_absent=rnd.randint(0, 2),
        mms2_bye=rnd.randint(0, 2),
        nbw2_absent=rnd.randint(0, 2),
        nbw2_bye=rnd.randint(0, 2),
        round_down_nbw_mms=rnd.random() < 0.5,
        count_not_played_as_half=rnd.random() < 0.5,
        number_of_categories=categories,
        lower_category_limits=tuple(sorted(rnd.sample(range(-20, 5), categories - 1), reverse=True)),
    )


def _players(rnd: random.Random, count: int, rounds: int) -> list[Player]:
    return [
        Player(
            key=f"P{i:02d}",
            name=f"P{i:02d}",
            rank=rnd.randint(-25, 6),
            rating=rnd.randint(-900, 2800),
            mms_correction=rnd.choice([0, 0, 0, -1, 2]),
            # sometimes shorter than the tournament: the rounds after it count as present
            participation=tuple(rnd.random() > 0.15 for _ in range(rnd.randint(0, rounds))),
        )
        for i in range(count)
    ]


def _result(rnd: random.Random, white: Player, black: Player) -> Result:
    if rnd.random() < 0.3:
        return rnd.choice(RESULTS)
    # mostly the stronger wins: players with every point above the bar (the Strasbourg score's bonus)
    if (white.rank >= black.rank) == (rnd.random() < 0.85):
        return Result.WHITE_WINS
    return Result.BLACK_WINS


def tournament(seed: int) -> tuple[list[Player], list[Game], list[Bye], GeneralParams, int | None]:
    rnd = random.Random(seed)
    rounds = rnd.randint(1, 12)
    players = _players(rnd, rnd.randint(1, 40), rounds)
    general = _general(rnd, rounds)
    games: list[Game] = []
    byes: list[Bye] = []
    played = rnd.randint(0, rounds)
    for r in range(1, played + 1):
        here = [p for p in players if p.present(r) or rnd.random() < 0.05]  # an absent player paired all the same
        rnd.shuffle(here)
        here.sort(key=lambda p: -p.rank)
        if len(here) % 2:
            byes.append(Bye(r, here.pop(rnd.randrange(len(here))).key))
        for white, black in zip(here[::2], here[1::2], strict=True):
            if rnd.random() < 0.5:
                white, black = black, white
            games.append(
                Game(
                    round=r,
                    white=white.key,
                    black=black.key,
                    handicap=rnd.choice([0, 0, 0, 2, 3, 5, 9]),
                    result=_result(rnd, white, black),
                    by_default=rnd.random() < 0.1,
                )
            )
        if here and rnd.random() < 0.1:  # a game and a bye in the same round
            byes.append(Bye(r, rnd.choice(here).key))
        if len(here) >= 3 and rnd.random() < 0.1:  # a second game for a player in the same round
            a, b = rnd.sample(here, 2)
            games.append(Game(round=r, white=a.key, black=b.key, result=rnd.choice(RESULTS)))
    if players and rnd.random() < 0.2:  # a bye of a player not in the field: left out
        byes.append(Bye(1, "NOBODY"))
    rnd.shuffle(games)
    return players, games, byes, general, rnd.choice([None, rounds, max(1, played - 1), rounds + 2])


@pytest.mark.parametrize("seed", range(300))
def test_the_fast_scores_are_the_reference_scores(seed):
    players, games, byes, general, rounds = tournament(seed)
    opponents = seed % 5 != 0
    fast = score_table(players, games, byes, general, rounds, opponents=opponents)
    reference = reference_table(players, games, byes, general, rounds, opponents=opponents)
    assert list(fast) == list(reference)
    for key, theirs in reference.items():
        assert fast[key] == theirs, key
        assert all(type(v) is int for v in fast[key].sosm2 + fast[key].cps2 + fast[key].mms2)


def test_the_random_tournaments_reach_every_case():
    """The cases above all happen in the seeds tested (else the comparison would prove less)."""
    seen = set()
    for seed in range(300):
        players, games, byes, general, rounds = tournament(seed)
        table = reference_table(players, games, byes, general, rounds)
        rows = table.values()
        seen.add(("strasbourg bonus", any(s.sts2 != s.mms2 for s in rows)))
        seen.add(("exploit", any(any(s.exr2) for s in rows)))
        seen.add(("virtual", general.count_not_played_as_half and any(any(s.sosw2) for s in rows)))
        seen.add(
            ("game and bye", any(g.round == b.round and b.player in (g.white, g.black) for g in games for b in byes))
        )
        seen.add(("by default", any(g.by_default for g in games)))
        seen.add(("absent", any("absent" in s.participation for s in rows)))
        seen.add(("sosm-2", any(any(s.sosmm2_2) for s in rows)))
    assert {name for name, happened in seen if happened} >= {
        "strasbourg bonus",
        "exploit",
        "virtual",
        "game and bye",
        "by default",
        "absent",
        "sosm-2",
    }


def test_a_cup_score_beyond_64_bits():
    """CPS doubles every round: after 70 rounds of wins it needs more than 64 bits, and is exact."""
    players = [Player(key="A", name="A", rank=0), Player(key="B", name="B", rank=0)]
    games = [Game(round=r, white="A", black="B", result=Result.WHITE_WINS) for r in range(1, 71)]
    general = GeneralParams(number_of_rounds=70)
    fast = score_table(players, games, [], general)
    assert fast == reference_table(players, games, [], general)
    assert fast["A"].cps2[-1] == 2 * (2**70 - 1) > 2**63


def test_a_round_numbered_below_one_is_refused():
    players = [Player(key="A", name="A"), Player(key="B", name="B")]
    with pytest.raises(ValueError, match="numbered from 1"):
        score_table(players, [Game(round=0, white="A", black="B")], [], GeneralParams())
