"""A tournament's public pages published as a static web site, and how the last run went."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Publication(models.Model):
    """Whether the publisher (``manage.py publish --watch``, started by ``manage.py venue``) writes the
    tournament's public pages into the publishing folder after every change, whether an organizer asked
    for a run now, and what the last run did (:mod:`tournament.publishing`)."""

    tournament = models.OneToOneField(
        "Tournament", on_delete=models.CASCADE, primary_key=True, related_name="publication"
    )
    enabled = models.BooleanField(_("published after every change"), default=False)
    #: an organizer asked for a run now (the "Publish now" button)
    requested_at = models.DateTimeField(null=True, blank=True)
    #: the tournament's state (its page version) the last run published
    state = models.CharField(max_length=64, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: files written and removed by the last run, and the tournament's files in the folder after it
    written = models.PositiveIntegerField(default=0)
    removed = models.PositiveIntegerField(default=0)
    files = models.PositiveIntegerField(default=0)
    #: when the folder was last sent on by DJANGO_PUBLISH_COMMAND
    sent_at = models.DateTimeField(null=True, blank=True)
    #: what went wrong in the last run (a page that failed, the sending command), as codes and values
    #: that :mod:`tournament.publishing.words` puts into the reader's words on the dashboard
    problems = models.JSONField(default=list, blank=True)

    class Meta:
        verbose_name = _("publication on the web")
        verbose_name_plural = _("publications on the web")

    def __str__(self) -> str:
        return f"{self.tournament_id}: {'on' if self.enabled else 'off'}"
