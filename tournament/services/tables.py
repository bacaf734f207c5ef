"""The tables: a tournament's (or one round's) table plan saved, and a round's tables numbered again.

The numbering is :func:`tournament.pairing.tables.number` (through the engine's
:func:`~tournament.pairing.engine.number_tables`, the pairing's order of the games): the
pairing, a game paired by hand and :func:`round_renumber_tables` all number through it.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import Game, Match, Round, TablePlan, Tournament
from tournament.pairing import engine, tables
from tournament.pairing.context import opengotha_options
from tournament.pairing_words import tables_full_text
from tournament.permissions import ORGANIZER, require
from tournament.selectors.pairing_data import pairing_tournament, plain_game, player_key
from tournament.selectors.tables import table_rules

from .audit import log_change
from .round_edits import EDITABLE
from .rounds import RoundStateError


def _fields(plan: TablePlan) -> dict:
    return {
        "excluded": plan.excluded,
        "reserved": plan.reserved,
        "reserved_use": plan.reserved_use,
        "halls": plan.halls,
    }


@transaction.atomic
def table_plan_save(
    *,
    tournament: Tournament,
    round: Round | None = None,
    excluded: str = "",
    reserved: str = "",
    reserved_use: str = TablePlan.ReservedUse.TOP,
    halls: str = "",
    user,
) -> TablePlan | None:
    """Save the tournament's table plan (``round`` None) or one round's (which then holds instead of the
    tournament's excluded and reserved tables; all empty: the round follows the tournament's again, and
    None is returned). Tables already given are not moved: renumber a paired round to follow the plan."""
    require(user, tournament, ORGANIZER)
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()  # one plan change at a time
    if round is not None and round.tournament_id != tournament.pk:
        raise ValidationError(_("This round is not one of the tournament's."))
    plan = TablePlan.objects.filter(tournament=tournament, round=round).first()
    before = _fields(plan) if plan else None
    if round is not None and not (excluded.strip() or reserved.strip()):
        if plan is not None:
            log_change(plan, "tables.plan", user=user, before={**before, "round": round.number})
            plan.delete()
            _shown_changed(tournament)
        return None
    plan = plan or TablePlan(tournament=tournament, round=round)
    plan.excluded = tables.tables_text(tables.parse_tables(excluded)) if _reads(excluded) else excluded
    plan.reserved = tables.tables_text(tables.parse_tables(reserved)) if _reads(reserved) else reserved
    plan.reserved_use = reserved_use
    plan.halls = halls.strip()
    plan.full_clean()
    rules = plan.rules
    both = rules.excluded & rules.reserved
    if both:
        raise ValidationError(
            {
                "reserved": _("Tables %(tables)s are excluded: they cannot be reserved too.")
                % {"tables": tables.tables_text(both)}
            }
        )
    plan.save()
    _shown_changed(tournament)
    after = _fields(plan)
    if round is not None:
        after["round"] = round.number
    log_change(plan, "tables.plan", user=user, before=before, after=after)
    return plan


def _shown_changed(tournament: Tournament) -> None:
    """The public pages show the hall plan: their version (the tournament's latest change) moves on."""
    Tournament.objects.filter(pk=tournament.pk).update(updated_at=timezone.now())


def _reads(text: str) -> bool:
    """Whether a table list reads (its errors are the model's validators' to say)."""
    try:
        tables.parse_tables(text)
    except tables.TableSpecError:
        return False
    return True


@transaction.atomic
def round_renumber_tables(*, round: Round, user) -> int:
    """Number the round's tables again by the pairing's order (best games first) and the round's table plan:
    excluded tables skipped, reserved ones to the top boards (or left empty), a table set by hand kept; a
    team round's matches in the order of their numbers, each match's boards in a row. How many games
    changed table."""
    require(user, round.tournament, ORGANIZER)
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    if round_.status not in EDITABLE:
        raise RoundStateError(_("Tables can only be changed while the round is being played."))
    games = list(Game.objects.select_for_update().filter(round=round_).order_by("table"))
    if not games:
        return 0
    held = {player_key(p): g.table for g in games if g.table_by_hand for p in (g.black_id, g.white_id)}
    try:
        if any(g.match_id is not None for g in games):
            table_of = _match_tables(round_, games)
        else:
            table_of = _game_tables(round_, games, held)
    except tables.TablesFull as exc:
        raise ValidationError(tables_full_text()) from exc
    moving = [g for g in games if table_of[g.pk] != g.table]
    if moving:
        spare = max(max(g.table for g in games), max(table_of.values())) + 1
        for i, g in enumerate(moving):  # first out of the way: a round's table numbers are unique
            Game.objects.filter(pk=g.pk).update(table=spare + i)
        now = timezone.now()  # pages cached by the games' latest change see the new tables
        for g in moving:
            table = table_of[g.pk]
            by_hand = g.table_by_hand and held.get(player_key(g.black_id)) == table
            Game.objects.filter(pk=g.pk).update(table=table, table_by_hand=by_hand, updated_at=now)
    log_change(
        round_,
        "round.renumber",
        user=user,
        after={"games moved": len(moving), "kept by hand": sorted({t for t in held.values()})},
    )
    return len(moving)


def _game_tables(round_: Round, games: list[Game], held: dict[str, int]) -> dict[int, int]:
    """Each game's table (by id), the pairing's order of the games and the tables held by hand."""
    t = pairing_tournament(round_.tournament, round_)
    plain = [plain_game(g, round_.number) for g in games]
    keys = sorted({k for g in plain for k in (g.white, g.black)})
    rc = engine.build_context(t, round_.number, keys, opengotha_options(round_.tournament.opengotha_version))
    numbered = engine.number_tables(rc, plain, (), table_rules(round_), held)
    table_of = {(int(g.black), int(g.white)): g.table for g in numbered}
    return {g.pk: table_of[(g.black_id, g.white_id)] for g in games}


def _match_tables(round_: Round, games: list[Game]) -> dict[int, int]:
    """A team round: each board's table (by id), the matches in the order of their numbers, each match's
    boards at the next run of free tables (:func:`tournament.pairing.tables.number_matches`); a board set
    by hand, and a game of no match, stays where it is."""
    kept = {g.pk: g.table for g in games if g.match_id is None or g.table_by_hand}
    boards: dict[int, list[Game]] = {}
    for g in sorted((g for g in games if g.pk not in kept), key=lambda g: g.board or 0):
        boards.setdefault(g.match_id, []).append(g)
    numbers = dict(Match.objects.filter(round=round_).values_list("pk", "table"))
    in_order = sorted(boards.items(), key=lambda item: numbers[item[0]])
    seats = tables.number_matches([len(b) for _m, b in in_order], table_rules(round_), taken=kept.values())
    return kept | {g.pk: table for (_m, b), seat in zip(in_order, seats, strict=True) for g, table in zip(b, seat)}
