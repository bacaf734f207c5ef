"""``python manage.py import_opengotha FILE.xml [--slug SLUG]``."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournament.permissions import SYSTEM
from tournament.services.opengotha import import_opengotha


class Command(BaseCommand):
    help = "Bring a whole OpenGotha tournament (players, games, results, byes, parameters) into the site."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the OpenGotha tournament file (.xml)")
        parser.add_argument("--slug", help="short name in the site (default: the file's short name)")

    def handle(self, *args, file, slug=None, **options):
        try:
            tournament = import_opengotha(file, slug=slug, user=SYSTEM)
        except ValidationError as exc:
            raise CommandError(f"{file}: " + "; ".join(exc.messages)) from None
        self.stdout.write(
            f"Imported {tournament.name} as /t/{tournament.slug}/: "
            f"{tournament.registrations.count()} players, {tournament.rounds.count()} rounds."
        )
        from tournament.selectors.duplicates import duplicates_in

        for d in duplicates_in(tournament):
            self.stdout.write(
                f"Warning: perhaps one person entered twice: {d.first.full_name} and {d.second.full_name} "
                f"({d.reason}); merge them on the players' page if so."
            )
