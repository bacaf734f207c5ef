"""A discipline: the game played in one or more rounds."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

import games
from games.registry import Variant
from tournament.limits import MAX_KOMI, MIN_KOMI
from tournament.variants import RuleOptionError, board_sizes, rule_option_message, variant_for

from .game import WinMethod, win_methods


class DisciplineKind(models.TextChoices):
    """The site's list of games, as stored: every name of ``games.variants()``
    (the rules engines' registry, in its order; the labels are the
    variants' titles) and ``other``. A test checks that they match. What a
    kind is and allows is its ``Variant`` (:func:`tournament.variants.variant_for`)."""

    GO = "go", _("Go")
    NINUKI = "ninuki", _("Ninuki-Renju")
    KEIMA = "keima", _("Keima-Go")
    VOLT = "volt", _("1000-Volt-Go")
    RUNDGO = "rundgo", _("Rund-Go")
    OTHER = "other", _("other")


class HandicapPolicy(models.TextChoices):
    """The words of :data:`games.schema.HANDICAP_POLICIES` (a test checks that they match)."""

    NONE = "none", _("no handicap")
    MCMAHON = "mcmahon", _("Go-style from the McMahon score difference")
    RANK_TABLE = "rank-table", _("table by Go rank difference")


def handicap_policies(kind: str) -> tuple[HandicapPolicy, ...]:
    """The handicap policies a discipline of ``kind`` may use (the first is the one a new discipline gets)."""
    return tuple(HandicapPolicy(p) for p in variant_for(kind).handicap_policies)


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
    def variant(self) -> Variant:
        """The game this discipline plays: everything its kind is and allows (:mod:`tournament.variants`)."""
        return variant_for(self.kind)

    @property
    def has_validator(self) -> bool:
        return self.variant.validated

    @property
    def has_komi(self) -> bool:
        """False for a game without komi (Ninuki-Renju): its pages, slips and sheets do not show one."""
        return self.variant.has_komi

    @property
    def has_rules_page(self) -> bool:
        """Every game of the registry has a rules page (``/rules/<kind>/``); ``other`` has none."""
        return self.kind in games.variants()

    @property
    def win_methods(self) -> tuple[WinMethod, ...]:
        """The ways a game of this discipline can be won, in its variant's order, as the site words them."""
        return win_methods(self.kind)

    def clean(self) -> None:
        """Everything checked against the kind's engine: every path (site, admin, import) refuses the same."""
        errors = {}
        if self.kind not in DisciplineKind.values:
            raise ValidationError({"kind": _("Choose a kind of game.")})
        variant = self.variant
        title = self.get_kind_display()
        sizes = board_sizes(self.kind)
        if self.board_size not in sizes:
            errors["board_size"] = _board_size_message(title, sizes)
        known = variant.rule_sets
        if self.rule_set and known and self.rule_set not in known:
            errors["rule_set"] = _("Unknown rule set %(name)s; choose one of %(known)s.") % {
                "name": self.rule_set,
                "known": ", ".join(known),
            }
        if self.rule_set and not known:
            errors["rule_set"] = _("This kind of discipline has no validator rule sets.")
        if "rule_set" not in errors:
            try:
                variant.check_rule_options(
                    self.rule_set or None, self.rule_options, self.board_size if "board_size" not in errors else None
                )
            except RuleOptionError as exc:
                errors["rule_options"] = rule_option_message(exc)
        policies = handicap_policies(self.kind)
        if self.handicap_policy not in policies:
            if not variant.has_handicap:
                errors["handicap_policy"] = _("%(kind)s is played without handicap.") % {"kind": title}
            else:
                errors["handicap_policy"] = _("%(kind)s is played with: %(policies)s.") % {
                    "kind": title,
                    "policies": ", ".join(str(p.label) for p in policies),
                }
        if not variant.has_komi and self.komi:
            errors["komi"] = _("%(kind)s is played without komi.") % {"kind": title}
        if self.record_required and not variant.validated:
            errors["record_required"] = _(
                "There is no validator for this game: its records cannot be checked, so none can be required."
            )
        if errors:
            raise ValidationError(errors)

    def save(self, *args, **kwargs):
        if not self.rule_set and self.kind in DisciplineKind.values and self.variant.rule_sets:
            self.rule_set = self.variant.rule_sets[0]
        super().save(*args, **kwargs)


def _board_size_message(title: str, sizes: tuple[int, ...]) -> str:
    """Which boards a game is played on: a range, or every other size of one (Ninuki-Renju's odd boards)."""
    if len(sizes) > 1 and all(b - a == 2 for a, b in zip(sizes, sizes[1:])) and sizes[0] % 2:
        return _("%(kind)s is played on an odd board from %(low)s to %(high)s.") % {
            "kind": title,
            "low": sizes[0],
            "high": sizes[-1],
        }
    return _("Board sizes from %(low)s to %(high)s are supported.") % {"low": sizes[0], "high": sizes[-1]}


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
            usual = variant_for(kind).default_komi if kind in DisciplineKind.values else None
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
