"""``python manage.py import_macmahon FILE.xml [--slug SLUG] [--organizer USER]``."""

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournament.permissions import SYSTEM
from tournament.services.macmahon import MacMahonFormatError, import_macmahon


class Command(BaseCommand):
    help = (
        "Bring a whole MacMahon 3.9 tournament (settings, Walllist criteria, players, rounds, results, byes) "
        "into the site."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the MacMahon tournament file (.xml)")
        parser.add_argument("--slug", help="short name in the site (default: from the tournament's name)")
        parser.add_argument("--organizer", help="user name of the account that becomes the organizer")

    def handle(self, *args, file, slug=None, organizer=None, **options):
        user = SYSTEM  # the command line acts as the site itself
        if organizer:
            user = get_user_model().objects.filter(username=organizer).first()
            if user is None:
                raise CommandError(f"There is no user {organizer}.")
        try:
            tournament = import_macmahon(file, slug=slug, user=user)
        except MacMahonFormatError as exc:
            raise CommandError(f"{file}: nothing was imported:\n  " + "\n  ".join(exc.messages)) from None
        except ValidationError as exc:
            raise CommandError(f"{file}: " + "; ".join(exc.messages)) from None
        self.stdout.write(
            f"Imported {tournament.name} as /t/{tournament.slug}/: "
            f"{tournament.registrations.count()} players, {tournament.rounds.count()} rounds."
        )
