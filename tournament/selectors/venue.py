"""What the organizer's dashboard shows of the venue: the publication on the web and the backups.

Both are written by processes beside the site (the publisher, ``manage.py
publish --watch``; the backup loop, ``manage.py backup --every``) and read
here: the publication from its row, the rest from the cache all the site's
processes share (files or Redis; on the venue, files).
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache

from tournament.exports import backup_folder
from tournament.models import Publication, Tournament
from tournament.publishing.words import problem_text

#: The cache key the publisher renews while it runs.
PUBLISHER_KEY = "venue-publisher"


def publisher_alive() -> bool:
    """Whether a publisher ran within the last minute."""
    return cache.get(PUBLISHER_KEY) is not None


def backup_status() -> dict | None:
    """The last round of backups into a folder: ``at``, ``folder``, ``written`` and ``problem`` in words
    (None if there was none in the last day)."""
    status = cache.get(backup_folder.STATUS_KEY)
    if not status:
        return None
    problem = status.get("problem")
    return {**status, "problem": backup_folder.problem_text(problem) if problem else ""}


def publication_status(tournament: Tournament) -> dict:
    publication = Publication.objects.filter(tournament=tournament).first()
    return {
        "publication": publication,
        "publisher_alive": publisher_alive(),
        "publish_folder": str(settings.PUBLISH_DIR),
        "publish_command": settings.PUBLISH_COMMAND,
        "publication_problems": [problem_text(p) for p in publication.problems] if publication else [],
        "backup": backup_status(),
    }
