"""Rounds: create, pair with the pairing engine, edit, publish, finish.

Every write is atomic, moves the round's status only along
:attr:`Round.TRANSITIONS` with a conditional update on ``Round.version`` (so
two organizers pairing or publishing at once cannot both succeed, on SQLite
as on PostgreSQL), and is recorded in the audit log.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _

from tournament.limits import MAX_ROUND
from tournament.models import (
    Bye,
    Discipline,
    Game,
    Match,
    PairConstraint,
    PairingRecord,
    Registration,
    Round,
    Tournament,
)
from tournament.models.game import Result
from tournament.models.tournament import PairingSystem
from tournament.pairing import engine, explain
from tournament.pairing.context import opengotha_options
from tournament.pairing.model import Game as PlainGame
from tournament.pairing.tables import TablesFull
from tournament.pairing_words import tables_full_text
from tournament.permissions import ORGANIZER, require
from tournament.selectors.checkin import NOT_CHECKED_IN
from tournament.selectors.pairing_data import pair_constraints_for, pairing_tournament, player_key
from tournament.selectors.round_day import recorded_checks
from tournament.selectors.tables import table_rules

from .audit import log_change
from .checkin import give_back_absences, leave_out_not_checked_in
from .pairing_prints import pairing_changed


class RoundStateError(ValidationError):
    """The round is not in a state that allows the operation (or changed meanwhile)."""


@dataclass
class PairingOutcome:
    round: Round
    games: int
    bye: Registration | None
    warnings: list[dict] = field(default_factory=list)  # codes with names (see tournament.pairing_words)


def advance_round(round_: Round, from_status: str, to_status: str) -> Round:
    """Move the round's status with a conditional update; refuse a stale round."""
    if to_status not in Round.TRANSITIONS[Round.Status(from_status)]:
        raise RoundStateError(_("A round cannot go from %(old)s to %(new)s.") % {"old": from_status, "new": to_status})
    updated = Round.objects.filter(pk=round_.pk, status=from_status, version=round_.version).update(
        status=to_status, version=F("version") + 1
    )
    if not updated:
        current = Round.objects.get(pk=round_.pk)
        raise RoundStateError(
            _("Round %(number)s is %(status)s now; somebody else changed it meanwhile.")
            % {"number": current.number, "status": current.get_status_display()}
        )
    round_.refresh_from_db()
    return round_


def _names(text: str, players: dict[str, Registration]) -> str:
    """The engine names players by key (their id); people want names."""
    return re.sub(r"\b\d+\b", lambda m: players[m.group()].spoken_name if m.group() in players else m.group(), text)


@transaction.atomic
def round_create(
    *,
    tournament: Tournament,
    discipline: Discipline,
    number: int | None = None,
    pairing_system: str = "",
    starts_at=None,
    user,
) -> Round:
    require(user, tournament, ORGANIZER)
    if discipline.tournament_id != tournament.pk:
        raise ValidationError(_("The discipline belongs to another tournament."))
    if number is None:
        number = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    if not 1 <= number <= MAX_ROUND:
        raise ValidationError(_("Give a round number from 1 to %(most)s.") % {"most": MAX_ROUND}, code="number")
    if tournament.rounds.filter(number=number).exists():
        raise ValidationError(_("Round %(number)s exists already.") % {"number": number})
    round_ = Round(
        tournament=tournament, discipline=discipline, number=number, pairing_system=pairing_system, starts_at=starts_at
    )
    round_.full_clean()
    round_.save()
    log_change(round_, "round.create", user=user, after={"number": number, "discipline": discipline.name})
    return round_


def pairing_warnings_before(round_: Round) -> list[dict]:
    """What an organizer should know before pairing ``round_``: earlier rounds not published, results missing."""
    warnings: list[dict] = []
    earlier = list(round_.tournament.rounds.filter(number__lt=round_.number).order_by("number"))
    unpublished = [r.number for r in earlier if not r.is_public]
    if unpublished:
        warnings.append({"code": "earlier-unpublished", "rounds": unpublished})
    missing: dict[int, list[int]] = {}
    for number, table in (
        Game.objects.filter(round__in=[r for r in earlier if r.is_public], result=Result.UNKNOWN)
        .order_by("round__number", "table")
        .values_list("round__number", "table")
    ):
        missing.setdefault(number, []).append(table)
    warnings += [{"code": "missing-results", "round": n, "tables": tables} for n, tables in missing.items()]
    return warnings


