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
from django.db.models import F, Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.models import Bye, Discipline, Game, PairConstraint, Registration, Round, Tournament
from tournament.pairing import engine
from tournament.pairing.model import Game as PlainGame
from tournament.selectors.pairing_data import pairing_tournament, player_key

from .audit import log_action


class RoundStateError(ValidationError):
    """The round is not in a state that allows the operation (or changed meanwhile)."""


@dataclass
class PairingOutcome:
    round: Round
    games: int
    bye: Registration | None
    warnings: list[str] = field(default_factory=list)


def _advance(round_: Round, from_status: str, to_status: str) -> Round:
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
    return re.sub(r"\b\d+\b", lambda m: players[m.group()].full_name if m.group() in players else m.group(), text)


@transaction.atomic
def round_create(*, tournament: Tournament, discipline: Discipline, number: int | None = None,
                 pairing_system: str = "", starts_at=None, user=None) -> Round:
    if discipline.tournament_id != tournament.pk:
        raise ValidationError(_("The discipline belongs to another tournament."))
    if number is None:
        number = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    if tournament.rounds.filter(number=number).exists():
        raise ValidationError(_("Round %(number)s exists already.") % {"number": number})
    round_ = Round(tournament=tournament, discipline=discipline, number=number,
                   pairing_system=pairing_system, starts_at=starts_at)
    round_.full_clean()
    round_.save()
    log_action(tournament=tournament, action="round.create", obj=round_, user=user,
               after={"number": number, "discipline": discipline.name})
    return round_


@transaction.atomic
def round_pair(*, round: Round, user=None) -> PairingOutcome:  # noqa: A002 - the domain's word
    """Pair a planned round with the engine; kept (pinned) games stay as they are."""
    round_ = round
    round_.refresh_from_db()
    if round_.status != Round.Status.PLANNED:
        raise RoundStateError(
            _("Round %(number)s is %(status)s; only a planned round can be paired.")
            % {"number": round_.number, "status": round_.get_status_display()}
        )
    tournament = round_.tournament
    earlier_open = tournament.rounds.filter(number__lt=round_.number).exclude(
        status__in=[Round.Status.PUBLISHED, Round.Status.FINISHED]
    )
    warnings: list[str] = []
    if earlier_open.exists():
        warnings.append(_("Earlier rounds are not published yet: %(rounds)s.") % {
            "rounds": ", ".join(str(r.number) for r in earlier_open)})
    _advance(round_, Round.Status.PLANNED, Round.Status.PAIRED)

    data = pairing_tournament(tournament, round_)
    players = {player_key(p.pk): p for p in tournament.registrations.all()}
    constraints = pair_constraints_for(round_)
    forbidden = [(player_key(c.player_a_id), player_key(c.player_b_id))
                 for c in constraints if c.kind == PairConstraint.Kind.FORBIDDEN]
    kept = list(round_.games.filter(pinned=True))
    busy = {k for g in kept for k in (player_key(g.black_id), player_key(g.white_id))}
    fixed = [(player_key(c.player_a_id), player_key(c.player_b_id))
             for c in constraints if c.kind == PairConstraint.Kind.FIXED and c.round_id == round_.pk]
    fixed = [pair for pair in fixed if not (set(pair) & busy)]
    keep = [PlainGame(round=round_.number, white=player_key(g.white_id), black=player_key(g.black_id),
                      handicap=g.handicap, table=g.table, komi=float(g.komi)) for g in kept]
    round_.byes.all().delete()
    round_.games.filter(pinned=False).delete()
    try:
        pairing = engine.pair_round(data, round_.number, forbidden=forbidden, fixed=fixed, keep=keep)
    except ValueError as exc:
        raise ValidationError(_names(str(exc), players)) from exc

    fixed_pairs = {frozenset(p) for p in fixed}
    kept_pairs = {frozenset((g.white, g.black)) for g in keep}
    created = 0
    for g in pairing.games:
        if frozenset((g.white, g.black)) in kept_pairs:
            continue
        Game.objects.create(
            round=round_, table=g.table, black_id=int(g.black), white_id=int(g.white),
            handicap=g.handicap, komi=Decimal(str(g.komi if g.komi is not None else 0)),
            pinned=frozenset((g.white, g.black)) in fixed_pairs,
        )
        created += 1
    bye = None
    if pairing.bye is not None:
        bye = players[pairing.bye]
        Bye.objects.create(round=round_, player=bye)
    warnings += [_names(w, players) for w in pairing.warnings]
    log_action(tournament=tournament, action="round.pair", obj=round_, user=user,
               after={"games": created + len(kept), "bye": bye.full_name if bye else None,
                      "warnings": warnings, "explanations": _explanations(pairing),
                      "bye_explanation": _bye_explanation(pairing, players)})
    return PairingOutcome(round=round_, games=created + len(kept), bye=bye, warnings=warnings)


