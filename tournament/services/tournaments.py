"""Tournaments set up on the site: creating one (its creator becomes its organizer), its settings.
(A whole tournament from another program's file: :mod:`.opengotha`, :mod:`.macmahon`.)

Who may create a tournament is a site setting (``DJANGO_TOURNAMENT_CREATORS``,
see :func:`tournament.permissions.may_create_tournament`). Settings that
the pairings so far were made with are fixed once a round is paired
(:func:`tournament.selectors.setup.locked_settings`); every change is audited
with its values before and after.
"""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.utils.translation import gettext as _

from tournament.models import EventKind, LineUp, Tournament, TournamentRole
from tournament.models.team import side_size
from tournament.models.tournament import (
    CREATE_FIELDS,
    ROUND_ROBIN_CRITERIA,
    SETTINGS_FIELDS,
    SWISS_CRITERIA,
    CategoryMode,
    OpenGothaVersion,
    PairingSystem,
)
from tournament.names import slug_text
from tournament.permissions import ORGANIZER, require, require_create
from tournament.selectors.setup import locked_settings, pairing_started, settings_version

from .audit import audit_values, log_change


class StaleSettings(ValidationError):
    """Somebody else saved the settings after the form was opened."""


def _free_slug(base: str) -> str:
    base = base[:54].strip("-") or "tournament"
    slug, n = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


@transaction.atomic
def tournament_create(*, user, data: dict) -> Tournament:
    """A new tournament with ``data`` (:data:`CREATE_FIELDS`); ``user`` becomes its organizer.

    Without a short name one is made from the name (``-2``, ``-3`` ... if
    taken); a short name given and taken is an error. A round robin starts with
    the standings its crosstable reads (:data:`ROUND_ROBIN_CRITERIA`: wins,
    direct confrontation, SODOS) and a bye worth nothing (with an odd number
    everyone rests once: a point for it would only shift every score), a Swiss
    with its wins (:data:`SWISS_CRITERIA`), a McMahon with the default ones.
    """
    require_create(user)
    fields = {k: v for k, v in data.items() if k in CREATE_FIELDS and v is not None}
    name = str(fields.get("name") or "").strip()
    fields["name"] = name
    if fields.get("slug"):
        fields["slug"] = slug_text(fields["slug"])[:60].strip("-")
    else:
        fields["slug"] = _free_slug(slug_text(name))
    if "end_date" not in fields and fields.get("start_date"):
        fields["end_date"] = fields["start_date"]
    tournament = Tournament(**fields)
    if tournament.pairing_system == PairingSystem.ROUND_ROBIN:
        tournament.standings_criteria = list(ROUND_ROBIN_CRITERIA)
        tournament.bye_points = Decimal(0)
    elif tournament.pairing_system == PairingSystem.SWISS:
        tournament.standings_criteria = list(SWISS_CRITERIA)
    tournament.full_clean()
    try:
        with transaction.atomic():
            tournament.save()
    except IntegrityError:  # the same short name, taken meanwhile by another request
        tournament.validate_unique()
        raise
    TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.ORGANIZER)
    log_change(
        tournament,
        "tournament.create",
        user=user,
        after={**audit_values(tournament, CREATE_FIELDS), "organizer": user.get_username()},
    )
    return tournament


@transaction.atomic
def tournament_update_settings(
    *, tournament: Tournament, data: dict, user, reason: str = "", version: str | None = None
) -> list[str]:
    """Change the settings in ``data`` (those of :data:`SETTINGS_FIELDS`); the names of those changed.

    A setting fixed since a round was paired is refused; the OpenGotha version changes after a round
    was paired only with a ``reason`` (kept in the audit log, as every change's); a ``version`` that
    is not the current one (the form was opened before somebody else saved)
    raises :class:`StaleSettings` and changes nothing.
    """
    require(user, tournament, ORGANIZER)
    current = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if version is not None and version != settings_version(current):
        raise StaleSettings(
            _(
                "Somebody else changed the settings after you opened the page. The page shows them as they are "
                "now; make your changes again."
            ),
            code="stale",
        )
    changed = [k for k in SETTINGS_FIELDS if k in data and getattr(current, k) != data[k]]
    locked = locked_settings(current)
    refused = [k for k in changed if k in locked]
    if refused:
        labels = ", ".join(str(Tournament._meta.get_field(k).verbose_name) for k in refused)
        raise ValidationError(
            _("%(settings)s cannot change any more: a round has been paired.") % {"settings": labels},
            code="locked",
        )
    if not changed:
        return []
    if "opengotha_version" in changed and not reason.strip() and pairing_started(current):
        _version_needs_reason(current, data["opengotha_version"])
    if "event_kind" in changed:
        _sides_fit(current, data["event_kind"])
    if {"category_limits", "category_mode"} & set(changed):
        changed += _categories_weight(current, data)
    before = audit_values(current, changed)
    for k in changed:
        if k in data:
            setattr(current, k, data[k])
    current.full_clean()
    current.save()
    if "event_kind" in changed:  # the line-ups were for another number of boards (no round is paired yet)
        LineUp.objects.filter(round__tournament=current).delete()
    log_change(
        current,
        "tournament.settings",
        user=user,
        before=before,
        after=audit_values(current, changed),
        reason=reason,
    )
    tournament.refresh_from_db()
    return changed


def _version_needs_reason(current: Tournament, version: str) -> None:
    """Refuse another OpenGotha version without a reason once a round was paired by the one it has."""
    message = _(
        "A round has been paired as %(old)s: say why the next rounds should pair as %(new)s "
        "(the reason goes into the audit log)."
    ) % {"old": current.get_opengotha_version_display(), "new": dict(OpenGothaVersion.choices).get(version, version)}
    raise ValidationError({"reason": ValidationError(message, code="reason")})


def _categories_weight(current: Tournament, data: dict) -> list[str]:
    """Choosing to pair categories apart puts OpenGotha's weight for it back when the stored parameter
    set says 0 (a file without categories says so, where it meant nothing): ``["pairing_parameters"]``
    when it changes, set on ``data``."""
    limits = data.get("category_limits", current.category_limits)
    mode = data.get("category_mode", current.category_mode)
    stored = current.pairing_parameters or {}
    pairing = stored.get("pairing") if isinstance(stored, dict) else None
    if not limits or mode == CategoryMode.RANKED or not isinstance(pairing, dict):
        return []
    if pairing.get("avoid_mixing_categories") != 0:
        return []
    rest = {k: v for k, v in pairing.items() if k != "avoid_mixing_categories"}
    data["pairing_parameters"] = (
        {**stored, "pairing": rest} if rest else {k: v for k, v in stored.items() if k != "pairing"}
    )
    return ["pairing_parameters"]


def _sides_fit(tournament: Tournament, kind: str) -> None:
    """Pair Go and Rengo: refuse the kind while a team has more members than a side has players."""
    size = side_size(kind)
    if size < 2:
        return
    for team in tournament.teams.annotate(count=Count("members")).filter(count__gt=size).order_by("number")[:1]:
        raise ValidationError(
            _("%(team)s has %(count)s members; a side of %(kind)s has %(size)s players.")
            % {"team": team.name, "count": team.count, "kind": dict(EventKind.choices)[kind], "size": size},
            code="sides",
        )
