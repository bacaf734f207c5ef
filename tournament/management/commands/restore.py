"""``python manage.py restore FILE.json``: load a tournament written by ``backup``."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Load a tournament dump (all or nothing) into this database."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, **opts):
        from tournament.backup import DumpError, load_tournament

        try:
            with open(opts["file"], encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CommandError(f"cannot read {opts['file']}: {exc}") from None
        try:
            tournament = load_tournament(data)
        except DumpError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"restored {tournament.slug}: {tournament.name}")
