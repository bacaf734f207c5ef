"""Requests for byes as the pages show them: a player's own, a round's, the tournament's unanswered ones."""

from __future__ import annotations

from decimal import Decimal

from tournament.models import ByeRequest, Registration, Round, Tournament
from tournament.models.tournament import PairingSystem

from .pairing_data import parameters_for


def requests_of(registration: Registration) -> dict[int, ByeRequest]:
    """The player's requests by round number."""
    found = ByeRequest.objects.filter(registration=registration).select_related("round")
    return {r.round.number: r for r in found}


def round_requests(round_: Round) -> list[ByeRequest]:
    """The round's requests, unanswered first, then in the order they came."""
    found = ByeRequest.objects.filter(round=round_).select_related("registration", "decided_by")
    return sorted(found, key=lambda r: (r.status != ByeRequest.Status.PENDING, r.requested_at, r.pk))


def waiting_requests(tournament: Tournament) -> list[ByeRequest]:
    """The tournament's requests nobody has answered yet, by round (the dashboard's list)."""
    found = ByeRequest.objects.filter(round__tournament=tournament, status=ByeRequest.Status.PENDING)
    return list(found.select_related("round", "registration").order_by("round__number", "requested_at", "pk"))


def granted_bye_points(tournament: Tournament) -> Decimal:
    """What a granted bye scores: the points of an absence, as the standings count them (the McMahon
    points in a McMahon, the wins in a Swiss tournament or a round robin)."""
    general = parameters_for(tournament).general
    wins = tournament.pairing_system in (PairingSystem.SWISS, PairingSystem.ROUND_ROBIN)
    return Decimal(general.nbw2_absent if wins else general.mms2_absent) / 2
