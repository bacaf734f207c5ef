"""A round robin read: its whole schedule as plain data for its printout (:mod:`tournament.pdf.schedule`:
three queries whatever the size), and what a player's withdrawal decides about (:func:`withdrawal_plan`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from tournament.collation import sorted_by_name
from tournament.local_time import local_time_text
from tournament.models import Bye, Game, Registration, Tournament
from tournament.pdf.data import RobinSchedule, ScheduledGame, ScheduledRound, SheetPlayer
from tournament.ranks import format_rank, rating_from_rank


def _seat_key(reg: Registration) -> tuple:
    """The seating's order (:func:`tournament.pairing.round_robin.seating`): rank, rating, name."""
    rating = reg.rating if reg.rating is not None else rating_from_rank(reg.rank)
    return (-reg.rank, -rating, reg.surname, reg.given_name, str(reg.pk))


def robin_schedule(tournament: Tournament) -> RobinSchedule:
    rounds = list(tournament.rounds.select_related("discipline").order_by("number"))
    games = list(Game.objects.filter(round__tournament=tournament).select_related("black", "white").order_by("table"))
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
        players=tuple(SheetPlayer(r.surname, r.given_name, format_rank(r.rank), r.club, r.country) for r in seated),
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


@dataclass(frozen=True)
class Withdrawal:
    """What a withdrawal does to a round robin's schedule (:func:`withdrawal_plan`)."""

    played: int  # her games with a result played over the board (not by default)
    total: int  # every game of hers in the schedule
    #: her games without a result: (round, table, the opponent's id and name), by round
    remaining: tuple[tuple[int, int, int, str], ...]
    #: the rounds of her byes still to come (after her last game with a result): they go, not scored
    byes: tuple[int, ...]
    #: the games she played over the board or lost by default already: (round, table, opponent's name)
    decided: tuple[tuple[int, int, str], ...] = ()

    @property
    def pending(self) -> bool:
        """Something is left to decide: games without a result, or byes to come."""
        return bool(self.remaining or self.byes)

    @property
    def may_cancel(self) -> bool:
        """Her results may all be cancelled: she played less than half of her games (the common rule)."""
        return 2 * self.played < self.total


def withdrawal_plan(registration: Registration) -> Withdrawal:
    """Her games and byes in the tournament, as a withdrawal decides about them."""
    games = list(
        Game.objects.filter(Q(black=registration) | Q(white=registration))
        .select_related("round", "black", "white")
        .order_by("round__number", "table")
    )

    def opponent(g: Game) -> Registration:
        return g.white if g.black_id == registration.pk else g.black

    decided = [g for g in games if g.has_result]
    last = max((g.round.number for g in decided), default=0)
    byes = Bye.objects.filter(player=registration, round__number__gt=last).order_by("round__number")
    return Withdrawal(
        played=sum(1 for g in decided if not g.by_default),
        total=len(games),
        remaining=tuple(
            (g.round.number, g.table, opponent(g).pk, opponent(g).spoken_name) for g in games if not g.has_result
        ),
        byes=tuple(byes.values_list("round__number", flat=True)),
        decided=tuple((g.round.number, g.table, opponent(g).spoken_name) for g in decided),
    )


def withdrawals_pending(tournament: Tournament) -> list[Registration]:
    """The withdrawn players of a round robin about whose schedule the director has not decided yet."""
    withdrawn = sorted_by_name(tournament.registrations.filter(status=Registration.Status.WITHDRAWN))
    return [reg for reg in withdrawn if withdrawal_plan(reg).pending]