def _explanations(pairing) -> dict[str, dict]:
    """Per table: the pair's cost term by term and what lay behind it (plain data)."""
    rc = pairing.context
    out = {}
    for g in pairing.games:
        if g.white not in rc.seats or g.black not in rc.seats:
            continue
        cost = rc.cost(g.white, g.black)
        w, b = rc.seats[g.white], rc.seats[g.black]
        out[str(g.table)] = {
            "white": int(g.white),
            "black": int(g.black),
            "total": cost.total,
            "terms": {name: value for name, value in cost.terms.items()},
            "groups": [w.group, b.group],
            "same_club": bool(w.club) and w.club == b.club,
            "same_country": bool(w.country) and w.country == b.country,
            "colour_balance": [w.wb, b.wb],
            "rematch": cost.terms.get("duplicate") == 0,
        }
    return out


def _bye_explanation(pairing, players: dict[str, Registration]) -> dict | None:
    choice = pairing.bye_choice
    if choice is None:
        return None
    return {
        "player": players[choice.player].full_name if choice.player in players else choice.player,
        "weight": choice.weight,
        "mcmahon": pairing.context.tournament.params.mcmahon,
        "runners_up": [
            [players[k].full_name if k in players else k, weight] for k, weight in choice.runners_up
        ],
    }


#: The cost terms in words (OpenGotha's criteria).
TERM_NAMES = {
    "duplicate": gettext_lazy("avoid duplicate game"),
    "random": gettext_lazy("random"),
    "colour_balance": gettext_lazy("colour balance"),
    "category": gettext_lazy("categories"),
    "score_difference": gettext_lazy("score difference"),
    "dudd": gettext_lazy("draw-up/draw-down"),
    "seeding": gettext_lazy("seeding"),
    "handicap": gettext_lazy("handicap"),
    "geography": gettext_lazy("club and country"),
}


def explanation_lines(data: dict | list | str | None) -> list[str]:
    """A pair's explanation (as :func:`round_pair` records it) in the reader's language."""
    if not data:
        return []
    if isinstance(data, str):
        return [data]
    if isinstance(data, list):
        return [str(x) for x in data]
    lines = []
    if data.get("rematch"):
        lines.append(_("They have played each other before."))
    a, b = data.get("groups", [None, None])
    if a == b:
        lines.append(_("Same score group (%(group)s).") % {"group": a})
    else:
        lines.append(_("Score groups %(a)s and %(b)s.") % {"a": a, "b": b})
    if data.get("same_club"):
        lines.append(_("Same club."))
    elif data.get("same_country"):
        lines.append(_("Same country."))
    wa, wb = data.get("colour_balance", [0, 0])
    lines.append(_("Colour balance before the round: White %(w)+d, Black %(b)+d.") % {"w": wa, "b": wb})
    terms = ", ".join(
        f"{TERM_NAMES.get(name, name)} {value:,}".replace(",", "\u202f")
        for name, value in data.get("terms", {}).items()
        if value
    )
    lines.append(_("Pairing value %(total)s = 1 + %(terms)s.") % {
        "total": f"{data.get('total', 0):,}".replace(",", "\u202f"), "terms": terms})
    return lines


def game_explanation(game: Game, explanations: dict) -> list[str]:
    """The explanation recorded for the game's table, if the same two players still sit there."""
    data = explanations.get(str(game.table))
    if isinstance(data, dict) and {data.get("white"), data.get("black")} != {game.white_id, game.black_id}:
        return []
    return explanation_lines(data)


def bye_explanation_line(data: dict | str | None) -> str:
    if not data:
        return ""
    if isinstance(data, str):
        return data
    others = "; ".join(f"{name} ({weight})" for name, weight in data.get("runners_up", [])[:3])
    if data.get("mcmahon", True):
        text = _(
            "%(player)s has the lowest bye weight, %(weight)s (rank + twice the McMahon score, "
            "1000 more for each earlier bye)."
        )
    else:
        text = _(
            "%(player)s has the lowest bye weight, %(weight)s (rank + 40 per win, "
            "1000 more for each earlier bye)."
        )
    text = text % {"player": data.get("player"), "weight": data.get("weight")}
    if others:
        text += " " + _("Next in line: %(others)s.") % {"others": others}
    return text


