"""The organizer's hand edits of a round's pairing, and the pairing constraints.

Swap two players, take one game out, pair two players by hand, give the
bye, move a game to another table; add and remove fixed and forbidden
pairs. The pairing rules of every edit (colours, handicap, komi, warnings,
which games may change) live in one place, the pure
:mod:`tournament.pairing.edits`; the functions here lock the round, hand it
the round's games as plain data, write back what it returns and record the
change in the audit log.

Games may be edited while the round is paired or published (a player who
does not turn up is replaced during the round), never in a finished round,
and a game that has a result is never changed: its result would otherwise
move to another pair.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import Bye, Game, PairConstraint, Registration, Round, Tournament
from tournament.pairing import edits
from tournament.pairing_words import refusal_text, warning_text
from tournament.permissions import ORGANIZER, require
from tournament.selectors.pairing_data import plain_game, player_key
from tournament.selectors.round_day import names_of, plain_round, warning_data
from tournament.selectors.tables import table_rules

from .audit import log_change
from .pairing_prints import pairing_changed
from .rounds import RoundStateError, new_game

#: The states in which the games of a round may be edited by hand.
EDITABLE = (Round.Status.PAIRED, Round.Status.PUBLISHED)


def _locked_round(round_: Round) -> Round:
    """The round, locked against other edits until the transaction ends, if its games may be edited."""
    locked = Round.objects.select_for_update().get(pk=round_.pk)
    if locked.status not in EDITABLE:
        raise RoundStateError(
            _("Round %(number)s is %(status)s: its games can only be edited while it is paired or published.")
            % {"number": locked.number, "status": locked.get_status_display()}
        )
    return locked


def _games(round_: Round) -> list[Game]:
    return list(Game.objects.select_for_update().filter(round=round_).order_by("table"))


def _refused(exc: edits.EditRefused, names: dict[str, str]) -> ValidationError:
    return ValidationError(refusal_text(exc.code, [names.get(k, k) for k in exc.players], exc.table))


def _words(warnings: list[dict]) -> list[str]:
    return [warning_text(w) for w in warnings]


def _playing(round_: Round, *players: Registration) -> None:
    for player in players:
        if player.tournament_id != round_.tournament_id:
            raise ValidationError(_("This player is not registered in this tournament."))
        if player.status != Registration.Status.CONFIRMED:
            raise ValidationError(
                _("%(name)s is not confirmed (%(status)s) and cannot be paired.")
                % {"name": player.spoken_name, "status": player.get_status_display()}
            )


def _not_a_team_round(round_: Round) -> None:
    """Refuse a game or a bye by hand in a team tournament: its games are the boards of matches, its bye a
    team's (pair the round again after changing a line-up)."""
    if round_.tournament.is_team_event:
        raise ValidationError(
            _(
                "%(tournament)s is a team tournament: a game is a board of a match and the bye goes to a team. "
                "Change the teams' line-ups and pair the round again."
            )
            % {"tournament": round_.tournament.name}
        )


def _not_a_board(games) -> None:
    """Refuse an edit of a team match's board: its players are their teams' line-up (remove the round's
    pairing to change it)."""
    board = next((g for g in games if g.match_id is not None), None)
    if board is not None:
        raise ValidationError(
            _("Table %(table)s is a board of a team match: remove the round's pairing to change it.")
            % {"table": board.table}
        )


def _write(round_: Round, before: list[Game], edit: edits.Edit, *, pinned: bool = True) -> list[Game]:
    """Replace the games at the edit's tables by the edit's games there (two steps: the unique
    places of a round never collide)."""
    tables = set(edit.changed)
    Game.objects.filter(round=round_, table__in=tables).delete()
    return [new_game(round_, g, pinned=pinned) for g in edit.games if g.table in tables]


def _seat(game: Game, names: dict[str, str]) -> dict:
    return {
        "table": game.table,
        "black": names.get(player_key(game.black_id)),
        "white": names.get(player_key(game.white_id)),
        "handicap": game.handicap,
    }


