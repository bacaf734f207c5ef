"""``python manage.py pdf {pairings,slips,standings,crosstable} --tournament SLUG
[--round N] [--discipline NAME] [--public] [--language de|en] -o FILE.pdf``"""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse
from django.utils import translation

from tournament.models import Tournament


class Command(BaseCommand):
    help = "Make a PDF: pairing sheet, result slips, standings or crosstable."

    def add_arguments(self, parser):
        parser.add_argument("kind", choices=["pairings", "slips", "standings", "crosstable"])
        parser.add_argument("--tournament", required=True, help="the tournament's short name")
        parser.add_argument(
            "--round",
            type=int,
            help="round number (pairings, slips: required; standings, crosstable: after this round)",
        )
        parser.add_argument("--discipline", help="standings of one discipline only")
        parser.add_argument(
            "--public", action="store_true", help="count only published rounds (default: every paired round)"
        )
        parser.add_argument(
            "--language",
            default="de",
            choices=[code for code, _name in settings.LANGUAGES],
            help="the language of the PDF (default: de)",
        )
        parser.add_argument("-o", "--output", required=True, help="the PDF file to write")

    def handle(self, *args, **opts):
        with translation.override(opts["language"]):
            self._make(opts)

    def _make(self, opts):
        from tournament.pdf.crosstable import crosstable_pdf
        from tournament.pdf.pairings import pairings_pdf
        from tournament.pdf.slips import slips_pdf
        from tournament.pdf.standings import standings_pdf
        from tournament.selectors import standings as sel

        try:
            tournament = Tournament.objects.get(slug=opts["tournament"])
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament {opts['tournament']!r}") from None
        kind = opts["kind"]
        if kind in ("pairings", "slips"):
            if not opts["round"]:
                raise CommandError(f"{kind} need --round N")
            round_ = tournament.rounds.select_related("discipline").filter(number=opts["round"]).first()
            if round_ is None:
                raise CommandError(f"{tournament.slug} has no round {opts['round']}")
            # the slips' QR codes name the site's address, known here only as DJANGO_SITE_URL
            entry_url = (
                (lambda game: settings.SITE_URL + reverse("game_slip", args=[tournament.slug, game.pk]))
                if kind == "slips" and settings.SITE_URL
                else None
            )
            sheet = sel.pairing_sheet(round_, entry_url=entry_url)
            pdf = pairings_pdf(sheet) if kind == "pairings" else slips_pdf(sheet)
        else:
            discipline = opts["discipline"]
            if discipline and not tournament.disciplines.filter(name=discipline).exists():
                names = ", ".join(sel.discipline_names(tournament))
                raise CommandError(f"no discipline {discipline!r}; there are: {names}")
            if opts["round"]:  # the table after that round, from the results
                standings = sel.standings_for(
                    tournament, discipline=discipline, public=opts["public"], up_to=opts["round"]
                )
            else:  # the table the site shows (the frozen one while the director has frozen it)
                standings = sel.shown_standings(tournament, discipline=discipline, public=opts["public"])
            if kind == "standings":
                pdf = standings_pdf(standings, tournament.name)
            else:  # a round robin's square, as its page
                pdf = crosstable_pdf(standings, tournament.name, square=tournament.pairing_system == "roundrobin")
        with open(opts["output"], "wb") as f:
            f.write(pdf)
        self.stdout.write(f"wrote {opts['output']} ({len(pdf)} bytes)")
