"""Django wrapper around :mod:`tournament.pair_opengotha` (no database access)."""

from django.core.management.base import BaseCommand, CommandError

from tournament import pair_opengotha


class Command(BaseCommand):
    help = "Pair a round of an OpenGotha tournament file and print the pairing as JSON."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        pair_opengotha.add_arguments(parser)

    def handle(self, *args, **options):
        import json

        try:
            out = pair_opengotha.run_options(options)
        except (pair_opengotha.OpenGothaFormatError, ValueError) as e:
            raise CommandError(str(e)) from None
        self.stdout.write(json.dumps(out, ensure_ascii=False))
