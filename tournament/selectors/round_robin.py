"""A round robin's whole schedule as plain data for its printout (:mod:`tournament.pdf.schedule`).

Three queries whatever the size: the rounds, every game with its two players, every bye with its player.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament.local_time import local_time_text
from tournament.models import Bye, Game, Registration, Tournament
from tournament.pdf.data import SheetPlayer
from tournament.ranks import format_rank, rating_from_rank


@dataclass(frozen=True)
class ScheduledGame:
    table: int
    black: int  # the player's number: its place in :attr:`RobinSchedule.players`, from 1
    white: int
    handicap: int = 0
    result: str = ""  # ``1-0``, ``0-1!``... (Black first), empty while none


@dataclass(frozen=True)
class ScheduledRound:
    number: int
    date: str  # its start in local time and the active language, or empty
    discipline: str
    games: tuple[ScheduledGame, ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True)
class RobinSchedule:
    tournament: str
    #: every player of the schedule in seat order (the strongest first, as the schedule seats them)
    players: tuple[SheetPlayer, ...]
    rounds: tuple[ScheduledRound, ...]  # the rounds with games or a bye, by number


def _seat_key(reg: Registration) -> tuple:
    """The seating's order (:func:`tournament.pairing.round_robin.seating`): rank, rating, name."""
    rating = reg.rating if reg.rating is not None else rating_from_rank(reg.rank)
    return (-reg.rank, -rating, reg.surname, reg.given_name, str(reg.pk))


def robin_schedule(tournament: Tournament) -> RobinSchedule:
    rounds = list(tournament.rounds.select_related("discipline").order_by("number"))
    games = list(
        Game.objects.filter(round__tournament=tournament).select_related("black", "white").order_by("table")
    )
    byes = list(Bye.objects.filter(round__tournament=tournament).select_related("player"))
    regs = {g.black.pk: g.black for g in games} | {g.white.pk: g.white for g in games}
    regs |= {b.player.pk: b.player for b in byes}
    seated = sorted(regs.values(), key=_seat_key)
    number = {reg.pk: n for n, reg in enumerate(seated, 1)}
    by_round: dict[int, list[ScheduledGame]] = {}
    for g in games:
        result = g.result_short if g.has_result else ""
        by_round.setdefault(g.round_id, []).append(
            ScheduledGame(g.table, number[g.black_id], number[g.white_id], g.handicap, result)
        )
    rested: dict[int, list[int]] = {}
    for b in byes:
        rested.setdefault(b.round_id, []).append(number[b.player_id])
    return RobinSchedule(
        tournament=tournament.name,
        players=tuple(
            SheetPlayer(r.surname, r.given_name, format_rank(r.rank), r.club, r.country) for r in seated
        ),
        rounds=tuple(
            ScheduledRound(
                number=r.number,
                date=local_time_text(r.starts_at, tournament),
                discipline=r.discipline.name,
                games=tuple(by_round.get(r.pk, ())),
                byes=tuple(sorted(rested.get(r.pk, ()))),
            )
            for r in rounds
            if r.pk in by_round or r.pk in rested
        ),
    )
