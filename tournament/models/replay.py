"""A game record replayed once and kept: what the board viewer and the game page read."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class GameReplay(models.Model):
    """The replay of a game's record (:func:`games.packed.pack`), kept for the
    record and settings it was made from (``key``, a SHA-256 of them).

    Derived data: :mod:`tournament.services.replays` writes it when a record
    is reported and again whenever the key no longer matches (another record,
    another rule set, komi or handicap). It is a table of its own so that
    lists of games do not load it, and it is no part of a backup.
    """

    game = models.OneToOneField("Game", on_delete=models.CASCADE, primary_key=True, related_name="kept_replay")
    key = models.CharField(max_length=64)
    data = models.JSONField()

    class Meta:
        verbose_name = _("kept replay")
        verbose_name_plural = _("kept replays")

    def __str__(self) -> str:
        return f"replay of game {self.game_id}"
