""" "Why not these two?": the organizer's question on a paired round, answered by the pairing engine.

The round's games, byes, kept games and never-pair constraints as plain data, handed to
:func:`tournament.pairing.explain.why_not` (one matching of the round's players with the two fixed
together, the work of pairing the round); the answer with the players' names and tables, for
:func:`tournament.pairing_words.why_not_lines` to put into words.
"""

from __future__ import annotations

import time

from tournament.models import PairConstraint, PairingRecord, Registration, Round
from tournament.names import spoken_name
from tournament.pairing import categories
from tournament.pairing.context import opengotha_options
from tournament.pairing.explain import why_not

from .pairing_data import pair_constraints_for, pairing_tournament, player_key


def why_not_these_two(round_: Round, a: Registration, b: Registration) -> dict:
    """Why ``a`` and ``b`` were not paired in ``round_`` (paired, published or finished; not a team round
    or a round robin's, which the caller refuses) and what pairing them would cost, as plain data: the
    engine's facts (:class:`~tournament.pairing.explain.WhyNotFacts`) with names for player keys,
    ``tables`` (each removed pair's table), ``names`` and ``cpu_seconds`` (the engine's work)."""
    tournament = round_.tournament
    games = list(round_.games.values_list("table", "white_id", "black_id", "pinned"))
    byes = [player_key(pk) for pk in round_.byes.values_list("player_id", flat=True)]
    forbidden = [
        frozenset((player_key(x), player_key(y)))
        for x, y in pair_constraints_for(round_)
        .filter(kind=PairConstraint.Kind.FORBIDDEN)
        .values_list("player_a_id", "player_b_id")
    ]
    data = pairing_tournament(tournament, round_)
    start = time.process_time()
    facts = why_not(
        data,
        round_.number,
        [(player_key(w), player_key(b_)) for _t, w, b_, _p in games],
        byes,
        player_key(a.pk),
        player_key(b.pk),
        forbidden=forbidden,
        kept=[frozenset((player_key(w), player_key(b_))) for _t, w, b_, pinned in games if pinned],
        options=opengotha_options(tournament.opengotha_version),
    )
    cpu = time.process_time() - start
    names = {
        player_key(pk): spoken_name(s, g)
        for pk, s, g in Registration.objects.filter(tournament=tournament).values_list("pk", "surname", "given_name")
    }
    tables = {frozenset((player_key(w), player_key(b_))): t for t, w, b_, _p in games}
    # each one's game instead, with what the pairing recorded of it (the round's PairingRecord)
    recorded = PairingRecord.of(round_.pk, "explanations").get("explanations") or {}
    instead = []
    for player in (a, b):
        for table, white, black, _pinned in games:
            if player.pk in (white, black):
                facts_then = recorded.get(str(table))
                same = isinstance(facts_then, dict) and {facts_then.get("white"), facts_then.get("black")} == {
                    white,
                    black,
                }
                other = black if player.pk == white else white
                instead.append(
                    {
                        "player": player_key(player.pk),
                        "opponent": player_key(other),
                        "table": table,
                        "recorded": facts_then if same else None,
                    }
                )
    return {
        **facts,
        "instead": instead,
        "names": names,
        "tables": tables,
        "cpu_seconds": cpu,
        "category_letters": [c.letter for c in categories.categories(tournament.category_list)]
        if tournament.category_list
        else [],
    }
