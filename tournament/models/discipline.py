"""A discipline: the game played in one or more rounds."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

import games


class DisciplineKind(models.TextChoices):
    """The site's list of games: every name of ``games.variants()`` (the rules
    engines' registry, a test checks that they match) and ``other``. A new
    game goes into ``games/`` and here."""

    GO = "go", _("Go")
    NINUKI = "ninuki", _("Ninuki-Renju")
    KEIMA = "keima", _("Keima-Go")
    VOLT = "volt", _("1000-Volt-Go")
    RUNDGO = "rundgo", _("Rund-Go")
    OTHER = "other", _("other")


class HandicapPolicy(models.TextChoices):
    NONE = "none", _("no handicap")
    MCMAHON = "mcmahon", _("Go-style from the McMahon score difference")
    RANK_TABLE = "rank-table", _("table by Go rank difference")


#: Rule sets each kind's validator knows (``games.variant(kind).rule_sets``); the first is the default.
RULE_SETS = {name: list(v.rule_sets) for name, v in games.variants().items() if v.rule_sets}

#: Kinds with a validator that replays a submitted game record.
VALIDATED_KINDS = {name for name, v in games.variants().items() if v.validated}

#: Rule sets once offered that do not exist: why, for the organizer.
NOT_OFFERED = {
    (DisciplineKind.GO, "japanese"): _(
        "Go is counted by area (Chinese rules) only: the validator has no territory count, "
        "so the rule set japanese is not offered."
    ),
}


class Discipline(models.Model):
    tournament = models.ForeignKey(
        "Tournament", on_delete=models.CASCADE, related_name="disciplines"
    )
    name = models.CharField(_("name"), max_length=100)
    kind = models.CharField(_("kind"), max_length=10, choices=DisciplineKind.choices)
    board_size = models.PositiveSmallIntegerField(_("board size"), default=19)
    rule_set = models.CharField(
        _("rule set"),
        max_length=20,
        blank=True,
        help_text=_("The validator's preset, e.g. hannover, japanese, pbmserv, pente."),
    )
    rule_options = models.JSONField(
        _("rule adjustments"),
        default=dict,
        blank=True,
        help_text=_('Changes to the preset, e.g. {"double_three": "both"}.'),
    )
    komi = models.DecimalField(
        _("komi"), max_digits=4, decimal_places=1, default=Decimal("0")
    )
    handicap_policy = models.CharField(
        _("handicap"),
        max_length=12,
        choices=HandicapPolicy.choices,
        default=HandicapPolicy.NONE,
    )
    record_required = models.BooleanField(
        _("game record required"),
        default=False,
        help_text=_("Players must submit the game record with the result."),
    )
    position = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        ordering = ["tournament", "position", "name"]
        verbose_name = _("discipline")
        verbose_name_plural = _("disciplines")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name"], name="discipline_name_unique"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def has_validator(self) -> bool:
        return self.kind in VALIDATED_KINDS

    def clean(self) -> None:
        errors = {}
        if self.kind == DisciplineKind.NINUKI:
            if not (13 <= self.board_size <= 21 and self.board_size % 2 == 1):
                errors["board_size"] = _("Ninuki is played on an odd board from 13 to 21.")
        elif self.kind in (DisciplineKind.GO, DisciplineKind.KEIMA, DisciplineKind.VOLT):
            if not 5 <= self.board_size <= 25:
                errors["board_size"] = _("Board sizes from 5 to 25 are supported.")
        known = RULE_SETS.get(self.kind)
        if (self.kind, self.rule_set) in NOT_OFFERED:
            errors["rule_set"] = NOT_OFFERED[self.kind, self.rule_set]
        elif self.rule_set and known is not None and self.rule_set not in known:
            errors["rule_set"] = _("Unknown rule set %(name)s; choose one of %(known)s.") % {
                "name": self.rule_set,
                "known": ", ".join(known),
            }
        if self.rule_set and known is None:
            errors["rule_set"] = _("This kind of discipline has no validator rule sets.")
        if not isinstance(self.rule_options, dict):
            errors["rule_options"] = _("Give the adjustments as a JSON object.")
        if self.kind == DisciplineKind.NINUKI and self.handicap_policy != HandicapPolicy.NONE:
            errors["handicap_policy"] = _("Ninuki is played without handicap.")
        if errors:
            raise ValidationError(errors)

    def save(self, *args, **kwargs):
        if not self.rule_set and self.kind in RULE_SETS:
            self.rule_set = RULE_SETS[self.kind][0]
        super().save(*args, **kwargs)
