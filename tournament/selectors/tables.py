"""The tables as the pairing and the pages read them: a round's rules (the round's own plan, else the
tournament's) and where a table is (the hall plan), in words."""

from __future__ import annotations

import hashlib

from django.db.models import Q
from django.utils.translation import gettext as _

from tournament.models import Round, TablePlan, Tournament
from tournament.pairing import tables


def table_rules(round_: Round) -> tables.TableRules:
    """The excluded and reserved tables of ``round_``: its own plan if it has one, else the tournament's."""
    rows = TablePlan.objects.filter(tournament_id=round_.tournament_id).filter(Q(round=round_) | Q(round__isnull=True))
    plans = {p.round_id: p for p in rows}
    plan = plans.get(round_.pk) or plans.get(None)
    return plan.rules if plan else tables.NO_RULES


def tournament_plan(tournament: Tournament) -> TablePlan | None:
    return TablePlan.objects.filter(tournament=tournament, round__isnull=True).first()


def hall_plan(tournament: Tournament) -> tables.HallPlan:
    """The tournament's hall plan (empty when it has none)."""
    return _halls(TablePlan.objects.filter(tournament=tournament))


def hall_plan_of(slug: str) -> tables.HallPlan:
    """The hall plan of the tournament ``slug`` (a projector's poll reads it for its ETag, before the tournament)."""
    return _halls(TablePlan.objects.filter(tournament__slug=slug))


def _halls(plans) -> tables.HallPlan:
    text = plans.filter(round__isnull=True).values_list("halls", flat=True).first()
    return tables.parse_halls(text or "")


def plan_key(plan: tables.HallPlan) -> str:
    """A short key of the hall plan, for the keys of the pages kept in the cache that show it."""
    return hashlib.sha1(repr(plan).encode(), usedforsecurity=False).hexdigest()[:12]


def place_text(place: tables.Place | None) -> str:
    """``Hall B, row 4`` (or only the room); empty when the plan does not say."""
    if place is None:
        return ""
    if place.row is None:
        return place.room
    return _("%(room)s, row %(row)s") % {"room": place.room, "row": place.row}


def where(plan: tables.HallPlan, table: int | None) -> str:
    """Where ``table`` is, in words (empty when the plan does not say)."""
    return place_text(plan.place(table))
