"""A McMahon of 40 players in four rank categories of odd sizes, and what OpenGotha 3.51.02 pairs in it.

Issue #31 item 15: with categories paired apart, the odd player of a category must meet the
nearest-strength player of the neighbouring category. :func:`field` is the tournament (plain data: the
tests build it without Java); :func:`result` decides every game the same way each time (the stronger by
MMS wins, except where the players' keys say otherwise), so the rounds after the first are the jar's own
pairings of the results before them. Recording (needs a JDK and the jar, as ``run.sh``)::

    python tests/pairing/opengotha/oracle/categories_field.py

writes ``oracle_answers/cats-40.pairings.json``: each round as the jar pairs it (``[white, black,
handicap]``, the bye), round 1 from nothing and each later one after the jar's earlier rounds played
with :func:`result`; and ``cats-40.costs.json``: the jar's cost of every pair in each of those rounds
and every player's seat (as ``record.py --costs``).
"""

from __future__ import annotations

import json
import sys
import tempfile
import zlib
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
NAME = "cats-40"
ROUNDS = 4
#: 1d, 9k, 19k: A 1d and stronger (7 players), B 9k-1k (11), C 19k-10k (13), D 20k and weaker (9)
LIMITS = (0, -9, -19)
RANKS = (
    (3, 2, 1, 1, 0, 0, 0)
    + (-1, -2, -3, -4, -5, -5, -6, -7, -8, -9, -9)
    + (-10, -11, -12, -12, -13, -14, -15, -15, -16, -17, -18, -19, -19)
    + (-20, -21, -22, -22, -23, -24, -25, -26, -28)
)


def field():
    """The tournament before its first round: 40 players, four categories, McMahon bar 1d and
    floor 20k, the engine's (and a new site tournament's) pairing weights; each player of a club of
    their own (OpenGotha keeps four letters of a club), so that only scores and ranks choose the opponents."""
    from tournament.pairing.model import GeneralParams, Parameters, Player, Tournament, player_key

    players = []
    for i, rank in enumerate(RANKS):
        name, first = f"Cat{chr(65 + i // 26)}{chr(65 + i % 26)}", "Player"
        players.append(
            Player(
                key=player_key(name, first),
                name=name,
                first_name=first,
                rank=rank,
                club=f"C{i:02d}",
                country="DE",
                rating=0,
            )
        )
    general = GeneralParams(
        number_of_rounds=ROUNDS,
        mm_bar=0,
        mm_floor=-20,
        number_of_categories=len(LIMITS) + 1,
        lower_category_limits=LIMITS,
    )
    return Tournament(players=tuple(players), params=Parameters(general=general), name=NAME, short_name=NAME)


def result(round_number: int, white: str, black: str, mms2: dict[str, int]):
    """The result of a game, the same every time: the higher MMS before the round wins, one game in
    four the other way (chosen by the keys), an equal MMS by the keys."""
    from tournament.pairing.model import Result

    upset = zlib.crc32(f"{round_number}{white}{black}".encode()) % 4 == 0
    if mms2[white] == mms2[black]:
        white_wins = zlib.crc32(f"{white}{black}".encode()) % 2 == 0
    else:
        white_wins = (mms2[white] > mms2[black]) != upset
    return Result.WHITE_WINS if white_wins else Result.BLACK_WINS


def played(t, round_number: int, games: list[list], bye: str | None):
    """``t`` with a round's games (``[white, black, handicap]``) played by :func:`result`, and its bye."""
    from tournament.pairing.model import Bye, Game
    from tournament.pairing.scores import crit_value, score_table

    scores = score_table(t.players, t.games, t.byes, t.params.general, max(round_number - 1, 1), opponents=False)
    mms2 = {k: crit_value(s, "MMS", round_number - 2) for k, s in scores.items()}
    new = tuple(
        Game(round_number, w, b, handicap=h, result=result(round_number, w, b, mms2), table=n)
        for n, (w, b, h) in enumerate(games, 1)
    )
    byes = (Bye(round_number, bye),) if bye else ()
    return replace(t, games=t.games + new, byes=t.byes + byes)


def answers() -> list[dict]:
    """The recorded pairings of the jar."""
    return json.loads((HERE.parent / "oracle_answers" / f"{NAME}.pairings.json").read_text(encoding="utf-8"))


def before(round_number: int):
    """The field with the jar's rounds before ``round_number`` played."""
    t = field()
    for a in answers()[: round_number - 1]:
        t = played(t, a["round"], a["games"], a["bye"])
    return t


def record() -> None:
    sys.path.insert(0, str(HERE.parents[3]))
    from tournament.files.opengotha import write_tournament

    from .record import ask

    t = field()
    pairings, costs = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(1, ROUNDS + 1):
            path = Path(tmp) / f"{NAME}.xml"
            path.write_text(write_tournament(t), encoding="utf-8")
            answer = json.loads(ask("pair", str(path), str(r)))
            answer.pop("seconds", None)
            pairings.append(answer)
            costs.append(json.loads(ask("costs", str(path), str(r))))
            t = played(t, r, answer["games"], answer["bye"])
    out = HERE.parent / "oracle_answers"
    (out / f"{NAME}.pairings.json").write_text(json.dumps(pairings, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / f"{NAME}.costs.json").write_text(
        json.dumps(costs, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parents[3]))
    from tests.pairing.opengotha.oracle.categories_field import record as _record

    _record()
