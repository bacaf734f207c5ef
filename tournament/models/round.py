"""A round: one discipline, paired and played at one time."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournament.limits import MAX_ROUND

from .fields import user_account
from .tournament import KNOCKOUT, KNOCKOUT_CHOICE, ROUND_PAIRING_SYSTEMS


class Round(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", _("planned")
        PAIRED = "paired", _("paired")
        PUBLISHED = "published", _("published")
        FINISHED = "finished", _("finished")

    #: Which status may follow which (re-pairing goes back to planned).
    TRANSITIONS = {
        Status.PLANNED: {Status.PAIRED},
        Status.PAIRED: {Status.PLANNED, Status.PUBLISHED},
        Status.PUBLISHED: {Status.FINISHED, Status.PAIRED},
        Status.FINISHED: {Status.PUBLISHED},
    }

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(
        _("round"), validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUND)]
    )
    discipline = models.ForeignKey("Discipline", on_delete=models.PROTECT, related_name="rounds")
    pairing_system = models.CharField(
        _("pairing system"),
        max_length=10,
        choices=[*ROUND_PAIRING_SYSTEMS, KNOCKOUT_CHOICE],
        blank=True,
        help_text=_("Empty: the tournament's default."),
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PLANNED)
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    #: Every change of the round's state (pair, publish, finish ...): a form drawn before it is refused as stale.
    version = models.PositiveIntegerField(default=0, editable=False)
    #: Pair only the players checked in: the others are absent in this round (tournament.services.checkin).
    checked_in_only = models.BooleanField(
        _("pair only checked-in players"),
        default=False,
        help_text=_("Players not checked in when the round is paired are absent in it, listed on the round's page."),
    )
    #: The pairing's own version, the short number printed on its sheets and slips and shown on every page
    #: ("pairing 2"): one up at every change of who plays whom, where and how (paired, paired again, removed,
    #: players swapped, a game taken out or made by hand, the bye moved, a table changed), never at a result
    #: or a change of state. Raised by ``services.pairing_prints.pairing_changed`` alone.
    pairing_version = models.PositiveIntegerField(_("pairing version"), default=0, editable=False)
    # What the pairing left for the round's page is kept apart: PairingRecord, below.

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return _("Round %(number)s: %(discipline)s") % {
            "number": self.number,
            "discipline": self.discipline.name,
        }

    def get_absolute_url(self) -> str:
        return reverse("round", kwargs={"slug": self.tournament.slug, "number": self.number})

    @property
    def effective_pairing_system(self) -> str:
        return self.pairing_system or self.tournament.pairing_system

    @property
    def is_knockout(self) -> bool:
        """A round of the knockout stage: its games made by the bracket, not by the pairing."""
        return self.pairing_system == KNOCKOUT

    @property
    def is_public(self) -> bool:
        return self.status in (self.Status.PUBLISHED, self.Status.FINISHED)

    @property
    def shown_pairing(self) -> int | None:
        """The pairing version the pages and papers show: none while the round is not paired."""
        return self.pairing_version if self.status != self.Status.PLANNED and self.pairing_version else None

    def can_become(self, status: str) -> bool:
        return status in self.TRANSITIONS[self.Status(self.status)]

    def clean(self) -> None:
        """A round plays one of its own tournament's disciplines."""
        if self.tournament_id and self.discipline_id and self.discipline.tournament_id != self.tournament_id:
            raise ValidationError({"discipline": _("The discipline belongs to another tournament.")})

    def save(self, *args, **kwargs):
        # Every path (admin, services, imports, the shell) is refused, not only those that call full_clean().
        self.clean()
        super().save(*args, **kwargs)


class PairingRecord(models.Model):
    """What the pairing of a round left for the round's page: its warnings, each table's explanation
    (the cost term by term, see tournament.pairing.explain.table_facts) and why the bye went where it
    went; no row while the round is not paired.

    Its own table, not a column of the round: it grows with the field (about half a megabyte a round at
    2,000 players), and every game loaded with its round (``select_related("round")``) would load and
    decode it. Only the organizer's round page, the backup and its restore read it.
    """

    round = models.OneToOneField(Round, on_delete=models.CASCADE, primary_key=True, related_name="+")
    record = models.JSONField(_("pairing explanations"), default=dict, editable=False)

    class Meta:
        verbose_name = _("pairing explanations")
        verbose_name_plural = _("pairing explanations")

    def __str__(self) -> str:
        return f"{self.round_id}"

    @classmethod
    def of(cls, round_id: int, *keys: str) -> dict:
        """The round's record ({} while it has none), or only its ``keys`` (the database reads the rest
        but does not send it: the explanations are most of it)."""
        rows = cls.objects.filter(round_id=round_id)
        if not keys:
            record = rows.values_list("record", flat=True).first()
            return record if isinstance(record, dict) else {}
        found = rows.values_list(*(f"record__{key}" for key in keys)).first()
        return {key: value for key, value in zip(keys, found or ()) if value is not None}

    @classmethod
    def keep(cls, round_id: int, record: dict) -> None:
        """Keep ``record`` as the round's (an empty one: the round has none)."""
        if record:
            # not update_or_create: that would read (and decode) the old record first
            if not cls.objects.filter(round_id=round_id).update(record=record):
                cls.objects.create(round_id=round_id, record=record)
        else:
            cls.objects.filter(round_id=round_id).delete()