def pair_constraints_for(round_: Round):
    """The tournament's pairing constraints that hold in this round (every-round ones included)."""
    return PairConstraint.objects.filter(tournament_id=round_.tournament_id).filter(
        Q(round__isnull=True) | Q(round=round_)
    )


@transaction.atomic
def round_unpair(*, round: Round, user=None, keep_pinned: bool = True) -> Round:  # noqa: A002
    """Back to planned before publication; pinned (fixed, hand-made) games stay."""
    round_ = round
    round_.refresh_from_db()
    _advance(round_, Round.Status.PAIRED, Round.Status.PLANNED)
    games = round_.games.all() if not keep_pinned else round_.games.filter(pinned=False)
    removed = games.count()
    games.delete()
    round_.byes.all().delete()
    log_action(tournament=round_.tournament, action="round.unpair", obj=round_, user=user,
               before={"games removed": removed})
    return round_


@transaction.atomic
def round_publish(*, round: Round, user=None) -> Round:  # noqa: A002
    round_ = round
    round_.refresh_from_db()
    if not round_.games.exists() and not round_.byes.exists():
        raise RoundStateError(_("Round %(number)s has no pairing to publish.") % {"number": round_.number})
    _advance(round_, Round.Status.PAIRED, Round.Status.PUBLISHED)
    log_action(tournament=round_.tournament, action="round.publish", obj=round_, user=user)
    return round_


@transaction.atomic
def round_unpublish(*, round: Round, user=None, reason: str = "") -> Round:  # noqa: A002
    round_ = round
    round_.refresh_from_db()
    if round_.games.exclude(result="?").exists():
        raise RoundStateError(_("Round %(number)s has results already; it cannot be withdrawn.") % {"number": round_.number})
    _advance(round_, Round.Status.PUBLISHED, Round.Status.PAIRED)
    log_action(tournament=round_.tournament, action="round.unpublish", obj=round_, user=user, reason=reason)
    return round_


@transaction.atomic
def round_finish(*, round: Round, user=None) -> Round:  # noqa: A002
    round_ = round
    round_.refresh_from_db()
    missing = list(round_.games.filter(result="?").values_list("table", flat=True))
    if missing:
        raise RoundStateError(
            _("Results are missing at tables %(tables)s.") % {"tables": ", ".join(map(str, missing))}
        )
    _advance(round_, Round.Status.PUBLISHED, Round.Status.FINISHED)
    log_action(tournament=round_.tournament, action="round.finish", obj=round_, user=user)
    return round_


@transaction.atomic
def round_reopen(*, round: Round, user=None, reason: str = "") -> Round:  # noqa: A002
    round_ = round
    round_.refresh_from_db()
    _advance(round_, Round.Status.FINISHED, Round.Status.PUBLISHED)
    log_action(tournament=round_.tournament, action="round.reopen", obj=round_, user=user, reason=reason)
    return round_


# --- manual edits ---------------------------------------------------------------


def _editable(round_: Round) -> None:
    if round_.status != Round.Status.PAIRED:
        raise RoundStateError(_("Only a paired round that is not published yet can be edited."))


def _round_context(round_: Round):
    """The pairing engine's view of the round: seats, scores, costs."""
    data = pairing_tournament(round_.tournament, round_)
    return engine.build_context(data, round_.number, [p.key for p in data.players], engine.Options())


def _apply_rules(rc, game: Game) -> None:
    """Colours, handicap and komi of a hand-made pair as the round's rules give them."""
    a, b = player_key(game.black_id), player_key(game.white_id)
    if a not in rc.seats or b not in rc.seats:
        return
    advised = engine.make_game(rc, a, b)
    game.black_id, game.white_id = int(advised.black), int(advised.white)
    game.handicap = advised.handicap
    game.komi = Decimal(str(advised.komi if advised.komi is not None else 0))


def edit_warnings(round_: Round, games: list[Game], rc=None) -> list[str]:
    """What the pairing engine would object to in these hand-made games."""
    rc = rc or _round_context(round_)
    warnings = []
    for game in games:
        b, w = player_key(game.black_id), player_key(game.white_id)
        if b not in rc.seats or w not in rc.seats:
            continue
        names = f"{game.black.full_name} – {game.white.full_name}"
        if rc.cost(w, b).terms.get("duplicate") == 0:
            warnings.append(_("Rematch: %(names)s have played each other before.") % {"names": names})
        advised = engine.make_game(rc, w, b)
        if advised.handicap != game.handicap:
            warnings.append(_("Handicap changed at table %(table)s: the rules give %(advised)s, the game has %(actual)s.")
                            % {"table": game.table, "advised": advised.handicap, "actual": game.handicap})
        if advised.handicap == 0 and rc.seats[b].wb < rc.seats[w].wb - 1:
            warnings.append(_("Colour imbalance at table %(table)s: %(name)s has had White less often.")
                            % {"table": game.table, "name": game.black.full_name})
    return warnings


