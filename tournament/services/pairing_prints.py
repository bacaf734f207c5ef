"""The pairing version (the one home that raises it) and the papers printed of a pairing.

:func:`pairing_changed` raises a round's :attr:`~tournament.models.Round.pairing_version` by one; every
service that changes who plays whom, where or how calls it inside its own transaction (pairing, pairing
again, removing the pairing, a swap, a game taken out or paired by hand, the bye given or taken away, a
table moved, a round robin's schedule, a team round, a merge of two registrations); a result never does.
The admin's change of a game's players or table does too (:mod:`tournament.admin`).

:func:`pairing_print_record` keeps that a member of the staff printed (downloaded) the pairing sheet or the
result slips of a version, with the pairing as it was (:func:`tournament.selectors.pairing_prints.pairing_snapshot`);
:func:`pairing_print_dismiss` lets an organizer say that a stale paper may stay as it is. Both are in the
audit log.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import PairingPrint, Round
from tournament.permissions import ORGANIZER, REFEREE, require
from tournament.selectors.pairing_prints import is_stale, pairing_snapshot

from .audit import log_change


def pairing_changed(*rounds: Round | int) -> None:
    """The pairing of each of ``rounds`` (rounds or their ids) changed: a new pairing version (inside the
    caller's transaction; the objects given keep their old number until read again)."""
    ids = {r if isinstance(r, int) else r.pk for r in rounds}
    if ids:
        Round.objects.filter(pk__in=ids).update(pairing_version=F("pairing_version") + 1)


def _account(user):
    """The acting user's account; none for the site itself (the command line)."""
    return user if getattr(user, "is_authenticated", False) else None


@transaction.atomic
def pairing_print_record(*, round: Round, kind: str, user) -> PairingPrint | None:
    """A referee or organizer printed the round's pairing sheet (``kind`` ``sheet``) or result slips
    (``slips``) of its pairing version now: kept with the pairing as it is, and audited. The same paper of
    the same version printed again by the same person renews the row (``printed_at``). None while the
    round is not paired (nothing to go stale)."""
    require(user, round.tournament, REFEREE)
    if kind not in PairingPrint.Kind.values:
        raise ValidationError(_("Unknown kind of paper."))
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    version = round_.shown_pairing
    if version is None:
        return None
    now = timezone.now()
    who = _account(user)
    last = PairingPrint.objects.filter(round=round_, kind=kind).order_by("-id").first()
    if last is not None and last.pairing_version == version and last.printed_by_id == (who.pk if who else None):
        PairingPrint.objects.filter(pk=last.pk).update(printed_at=now)
        last.printed_at = now
        return last
    printed = PairingPrint.objects.create(
        round=round_,
        kind=kind,
        pairing_version=version,
        printed_at=now,
        printed_by=who,
        pairing=pairing_snapshot(round_),
    )
    log_change(round_, "round.print", user=user, after={"paper": kind, "pairing": version})
    return printed


@transaction.atomic
def pairing_print_dismiss(*, round: Round, kind: str, user, reason: str = "") -> PairingPrint:
    """An organizer lets the stale paper of ``kind`` of the round stand (the change was announced, say):
    no longer flagged, until the pairing changes again. Refused when the paper is not stale."""
    require(user, round.tournament, ORGANIZER)
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    printed = PairingPrint.objects.filter(round=round_, kind=kind).order_by("-id").first()
    if printed is None or not is_stale(printed, round_):
        raise ValidationError(
            _("The %(paper)s of round %(number)s is not stale: there is nothing to dismiss.")
            % {
                "paper": PairingPrint.Kind(kind).label if kind in PairingPrint.Kind.values else kind,
                "number": round_.number,
            }
        )
    PairingPrint.objects.filter(pk=printed.pk).update(
        dismissed_at_version=round_.pairing_version, dismissed_by=_account(user)
    )
    printed.refresh_from_db()
    log_change(
        round_,
        "round.print.dismiss",
        user=user,
        before={"paper": kind, "pairing": printed.pairing_version},
        after={"pairing": round_.pairing_version},
        reason=reason,
    )
    return printed
