"""``python manage.py backup --tournament SLUG [-o FILE.json]``: the whole tournament as JSON."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Tournament


class Command(BaseCommand):
    help = "Dump a whole tournament (players, rounds, games, roles, audit log) as JSON, without password hashes unless --with-accounts."

    def add_arguments(self, parser):
        parser.add_argument("--tournament", required=True)
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")
        parser.add_argument(
            "--with-accounts",
            action="store_true",
            help="also write the accounts' password hashes (keep such a file safe)",
        )

    def handle(self, *args, **opts):
        from tournament.backup import dump_tournament

        try:
            tournament = Tournament.objects.get(slug=opts["tournament"])
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament {opts['tournament']!r}") from None
        text = json.dumps(
            dump_tournament(tournament, with_accounts=opts["with_accounts"]), ensure_ascii=False, indent=1
        )
        if opts["output"]:
            with open(opts["output"], "w", encoding="utf-8") as f:
                f.write(text + "\n")
        else:
            self.stdout.write(text)
