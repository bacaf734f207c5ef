"""Freezing the final table for the prize-giving, and unfreezing it (both audited).

While frozen, everybody sees the tables as they were at the freeze, with the names and clubs as
corrected since (:mod:`tournament.selectors.frozen_standings`); a result changed after the freeze
moves nobody on them -- the organizer's standings page says which results changed and whom they would
move (:func:`tournament.selectors.standings.freeze_report`). Unfreezing needs a reason.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import FrozenStandings, Game, Round, Tournament
from tournament.permissions import ORGANIZER, require
from tournament.selectors.standings import discipline_names, standings_for
from tournament.selectors.team_standings import computed_team_table
from tournament.standings import frozen as fz

from .audit import log_change

#: The longest reason kept (a paragraph).
MAX_REASON = 1000


class FreezeError(ValidationError):
    pass


def _locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


@transaction.atomic
def standings_freeze(*, tournament: Tournament, user) -> FrozenStandings:
    """Freeze every table of the tournament as everybody sees it now: overall, each discipline's, the team
    table. Refused while a round is paired but not published (the frozen table would leave it out while
    its players already play it), before any round counts, and when frozen already."""
    require(user, tournament, ORGANIZER)
    current = _locked(tournament)
    if FrozenStandings.objects.filter(tournament=current).exists():
        raise FreezeError(_("The standings are frozen already."), code="frozen")
    waiting = list(
        current.rounds.filter(status=Round.Status.PAIRED).order_by("number").values_list("number", flat=True)
    )
    if waiting:
        raise FreezeError(
            _(
                "Round %(rounds)s is paired but not published: publish it (or remove its pairing) first, so that "
                "the frozen table counts what the players played."
            )
            % {"rounds": ", ".join(map(str, waiting))},
            code="unpublished",
        )
    overall = standings_for(current, public=True)
    if not overall.rounds:
        raise FreezeError(_("No round counts yet: there is no table to freeze."), code="empty")
    disciplines = {
        name: fz.standings_plain(standings_for(current, discipline=name)) for name in discipline_names(current)
    }
    teams = computed_team_table(current, public=True) if current.is_team_event else None
    results = [
        list(g)
        for g in Game.objects.filter(
            round__tournament=current, round__status__in=(Round.Status.PUBLISHED, Round.Status.FINISHED)
        )
        .order_by("round__number", "table")
        .values_list("round__number", "table", "black_id", "white_id", "result", "by_default")
    ]
    frozen = FrozenStandings.objects.create(
        tournament=current,
        frozen_at=timezone.now(),
        frozen_by=user if getattr(user, "is_authenticated", False) else None,
        tables={
            "overall": fz.standings_plain(overall),
            "disciplines": disciplines,
            "teams": fz.team_plain(teams) if teams is not None else None,
        },
        results=results,
    )
    log_change(
        current,
        "standings.freeze",
        user=user,
        after={"frozen_at": frozen.frozen_at.isoformat(), "after_round": max(overall.rounds)},
    )
    return frozen


@transaction.atomic
def standings_unfreeze(*, tournament: Tournament, user, reason: str) -> None:
    """The tables follow the results again; the reason goes into the audit log with when they were frozen."""
    require(user, tournament, ORGANIZER)
    current = _locked(tournament)
    reason = (reason or "").strip()[:MAX_REASON]
    if not reason:
        raise FreezeError(
            {"reason": ValidationError(_("Say why the standings are unfrozen: the reason is kept in the audit log."))},
        )
    frozen = FrozenStandings.objects.filter(tournament=current).first()
    if frozen is None:
        raise FreezeError(_("The standings are not frozen."), code="not-frozen")
    frozen_at = frozen.frozen_at.isoformat()
    frozen.delete()
    log_change(current, "standings.unfreeze", user=user, before={"frozen_at": frozen_at}, reason=reason)
