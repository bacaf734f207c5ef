"""Django wrapper around :mod:`tournament.pairing.cli` (no database access)."""

from django.core.management.base import BaseCommand, CommandError

from tournament.pairing import cli


class Command(BaseCommand):
    help = "Pair a round of an OpenGotha tournament file and print the pairing as JSON."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        cli.add_arguments(parser)

    def handle(self, *args, **options):
        import json

        try:
            out = cli.run(options["file"], options["round"], options.get("explain", False))
        except (cli.OpenGothaFormatError, ValueError) as e:
            raise CommandError(str(e)) from None
        self.stdout.write(json.dumps(out, ensure_ascii=False))
