"""A director's Swiss, played through the services as a tournament's day plays it, for OpenGotha's jar to
read back (``oracle/record_readback.py``, ``test_director_readback.py``).

Twelve players, five Swiss rounds on 19x19 (komi 6.5, no handicap), then a knockout of the top eight::

    round 1  checked-in players only: ten come, Jäger and König are absent (the check-in writes them
             into their absences); the tables' plan excludes table 3 and keeps table 1 for the top board
    round 2  two late players (Mahler, Neumann) join; a result corrected; a game set at table 9 by hand
    round 3  Bauer's bye request granted (an absence)
    round 4  Lorenz withdrawn after round 3
    round 5  -
    6-8      the knockout of eight (quarter-finals, semi-finals, the final and the game for third place),
             its games ordinary games of those rounds, colours by the rules (no coin)

Every choice is fixed (no coin is tossed, the Swiss is deterministic), so the export is the same every
time it is built.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from tests.fixtures.every_kind import _games, _go, _new, _players, _results, _rounds, account
from tournament.models import Game, Registration, Tournament
from tournament.ranks import parse_rank
from tournament.services.bye_requests import bye_request_answer, bye_request_ask
from tournament.services.checkin import check_in_at_desk, checkin_settings, round_set_checked_in_only
from tournament.services.knockout import knockout_make, knockout_next_round
from tournament.services.players import player_enter_late
from tournament.services.registrations import registration_set_status
from tournament.services.results import result_set
from tournament.services.round_edits import game_move_table
from tournament.services.rounds import round_finish, round_pair, round_publish
from tournament.services.tables import table_plan_save

SLUG = "director-day"
ANSWERS = Path(__file__).resolve().parent / "oracle_answers"
#: The site's export of the tournament, and what the jar read of it (``oracle/record_readback.py``).
EXPORTED = ANSWERS / f"{SLUG}.exported.xml"
READBACK = ANSWERS / f"{SLUG}.readback.json"
#: The results in table order, round by round (Swiss 1-5, then the knockout's three rounds).
RESULTS = ["BWBWB", "WBBWBWB", "BBWWBW", "WBWBWB", "BWWBBW", "BWBW", "WB", "BW"]


def _late(t: Tournament, orga, surname: str, given: str, rank: str) -> Registration:
    return player_enter_late(
        tournament=t,
        data={"surname": surname, "given_name": given, "rank": parse_rank(rank), "country": "DE", "club": "Kassel"},
        user=orga,
    )


def _round(round_, orga, results: str) -> None:
    round_pair(round=round_, user=orga)
    round_publish(round=round_, user=orga)
    _results(round_, orga, results)


def director_day(orga=None) -> Tournament:
    """The tournament of the module's diagram (``orga``: the organizer account, made if not given)."""
    orga = orga or account("director-day-orga")
    t = _new(orga, SLUG, pairing_system="swiss")
    go = _go(t, orga, komi=Decimal("6.5"), handicap_policy="none")
    players = _players(t, orga, 12, accounts=2)
    r1, r2, r3, r4, r5 = _rounds(t, orga, go, 5)
    table_plan_save(tournament=t, excluded="3", reserved="1", user=orga)
    checkin_settings(tournament=t, open=True, by_name=True, user=orga)
    for player in players[:9] + players[11:]:
        check_in_at_desk(registration=player, user=orga)
    round_set_checked_in_only(round=r1, on=True, user=orga)
    _round(r1, orga, RESULTS[0])
    round_finish(round=r1, user=orga)

    _late(t, orga, "Mahler", "Mia", "5k")
    _late(t, orga, "Neumann", "Nils", "11k")
    granted = bye_request_ask(registration=players[1], round=r3, user=players[1].user)
    bye_request_answer(bye_request=granted, grant=True, user=orga)
    _round(r2, orga, RESULTS[1])
    game_move_table(game=_games(r2)[-1], table=9, user=orga)
    corrected = _games(r2)[1]
    result_set(game=corrected, user=orga, version=corrected.version, result="W", reason="Zettel vertauscht")
    round_finish(round=r2, user=orga)

    _round(r3, orga, RESULTS[2])
    round_finish(round=r3, user=orga)
    registration_set_status(registration=players[11], status="withdrawn", user=orga, reason="krank")
    for round_, results in ((r4, RESULTS[3]), (r5, RESULTS[4])):
        _round(round_, orga, results)
        round_finish(round=round_, user=orga)

    stage = knockout_make(tournament=t, user=orga, size=8, third_place=True, draw_rule="replay", colours="rules")
    round_ = stage.round
    for results in RESULTS[5:]:
        round_publish(round=round_, user=orga)
        _results(round_, orga, results)
        round_finish(round=round_, user=orga)
        if results is not RESULTS[-1]:
            round_ = knockout_next_round(tournament=t, user=orga)
    return t


def hand_set(t: Tournament) -> list[Game]:
    return list(Game.objects.filter(round__tournament=t, table_by_hand=True))
