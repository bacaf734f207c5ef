"""``python manage.py import_ratings [FILE] [--url URL] [--kind egd|ffg|aga] [--tournament S]``: a rating list
into the lookup table.

Without ``--kind`` the list is the EGD's all-world list, as the command has always read it; without FILE
it is fetched from the address configured for its kind (``DJANGO_EGD_RATINGS_URL``,
``DJANGO_FFG_RATINGS_URL``, ``DJANGO_AGA_RATINGS_URL``). Without ``--tournament`` it becomes the site's
list of its kind; with it, that tournament's own list.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Tournament
from tournament.models.rating import RatingKind
from tournament.permissions import SYSTEM
from tournament.services.ratings import (
    URL_SETTINGS,
    RatingListError,
    rating_list_fetch,
    rating_list_import,
    tournament_rating_list_import,
)

NAMES = {"egd": "EGD", "ffg": "FFG", "aga": "AGA"}


class Command(BaseCommand):
    help = (
        "Read a rating list into the table that self-registration and late entries search: the EGD's "
        "all-world list (allworld_lp.html, or its zip; the default), the FFG's échelle (--kind ffg) or the "
        "AGA's TD list (--kind aga). Without FILE it is fetched from the address set for its kind "
        "(DJANGO_EGD_RATINGS_URL, DJANGO_FFG_RATINGS_URL, DJANGO_AGA_RATINGS_URL)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="allworld_lp.html or its zip, ech_ffg_V3.txt, TDListA.txt")
        parser.add_argument("--url", help="fetch from this address instead of the one set for the kind")
        parser.add_argument(
            "--kind", choices=RatingKind.values, default=RatingKind.EGD, help="the kind of list (default: egd)"
        )
        parser.add_argument("--tournament", metavar="SLUG", help="that tournament's own list, not the site's")

    def handle(self, *args, file=None, url=None, kind="egd", tournament=None, **options):
        owner = None
        if tournament:
            owner = Tournament.objects.filter(slug=tournament).first()
            if owner is None:
                raise CommandError(f"There is no tournament with the short name {tournament}.")
        try:
            if file:
                try:
                    data = Path(file).read_bytes()
                except OSError as e:
                    raise CommandError(f"{file}: {e}") from None
                name = Path(file).name
            else:
                data = rating_list_fetch(url, kind=kind)
                name = url or f"DJANGO_{URL_SETTINGS[kind]}"
            if owner is None:
                rating_list, parsed = rating_list_import(data=data, kind=kind, file_name=name, user=SYSTEM)
            else:
                rating_list, parsed = tournament_rating_list_import(
                    tournament=owner, data=data, kind=kind, file_name=name, user=SYSTEM
                )
        except RatingListError as exc:
            raise CommandError(str(exc)) from None
        for problem in parsed.problems:
            self.stderr.write(problem)
        whose = f" for {owner.slug}" if owner else ""
        self.stdout.write(
            f"{NAMES[kind]} rating list{whose} of {rating_list.published or 'unknown date'}: {rating_list.size} players"
            f" ({len(parsed.problems)} odd lines skipped, {parsed.anonymous} anonymous)."
        )
