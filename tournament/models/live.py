"""A game recorded on the phones as it is played: its moves, stored one at a time."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .fields import user_account
from .game import WinMethod

#: Ways a game ends that the board cannot see: entered on the live board by a player (or its scorer),
#: which proposes the result with the record so far.
ENDS_ENTERED_BY_HAND = (WinMethod.RESIGNATION, WinMethod.TIME)


class LiveRecord(models.Model):
    """The moves of a game as the players (or a scorer, or a referee) tap them in.

    Every move is written at once with one conditional UPDATE on
    ``version`` (as results are): two phones entering a move at the same time
    give one move, and the other phone is told.  ``moves`` is the record in
    text notation, one token a move (``K10``, ``pass``); ``entries`` says, for
    each move, who entered it and when (``[user name, Unix seconds]``).

    The end of a Go game (two passes, then the dead stones marked): ``marks``
    are the dead stones and neutral points marked so far on either phone
    (:meth:`games.go.Marks.as_dict`, ``{}`` for none), ``marks_version``
    counts their changes (and the resumptions of play); each player agrees
    to one version of the marks (``black_agreed``, ``white_agreed``: the
    ``marks_version`` agreed to), so that any change of the marks withdraws
    both agreements.  ``black_marks`` and ``white_marks`` are the marks each
    player last made or agreed to: what the referee sees as each side's
    view.  Every change bumps ``version`` too (the phones' poll).
    """

    game = models.OneToOneField("Game", on_delete=models.CASCADE, related_name="live", verbose_name=_("game"))
    moves = models.TextField(_("moves"), blank=True)
    entries = models.JSONField(_("who entered each move"), default=list, blank=True)
    version = models.PositiveIntegerField(default=0, editable=False)
    scorer = user_account(_("scorer"), help_text=_("Records the game for the players; named by an organizer."))
    recorder = user_account(_("referee recording"), help_text=_("A referee who took over the recording of this game."))
    marks = models.JSONField(_("dead stones and neutral points marked"), default=dict, blank=True)
    marks_version = models.PositiveIntegerField(default=0, editable=False)
    black_agreed = models.PositiveIntegerField(null=True, blank=True, editable=False)
    white_agreed = models.PositiveIntegerField(null=True, blank=True, editable=False)
    black_marks = models.JSONField(_("Black's marks"), null=True, blank=True)
    white_marks = models.JSONField(_("White's marks"), null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("live record")
        verbose_name_plural = _("live records")

    def __str__(self) -> str:
        return f"{self.game}: {self.move_count} moves"

    @property
    def move_list(self) -> list[str]:
        return self.moves.split()

    @property
    def move_count(self) -> int:
        return len(self.entries)

    def agreed(self, side: str) -> bool:
        """Whether ``side`` (``"black"``/``"white"``) agreed to the marks as they are now."""
        return getattr(self, f"{side}_agreed") == self.marks_version

    @property
    def marking_begun(self) -> bool:
        """Whether anybody marked a stone or a point, or agreed, since the game stopped."""
        return bool(self.marks) or self.agreed("black") or self.agreed("white")
