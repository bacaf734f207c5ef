"""A discipline: the game played in one or more rounds."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


class DisciplineKind(models.TextChoices):
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


#: Rule sets each kind's validator knows; the first is the default.
RULE_SETS = {
    DisciplineKind.NINUKI: ["hannover", "japanese", "pbmserv", "pente"],
    DisciplineKind.GO: ["chinese", "japanese"],
    DisciplineKind.KEIMA: ["hannover"],
    DisciplineKind.VOLT: ["hannover"],
}

#: Kinds whose games have no komi.
KINDS_WITHOUT_KOMI = {DisciplineKind.NINUKI}

#: Kinds with a validator that replays a submitted game record.
VALIDATED_KINDS = {DisciplineKind.NINUKI, DisciplineKind.GO, DisciplineKind.KEIMA, DisciplineKind.VOLT}


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

    @property
    def has_komi(self) -> bool:
        """Ninuki-Renju has no komi: its pages, slips and sheets do not show one."""
        return self.kind not in KINDS_WITHOUT_KOMI

    def clean(self) -> None:
        errors = {}
        if self.kind == DisciplineKind.NINUKI:
            if not (13 <= self.board_size <= 21 and self.board_size % 2 == 1):
                errors["board_size"] = _("Ninuki is played on an odd board from 13 to 21.")
        elif self.kind in (DisciplineKind.GO, DisciplineKind.KEIMA, DisciplineKind.VOLT):
            if not 5 <= self.board_size <= 25:
                errors["board_size"] = _("Board sizes from 5 to 25 are supported.")
        known = RULE_SETS.get(self.kind)
        if self.rule_set and known is not None and self.rule_set not in known:
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
