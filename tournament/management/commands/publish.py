"""``python manage.py publish [DIR] [--tournament S]... [--full] [--send] [--watch]``: the public pages as a static site.

Once: the tournaments named (all without ``--tournament``) into DIR
(default ``DJANGO_PUBLISH_DIR``), only what changed since the last run into
the same folder; ``--send`` then hands the folder to ``DJANGO_PUBLISH_COMMAND``.

``--watch``: the publisher. It runs until stopped and publishes every
tournament whose organizer turned publishing on (the dashboard's button;
``--tournament`` turns it on for those named) whenever it changed, at most
every ``DJANGO_PUBLISH_EVERY_SECONDS``, and at once when an organizer asks
(see :mod:`tournament.services.publication`). ``manage.py venue`` starts it.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from tournament.models import Tournament

#: How often the publisher looks for an organizer's request (changes count every PUBLISH_EVERY_SECONDS).
POLL_SECONDS = 5


class Command(BaseCommand):
    help = "Write the public pages as a static web site into a folder (or keep doing it: --watch)."

    def add_arguments(self, parser):
        parser.add_argument("folder", nargs="?", help="the folder (default: DJANGO_PUBLISH_DIR)")
        parser.add_argument("--tournament", action="append", default=[], help="its short name (repeatable)")
        parser.add_argument("--full", action="store_true", help="make every page again")
        parser.add_argument("--send", action="store_true", help="then run DJANGO_PUBLISH_COMMAND with the folder")
        parser.add_argument("--watch", action="store_true", help="keep publishing what changes (the publisher)")

    def handle(self, *args, **opts):
        folder = Path(opts["folder"] or settings.PUBLISH_DIR).resolve()
        tournaments = []
        for slug in opts["tournament"]:
            try:
                tournaments.append(Tournament.objects.get(slug=slug))
            except Tournament.DoesNotExist:
                raise CommandError(f"no tournament {slug!r}") from None
        if opts["watch"]:
            return self.watch(folder, tournaments)
        return self.once(folder, tournaments or list(Tournament.objects.order_by("slug")), opts)

    def once(self, folder: Path, tournaments: list[Tournament], opts) -> None:
        from tournament.publishing import send
        from tournament.publishing.folder import FolderBusy
        from tournament.publishing.run import publish
        from tournament.publishing.words import problem_text

        try:
            report = publish(folder, tournaments, full=opts["full"])
        except FolderBusy:
            raise CommandError(f"another run is writing into {folder}") from None
        except OSError as exc:  # not a folder, not writable, the disk full
            raise CommandError(f"cannot write into {folder}: {exc}") from None
        self.stdout.write(f"{folder}: {report.summary()}")
        problems = list(report.problems)
        if opts["send"]:
            if not settings.PUBLISH_COMMAND:
                raise CommandError("--send needs DJANGO_PUBLISH_COMMAND")
            failure = send.send(folder)
            if failure is None:
                self.stdout.write(f"sent: {settings.PUBLISH_COMMAND}")
            else:
                problems.append(failure)
        if problems:
            raise CommandError("\n".join(problem_text(p) for p in problems))

    def watch(self, folder: Path, tournaments: list[Tournament]) -> None:
        from tournament.permissions import SYSTEM
        from tournament.publishing.words import problem_text
        from tournament.services.publication import publication_start, publish_due, publisher_beat

        for tournament in tournaments:
            publication_start(tournament=tournament, user=SYSTEM)
        try:
            os.nice(10)  # the players' requests first
        except OSError:
            pass
        stopping = []
        signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
        self.stdout.write(f"Publishing into {folder} (every {settings.PUBLISH_EVERY_SECONDS} s at most; Ctrl-C stops)")
        try:
            while not stopping:
                publisher_beat(folder, alive=True)
                for done in publish_due(folder=folder):
                    line = f"{timezone.localtime():%H:%M:%S} {done.tournament.slug}: {done.report.summary()}"
                    self.stdout.write(line + (", sent" if done.sent else ""))
                    for problem in done.problems:
                        self.stderr.write(f"  {problem_text(problem)}")
                for _ in range(POLL_SECONDS * 5):
                    if stopping:
                        break
                    time.sleep(0.2)
        except KeyboardInterrupt:
            pass
        finally:
            publisher_beat(folder, alive=False)
