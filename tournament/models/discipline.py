"""A discipline: the game played in one or more rounds."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.variants import RuleOptionError, check_rule_options, variant_facts


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


#: Rule sets once offered that do not exist: why, for the organizer.  (Go's ``japanese`` was one
#: until the engine counted territory with the dead stones removed: it is offered again.)
NOT_OFFERED: dict = {}

#: The handicap policies the pairing implements for each kind (the first is the one a new discipline gets).
HANDICAP_POLICIES = {
    DisciplineKind.GO: (HandicapPolicy.MCMAHON, HandicapPolicy.RANK_TABLE, HandicapPolicy.NONE),
    DisciplineKind.RUNDGO: (HandicapPolicy.MCMAHON, HandicapPolicy.RANK_TABLE, HandicapPolicy.NONE),
    DisciplineKind.OTHER: (HandicapPolicy.NONE, HandicapPolicy.MCMAHON, HandicapPolicy.RANK_TABLE),
    DisciplineKind.KEIMA: (HandicapPolicy.RANK_TABLE, HandicapPolicy.MCMAHON, HandicapPolicy.NONE),
    DisciplineKind.VOLT: (HandicapPolicy.RANK_TABLE, HandicapPolicy.MCMAHON, HandicapPolicy.NONE),
    DisciplineKind.NINUKI: (HandicapPolicy.NONE,),
}


def rule_option_message(exc: RuleOptionError) -> str:
    """A :class:`~tournament.variants.RuleOptionError` in the reader's language."""
    messages = {
        "not-a-dict": _("Give the adjustments as a JSON object."),
        "none": _("This game has no rule adjustments."),
        "unknown": _("Unknown rule option “%(name)s”; the options are: %(known)s."),
        "type": _("The rule option “%(name)s” needs a value of type %(expected)s."),
        "choice": _("The rule option “%(name)s” must be one of: %(choices)s."),
        "refused": _("The rules engine refuses these adjustments: %(message)s"),
    }
    return str(messages[exc.code]) % exc.params if exc.params else str(messages[exc.code])


#: Kinds whose games have no komi.
KINDS_WITHOUT_KOMI = {DisciplineKind.NINUKI}


class Discipline(models.Model):
    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="disciplines")
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
    komi = models.DecimalField(_("komi"), max_digits=4, decimal_places=1, default=Decimal("0"))
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
            models.UniqueConstraint(fields=["tournament", "name"], name="discipline_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def has_validator(self) -> bool:
        return variant_facts(self.kind).validated

    @property
    def facts(self):
        """What this kind's rules engine supports (:mod:`tournament.variants`)."""
        return variant_facts(self.kind)

    @property
    def has_komi(self) -> bool:
        """Ninuki-Renju has no komi: its pages, slips and sheets do not show one."""
        return self.kind not in KINDS_WITHOUT_KOMI

    def clean(self) -> None:
        """Everything checked against the kind's engine: every path (site, admin, import) refuses the same."""
        errors = {}
        if self.kind not in DisciplineKind.values:
            raise ValidationError({"kind": _("Choose a kind of game.")})
        facts = self.facts
        sizes = facts.board_sizes
        if self.board_size not in sizes:
            if self.kind == DisciplineKind.NINUKI:
                errors["board_size"] = _("Ninuki is played on an odd board from 13 to 21.")
            else:
                errors["board_size"] = _("Board sizes from %(low)s to %(high)s are supported.") % {
                    "low": sizes[0],
                    "high": sizes[-1],
                }
        known = facts.rule_sets
        if (self.kind, self.rule_set) in NOT_OFFERED:
            errors["rule_set"] = NOT_OFFERED[self.kind, self.rule_set]
        elif self.rule_set and known and self.rule_set not in known:
            errors["rule_set"] = _("Unknown rule set %(name)s; choose one of %(known)s.") % {
                "name": self.rule_set,
                "known": ", ".join(known),
            }
        if self.rule_set and not known:
            errors["rule_set"] = _("This kind of discipline has no validator rule sets.")
        if "rule_set" not in errors:
            try:
                check_rule_options(
                    self.kind, self.rule_set, self.rule_options, self.board_size if "board_size" not in errors else None
                )
            except RuleOptionError as exc:
                errors["rule_options"] = rule_option_message(exc)
        if self.handicap_policy not in HANDICAP_POLICIES.get(self.kind, (HandicapPolicy.NONE,)):
            if self.kind == DisciplineKind.NINUKI:
                errors["handicap_policy"] = _("Ninuki is played without handicap.")
            else:
                errors["handicap_policy"] = _("%(kind)s is played with: %(policies)s.") % {
                    "kind": self.get_kind_display(),
                    "policies": ", ".join(str(HandicapPolicy(p).label) for p in HANDICAP_POLICIES[self.kind]),
                }
        if self.kind == DisciplineKind.NINUKI and self.komi:
            errors["komi"] = _("Ninuki is played without komi.")
        if self.record_required and not facts.validated:
            errors["record_required"] = _(
                "There is no validator for this game: its records cannot be checked, so none can be required."
            )
        if errors:
            raise ValidationError(errors)

    def save(self, *args, **kwargs):
        if not self.rule_set and self.kind in DisciplineKind.values and self.facts.rule_sets:
            self.rule_set = self.facts.rule_sets[0]
        super().save(*args, **kwargs)