def _plan(round_: Round, make, player_a: Registration, player_b: Registration):
    """The round's games, the players' names, and the edit ``make`` plans for the two players (pure)."""
    games = _games(round_)
    names = names_of(round_)
    t, plain = plain_round(round_, games)
    try:
        return games, names, make(t, round_.number, plain, player_key(player_a.pk), player_key(player_b.pk))
    except edits.EditRefused as exc:
        raise _refused(exc, names) from exc


@transaction.atomic
def game_swap_players(
    *,
    round: Round,
    player_a: Registration,
    player_b: Registration,
    user,
) -> list[str]:
    """Swap two players between their games (or the colours of their one game); the warnings in words."""
    require(user, round.tournament, ORGANIZER)
    round_ = _locked_round(round)
    games, names, edit = _plan(round_, edits.swap_players, player_a, player_b)
    _not_a_board([g for g in games if g.table in edit.changed])
    before = [_seat(g, names) for g in games if g.table in edit.changed]
    made = _write(round_, games, edit)
    warnings = [warning_data(w, names) for w in edit.warnings]
    log_change(
        round_,
        "round.swap",
        user=user,
        before={"games": before},
        after={"games": [_seat(g, names) for g in made], "warnings": warnings},
    )
    pairing_changed(round_)
    return _words(warnings)


@transaction.atomic
def game_unpair(*, game: Game, user) -> Round:
    """Take one game out of its round: both players are unpaired (refused once the game has a result)."""
    require(user, game.round.tournament, ORGANIZER)
    round_ = _locked_round(game.round)
    games = _games(round_)
    names = names_of(round_)
    current = next((g for g in games if g.pk == game.pk), None)
    if current is None:
        raise ValidationError(_("This game is not in the round any more."))
    _not_a_board([current])
    _t, plain = plain_round(round_, games)
    try:
        edits.unpair_game(plain, current.table)
    except edits.EditRefused as exc:
        raise _refused(exc, names) from exc
    current.delete()
    log_change(round_, "round.unpair_game", user=user, before={"games": [_seat(current, names)]})
    pairing_changed(round_)
    round_.refresh_from_db()
    return round_


@transaction.atomic
def players_pair(
    *,
    round: Round,
    player_a: Registration,
    player_b: Registration,
    user,
) -> tuple[Game, list[str]]:
    """Pair two players without a game by hand (a bye either of them had goes); colours,
    handicap and komi by the rules. The new game is kept when the round is paired again."""
    require(user, round.tournament, ORGANIZER)
    round_ = _locked_round(round)
    _not_a_team_round(round_)
    _playing(round_, player_a, player_b)
    rules = table_rules(round_)
    games, names, edit = _plan(round_, lambda *args: edits.pair_by_hand(*args, rules=rules), player_a, player_b)
    byes = list(Bye.objects.filter(round=round_, player__in=[player_a, player_b]).select_related("player"))
    Bye.objects.filter(pk__in=[b.pk for b in byes]).delete()
    (game,) = _write(round_, games, edit)
    warnings = [warning_data(w, names) for w in edit.warnings]
    log_change(
        round_,
        "round.pair_by_hand",
        user=user,
        before={"bye": [b.player.spoken_name for b in byes]} if byes else None,
        after={"games": [_seat(game, names)], "warnings": warnings},
    )
    pairing_changed(round_)
    texts = _words(warnings)
    texts += [_("%(name)s no longer has the bye.") % {"name": b.player.spoken_name} for b in byes]
    return game, texts


