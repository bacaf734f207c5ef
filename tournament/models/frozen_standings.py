"""The final table frozen for the prize-giving (:mod:`tournament.standings.frozen`)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .fields import user_account


class FrozenStandings(models.Model):
    """Every table of a tournament as it was when the director froze it, and the results then.

    While a row exists, every page, download, the API and the projector show these tables
    (``selectors.standings``), with the names and clubs as they are now. ``tables``: ``overall``,
    ``disciplines`` (name to table) and ``teams`` (or none), each as
    :func:`tournament.standings.frozen.standings_plain` writes it; ``results``: the games of the rounds
    counted, ``[round, table, black, white, result, by_default]`` (registration ids), to tell which
    results changed after the freeze. Its own table: a congress's tables are a megabyte of JSON.
    """

    tournament = models.OneToOneField("Tournament", on_delete=models.CASCADE, related_name="+")
    frozen_at = models.DateTimeField(_("frozen at"))
    frozen_by = user_account(_("frozen by"))
    tables = models.JSONField(_("frozen tables"), default=dict)
    results = models.JSONField(_("results at the freeze"), default=list)

    class Meta:
        verbose_name = _("frozen standings")
        verbose_name_plural = _("frozen standings")

    def __str__(self) -> str:
        return f"{self.tournament_id} {self.frozen_at:%Y-%m-%d %H:%M}"