def _constraint_conflicts(constraints, registrations: dict[int, Registration]) -> None:
    """Refuse constraints that contradict each other (entered before they were checked, or by hand in the database)."""
    fixed = [c for c in constraints if c.kind == PairConstraint.Kind.FIXED]
    forbidden = {
        frozenset((c.player_a_id, c.player_b_id)) for c in constraints if c.kind == PairConstraint.Kind.FORBIDDEN
    }
    seen: dict[int, PairConstraint] = {}
    for c in fixed:
        names = {"a": registrations[c.player_a_id].spoken_name, "b": registrations[c.player_b_id].spoken_name}
        if frozenset((c.player_a_id, c.player_b_id)) in forbidden:
            raise ValidationError(
                _("%(a)s and %(b)s are both a fixed and a forbidden pair; remove one of the two.") % names
            )
        for player_id in (c.player_a_id, c.player_b_id):
            if player_id in seen:
                raise ValidationError(
                    _("%(name)s is in two fixed pairs of this round; remove one of them.")
                    % {"name": registrations[player_id].spoken_name}
                )
            seen[player_id] = c


def _refuse_unpairable(round_: Round) -> None:
    """Refused before the engine runs: a round robin's round, a round not planned, a team tournament's round."""
    if round_.tournament.pairing_system == PairingSystem.ROUND_ROBIN:
        raise ValidationError(
            _("This tournament is a round robin: its rounds are paired all at once, by its schedule.")
        )
    if round_.is_knockout:
        raise ValidationError(
            _("Round %(number)s belongs to the knockout stage: its games are made by the bracket.")
            % {"number": round_.number}
        )
    if round_.status != Round.Status.PLANNED:
        raise RoundStateError(
            _("Round %(number)s is %(status)s; only a planned round can be paired.")
            % {"number": round_.number, "status": round_.get_status_display()}
        )
    if round_.tournament.is_team_event:  # the team pairing stores its matches through services.team_rounds
        raise RoundStateError(
            _("%(tournament)s is a team tournament: its rounds are paired team against team, not player by player.")
            % {"tournament": round_.tournament.name}
        )


