"""Likely duplicates among a tournament's registrations: one person entered twice.

Two registrations are likely one person when they carry the same EGD PIN,
or when their names are the same after folding case, accents and
transliteration (:func:`tournament.names.fold_name`, either order, written
or Latin names) and they also share the club or the rank. The organizer is
warned and can merge them; nothing is merged or linked by itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournament.models import Registration, Tournament
from tournament.names import fold_name, name_keys


@dataclass(frozen=True)
class Duplicate:
    first: Registration
    second: Registration
    reason: str


def _why(a, b) -> str | None:
    if a.egd_pin and a.egd_pin == b.egd_pin:
        return _("same EGD PIN")
    keys_a = name_keys(a.surname, a.given_name, a.surname_latin, a.given_name_latin)
    if not keys_a & name_keys(b.surname, b.given_name, b.surname_latin, b.given_name_latin):
        return None
    if fold_name(a.club) and fold_name(a.club) == fold_name(b.club):
        return _("same name and club")
    if a.rank == b.rank:
        return _("same name and rank")
    return None


def duplicate_pairs(people: Iterable) -> list[Duplicate]:
    """Every likely duplicate pair among ``people`` (objects with the player fields), each pair once.

    Names are bucketed by their folded keys, so a field of a thousand
    players costs a thousand lookups, not a million comparisons.
    """
    people = list(people)
    buckets: dict[str, list[int]] = {}
    for i, p in enumerate(people):
        for key in name_keys(p.surname, p.given_name, p.surname_latin, p.given_name_latin):
            buckets.setdefault(key, []).append(i)
        if p.egd_pin:
            buckets.setdefault(f"pin:{p.egd_pin}", []).append(i)
    seen: set[tuple[int, int]] = set()
    found = []
    for members in buckets.values():
        for x in range(len(members)):
            for y in range(x + 1, len(members)):
                i, j = members[x], members[y]
                if (i, j) in seen or i == j:
                    continue
                seen.add((i, j))
                reason = _why(people[i], people[j])
                if reason:
                    found.append(Duplicate(people[i], people[j], reason))
    return found


def duplicates_in(tournament: Tournament) -> list[Duplicate]:
    """The likely duplicates of the tournament (withdrawn registrations included: they may be the one to keep)."""
    return duplicate_pairs(tournament.registrations.order_by("pk"))


def duplicates_of(tournament: Tournament, registrations: Iterable[Registration]) -> list[Duplicate]:
    """The likely duplicates that involve one of ``registrations`` (e.g. those just entered)."""
    wanted = {r.pk for r in registrations}
    return [d for d in duplicates_in(tournament) if d.first.pk in wanted or d.second.pk in wanted]


__all__ = ["Duplicate", "duplicate_pairs", "duplicates_in", "duplicates_of"]
