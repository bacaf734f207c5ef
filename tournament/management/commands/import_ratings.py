"""``python manage.py import_ratings [FILE]``: the EGD's all-world rating list into the lookup table."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.permissions import SYSTEM
from tournament.services.ratings import RatingListError, rating_list_fetch, rating_list_import


class Command(BaseCommand):
    help = (
        "Read the EGD's all-world rating list (allworld_lp.html, or its zip) into the table that "
        "self-registration and late entries search. Without FILE it is fetched from DJANGO_EGD_RATINGS_URL."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="allworld_lp.html or allworld_lp.zip")
        parser.add_argument("--url", help="fetch from this address instead of DJANGO_EGD_RATINGS_URL")

    def handle(self, *args, file=None, url=None, **options):
        try:
            if file:
                try:
                    data = Path(file).read_bytes()
                except OSError as e:
                    raise CommandError(f"{file}: {e}") from None
                name = Path(file).name
            else:
                data = rating_list_fetch(url)
                name = url or "DJANGO_EGD_RATINGS_URL"
            rating_list, parsed = rating_list_import(data=data, file_name=name, user=SYSTEM)
        except RatingListError as exc:
            raise CommandError(str(exc)) from None
        for problem in parsed.problems:
            self.stderr.write(problem)
        self.stdout.write(
            f"EGD rating list of {rating_list.published or 'unknown date'}: {rating_list.size} players"
            f" ({len(parsed.problems)} odd lines skipped, {parsed.anonymous} anonymous)."
        )
