"""A tournament's knockout stage: its seeds and the director's rules; the games are its rounds'."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.pairing.knockout import DrawRule


class Knockout(models.Model):
    """The knockout stage of a tournament (one at most): who is seeded where, and the rules it is played by.

    One truth per fact: the bracket's games are the games of the tournament's rounds whose pairing system is
    knockout (``Round.is_knockout``), results entered as for any game; who goes on, who plays whom next and
    the final places are read from them (:func:`tournament.pairing.knockout.bracket`), never stored."""

    class Rule(models.TextChoices):
        HIGHER_SEED = DrawRule.HIGHER_SEED, _("The higher seed goes on")
        REPLAY = DrawRule.REPLAY, _("The two play a replay game")

    class Colours(models.TextChoices):
        NIGIRI = "nigiri", _("Even games, colours by nigiri")
        RULES = "rules", _("Handicap and colours by the tournament's rules")

    tournament = models.OneToOneField("Tournament", on_delete=models.CASCADE, related_name="knockout")
    #: the registrations' ids, seed 1 first
    seeds = models.JSONField(_("seeds"), default=list)
    #: where each seed came from, in the seeds' order: its place ("3") or its group and place ("A1")
    origins = models.JSONField(_("qualified as"), default=list)
    third_place = models.BooleanField(_("game for third place"), default=True)
    draw_rule = models.CharField(
        _("a game without a winner"), max_length=8, choices=Rule.choices, default=Rule.HIGHER_SEED
    )
    colours = models.CharField(_("colours and handicap"), max_length=8, choices=Colours.choices, default="nigiri")
    #: the standings after this round seeded the bracket
    after_round = models.PositiveSmallIntegerField(_("seeded after round"), default=0)
    #: seeded from each group's standings (a group stage), not from the whole table
    from_groups = models.BooleanField(_("from the groups"), default=False)

    class Meta:
        verbose_name = _("knockout stage")
        verbose_name_plural = _("knockout stages")

    def __str__(self) -> str:
        return _("Knockout stage of %(tournament)s") % {"tournament": self.tournament.name}