@transaction.atomic
def round_pair(*, round: Round, user, held_tables: dict[int, int] | None = None) -> PairingOutcome:
    """Pair a planned round with the engine; kept (pinned) games stay as they are. The tables follow the
    round's table plan; ``held_tables`` (registration id -> table: the tables set by hand before
    :func:`round_repair` paired the round again) go to the games of those players, set by hand again.

    A warning, not a refusal: earlier rounds that are not published or still
    miss results (their games count as played, without points).
    """
    require(user, round.tournament, ORGANIZER)
    round_ = round
    round_.refresh_from_db()
    _refuse_unpairable(round_)
    tournament = round_.tournament
    warnings = pairing_warnings_before(round_)
    advance_round(round_, Round.Status.PLANNED, Round.Status.PAIRED)
    # a round of the checked-in players only: the others are absent in it (given back when the pairing goes)
    not_here = leave_out_not_checked_in(round_)

    data = pairing_tournament(tournament, round_)
    registrations = {p.pk: p for p in tournament.registrations.only("pk", "tournament", "surname", "given_name")}
    players = {player_key(pk): p for pk, p in registrations.items()}
    known = {p.key for p in data.players}
    present = {p.key for p in data.players if p.present(round_.number)}
    constraints = list(pair_constraints_for(round_))
    # the constraints this pairing uses: forbidden pairs of every round or this one, fixed pairs of this one
    _constraint_conflicts(
        [c for c in constraints if c.kind == PairConstraint.Kind.FORBIDDEN or c.round_id == round_.pk], registrations
    )
    forbidden = [
        (player_key(c.player_a_id), player_key(c.player_b_id))
        for c in constraints
        if c.kind == PairConstraint.Kind.FORBIDDEN
    ]
    kept = list(round_.games.filter(pinned=True))
    busy = {k for g in kept for k in (player_key(g.black_id), player_key(g.white_id))}
    fixed = []
    for c in constraints:
        pair = (player_key(c.player_a_id), player_key(c.player_b_id))
        if c.kind != PairConstraint.Kind.FIXED or c.round_id != round_.pk or set(pair) & busy:
            continue
        outside = [players[k].spoken_name for k in pair if k not in known]
        if outside:
            warnings.append({"code": "fixed-skipped", "players": outside})
            continue
        warnings += [{"code": "fixed-absent", "players": [players[k].spoken_name]} for k in pair if k not in present]
        fixed.append(pair)
    keep = [
        PlainGame(
            round=round_.number,
            white=player_key(g.white_id),
            black=player_key(g.black_id),
            handicap=g.handicap,
            table=g.table,
            komi=float(g.komi),
        )
        for g in kept
    ]
    round_.byes.all().delete()
    round_.games.filter(pinned=False).delete()
    held = {player_key(pk): table for pk, table in (held_tables or {}).items()}
    try:
        pairing = engine.pair_round(
            data,
            round_.number,
            forbidden=forbidden,
            fixed=fixed,
            keep=keep,
            options=opengotha_options(tournament.opengotha_version),
            table_rules=table_rules(round_),
            held_tables=held,
        )
    except TablesFull as exc:
        raise ValidationError(tables_full_text()) from exc
    except ValueError as exc:
        raise ValidationError(_names(str(exc), players)) from exc

    fixed_pairs = {frozenset(p) for p in fixed}
    kept_pairs = {frozenset((g.white, g.black)) for g in keep}
    made = [
        unsaved_game(round_, g, pinned=frozenset((g.white, g.black)) in fixed_pairs)
        for g in pairing.games
        if frozenset((g.white, g.black)) not in kept_pairs
    ]
    for game, g in zip(
        made, (g for g in pairing.games if frozenset((g.white, g.black)) not in kept_pairs), strict=True
    ):
        game.table_by_hand = g.table in (held.get(g.white), held.get(g.black))
    Game.objects.bulk_create(made, batch_size=500)  # one statement per 500 games, not one per game
    created = len(made)
    bye = None
    if pairing.bye is not None:
        bye = players[pairing.bye]
        Bye.objects.create(round=round_, player=bye)
    if pairing.unpaired:
        warnings.append({"code": "unpaired", "players": [players[k].spoken_name for k in pairing.unpaired]})
    for g in sorted(pairing.games, key=lambda g: g.table):
        cost = pairing.costs.get(frozenset((g.white, g.black)))
        if cost is not None and cost.terms.get("duplicate") == 0:
            warnings.append(
                {
                    "code": "rematch",
                    "table": g.table,
                    "players": [players[g.black].spoken_name, players[g.white].spoken_name],
                }
            )
    log_change(
        round_,
        "round.pair",
        user=user,
        after={
            "games": created + len(kept),
            "bye": bye.spoken_name if bye else None,
            "warnings": warnings,
            **({"not checked in": len(not_here)} if round_.checked_in_only else {}),
        },
    )

    # kept with the round: the round's page shows them (the words are made when it is read)
    def name(key: str) -> str:
        return players[key].spoken_name if key in players else key

    record = {
        "warnings": warnings,
        "explanations": explain.table_facts(pairing),
        "bye_explanation": explain.bye_facts(pairing, name),
        # the checks of the games as paired, worked out here with the data read for the pairing: the
        # round's page shows them while nothing they read has changed (publishing, this round's results)
        "checks": recorded_checks(round_, kept + made, data),
    }
    if not_here:
        record[NOT_CHECKED_IN] = [r.pk for r in not_here]
    PairingRecord.keep(round_.pk, record)
    pairing_changed(round_)
    round_.refresh_from_db()
    return PairingOutcome(round=round_, games=created + len(kept), bye=bye, warnings=warnings)


@transaction.atomic
def round_repair(*, round: Round, user) -> PairingOutcome:
    """Pair a paired round again (kept games stay), in one transaction: if the new
    pairing fails, the old one is still there, untouched."""
    require(user, round.tournament, ORGANIZER)
    round_ = round
    round_.refresh_from_db()
    held: dict[int, int] = {}
    for g in round_.games.filter(pinned=False, table_by_hand=True):
        held[g.black_id] = held[g.white_id] = g.table
    if round_.status == Round.Status.PAIRED:
        unpair_to_pair_again(round_, user=user)
        round_.refresh_from_db()
    return round_pair(round=round_, user=user, held_tables=held)


@transaction.atomic
def round_unpair(*, round: Round, user, keep_pinned: bool = True) -> Round:
    """Back to planned before publication; pinned (fixed, hand-made) games stay."""
    require(user, round.tournament, ORGANIZER)
    round_ = _unpair(round, user=user, keep_pinned=keep_pinned)
    pairing_changed(round_)
    round_.refresh_from_db()
    return round_


