"""A tournament's programme: its disciplines, and its rounds before they are paired.

Disciplines are checked against their kind's rules engine by
:meth:`Discipline.clean` (so the admin refuses the same). A discipline is
deleted only while no round plays it; its kind, board and rules are fixed
once a round of it is paired (the games were set up and checked under
them). A round is added with its discipline and start time; its discipline
and pairing system change while it is planned (a conditional update on the
round's version, so a pairing that starts meanwhile wins), its start time
whenever; only the last round, still planned and without games, is deleted
(round numbers stay without gaps). Every change is audited.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _

from tournament.models import Discipline, Registration, Round, Tournament
from tournament.permissions import ORGANIZER, require
from tournament.selectors.setup import discipline_played

from .audit import log_change
from .registrations import save_checked
from .rounds import round_create

DISCIPLINE_FIELDS = (
    "name",
    "kind",
    "board_size",
    "rule_set",
    "rule_options",
    "komi",
    "handicap_policy",
    "record_required",
    "position",
)
#: Fixed once a round of the discipline is paired.
RULE_FIELDS = ("kind", "board_size", "rule_set", "rule_options")


class ProgrammeError(ValidationError):
    pass


def _audit(obj, fields) -> dict:
    out = {}
    for name in fields:
        value = getattr(obj, name)
        out[name] = str(value) if name == "komi" else value
    return out


def _lock(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


@transaction.atomic
def discipline_create(*, tournament: Tournament, data: dict, user) -> Discipline:
    require(user, tournament, ORGANIZER)
    _lock(tournament)
    discipline = Discipline(tournament=tournament, **{k: v for k, v in data.items() if k in DISCIPLINE_FIELDS})
    if "position" not in data:
        discipline.position = (tournament.disciplines.aggregate(p=Max("position"))["p"] or 0) + 1
    discipline.full_clean()
    save_checked(discipline)
    log_change(discipline, "discipline.create", user=user, after=_audit(discipline, DISCIPLINE_FIELDS))
    return discipline


@transaction.atomic
def discipline_update(*, discipline: Discipline, data: dict, user) -> list[str]:
    """Change the discipline; the names of the fields changed."""
    require(user, discipline.tournament, ORGANIZER)
    current = Discipline.objects.select_for_update().get(pk=discipline.pk)
    changed = [k for k in DISCIPLINE_FIELDS if k in data and getattr(current, k) != data[k]]
    played = discipline_played(current)
    fixed = [k for k in changed if k in RULE_FIELDS]
    if played is not None and fixed:
        raise ProgrammeError(
            _("Round %(number)s of this discipline is paired: its kind, board and rules cannot change any more.")
            % {"number": played.number},
            code="played",
        )
    if not changed:
        return []
    before = _audit(current, changed)
    for k in changed:
        setattr(current, k, data[k])
    if "kind" in changed and "rule_set" not in data:
        current.rule_set = ""
    current.full_clean()
    save_checked(current)
    log_change(current, "discipline.edit", user=user, before=before, after=_audit(current, changed))
    discipline.refresh_from_db()
    return changed


@transaction.atomic
def discipline_delete(*, discipline: Discipline, user) -> None:
    require(user, discipline.tournament, ORGANIZER)
    tournament = _lock(discipline.tournament)
    current = Discipline.objects.filter(pk=discipline.pk, tournament=tournament).first()
    if current is None:
        raise ProgrammeError(_("This discipline was deleted already."), code="gone")
    numbers = list(current.rounds.order_by("number").values_list("number", flat=True))
    if numbers:
        raise ProgrammeError(
            _("Rounds %(rounds)s play this discipline: give them another discipline or delete them first.")
            % {"rounds": ", ".join(map(str, numbers))},
            code="in-use",
        )
    log_change(current, "discipline.delete", user=user, before=_audit(current, DISCIPLINE_FIELDS))
    current.delete()


def _round_audit(round_: Round) -> dict:
    return {
        "number": round_.number,
        "discipline": round_.discipline.name,
        "starts_at": round_.starts_at.isoformat() if round_.starts_at else None,
        "pairing_system": round_.pairing_system,
    }


@transaction.atomic
def round_add(
    *,
    tournament: Tournament,
    discipline: Discipline,
    number: int | None = None,
    starts_at=None,
    pairing_system: str = "",
    user,
    last_seen: int | None = None,
) -> Round:
    """Add a round (the next number unless ``number``).

    ``last_seen`` is the last round number the form showed: if rounds were
    added meanwhile (another organizer, or the same form sent twice) nothing
    is added and the error says which round exists now.
    """
    require(user, tournament, ORGANIZER)
    tournament = _lock(tournament)
    last = tournament.rounds.aggregate(n=Max("number"))["n"] or 0
    if number is None and last_seen is not None and last != last_seen:
        raise ProgrammeError(
            _(
                "Round %(number)s was added meanwhile (was the form sent twice?). Look at the rounds before adding "
                "another."
            )
            % {"number": last},
            code="stale",
        )
    return round_create(
        tournament=tournament,
        discipline=discipline,
        number=number,
        starts_at=starts_at,
        pairing_system=pairing_system or "",
        user=user,
    )


@transaction.atomic
def round_update(
    *,
    round: Round,
    discipline: Discipline,
    starts_at,
    pairing_system: str = "",
    user,
    reason: str = "",
) -> Round:
    """Change the start time (always), the discipline and pairing system (while the round is planned)."""
    require(user, round.tournament, ORGANIZER)
    current = Round.objects.select_for_update().select_related("discipline", "tournament").get(pk=round.pk)
    if discipline.tournament_id != current.tournament_id:
        raise ProgrammeError(_("The discipline belongs to another tournament."), code="foreign")
    before = _round_audit(current)
    rules_change = discipline.pk != current.discipline_id or (pairing_system or "") != current.pairing_system
    if rules_change:
        if current.status != Round.Status.PLANNED:
            raise ProgrammeError(
                _("Round %(number)s is %(status)s: its discipline and pairing system cannot change any more.")
                % {"number": current.number, "status": current.get_status_display()},
                code="not-planned",
            )
        if current.games.exists():
            raise ProgrammeError(
                _("Round %(number)s has games kept from an earlier pairing: its discipline cannot change.")
                % {"number": current.number},
                code="has-games",
            )
        updated = Round.objects.filter(pk=current.pk, status=Round.Status.PLANNED, version=current.version).update(
            discipline=discipline,
            pairing_system=pairing_system or "",
            starts_at=starts_at,
            version=F("version") + 1,
        )
        if not updated:  # pragma: no cover - the row is locked above; kept for databases without row locks
            raise ProgrammeError(_("The round changed meanwhile; look at it again."), code="stale")
    else:
        Round.objects.filter(pk=current.pk).update(starts_at=starts_at)
    current.refresh_from_db()
    after = _round_audit(current)
    if after != before:
        log_change(
            current,
            "round.edit",
            user=user,
            before={k: v for k, v in before.items() if after[k] != v},
            after={k: v for k, v in after.items() if before[k] != v},
            reason=reason,
        )
    round.refresh_from_db()
    return current


@transaction.atomic
def round_delete(*, round: Round, user) -> None:
    """Delete the last round while it is planned and has no games; players' absences from it go too."""
    require(user, round.tournament, ORGANIZER)
    tournament = _lock(round.tournament)
    current = Round.objects.select_related("discipline").filter(pk=round.pk, tournament=tournament).first()
    if current is None:
        raise ProgrammeError(_("This round was deleted already."), code="gone")
    last = tournament.rounds.aggregate(n=Max("number"))["n"]
    if current.number != last:
        raise ProgrammeError(
            _(
                "Only the last round can be deleted (round numbers stay in order); change this round's discipline "
                "instead."
            ),
            code="not-last",
        )
    if current.status != Round.Status.PLANNED or current.games.exists() or current.byes.exists():
        raise ProgrammeError(
            _("Round %(number)s is paired or has games: only a planned round without games can be deleted.")
            % {"number": current.number},
            code="not-planned",
        )
    before = _round_audit(current)
    absent = []
    for registration in Registration.objects.filter(tournament=tournament).only("pk", "absent_rounds"):
        if current.number in (registration.absent_rounds or []):
            registration.absent_rounds = [n for n in registration.absent_rounds if n != current.number]
            registration.save(update_fields=["absent_rounds", "updated_at"])
            absent.append(registration.pk)
    log_change(current, "round.delete", user=user, before={**before, "absences removed": len(absent)})
    current.delete()
