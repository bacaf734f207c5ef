"""Reads of the EGD rating list: the current list, a search by name, a tournament's rank differences."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from tournament.models import RatedPlayer, RatingList, Registration, Tournament
from tournament.names import fold_name
from tournament.ranks import format_rank

#: At most this many players are shown for a search.
SEARCH_LIMIT = 10
#: Shorter searches are not run (two letters already narrow the list enough).
SEARCH_MIN = 2


def current_list() -> RatingList | None:
    return RatingList.objects.order_by("-imported_at", "-id").first()


def search_key(surname: str, given_name: str) -> str:
    """What a search compares with: ``" muller hans"`` (every word after a space)."""
    return " " + fold_name(f"{surname} {given_name}")


def search(query: str, limit: int = SEARCH_LIMIT) -> list[RatedPlayer]:
    """Players of the current list whose name has a word starting with each word of ``query``
    (folded: ``mull`` finds Müller and Mueller), or whose PIN starts with it."""
    rating_list = current_list()
    query = (query or "").strip()[:100]
    if rating_list is None or len(query) < SEARCH_MIN:
        return []
    qs = RatedPlayer.objects.filter(rating_list=rating_list)
    if query.isdigit():
        qs = qs.filter(pin__startswith=query)
    else:
        words = fold_name(query).split()[:4]
        if not words:
            return []
        for word in words:
            qs = qs.filter(search__contains=" " + word)
    return list(qs.order_by("surname", "given_name", "pin")[:limit])


def by_pin(pin: str) -> RatedPlayer | None:
    rating_list = current_list()
    if rating_list is None or not (pin or "").isdigit():
        return None
    return RatedPlayer.objects.filter(rating_list=rating_list, pin=pin).first()


@dataclass(frozen=True)
class RankDifference:
    registration: Registration
    rated: RatedPlayer

    @property
    def rank_before(self) -> str:
        return format_rank(self.registration.rank)

    @property
    def rank_after(self) -> str:
        return format_rank(self.rated.rank)

    @property
    def rank_changes(self) -> bool:
        return self.registration.rank != self.rated.rank

    @property
    def rating_changes(self) -> bool:
        return self.registration.rating != self.rated.rating


def rank_differences(tournament: Tournament) -> tuple[list[RankDifference], int]:
    """Registrations (not withdrawn) whose rank or rating differs from the list, matched by EGD PIN only;
    and how many registrations have no PIN found in the list."""
    rating_list = current_list()
    regs = list(
        tournament.registrations.exclude(status=Registration.Status.WITHDRAWN).order_by("surname", "given_name", "pk")
    )
    if rating_list is None:
        return [], len(regs)
    pins = {r.egd_pin for r in regs if r.egd_pin}
    rated = {p.pin: p for p in RatedPlayer.objects.filter(rating_list=rating_list, pin__in=pins)}
    differences, unmatched = [], 0
    for reg in regs:
        entry = rated.get(reg.egd_pin) if reg.egd_pin else None
        if entry is None:
            unmatched += 1
        elif reg.rank != entry.rank or reg.rating != entry.rating:
            differences.append(RankDifference(reg, entry))
    return differences, unmatched


def differences_fingerprint(differences: list[RankDifference]) -> str:
    """Changes when what the organizer was shown is no longer what would be applied."""
    text = "|".join(
        f"{d.registration.pk}:{d.registration.rank}:{d.registration.rating}:{d.rated.rank}:{d.rated.rating}"
        for d in differences
    )
    return hashlib.sha1(text.encode()).hexdigest()[:16]
