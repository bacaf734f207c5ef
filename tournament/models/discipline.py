"""A discipline: the game played in one or more rounds."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.limits import MAX_KOMI, MIN_KOMI
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


#: Rule sets once offered that do not exist: why, for the organizer.
NOT_OFFERED = {
    (DisciplineKind.GO, "japanese"): _(
        "Go is counted by area (Chinese rules) only: the validator has no territory count, "
        "so the rule set japanese is not offered."
    ),
}

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
    komi = models.DecimalField(
        _("komi"),
        max_digits=4,
        decimal_places=1,
        default=Decimal("0"),
        validators=[MinValueValidator(MIN_KOMI), MaxValueValidator(MAX_KOMI)],
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


def repair_komi(discipline_model, game_model, audit_model, connection) -> int:
    """Komi beyond :data:`~tournament.limits.MIN_KOMI`..:data:`~tournament.limits.MAX_KOMI` (only SQLite could
    store it, from an OpenGotha file read before its komi was bounded: ``1e308`` made every page of the
    tournament fail): each such discipline gets its game's usual komi and an audit entry keeping the old value;
    its games with such a komi get the discipline's (0.5 with handicap). Read by plain SQL, as the ORM cannot
    read the value; the models may be a migration's. The number of disciplines and games repaired."""
    q = connection.ops.quote_name
    beyond = f"NOT ({q('komi')} BETWEEN %s AND %s)"
    bounds = [MIN_KOMI, MAX_KOMI]
    disciplines = discipline_model._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {q('id')}, {q('tournament_id')}, {q('kind')}, {q('komi')} FROM {q(disciplines)} WHERE {beyond}",
            bounds,
        )
        broken = cursor.fetchall()
        for pk, tournament_id, kind, komi in broken:
            usual = variant_facts(kind).default_komi if kind in DisciplineKind.values else None
            new = Decimal(str(usual or 0))
            cursor.execute(f"UPDATE {q(disciplines)} SET {q('komi')} = %s WHERE {q('id')} = %s", [new, pk])
            audit_model.objects.create(
                tournament_id=tournament_id,
                action="discipline.edit",
                object_type="discipline",
                object_id=pk,
                before={"komi": str(komi)},
                after={"komi": str(new)},
                reason=(
                    f"The komi {str(komi)[:30]} was beyond {MIN_KOMI} to {MAX_KOMI} and could not be read; "
                    "its games with such a komi have the new one (0.5 with handicap)."
                ),
            )
        games = game_model._meta.db_table
        rounds = game_model._meta.get_field("round").related_model._meta.db_table
        cursor.execute(
            f"SELECT g.{q('id')}, g.{q('handicap')}, d.{q('komi')} FROM {q(games)} g"
            f" INNER JOIN {q(rounds)} r ON g.{q('round_id')} = r.{q('id')}"
            f" INNER JOIN {q(disciplines)} d ON r.{q('discipline_id')} = d.{q('id')}"
            f" WHERE NOT (g.{q('komi')} BETWEEN %s AND %s)",
            bounds,
        )
        games_broken = cursor.fetchall()
        for pk, handicap, komi in games_broken:
            new = Decimal(str(komi)) if not handicap else Decimal("0.5")
            cursor.execute(f"UPDATE {q(games)} SET {q('komi')} = %s WHERE {q('id')} = %s", [new, pk])
    return len(broken) + len(games_broken)