class PairingPrint(models.Model):
    """A pairing sheet or a round's result slips printed (downloaded) by the staff: which pairing version,
    who, when, and the pairing as it was (:attr:`pairing`: the games and byes, with the names as printed),
    so that a later change of the pairing flags the paper as stale with what changed. One row per print;
    the latest of each kind counts. Dismissed by an organizer at a version: flagged again only after a
    later change."""

    class Kind(models.TextChoices):
        SHEET = "sheet", _("pairing sheet")
        SLIPS = "slips", _("result slips")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="prints", verbose_name=_("round"))
    kind = models.CharField(_("kind"), max_length=5, choices=Kind.choices)
    pairing_version = models.PositiveIntegerField(_("pairing version"))
    printed_at = models.DateTimeField(_("printed at"))
    printed_by = user_account(_("printed by"))
    #: ``{"games": [[table, black, white, handicap, komi], ...], "byes": [id, ...], "names": {id: name}}``
    pairing = models.JSONField(_("pairing printed"), default=dict)
    #: The pairing version at which an organizer said the paper may stay as it is (None: not dismissed).
    dismissed_at_version = models.PositiveIntegerField(_("dismissed at pairing version"), null=True, blank=True)
    dismissed_by = user_account(_("dismissed by"))

    class Meta:
        ordering = ["round", "kind", "printed_at", "id"]
        verbose_name = _("printed pairing")
        verbose_name_plural = _("printed pairings")

    def __str__(self) -> str:
        return f"{self.round_id}:{self.kind}:{self.pairing_version}"


#: The parts of a pairing kept with the round.
PAIRING_RECORD_KEYS = ("warnings", "explanations", "bye_explanation")


def audited_pairing_record(audit_model, round_) -> dict:
    """A paired round's record as its last ``round.pair`` audit entry kept it, where it was kept before
    migration 0016 (that migration, and the restore of an older backup); {} for a planned round or
    none there. ``audit_model`` may be a migration's model."""
    if round_.status == "planned":
        return {}
    entry = (
        audit_model.objects.filter(
            tournament_id=round_.tournament_id, action="round.pair", object_type="round", object_id=round_.pk
        )
        .order_by("-created_at", "-id")
        .first()
    )
    after = entry.after if entry is not None and isinstance(entry.after, dict) else {}
    return {key: after[key] for key in PAIRING_RECORD_KEYS if key in after}


def renumber_rounds_beyond(round_model, registration_model, audit_model) -> int:
    """Rounds numbered beyond :data:`~tournament.limits.MAX_ROUND` (made before the round forms had a maximum:
    a round 2,000,000,000 made every page that counts rounds loop two thousand million times per player) take
    the lowest free numbers of their tournament, in their order; the players' missed rounds follow, and missed
    rounds beyond the limit that name no round are dropped. Each renumbering is in the audit log with the old
    number. ``round_model`` and friends may be a migration's models. The number of rounds renumbered."""
    moved: dict[int, dict[int, int]] = {}  # tournament: old number -> new
    tournaments = round_model.objects.filter(number__gt=MAX_ROUND).values_list("tournament_id", flat=True)
    for tournament_id in sorted(set(tournaments)):
        rounds = round_model.objects.filter(tournament_id=tournament_id)
        used = set(rounds.filter(number__lte=MAX_ROUND).values_list("number", flat=True))
        free = iter(n for n in range(1, MAX_ROUND + 1) if n not in used)
        for round_ in rounds.filter(number__gt=MAX_ROUND).order_by("number"):
            new = next(free, None)
            if new is None:  # more than MAX_ROUND rounds: the rest keep their numbers
                break
            moved.setdefault(tournament_id, {})[round_.number] = new
            round_model.objects.filter(pk=round_.pk).update(number=new)
            audit_model.objects.create(
                tournament_id=tournament_id,
                action="round.edit",
                object_type="round",
                object_id=round_.pk,
                before={"number": round_.number},
                after={"number": new},
                reason=f"Round numbers go from 1 to {MAX_ROUND}: round {round_.number} is round {new} now.",
            )
    for registration in registration_model.objects.only("pk", "tournament_id", "absent_rounds").iterator():
        absent = registration.absent_rounds
        if not isinstance(absent, list) or not any(isinstance(n, int) and n > MAX_ROUND for n in absent):
            continue
        now = moved.get(registration.tournament_id, {})
        kept = sorted({now.get(n, n) for n in absent if isinstance(n, int) and now.get(n, n) <= MAX_ROUND})
        registration_model.objects.filter(pk=registration.pk).update(absent_rounds=kept)
    return sum(len(m) for m in moved.values())