@transaction.atomic
def game_swap_players(*, game_a: Game, player_a: Registration, game_b: Game, player_b: Registration, user=None) -> list[str]:
    """Swap two players between two games of a paired round (or the colours in one game).

    Two new pairs get their colours, handicap and komi by the round's rules;
    a colour swap in one game keeps its handicap and komi, and the warnings
    say where that goes against the rules.
    """
    round_ = game_a.round
    _editable(round_)
    if game_b.round_id != round_.pk:
        raise ValidationError(_("Both games must be in the same round."))
    game_a = Game.objects.select_for_update().get(pk=game_a.pk)
    game_b = Game.objects.select_for_update().get(pk=game_b.pk)
    before = {"a": [game_a.table, game_a.black_id, game_a.white_id], "b": [game_b.table, game_b.black_id, game_b.white_id]}
    rc = None
    if game_a.pk == game_b.pk:
        game_a.black_id, game_a.white_id = game_a.white_id, game_a.black_id
        game_a.pinned = True
        game_a.save()
        games = [game_a]
    else:
        side_a = "black" if game_a.black_id == player_a.pk else "white" if game_a.white_id == player_a.pk else None
        side_b = "black" if game_b.black_id == player_b.pk else "white" if game_b.white_id == player_b.pk else None
        if side_a is None or side_b is None:
            raise ValidationError(_("Each player must be in the game named with them."))
        setattr(game_a, f"{side_a}_id", player_b.pk)
        setattr(game_b, f"{side_b}_id", player_a.pk)
        rc = _round_context(round_)
        for g in (game_a, game_b):
            g.pinned = True
            if g.black_id == g.white_id:
                raise ValidationError(_("A player cannot play against themselves."))
            _apply_rules(rc, g)  # the new pairs get colours, handicap and komi by the rules
        # Two steps so that the unique (round, player) slots never collide.
        tables = (game_a.table, game_b.table)
        Game.objects.filter(pk__in=[game_a.pk, game_b.pk]).delete()
        game_a.pk = game_b.pk = None
        game_a.table, game_b.table = tables
        game_a.save()
        game_b.save()
        games = [game_a, game_b]
    warnings = edit_warnings(round_, games, rc)
    log_action(tournament=round_.tournament, action="round.swap", obj=round_, user=user, before=before,
               after={"games": [[g.table, g.black_id, g.white_id] for g in games], "warnings": warnings})
    return warnings


@transaction.atomic
def game_move_table(*, game: Game, table: int, user=None) -> Game:
    """Put a game at another table; a game already there takes the old table."""
    round_ = game.round
    if round_.status not in (Round.Status.PAIRED, Round.Status.PUBLISHED):
        raise RoundStateError(_("Tables can only be changed while the round is being played."))
    if table < 1:
        raise ValidationError(_("Table numbers start at 1."))
    game = Game.objects.select_for_update().get(pk=game.pk)
    old = game.table
    other = round_.games.filter(table=table).exclude(pk=game.pk).first()
    if other is not None:
        spare = (round_.games.aggregate(n=Max("table"))["n"] or 0) + 1
        Game.objects.filter(pk=other.pk).update(table=spare)
    now = timezone.now()  # pages cached by the games' latest change see the move
    Game.objects.filter(pk=game.pk).update(table=table, updated_at=now)
    if other is not None:
        Game.objects.filter(pk=other.pk).update(table=old, updated_at=now)
    game.refresh_from_db()
    log_action(tournament=round_.tournament, action="game.table", obj=game, user=user,
               before={"table": old}, after={"table": table})
    return game


@transaction.atomic
def pair_constraint_add(*, tournament: Tournament, kind: str, player_a: Registration, player_b: Registration,
                        round: Round | None = None, reason: str = "", user=None) -> PairConstraint:  # noqa: A002
    constraint = PairConstraint(tournament=tournament, kind=kind, player_a=player_a, player_b=player_b,
                                round=round, reason=reason)
    constraint.full_clean()
    constraint.save()
    log_action(tournament=tournament, action="pairing.constraint", obj=constraint, user=user,
               after={"kind": kind, "players": [player_a.full_name, player_b.full_name],
                      "round": round.number if round else None}, reason=reason)
    return constraint
