"""What the organizer's dashboard shows of the venue: the publication on the web and the backups.

Both are written by processes beside the site (the publisher, ``manage.py
publish --watch``; the backup loop, ``manage.py backup --every``) and read
here: the publication from its row, the rest from the cache all the site's
processes share (files or Redis; on the venue, files).
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _

from tournament.models import Publication, Tournament
from tournament.publishing.words import problem_text

#: The cache key the publisher renews while it runs.
PUBLISHER_KEY = "venue-publisher"
#: The cache key under which the backups into a folder (:mod:`tournament.backup_folder`) leave their last round.
BACKUP_STATUS_KEY = "venue-backup"


def publisher_alive() -> bool:
    """Whether a publisher ran within the last minute."""
    return cache.get(PUBLISHER_KEY) is not None


def backup_problem_text(problem: dict) -> str:
    """What went wrong in a round of backups into a folder, in the reader's words."""
    if problem.get("code") == "missing":
        return _("The folder %(folder)s is not there: is the USB stick plugged in?") % problem
    if problem.get("code") == "unknown":
        return _("There is no tournament %(slug)s.") % problem
    return _("The backup could not be written: %(detail)s") % problem


def backup_status() -> dict | None:
    """The last round of backups into a folder: ``at``, ``folder``, ``written`` and ``problem`` in words
    (None if there was none in the last day)."""
    status = cache.get(BACKUP_STATUS_KEY)
    if not status:
        return None
    problem = status.get("problem")
    return {**status, "problem": backup_problem_text(problem) if problem else ""}


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
