"""``python manage.py export_h9 --tournament SLUG [--discipline NAME] [-o FILE]``"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Tournament


class Command(BaseCommand):
    help = "Write the EGD results file (h9) of the Go rounds."

    def add_arguments(self, parser):
        parser.add_argument("--tournament", required=True)
        parser.add_argument("--discipline", help="this discipline's rounds (default: every Go round)")
        parser.add_argument(
            "--class",
            dest="tournament_class",
            choices=["A", "B", "C", "D", "X"],
            help="EGF tournament class (default: from the tournament's time control)",
        )
        parser.add_argument("--public", action="store_true", help="published rounds only")
        parser.add_argument(
            "--keep-by-default",
            action="store_true",
            help="write games won by default (OpenGotha asks; by default they are 0=)",
        )
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")

    def handle(self, *args, **opts):
        from tournament.files.h9 import write_h9
        from tournament.selectors import standings as sel
        from tournament.selectors.exports import go_komis

        try:
            tournament = Tournament.objects.get(slug=opts["tournament"])
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament {opts['tournament']!r}") from None
        discipline = opts["discipline"]
        if discipline and not tournament.disciplines.filter(name=discipline).exists():
            raise CommandError(f"no discipline {discipline!r}")
        if not discipline and len(go_komis(tournament)) > 1:
            raise CommandError(
                "the Go disciplines were played with different komi and the h9 file writes one: "
                "give --discipline NAME for each"
            )
        standings = sel.go_standings(tournament, discipline=discipline, public=opts["public"])
        if not standings.rounds:
            raise CommandError("no Go rounds to export")
        header = sel.h9_header(tournament, discipline=discipline, tournament_class=opts["tournament_class"])
        if not header.tournament_class:
            raise CommandError(
                f"cannot tell the EGF class from the time control {tournament.time_control!r}: "
                'write it as e.g. "60 min + 5x30 s", "60 min + 15 stones / 5 min" or '
                '"40 min + 20 s Fischer", or give --class'
            )
        for note in header.notes:
            self.stderr.write(f"warning: {note}")
        text = write_h9(standings, header, keep_by_default=opts["keep_by_default"])
        if opts["output"]:
            with open(opts["output"], "w", encoding="ascii") as f:
                f.write(text)
        else:
            self.stdout.write(text, ending="")
