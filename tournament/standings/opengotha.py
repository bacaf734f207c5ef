"""An OpenGotha tournament (the pairing's plain data) as the standings' plain data.

The standings of a file as OpenGotha shows them: its placement criteria, its
general parameters, every round of the tournament (Go), the players by their
OpenGotha key. Used to hold our tables against OpenGotha's own answers
(``tests/pairing/opengotha``) and by the comparison report.
"""

from __future__ import annotations

from collections.abc import Iterable

from tournament.pairing import model as pm

from .criteria import code_for
from .model import Bye, Entrant, Game, RoundInfo, Settings, TournamentData


def criteria_codes(placement: Iterable[str]) -> tuple[str, ...]:
    """The site's codes for OpenGotha's placement criteria (NULL left out)."""
    return tuple(code_for(c) for c in placement if c and c.upper() != "NULL")


def standings_data(t: pm.Tournament, *, show_not_playing: bool = False) -> TournamentData:
    g = t.params.general
    last = max([g.number_of_rounds] + [x.round for x in t.games] + [b.round for b in t.byes])
    return TournamentData(
        entrants=tuple(
            Entrant(
                id=p.key,
                surname=p.name,
                given_name=p.first_name,
                rank=p.rank,
                mms_correction=p.mms_correction,
                club=p.club,
                country=p.country,
                rating=p.rating,
                absent_rounds=frozenset(r for r, here in enumerate(p.participation, 1) if not here),
            )
            for p in t.players
        ),
        rounds=tuple(RoundInfo(r, "Go") for r in range(1, last + 1)),
        games=tuple(
            Game(
                round=x.round,
                table=x.table,
                black=x.black,
                white=x.white,
                result=pm.CODE_OF_RESULT[x.result],
                handicap=x.handicap,
                by_default=x.by_default,
            )
            for x in t.games
        ),
        byes=tuple(Bye(b.round, b.player) for b in t.byes),
        settings=Settings(criteria=criteria_codes(t.params.placement), general=g, show_not_playing=show_not_playing),
        name=t.name,
    )
