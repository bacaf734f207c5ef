"""A round robin's whole schedule made at once, taken back while no round is published, and a withdrawal.

The tournament's pairing system is "round robin" (``PairingSystem.ROUND_ROBIN``).
Its confirmed players (a withdrawn player takes no seat) take the seats of
FIDE's Berger table by strength (:mod:`tournament.pairing.round_robin`), once
or twice (a double round robin: each pair twice, the colours swapped); the
table's rounds go into the tournament's rounds 1, 2, ... as they stand in its
programme (each round its own discipline, its handicap and komi by that
discipline), every one stored as a paired round is (games, the bye, status
"paired"), so results, live boards, PDFs, standings and exports work as for
any round. Rounds the schedule needs beyond the programme are added to it
(:func:`added_rounds`: the last round's discipline, start times continuing
the programme's rhythm); rounds the programme has beyond the schedule stay
planned and empty. A player who said they would miss a round keeps their game
in it (as OpenGotha's round-robin frame marks both players present): the
organizer is told, and moves the game or records it by default.

Refused: a tournament of another system, a team, Pair Go or Rengo event (the
schedule seats single players), games or byes already in any round, a round
that is not planned, fewer than two players or more than
:data:`~tournament.limits.MAX_ROUND_ROBIN_PLAYERS`, a programme without a
discipline. Two organizers making it at once: the tournament row is locked,
the second finds round 1 paired and nothing of it is kept.

A withdrawal (:func:`round_robin_withdraw`): the player is withdrawn, her byes
still to come go (a bye of a withdrawn player is not scored; they go as soon as
she is withdrawn, by whoever: :func:`~.registrations.robin_byes_away`), and the
director chooses once what becomes of her games without a result: forfeits
(each won by default by the opponent, the default), or, where she played
less than half of her games, all her games cancelled (deleted, each in the
audit log), the common round-robin rule (FIDE Handbook C.05: the results of
a player who withdrew before playing half do not count).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.limits import MAX_ROUND_ROBIN_PLAYERS
from tournament.models import Bye, Game, Knockout, Registration, Round, Tournament
from tournament.models.game import Result
from tournament.models.tournament import PairingSystem, round_robin_refusal
from tournament.pairing import model as pm
from tournament.pairing import tables
from tournament.pairing.round_robin import (
    group_name,
    group_schedules,
    round_games,
    rounds_needed,
    seating,
    snake_groups,
)
from tournament.pairing_words import tables_full_text
from tournament.permissions import ORGANIZER, require
from tournament.selectors.pairing_data import pairing_tournament, plain_tournament
from tournament.selectors.round_robin import Withdrawal, withdrawal_plan
from tournament.selectors.tables import table_rules

from .audit import log_change
from .pairing_prints import pairing_changed
from .registrations import registration_set_status, robin_byes_away
from .results import result_set, snapshot
from .rounds import RoundStateError, advance_round, round_create, round_unpair, unsaved_game


@dataclass
class Schedule:
    rounds: list[Round]
    players: int
    left_empty: list[int]  # the numbers of the programme's rounds beyond the schedule
    #: (name, round): players who said they would miss a round and have a game in it all the same
    absent: list[tuple[str, int]] = field(default_factory=list)
    #: the numbers of the rounds the schedule added to the programme, and whether they have start times
    added: list[int] = field(default_factory=list)
    added_dated: bool = False
    double: bool = False


def _refuse_unless_round_robin(tournament: Tournament) -> None:
    if tournament.pairing_system != PairingSystem.ROUND_ROBIN:
        raise ValidationError(
            _("This tournament is paired by %(system)s, not as a round robin; change it in the settings first.")
            % {"system": tournament.get_pairing_system_display()}
        )
    if tournament.is_team_event or tournament.is_pair_event:
        raise ValidationError(round_robin_refusal(tournament))


def _refuse_if_started(tournament: Tournament, rounds: list[Round]) -> None:
    started = [r.number for r in rounds if r.status != Round.Status.PLANNED]
    if started or Game.objects.filter(round__tournament=tournament).exists():
        raise RoundStateError(
            _("Rounds are paired already (%(rounds)s); remove their pairings before making the schedule.")
            % {"rounds": ", ".join(map(str, started)) or "-"}
        )
    if Bye.objects.filter(round__tournament=tournament).exists():
        raise RoundStateError(_("Byes are given already; remove them before making the schedule."))


def _refuse_field(players: int, group: str = "") -> None:
    if players < 2:
        if group:
            raise ValidationError(_("Group %(group)s needs at least two players.") % {"group": group})
        raise ValidationError(_("A round robin needs at least two registered players."))
    if players > MAX_ROUND_ROBIN_PLAYERS:
        if group:
            raise ValidationError(
                _("A group takes at most %(most)s players; group %(group)s has %(count)s.")
                % {"most": MAX_ROUND_ROBIN_PLAYERS, "group": group, "count": players}
            )
        raise ValidationError(
            _(
                "A round robin takes at most %(most)s players; %(count)s are registered. "
                "Pair this tournament by McMahon or Swiss instead."
            )
            % {"most": MAX_ROUND_ROBIN_PLAYERS, "count": players}
        )


def next_start_times(starts: list[dt.datetime | None], count: int) -> list[dt.datetime | None]:
    """The start times of ``count`` rounds added after a programme whose rounds start at ``starts``: the step
    between its last two rounds with a start time, continued from the last (a weekly club evening stays
    weekly, two rounds a day stay two a day); no start time where fewer than two rounds have one."""
    dated = [t for t in starts if t is not None]
    if len(dated) < 2 or dated[-1] <= dated[-2]:
        return [None] * count
    step = dated[-1] - dated[-2]
    return [dated[-1] + step * i for i in range(1, count + 1)]


def added_rounds(tournament: Tournament, rounds: list[Round], needed: int, *, user) -> list[Round]:
    """The rounds the schedule needs beyond the programme, added to it (audited as any new round): each plays
    the programme's last round's discipline (its first discipline when it has no round yet), starting as
    :func:`next_start_times` says."""
    missing = needed - len(rounds)
    if missing <= 0:
        return []
    discipline = rounds[-1].discipline if rounds else tournament.disciplines.order_by("position", "name").first()
    if discipline is None:
        raise ValidationError(_("Add a discipline to the programme first: the rounds of the schedule play it."))
    starts = next_start_times([r.starts_at for r in rounds], missing)
    first = rounds[-1].number + 1 if rounds else 1
    return [
        round_create(tournament=tournament, discipline=discipline, number=first + i, starts_at=start, user=user)
        for i, start in enumerate(starts)
    ]


def seated_players(tournament: Tournament):
    """The players who take a seat: the confirmed ones (neither preliminary nor withdrawn), as the engine's."""
    confirmed = {
        str(pk)
        for pk in tournament.registrations.filter(status=Registration.Status.CONFIRMED).values_list("pk", flat=True)
    }
    return [p for p in plain_tournament(tournament).players if p.key in confirmed]


