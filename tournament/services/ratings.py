"""Rating lists: import the site's (a file, or the address configured for its kind) or a tournament's own,
and update a tournament's ranks from the lists it uses.

The site's lists (one per kind: EGD, FFG, AGA) are reference data every
tournament reads (:mod:`tournament.models.rating`): only site administrators
replace them (:func:`tournament.permissions.require_site_rating_lists`), and
the command line, which acts as the site. An organizer uploads a list for
their own tournament instead (:func:`tournament_rating_list_import`): it is
read before the site's list of its kind by that tournament alone. A new list
replaces the older one of the same kind and owner in one transaction. A
tournament's registrations change only when its organizer updates the
ranks, before round 1 is paired, after seeing the differences; each change
is audited.
"""

from __future__ import annotations

import urllib.request

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.files.rating_list import RatingListData, RatingListError
from tournament.files.ratings import read_list
from tournament.models import RatedPlayer, RatingList, Round, Tournament
from tournament.models.rating import RatingKind
from tournament.models.tournament import validate_rating_kinds
from tournament.permissions import ORGANIZER, require, require_site_rating_lists
from tournament.selectors.ratings import differences_fingerprint, rank_differences, search_key

from .audit import log_change
from .registrations import registration_update

__all__ = [
    "URL_SETTINGS",
    "RatingListError",
    "rating_kinds_update",
    "rating_list_fetch",
    "rating_list_import",
    "ranks_update_from_list",
    "tournament_rating_list_import",
]

BATCH = 2000
#: Largest download accepted from a configured address.
MAX_DOWNLOAD = 40 * 1024 * 1024
#: The setting that names where each kind of list is fetched from (``DJANGO_EGD_RATINGS_URL`` ...).
URL_SETTINGS = {"egd": "EGD_RATINGS_URL", "ffg": "FFG_RATINGS_URL", "aga": "AGA_RATINGS_URL"}


def _kind(kind: str) -> str:
    if kind not in RatingKind.values:
        raise RatingListError(_("Unknown kind of rating list: %(kind)s.") % {"kind": str(kind)[:10]})
    return kind


def _store(*, data: bytes, kind: str, tournament: Tournament | None, file_name: str, user):
    parsed = read_list(kind, data)
    rating_list = RatingList.objects.create(
        kind=kind,
        tournament=tournament,
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
                number=e.number[:12],
                surname=e.surname[:100],
                given_name=e.given_name[:100],
                country=e.country[:3],
                club=e.club[:40],
                rank=e.rank,
                rating=e.rating,
                listed_rating=e.listed_rating[:20],
                search=search_key(e.surname, e.given_name)[:220],
            )
        )
        if len(batch) >= BATCH:
            RatedPlayer.objects.bulk_create(batch)
            batch = []
    RatedPlayer.objects.bulk_create(batch)
    old = RatingList.objects.filter(kind=kind, tournament=tournament).exclude(pk=rating_list.pk)
    RatedPlayer.objects.filter(rating_list__in=old).delete()
    old.delete()
    return rating_list, parsed


@transaction.atomic
def rating_list_import(
    *, data: bytes, kind: str = "egd", file_name: str = "", user
) -> tuple[RatingList, RatingListData]:
    """Make the list the site's list of its ``kind`` (for every tournament); only site administrators.

    Raises :class:`RatingListError` when nothing is readable (the list in use stays).
    """
    require_site_rating_lists(user)
    return _store(data=data, kind=_kind(kind), tournament=None, file_name=file_name, user=user)


@transaction.atomic
def tournament_rating_list_import(
    *, tournament: Tournament, data: bytes, kind: str = "egd", file_name: str = "", user
) -> tuple[RatingList, RatingListData]:
    """Make the list the tournament's own list of its ``kind``: read before the site's by this tournament only."""
    require(user, tournament, ORGANIZER)
    rating_list, parsed = _store(data=data, kind=_kind(kind), tournament=tournament, file_name=file_name, user=user)
    log_change(
        tournament,
        "ratings.list",
        user=user,
        after={
            "kind": rating_list.kind_name,
            "file": rating_list.file_name,
            "date": rating_list.published.isoformat() if rating_list.published else None,
            "players": rating_list.size,
        },
    )
    return rating_list, parsed


@transaction.atomic
def rating_kinds_update(*, tournament: Tournament, kinds: list[str], user) -> bool:
    """Set the kinds of list the tournament's registration looks players up in (the preferred first);
    whether they changed."""
    require(user, tournament, ORGANIZER)
    current = Tournament.objects.select_for_update().get(pk=tournament.pk)
    value = ",".join(kinds)
    validate_rating_kinds(value)
    if value == current.rating_kinds:
        return False
    before = current.rating_kinds
    current.rating_kinds = value
    current.save(update_fields=["rating_kinds", "updated_at"])
    log_change(
        current, "tournament.settings", user=user, before={"rating_kinds": before}, after={"rating_kinds": value}
    )
    tournament.rating_kinds = value
    return True


def rating_list_fetch(url: str | None = None, kind: str = "egd") -> bytes:
    """Download a list from ``url`` or the address configured for its kind (the zip or the text file)."""
    setting = URL_SETTINGS[_kind(kind)]
    url = url or getattr(settings, setting, "")
    if not url:
        raise RatingListError(
            _("No address to fetch the list from: set DJANGO_%(setting)s, or give a file.") % {"setting": setting}
        )
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
    """Set the rank and rating of every registration found in the lists the tournament uses (by its EGD PIN,
    FFG licence or AGA ID) as the list has them.

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
    for d in differences:
        registration_update(
            registration=d.registration,
            data={"rank": d.rated.rank, "rating": d.rated.rating},
            user=user,
            reason=_("Ranks from the %(kind)s rating list") % {"kind": d.list_name},
        )
    return len(differences)
