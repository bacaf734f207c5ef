"""``python manage.py export_opengotha --tournament SLUG [-o FILE.xml]``."""

import sys

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournament.models import Tournament
from tournament.services.opengotha import export_opengotha


class Command(BaseCommand):
    help = "Write a tournament as an OpenGotha file (standard output by default)."

    def add_arguments(self, parser):
        parser.add_argument("--tournament", required=True, help="the tournament's short name (slug)")
        parser.add_argument("-o", "--output", help="file to write")

    def handle(self, *args, tournament, output=None, **options):
        t = Tournament.objects.filter(slug=tournament).first()
        if t is None:
            raise CommandError(f"no tournament {tournament!r}")
        try:
            text = export_opengotha(t)
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from None
        if output:
            with open(output, "w", encoding="utf-8") as f:
                f.write(text)
        else:
            sys.stdout.write(text)
