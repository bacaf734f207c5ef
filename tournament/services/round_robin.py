"""A round robin's whole schedule made at once, and taken back while no round is published.

The tournament's pairing system is "round robin" (``PairingSystem.ROUND_ROBIN``).
Its finally registered players take the seats of FIDE's Berger table by
strength (:mod:`tournament.pairing.round_robin`); the table's rounds go into
the tournament's rounds 1, 2, ... as they stand in its programme (each round
its own discipline, its handicap and komi by that discipline), every one
stored as a paired round is (games, the bye, status "paired"), so results,
live boards, PDFs, standings and exports work as for any round. Rounds the
programme has beyond the schedule stay planned and empty (a double round
robin is not made here). A player who said they would miss a round keeps
their game in it (as OpenGotha's round-robin frame marks both players
present): the organizer is told, and moves the game or records it by default.

Refused: a tournament of another system, games or byes already in any round,
a round that is not planned, fewer than two players or more than
:data:`~tournament.limits.MAX_ROUND_ROBIN_PLAYERS`, a programme with fewer
rounds than the schedule needs. Two organizers making it at once: the
second finds round 1 paired (the status moves by a conditional update) and
nothing of it is kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.limits import MAX_ROUND_ROBIN_PLAYERS
from tournament.models import Bye, Game, Registration, Round, Tournament
from tournament.models.tournament import PairingSystem
from tournament.pairing.round_robin import round_games, rounds_needed, schedule, seating
from tournament.permissions import ORGANIZER, require
from tournament.selectors.pairing_data import pairing_tournament, plain_tournament

from .audit import log_change
from .rounds import RoundStateError, advance_round, round_unpair, unsaved_game


@dataclass
class Schedule:
    rounds: list[Round]
    players: int
    left_empty: list[int]  # the numbers of the programme's rounds beyond the schedule
    #: (name, round): players who said they would miss a round and have a game in it all the same
    absent: list[tuple[str, int]] = field(default_factory=list)


def _refuse_unless_round_robin(tournament: Tournament) -> None:
    if tournament.pairing_system != PairingSystem.ROUND_ROBIN:
        raise ValidationError(
            _("This tournament is paired by %(system)s, not as a round robin; change it in the settings first.")
            % {"system": tournament.get_pairing_system_display()}
        )


def _refuse_if_started(tournament: Tournament, rounds: list[Round]) -> None:
    started = [r.number for r in rounds if r.status != Round.Status.PLANNED]
    if started or Game.objects.filter(round__tournament=tournament).exists():
        raise RoundStateError(
            _("Rounds are paired already (%(rounds)s); remove their pairings before making the schedule.")
            % {"rounds": ", ".join(map(str, started)) or "-"}
        )
    if Bye.objects.filter(round__tournament=tournament).exists():
        raise RoundStateError(_("Byes are given already; remove them before making the schedule."))


def _refuse_field(players: int, needed: int, programme: int) -> None:
    if players < 2:
        raise ValidationError(_("A round robin needs at least two registered players."))
    if players > MAX_ROUND_ROBIN_PLAYERS:
        raise ValidationError(
            _(
                "A round robin takes at most %(most)s players; %(count)s are registered. "
                "Pair this tournament by McMahon or Swiss instead."
            )
            % {"most": MAX_ROUND_ROBIN_PLAYERS, "count": players}
        )
    if programme < needed:
        raise ValidationError(
            ngettext(
                "A round robin of %(players)s players takes %(needed)s rounds; the programme has %(count)s round. "
                "Add the missing rounds first.",
                "A round robin of %(players)s players takes %(needed)s rounds; the programme has %(count)s rounds. "
                "Add the missing rounds first.",
                programme,
            )
            % {"players": players, "needed": needed, "count": programme}
        )


@transaction.atomic
def round_robin_schedule(*, tournament: Tournament, user) -> Schedule:
    """Make every round of the round robin at once (module docstring); audited round by round."""
    require(user, tournament, ORGANIZER)
    tournament.refresh_from_db()
    _refuse_unless_round_robin(tournament)
    rounds = list(tournament.rounds.select_related("discipline").order_by("number"))
    _refuse_if_started(tournament, rounds)
    players = [p for p in plain_tournament(tournament).players if p.final]
    needed = rounds_needed(len(players))
    _refuse_field(len(players), needed, len(rounds))
    seats = seating(players)
    names = {
        str(r.pk): r.spoken_name
        for r in Registration.objects.filter(tournament=tournament).only("pk", "tournament", "surname", "given_name")
    }
    made = []
    absent = []
    for robin, round_ in zip(schedule(seats), rounds):
        games = round_games(pairing_tournament(tournament, round_), robin, round_.number)
        absent += [(names[p.key], round_.number) for p in players if not p.present(round_.number)]
        advance_round(round_, Round.Status.PLANNED, Round.Status.PAIRED)
        Game.objects.bulk_create([unsaved_game(round_, g, pinned=False) for g in games])
        if robin.bye is not None:
            Bye.objects.create(round=round_, player_id=int(robin.bye))
        log_change(
            round_,
            "round.robin",
            user=user,
            after={"games": len(games), "bye": names[robin.bye] if robin.bye is not None else None},
        )
        made.append(round_)
    log_change(
        tournament,
        "tournament.round_robin",
        user=user,
        after={"players": [names[k] for k in seats], "rounds": len(made)},
    )
    return Schedule(rounds=made, players=len(players), left_empty=[r.number for r in rounds[needed:]], absent=absent)


@transaction.atomic
def round_robin_remove(*, tournament: Tournament, user) -> list[int]:
    """Take the whole schedule back (every paired round planned again, its games and byes gone) while no
    round is published; the numbers of the rounds emptied. For a player who registered late, say."""
    require(user, tournament, ORGANIZER)
    tournament.refresh_from_db()
    _refuse_unless_round_robin(tournament)
    rounds = list(tournament.rounds.order_by("number"))
    public = [r.number for r in rounds if r.status in (Round.Status.PUBLISHED, Round.Status.FINISHED)]
    if public:
        raise RoundStateError(
            ngettext(
                "Round %(rounds)s is published; take it back first, or keep the schedule.",
                "Rounds %(rounds)s are published; take them back first, or keep the schedule.",
                len(public),
            )
            % {"rounds": ", ".join(map(str, public))}
        )
    paired = [r for r in rounds if r.status == Round.Status.PAIRED]
    if not paired:
        raise RoundStateError(_("No round is paired: there is no schedule to remove."))
    for round_ in paired:
        round_unpair(round=round_, user=user, keep_pinned=False)
    numbers = [r.number for r in paired]
    log_change(tournament, "tournament.round_robin_remove", user=user, before={"rounds": numbers})
    return numbers
