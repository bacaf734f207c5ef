"""A tournament's tables: which are excluded or kept for the top boards, and the hall plan (which room and row).

The numbering itself and the words of a plan are :mod:`tournament.pairing.tables` (pure); the service that
saves a plan :mod:`tournament.services.tables`; what the pages read :mod:`tournament.selectors.tables`.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.limits import MAX_TABLE
from tournament.pairing import tables


def spec_error_text(exc: tables.TableSpecError) -> str:
    """What is wrong with a table list or hall plan, in words."""
    where = {"line": exc.line, "text": exc.text, "most": tables.MAX_RANGES}
    words = {
        "syntax": gettext("Line %(line)s, “%(text)s”: write a table or a range of tables, like 17 or 1-4."),
        "range": gettext("Line %(line)s, “%(text)s”: tables go from 1 to %(max)s."),
        "order": gettext("Line %(line)s, “%(text)s”: a range goes from the lower table to the higher."),
        "overlap": gettext("Line %(line)s, “%(text)s”: these tables are in an earlier line already."),
        "room": gettext(
            "Line %(line)s, “%(text)s”: give the room's name (at most %(room)s characters) after the colon."
        ),
        "row": gettext("Line %(line)s, “%(text)s”: a row has from 1 to %(row)s tables."),
        "too-many": gettext("At most %(most)s ranges, please."),
    }
    return words.get(exc.code, words["syntax"]) % {
        **where,
        "max": MAX_TABLE,
        "room": tables.MAX_ROOM,
        "row": tables.MAX_ROW,
    }


def _check(parse, text: str) -> None:
    try:
        parse(text)
    except tables.TableSpecError as exc:
        raise ValidationError(spec_error_text(exc)) from exc


def validate_tables(text: str) -> None:
    _check(tables.parse_tables, text)


def validate_halls(text: str) -> None:
    _check(tables.parse_halls, text)


class TablePlan(models.Model):
    """The tables of a tournament (``round`` empty) or of one round (then it holds instead of the
    tournament's for that round; its hall plan is always the tournament's)."""

    class ReservedUse(models.TextChoices):
        TOP = "top", _("the top boards play there")
        EMPTY = "empty", _("kept empty (only a game moved there by hand)")

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="table_plans")
    round = models.OneToOneField(
        "Round", on_delete=models.CASCADE, null=True, blank=True, related_name="table_plan", verbose_name=_("round")
    )
    excluded = models.CharField(
        _("excluded tables"),
        max_length=500,
        blank=True,
        validators=[validate_tables],
        help_text=_("Never used, like a broken table: “17” or “17, 23-24”."),
    )
    reserved = models.CharField(
        _("reserved tables"),
        max_length=500,
        blank=True,
        validators=[validate_tables],
        help_text=_("Kept for the top boards (the broadcast), like “1-4”."),
    )
    reserved_use = models.CharField(
        _("reserved tables are"), max_length=5, choices=ReservedUse.choices, default=ReservedUse.TOP
    )
    halls = models.TextField(
        _("hall plan"),
        max_length=4000,
        blank=True,
        validators=[validate_halls],
        help_text=_(
            "One line a range of tables: “1-40: Hall A, rows of 10” and “41-80: Hall B”. "
            "German works too: “1-40: Saal A, Reihen zu 10”."
        ),
    )

    class Meta:
        verbose_name = _("table plan")
        verbose_name_plural = _("table plans")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament"], condition=models.Q(round__isnull=True), name="table_plan_once_per_tournament"
            ),
            models.CheckConstraint(
                condition=models.Q(round__isnull=True) | models.Q(halls=""), name="table_plan_halls_of_tournament"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id}/{self.round_id or '-'}"

    def clean(self) -> None:
        if self.round_id is not None and self.round.tournament_id != self.tournament_id:
            raise ValidationError(_("This round is not one of the tournament's."))
        if self.round_id is not None and self.halls:
            raise ValidationError({"halls": _("The hall plan is the tournament's, not a round's.")})

    @property
    def rules(self) -> tables.TableRules:
        return tables.TableRules(
            excluded=tables.parse_tables(self.excluded),
            reserved=tables.parse_tables(self.reserved),
            reserved_for_top=self.reserved_use == self.ReservedUse.TOP,
        )

    @property
    def hall_plan(self) -> tables.HallPlan:
        return tables.parse_halls(self.halls)
