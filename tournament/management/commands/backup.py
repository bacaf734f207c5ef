"""``python manage.py backup --tournament SLUG [-o FILE.json]``: the whole tournament as JSON.

``backup --to DIR [--every MINUTES] [--keep N] [--tournament SLUG]...``: every
tournament (or those named) into the folder DIR, e.g. a USB stick during the
tournament day (:mod:`tournament.backup_folder`); with ``--every``
again and again until stopped.
"""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.local_time import site_clock
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Dump a whole tournament (players, rounds, games, roles, audit log) as JSON, without password hashes unless --with-accounts."

    def add_arguments(self, parser):
        parser.add_argument("--tournament", action="append", default=[], help="its short name")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")
        parser.add_argument(
            "--with-accounts",
            action="store_true",
            help="also write the accounts' password hashes (the file readable by its owner only; keep it safe)",
        )
        parser.add_argument("--to", help="a folder (a USB stick): every tournament's backup into it")
        parser.add_argument("--every", type=int, help="with --to: again every so many minutes, until stopped")
        parser.add_argument("--keep", type=int, default=12, help="with --to: older copies kept per tournament")

    def handle(self, *args, **opts):
        if opts["to"]:
            return self.to_folder(Path(opts["to"]), opts)
        if opts["every"]:
            raise CommandError("--every needs --to")
        if len(opts["tournament"]) != 1:
            raise CommandError("name one tournament: --tournament SLUG (or write all with --to DIR)")
        from tournament.backup import dump_tournament

        slug = opts["tournament"][0]
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament {slug!r}") from None
        text = json.dumps(
            dump_tournament(tournament, with_accounts=opts["with_accounts"]), ensure_ascii=False, indent=1
        )
        if opts["output"]:
            from tournament.backup_folder import open_backup

            with open_backup(Path(opts["output"]), private=opts["with_accounts"]) as f:
                f.write((text + "\n").encode())
        else:
            self.stdout.write(text)

    def to_folder(self, folder: Path, opts) -> None:
        from tournament.backup_folder import MAX_KEEP, back_up
        from tournament.selectors.venue import backup_problem_text as problem_text

        if opts["output"]:
            raise CommandError("--to writes into a folder: no -o")
        if not 1 <= opts["keep"] <= MAX_KEEP:
            raise CommandError(f"--keep must be 1 to {MAX_KEEP}")
        every = opts["every"]
        if every is not None and not 1 <= every <= 24 * 60:
            raise CommandError("--every must be 1 to 1440 minutes")
        stop = []
        if every:
            signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
        try:
            while True:
                done = back_up(folder, slugs=opts["tournament"], with_accounts=opts["with_accounts"], keep=opts["keep"])
                stamp = f"{site_clock():%H:%M:%S}"
                if done.problem:
                    said = problem_text(done.problem)
                    self.stderr.write(f"{stamp} backup to {folder} failed: {said}")
                    if not every:
                        raise CommandError(said)
                else:
                    self.stdout.write(f"{stamp} backup to {folder}: {done.written} written, {done.unchanged} unchanged")
                if not every:
                    return
                deadline = time.monotonic() + every * 60
                while not stop and time.monotonic() < deadline:
                    time.sleep(0.5)
                if stop:
                    return
        except KeyboardInterrupt:
            return
