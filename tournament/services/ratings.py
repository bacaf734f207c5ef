"""The EGD rating list: import it (a file, or the address in ``EGD_RATINGS_URL``), and update a
tournament's ranks from it.

The list is a lookup table for the whole site (see :mod:`tournament.models.rating`):
a new list replaces the old one in one transaction. A tournament's
registrations change only when its organizer updates the ranks, before
round 1 is paired, after seeing the differences; each change is audited.
"""

from __future__ import annotations

import urllib.request

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.formats.egd_ratings import RatingListData, RatingListError, read_rating_list
from tournament.models import RatedPlayer, RatingList, Round, Tournament
from tournament.permissions import ORGANIZER, require, require_rating_list
from tournament.selectors.ratings import differences_fingerprint, rank_differences, search_key

from .registrations import registration_update

__all__ = ["RatingListError", "rating_list_import", "rating_list_fetch", "ranks_update_from_list"]

BATCH = 2000
#: Largest download accepted from EGD_RATINGS_URL.
MAX_DOWNLOAD = 40 * 1024 * 1024


@transaction.atomic
def rating_list_import(*, data: bytes, file_name: str = "", user) -> tuple[RatingList, RatingListData]:
    """Read the list and make it the site's one list; raises :class:`RatingListError` when nothing is readable."""
    require_rating_list(user)
    parsed = read_rating_list(data)
    rating_list = RatingList.objects.create(
        published=parsed.date,
        file_name=file_name[:200],
        size=len(parsed.entries),
        imported_by=user if getattr(user, "is_authenticated", False) else None,
        skipped=parsed.problems[:200],
    )
    batch = []
    for e in parsed.entries:
        batch.append(
            RatedPlayer(
                rating_list=rating_list,
                pin=e.pin,
                surname=e.surname[:100],
                given_name=e.given_name[:100],
                country=e.country[:3],
                club=e.club[:10],
                rank=e.rank,
                rating=e.rating,
                search=search_key(e.surname, e.given_name)[:220],
            )
        )
        if len(batch) >= BATCH:
            RatedPlayer.objects.bulk_create(batch)
            batch = []
    RatedPlayer.objects.bulk_create(batch)
    old = RatingList.objects.exclude(pk=rating_list.pk)
    RatedPlayer.objects.filter(rating_list__in=old).delete()
    old.delete()
    return rating_list, parsed


def rating_list_fetch(url: str | None = None) -> bytes:
    """Download the list from ``url`` or the ``EGD_RATINGS_URL`` setting (the zip or the HTML file)."""
    url = url or getattr(settings, "EGD_RATINGS_URL", "")
    if not url:
        raise RatingListError(_("No address to fetch the list from: set DJANGO_EGD_RATINGS_URL, or give a file."))
    if not url.startswith(("https://", "http://", "file://")):
        raise RatingListError(_("Only http, https and file addresses are fetched, not %(url)s.") % {"url": url})
    try:
        with urllib.request.urlopen(url, timeout=120) as response:  # noqa: S310 - scheme checked above
            data = response.read(MAX_DOWNLOAD + 1)
    except OSError as e:
        raise RatingListError(
            _("The list could not be fetched from %(url)s: %(error)s") % {"url": url, "error": e}
        ) from None
    if len(data) > MAX_DOWNLOAD:
        raise RatingListError(_("The download is larger than %(mb)s MB.") % {"mb": MAX_DOWNLOAD // 2**20})
    return data


@transaction.atomic
def ranks_update_from_list(*, tournament: Tournament, user, fingerprint: str) -> int:
    """Set the rank and rating of every registration (matched by EGD PIN) as the list has them.

    Only before round 1 is paired, and only if the differences are still
    those the organizer saw (``fingerprint``). Returns how many changed.
    """
    require(user, tournament, ORGANIZER)
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.rounds.exclude(status=Round.Status.PLANNED).exists():
        raise ValidationError(_("Round 1 is paired already: ranks are no longer updated from the list."))
    differences, _unmatched = rank_differences(tournament)
    if differences_fingerprint(differences) != fingerprint:
        raise ValidationError(_("The differences have changed since you looked at them; check them again."))
    reason = _("Ranks from the EGD rating list")
    for d in differences:
        registration_update(
            registration=d.registration, data={"rank": d.rated.rank, "rating": d.rated.rating}, user=user, reason=reason
        )
    return len(differences)
