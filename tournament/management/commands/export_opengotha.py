"""``python manage.py export_opengotha --tournament SLUG [--discipline NAME_OR_ID] [-o FILE.xml]``.

An OpenGotha file holds one board size and one komi: the file of one
discipline's rounds (:func:`tournament.services.opengotha.export_opengotha`).
Without ``--discipline`` the tournament's file; when its rounds play several
disciplines, a warning names the rounds it left out."""

import sys

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournament.models import Tournament
from tournament.selectors.exports import whole_file_discipline
from tournament.services.opengotha import export_opengotha


class Command(BaseCommand):
    help = "Write a tournament as an OpenGotha file (standard output by default)."

    def add_arguments(self, parser):
        parser.add_argument("--tournament", required=True, help="the tournament's short name (slug)")
        parser.add_argument(
            "--discipline", help="the discipline (name or id) whose rounds to write (default: the tournament's)"
        )
        parser.add_argument("-o", "--output", help="file to write")

    def handle(self, *args, tournament, output=None, discipline=None, **options):
        t = Tournament.objects.filter(slug=tournament).first()
        if t is None:
            raise CommandError(f"no tournament {tournament!r}")
        chosen = None
        if discipline:
            found = t.disciplines.filter(name=discipline)
            if discipline.isdigit() and not found.exists():
                found = t.disciplines.filter(pk=int(discipline[:18]))
            chosen = found.first()
            if chosen is None:
                raise CommandError(f"no discipline {discipline!r}")
        try:
            text = export_opengotha(t, discipline=chosen)
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from None
        written = chosen or whole_file_discipline(t)
        rounds = t.rounds.exclude(discipline=written) if written else t.rounds.all()
        left_out = sorted(rounds.values_list("number", flat=True))
        if left_out:
            self.stderr.write(
                f"warning: rounds {', '.join(map(str, left_out))} are left out: an OpenGotha file holds one "
                "discipline's rounds (give --discipline for another)"
            )
        if output:
            with open(output, "w", encoding="utf-8") as f:
                f.write(text)
        else:
            sys.stdout.write(text)