def robin_groups(tournament: Tournament, players: list) -> dict[str, list]:
    """The seated players by group (a group stage: each group its own schedule), the groups in their
    names' order; one group named "" when nobody has a group. Refused: some players in a group and
    others in none."""
    group_of = dict(tournament.registrations.filter(pk__in=[int(p.key) for p in players]).values_list("pk", "group"))
    groups: dict[str, list] = {}
    for p in players:
        groups.setdefault(group_of[int(p.key)], []).append(p)
    if len(groups) > 1 and "" in groups:
        names = sorted(p.name + " " + p.first_name for p in groups[""])
        raise ValidationError(
            _("Put every player into a group, or none: %(players)s have no group.") % {"players": ", ".join(names)}
        )
    return dict(sorted(groups.items()))


@transaction.atomic
def groups_draw(*, tournament: Tournament, user, count: int) -> dict[str, list[str]]:
    """Deal the confirmed players into ``count`` groups of a group stage by strength, as a snake
    (:func:`~tournament.pairing.round_robin.snake_groups`: A B C C B A ...); 1 takes the groups away.
    Refused once the schedule is made. Audited with each group's players; their names by group."""
    require(user, tournament, ORGANIZER)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _refuse_unless_round_robin(tournament)
    _refuse_if_started(tournament, list(tournament.rounds.all()))
    players = seated_players(tournament)
    if not 1 <= count <= max(len(players) // 2, 1):
        raise ValidationError(
            _("Between 1 and %(most)s groups: each group needs at least two of the %(count)s players.")
            % {"most": max(len(players) // 2, 1), "count": len(players)}
        )
    by_key = {p.key: p for p in players}
    dealt = snake_groups(seating(players), count) if count > 1 else [[p.key for p in players]]
    names: dict[str, list[str]] = {}
    tournament.registrations.exclude(group="").update(group="")
    for index, keys in enumerate(dealt):
        name = group_name(index) if count > 1 else ""
        Registration.objects.filter(pk__in=[int(k) for k in keys]).update(group=name)
        names[name] = [f"{by_key[k].name} {by_key[k].first_name}".strip() for k in keys]
    log_change(tournament, "tournament.groups", user=user, after={"groups": names})
    return names


@transaction.atomic
def round_robin_schedule(*, tournament: Tournament, user, double: bool = False) -> Schedule:
    """Make every round of the round robin at once (module docstring); audited round by round."""
    require(user, tournament, ORGANIZER)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _refuse_unless_round_robin(tournament)
    rounds = list(tournament.rounds.select_related("discipline").order_by("number"))
    _refuse_if_started(tournament, rounds)
    players = seated_players(tournament)
    groups = robin_groups(tournament, players)
    for name, members in groups.items():
        _refuse_field(len(members), name)
    needed = max(rounds_needed(len(members), double=double) for members in groups.values())
    added = added_rounds(tournament, rounds, needed, user=user)
    rounds += added
    seated = [seating(members) for members in groups.values()]
    seats = [k for keys in seated for k in keys]
    names = {
        str(r.pk): r.spoken_name
        for r in Registration.objects.filter(tournament=tournament).only("pk", "tournament", "surname", "given_name")
    }
    made = []
    absent = []
    # the engine's view of the tournament, once per discipline and pairing system (its parameters): no game has
    # a result yet, so every round's handicaps come from the same starting scores
    plain: dict[tuple[int, str], pm.Tournament] = {}
    for robins, round_ in zip(group_schedules(seated, double=double), rounds):
        key = (round_.discipline_id, round_.pairing_system)
        if key not in plain:
            plain[key] = pairing_tournament(tournament, round_)
        board_order = []
        for robin in robins:  # the groups' games one after the other, in each group's board order
            board_order += [
                replace(g, table=len(board_order) + g.table) for g in round_games(plain[key], robin, round_.number)
            ]
        try:  # the board order, at the tables the round's table plan leaves
            games = tables.in_order(sorted(board_order, key=lambda g: g.table), table_rules(round_))
        except tables.TablesFull as exc:
            raise ValidationError(tables_full_text()) from exc
        absent += [(names[p.key], round_.number) for p in players if not p.present(round_.number)]
        advance_round(round_, Round.Status.PLANNED, Round.Status.PAIRED)
        Game.objects.bulk_create([unsaved_game(round_, g, pinned=False) for g in games])
        byes = [robin.bye for robin in robins if robin.bye is not None]
        Bye.objects.bulk_create([Bye(round=round_, player_id=int(k)) for k in byes])
        pairing_changed(round_)
        log_change(
            round_,
            "round.robin",
            user=user,
            after={"games": len(games), "bye": ", ".join(names[k] for k in byes) if byes else None},
        )
        made.append(round_)
    log_change(
        tournament,
        "tournament.round_robin",
        user=user,
        after={
            "players": [names[k] for k in seats],
            "rounds": len(made),
            "double": double,
            **({"groups": {g: [names[k] for k in keys] for g, keys in zip(groups, seated)}} if len(groups) > 1 else {}),
        },
    )
    return Schedule(
        rounds=made,
        players=len(players),
        left_empty=[r.number for r in rounds[needed:]],
        absent=absent,
        added=[r.number for r in added],
        added_dated=any(r.starts_at for r in added),
        double=double,
    )


@transaction.atomic
def round_robin_remove(*, tournament: Tournament, user) -> list[int]:
    """Take the whole schedule back (every paired round planned again, its games and byes gone) while no
    round is published; the numbers of the rounds emptied. For a player who registered late, say."""
    require(user, tournament, ORGANIZER)
    tournament.refresh_from_db()
    _refuse_unless_round_robin(tournament)
    if Knockout.objects.filter(tournament=tournament).exists():
        raise RoundStateError(_("The knockout stage is made from this schedule's results; remove it first."))
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


class Remaining:
    """What becomes of a withdrawn player's games without a result (the director's one choice)."""

    FORFEIT = "forfeit"  # each won by default by the opponent: the default
    CANCEL = "cancel"  # all her games cancelled, where she played less than half of them


@dataclass
class WithdrawalDone:
    plan: Withdrawal
    choice: str
    withdrawn_now: bool  # her registration was withdrawn by this call (not before, by her or an organizer)


@transaction.atomic
def round_robin_withdraw(
    *, registration: Registration, user, remaining: str = Remaining.FORFEIT, reason: str = ""
) -> WithdrawalDone:
    """Withdraw a player from a round robin and decide, once, about her schedule (module docstring).

    Refused: another system, a choice other than the two, cancelling where she played half of her games
    or more, and a second decision (nothing is left without a result, no bye to come). Every game changed
    or cancelled and every bye taken away is in the audit log, with ``reason``."""
    tournament = registration.tournament
    require(user, tournament, ORGANIZER)
    Tournament.objects.select_for_update().filter(pk=tournament.pk).get()
    _refuse_unless_round_robin(tournament)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    name = registration.spoken_name
    if remaining not in (Remaining.FORFEIT, Remaining.CANCEL):
        raise ValidationError(_("Choose what becomes of the remaining games."))
    plan = withdrawal_plan(registration)
    if not plan.pending:
        raise ValidationError(
            _("%(player)s has no game without a result and no bye to come: there is nothing left to decide.")
            % {"player": name}
        )
    if remaining == Remaining.CANCEL and not plan.may_cancel:
        raise ValidationError(
            _(
                "%(player)s played %(played)s of %(total)s games, half or more: those results stand, and the "
                "remaining games can only be forfeited."
            )
            % {"player": name, "played": plan.played, "total": plan.total}
        )
    withdrawn_now = registration.status != Registration.Status.WITHDRAWN
    if withdrawn_now:
        registration_set_status(
            registration=registration, status=Registration.Status.WITHDRAWN, user=user, reason=reason
        )
    why = reason or _("%(player)s withdrew from the round robin.") % {"player": name}
    mine = Q(black=registration) | Q(white=registration)
    if remaining == Remaining.CANCEL:
        changed = set(Game.objects.filter(mine).values_list("round_id", flat=True))
        changed |= set(Bye.objects.filter(player=registration).values_list("round_id", flat=True))
        pairing_changed(*changed)
        for game in Game.objects.filter(mine).select_related("round", "black", "white"):
            log_change(
                game,
                "game.cancel",
                user=user,
                before={
                    "round": game.round.number,
                    "table": game.table,
                    "black": game.black.spoken_name,
                    "white": game.white.spoken_name,
                    "result": snapshot(game),
                },
                reason=why,
            )
            game.delete()
        for bye in Bye.objects.filter(player=registration).select_related("round"):
            log_change(bye.round, "round.bye.remove", user=user, before={"bye": name}, reason=why)
            bye.delete()
    else:
        # her byes to come first (gone already if she was withdrawn before): the forfeits are results after them
        robin_byes_away(registration, user=user, reason=why)
        for game in Game.objects.filter(mine, result=Result.UNKNOWN).select_related(
            "round__tournament", "round__discipline"
        ):
            won = Result.WHITE if game.black_id == registration.pk else Result.BLACK
            result_set(game=game, user=user, version=game.version, result=won, by_default=True, reason=why)
    log_change(
        registration,
        "registration.robin_withdraw",
        user=user,
        after={"remaining": remaining, "games": len(plan.remaining), "byes": list(plan.byes)},
        reason=why,
    )
    return WithdrawalDone(plan=plan, choice=remaining, withdrawn_now=withdrawn_now)