def unpair_to_pair_again(round_: Round, *, user) -> Round:
    """The first half of pairing a paired round again (its caller checked the rights, in the caller's
    transaction): :func:`round_unpair` but for the new pairing version, since the new pairing that
    follows is the one change of it."""
    return _unpair(round_, user=user, keep_pinned=True)


def _unpair(round_: Round, *, user, keep_pinned: bool) -> Round:
    """:func:`round_unpair` without the new pairing version (pairing again is one change)."""
    round_.refresh_from_db()
    advance_round(round_, Round.Status.PAIRED, Round.Status.PLANNED)
    games = round_.games.all() if not keep_pinned else round_.games.filter(pinned=False)
    removed = games.count()
    games.delete()
    round_.matches.all().delete()  # a team round's matches, with their games (their line-ups stay)
    round_.team_byes.all().delete()
    round_.byes.all().delete()
    give_back_absences(round_, PairingRecord.of(round_.pk, NOT_CHECKED_IN))
    PairingRecord.keep(round_.pk, {})
    log_change(round_, "round.unpair", user=user, before={"games removed": removed})
    return round_


def new_game(round_: Round, g: PlainGame, *, pinned: bool) -> Game:
    """A game of the round as the pairing (or a hand edit) made it."""
    game = unsaved_game(round_, g, pinned=pinned)
    game.save(force_insert=True)
    return game


def unsaved_game(round_: Round, g: PlainGame, *, pinned: bool) -> Game:
    """The game (not saved yet) that the engine's plain game ``g`` is in ``round_``."""
    komi = Decimal(str(g.komi)) if g.komi is not None else None
    return pair_game(
        round_, table=g.table, black=int(g.black), white=int(g.white), handicap=g.handicap, komi=komi, pinned=pinned
    )


def pair_game(
    round_: Round,
    *,
    table: int,
    black: int,
    white: int,
    handicap: int = 0,
    komi: Decimal | None = None,
    pinned: bool = False,
    match: Match | None = None,
    board: int | None = None,
) -> Game:
    """The game (not saved yet) of a pair of registrations (ids) in ``round_``, of an individual round or
    (``match``, ``board``) of a team round alike: the one place a pairing becomes a game; ``komi`` None
    is the round's discipline's komi."""
    return Game(
        round=round_,
        match=match,
        board=board,
        table=table,
        black_id=black,
        white_id=white,
        handicap=handicap,
        komi=round_.discipline.komi if komi is None else komi,
        pinned=pinned,
    )


def _has_pairing(round_: Round) -> None:
    if not round_.games.exists() and not round_.byes.exists():
        raise RoundStateError(_("Round %(number)s has no pairing to publish.") % {"number": round_.number})


def _has_no_results(round_: Round) -> None:
    if round_.games.exclude(result=Result.UNKNOWN).exists():
        raise RoundStateError(
            _("Round %(number)s has results already; it cannot be withdrawn.") % {"number": round_.number}
        )


def _has_all_results(round_: Round) -> None:
    missing = list(round_.games.filter(result=Result.UNKNOWN).values_list("table", flat=True))
    if missing:
        raise RoundStateError(_("Results are missing at tables %(tables)s.") % {"tables": ", ".join(map(str, missing))})


def _move(round_: Round, source: str, target: str, action: str, *, user, reason: str = "", check=None) -> Round:
    """One step of a round's life (``source`` to ``target``) by an organizer, after ``check``, audited."""
    require(user, round_.tournament, ORGANIZER)
    round_.refresh_from_db()
    if check is not None:
        check(round_)
    advance_round(round_, source, target)
    log_change(round_, action, user=user, reason=reason)
    return round_


def _step(source: str, target: str, action: str, doc: str, check=None):
    """A service moving a round from ``source`` to ``target`` (see :func:`_move`)."""

    @transaction.atomic
    def step(*, round: Round, user, reason: str = "") -> Round:
        return _move(round, source, target, action, user=user, reason=reason, check=check)

    step.__name__ = step.__qualname__ = action.replace(".", "_")
    step.__doc__ = doc
    return step


_S = Round.Status
round_publish = _step(_S.PAIRED, _S.PUBLISHED, "round.publish", "Publish the pairing.", _has_pairing)
round_unpublish = _step(_S.PUBLISHED, _S.PAIRED, "round.unpublish", "Withdraw it (no result yet).", _has_no_results)
round_finish = _step(_S.PUBLISHED, _S.FINISHED, "round.finish", "Close the round (every result in).", _has_all_results)
round_reopen = _step(_S.FINISHED, _S.PUBLISHED, "round.reopen", "Open a closed round again.")
