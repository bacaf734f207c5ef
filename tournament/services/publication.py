"""Publishing a tournament's public pages on the web: the organizer's button, and the publisher's rounds.

An organizer turns publishing on (and off) on the dashboard, and may ask for
a run at once; each is audited. The publisher (``manage.py publish --watch``,
which ``manage.py venue`` starts) calls :func:`publish_due` every few seconds:
a tournament whose publishing is on is published again when an organizer asked
for it, or when its state (its page version: results, pairings, round
states, players, settings) differs from the one last published and the last
run is at least ``PUBLISH_EVERY_SECONDS`` old -- so a published round or a
result is on the web within about a minute, and a round's hundred results
give a run a minute, not a hundred runs. Nothing of this runs inside the
request that saves a result.

A run writes into ``PUBLISH_DIR`` (:func:`tournament.publishing.run.publish`),
then hands the folder to ``PUBLISH_COMMAND`` if one is set and anything
changed (:mod:`tournament.publishing.send`). What went wrong (a page the site
could not make, the command's failure) is kept on the :class:`Publication`
and shown on the dashboard; it never stops the site.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from tournament.models import Publication, Tournament
from tournament.permissions import ORGANIZER, SYSTEM, require
from tournament.publishing import send
from tournament.publishing.folder import FolderBusy
from tournament.publishing.run import Report, publish
from tournament.selectors.page_version import page_version_of
from tournament.selectors.venue import PUBLISHER_KEY

from .audit import log_change

#: At most this many problems are kept for the dashboard (a broken template fails every page alike).
PROBLEMS_KEPT = 10
#: How long the publisher's word that it runs holds (it renews it every few seconds).
ALIVE_SECONDS = 60


def publisher_beat(folder: Path, *, alive: bool) -> None:
    """The publisher says that it runs, or that it stopped (:func:`tournament.selectors.venue.publisher_alive`).
    Seen through the cache the site's processes share: on the venue and in production, not in debug mode."""
    if alive:
        cache.set(PUBLISHER_KEY, {"at": timezone.now().isoformat(), "folder": str(folder)}, ALIVE_SECONDS)
    else:
        cache.delete(PUBLISHER_KEY)


def _publication(tournament: Tournament) -> Publication:
    return Publication.objects.select_for_update().get_or_create(tournament=tournament)[0]


@transaction.atomic
def publication_start(*, tournament: Tournament, user) -> Publication:
    """Publish the tournament now and again after every change."""
    require(user, tournament, ORGANIZER)
    publication = _publication(tournament)
    publication.enabled = True
    publication.requested_at = timezone.now()
    publication.save(update_fields=["enabled", "requested_at"])
    log_change(tournament, "publication.start", user=user, after={"folder": str(settings.PUBLISH_DIR)})
    return publication


@transaction.atomic
def publication_stop(*, tournament: Tournament, user) -> Publication:
    """No more runs (what was published stays where it is)."""
    require(user, tournament, ORGANIZER)
    publication = _publication(tournament)
    publication.enabled = False
    publication.requested_at = None
    publication.save(update_fields=["enabled", "requested_at"])
    log_change(tournament, "publication.stop", user=user)
    return publication


@transaction.atomic
def publication_request(*, tournament: Tournament, user) -> Publication:
    """A run as soon as the publisher gets to it, changed or not (and the folder sent on)."""
    require(user, tournament, ORGANIZER)
    publication = _publication(tournament)
    publication.requested_at = timezone.now()
    publication.save(update_fields=["requested_at"])
    log_change(tournament, "publication.request", user=user)
    return publication


@dataclass(frozen=True)
class Done:
    tournament: Tournament
    report: Report
    sent: bool
    problems: list[dict]


def _due(publication: Publication, state: str, now: dt.datetime, every: float) -> bool:
    if publication.requested_at and (
        publication.started_at is None or publication.requested_at >= publication.started_at
    ):
        return True
    if not publication.enabled or publication.state == state:
        return False
    return publication.finished_at is None or (now - publication.finished_at).total_seconds() >= every


def publish_due(*, folder: Path | None = None, user=SYSTEM, now: dt.datetime | None = None) -> list[Done]:
    """Publish every tournament that is due (see the module's docstring); what each run did.

    No transaction is held during a run (it only reads, and may take minutes at a
    congress): the publication's row is written before and after it."""
    folder = Path(folder or settings.PUBLISH_DIR)
    now = now or timezone.now()
    done = []
    candidates = Publication.objects.filter(enabled=True) | Publication.objects.filter(requested_at__isnull=False)
    for publication in candidates.select_related("tournament").order_by("tournament_id"):
        tournament = publication.tournament
        require(user, tournament, ORGANIZER)
        found = page_version_of(tournament.slug)
        if found is None or not _due(publication, found[1], now, settings.PUBLISH_EVERY_SECONDS):
            continue
        done.append(_run(publication, tournament, found[1], folder))
    return done


def _run(publication: Publication, tournament: Tournament, state: str, folder: Path) -> Done:
    asked = publication.requested_at is not None
    Publication.objects.filter(pk=publication.pk).update(started_at=timezone.now())
    try:
        report = publish(folder, [tournament])
    except FolderBusy:  # another run (the command line)
        report = Report(problems=[{"code": "busy"}])
        state = publication.state  # tried again after PUBLISH_EVERY_SECONDS
    except OSError as exc:  # a full disk, a folder one may not write
        report = Report(problems=[{"code": "folder", "detail": str(exc)}])
        state = publication.state
    problems = report.problems[:PROBLEMS_KEPT]
    sent = False
    if settings.PUBLISH_COMMAND and (report.written or report.removed or asked):
        failure = send.send(folder)
        sent = failure is None
        if failure is not None:
            problems.append(failure)
    finished = timezone.now()
    fields = {
        "state": state,
        "finished_at": finished,
        "written": report.written,
        "removed": report.removed,
        "files": report.files,
        "problems": problems,
    }
    if sent:
        fields["sent_at"] = finished
    # a request that came in during the run is kept for the next one
    Publication.objects.filter(pk=publication.pk, requested_at=publication.requested_at).update(requested_at=None)
    Publication.objects.filter(pk=publication.pk).update(**fields)
    return Done(tournament=tournament, report=report, sent=sent, problems=problems)