@transaction.atomic
def round_set_bye(*, round: Round, player: Registration, user) -> Bye:
    """Give the round's bye to a player without a game; whoever had it is unpaired."""
    require(user, round.tournament, ORGANIZER)
    round_ = _locked_round(round)
    _not_a_team_round(round_)
    _playing(round_, player)
    if (
        Game.objects.filter(round=round_).filter(black=player).exists()
        or Game.objects.filter(round=round_, white=player).exists()
    ):
        raise ValidationError(_("%(name)s has a game in this round already.") % {"name": player.spoken_name})
    previous = list(Bye.objects.filter(round=round_).select_related("player"))
    if any(b.player_id == player.pk for b in previous):
        raise ValidationError(_("%(name)s has the bye already.") % {"name": player.spoken_name})
    Bye.objects.filter(pk__in=[b.pk for b in previous]).delete()
    bye = Bye.objects.create(round=round_, player=player)
    log_change(
        round_,
        "round.bye",
        user=user,
        before={"bye": [b.player.spoken_name for b in previous]} if previous else None,
        after={"bye": [player.spoken_name]},
    )
    pairing_changed(round_)
    return bye


@transaction.atomic
def game_move_table(*, game: Game, table: int, user) -> Game:
    """Put a game at another table (never an excluded one), marked as set by hand: renumbering the round
    keeps it there; a game already there takes the old table."""
    require(user, game.round.tournament, ORGANIZER)
    round_ = Round.objects.select_for_update().get(pk=game.round_id)
    if round_.status not in EDITABLE:
        raise RoundStateError(_("Tables can only be changed while the round is being played."))
    games = _games(round_)
    game = next((g for g in games if g.pk == game.pk), None)
    if game is None:
        raise ValidationError(_("This game is not in the round any more."))
    try:
        edit = edits.move_game([plain_game(g, round_.number) for g in games], game.table, table, table_rules(round_))
    except edits.EditRefused as exc:
        raise ValidationError(refusal_text(exc.code, [], exc.table)) from exc
    old = game.table
    table_of = {(int(g.black), int(g.white)): g.table for g in edit.games}
    moving = [g for g in games if table_of[(g.black_id, g.white_id)] != g.table]
    spare = max(g.table for g in games) + 1
    for i, g in enumerate(moving):  # first out of the way: a round's table numbers are unique
        Game.objects.filter(pk=g.pk).update(table=spare + i)
    now = timezone.now()  # pages cached by the games' latest change see the move
    for g in moving:  # the game moved is set by hand there; the one it displaced is not any more
        Game.objects.filter(pk=g.pk).update(
            table=table_of[(g.black_id, g.white_id)], table_by_hand=g.pk == game.pk, updated_at=now
        )
    game.refresh_from_db()
    log_change(game, "game.table", user=user, before={"table": old}, after={"table": table})
    if moving:
        pairing_changed(round_)
    return game


# --- pairing constraints -------------------------------------------------------------


@transaction.atomic
def pair_constraint_add(
    *,
    tournament: Tournament,
    kind: str,
    player_a: Registration,
    player_b: Registration,
    round: Round | None = None,
    reason: str = "",
    user,
) -> PairConstraint:
    """A fixed pair (for one round) or a forbidden pair (for one round or all); one that
    contradicts the constraints already there is refused (see :meth:`PairConstraint.clean`)."""
    require(user, tournament, ORGANIZER)
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()  # one constraint at a time
    constraint = PairConstraint(
        tournament=tournament, kind=kind, player_a=player_a, player_b=player_b, round=round, reason=reason
    )
    constraint.full_clean()
    constraint.save()
    log_change(
        constraint,
        "pairing.constraint",
        user=user,
        after={
            "kind": kind,
            "players": [player_a.spoken_name, player_b.spoken_name],
            "round": round.number if round else None,
        },
        reason=reason,
    )
    return constraint


@transaction.atomic
def pair_constraint_remove(*, constraint: PairConstraint, user, reason: str = "") -> None:
    """Remove a fixed or forbidden pair; it no longer counts the next time a round is paired."""
    require(user, constraint.tournament, ORGANIZER)
    constraint = PairConstraint.objects.select_related("player_a", "player_b", "round", "tournament").get(
        pk=constraint.pk
    )
    before = {
        "kind": constraint.kind,
        "players": [constraint.player_a.spoken_name, constraint.player_b.spoken_name],
        "round": constraint.round.number if constraint.round else None,
    }
    log_change(constraint, "pairing.remove_constraint", user=user, before=before, reason=reason)
    constraint.delete()
