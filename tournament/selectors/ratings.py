"""Reads of the rating lists: the lists a tournament uses, a search by name, a tournament's rank differences.

A tournament uses, kind by kind in its order (``Tournament.rating_kinds``,
``egd`` unless its organizer chose others), its own list of that kind and
then the site's: its own is read first, so a player found there is taken
from there, and one not in it is still found in the site's list. A list the
tournament uploaded for itself is used even if its kind is not among the
chosen ones. No tournament reads another tournament's own list.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.db.models import Q

from tournament.collation import name_key, sorted_by_name
from tournament.files.rating_list import ID_FIELDS, KINDS
from tournament.models import RatedPlayer, RatingList, Registration, Tournament
from tournament.names import display_name, fold_name
from tournament.ranks import format_rank

#: At most this many players are shown for a search.
SEARCH_LIMIT = 10
#: Shorter searches are not run (two letters already narrow the list enough).
SEARCH_MIN = 2
#: The most matches of one search read to be put in the order of their names (tournament.collation).
SEARCH_SCAN = 500


def site_lists() -> dict[str, RatingList]:
    """The site's list of each kind that has one."""
    found: dict[str, RatingList] = {}
    for rating_list in RatingList.objects.filter(tournament=None).order_by("-imported_at", "-id"):
        found.setdefault(rating_list.kind, rating_list)
    return found


def lists_in_use(tournament: Tournament) -> list[RatingList]:
    """The lists the tournament reads, in the order it reads them (see the module's text)."""
    latest: dict[tuple, RatingList] = {}
    owned = Q(tournament=None) | Q(tournament=tournament)
    for rating_list in RatingList.objects.filter(owned).order_by("-imported_at", "-id"):
        latest.setdefault((rating_list.tournament_id, rating_list.kind), rating_list)
    chosen = tournament.rating_kind_list
    kinds = chosen + [k for k in KINDS if k not in chosen and (tournament.pk, k) in latest]
    out = []
    for kind in kinds:
        for owner in (tournament.pk, None):
            if (owner, kind) in latest and (owner is not None or kind in chosen):
                out.append(latest[(owner, kind)])
    return out


def search_key(surname: str, given_name: str) -> str:
    """What a search compares with: ``" muller hans"`` (every word after a space)."""
    return " " + fold_name(display_name(surname, given_name))


def search(tournament: Tournament, query: str, limit: int = SEARCH_LIMIT, lists=None) -> list[RatedPlayer]:
    """Players of the tournament's lists whose name has a word starting with each word of ``query``
    (folded: ``mull`` finds Müller and Mueller), or whose number starts with it; the lists in their order,
    a player of the tournament's own list before the same number in the site's. ``lists``: the tournament's
    :func:`lists_in_use`, if read already."""
    query = (query or "").strip()[:100]
    if len(query) < SEARCH_MIN:
        return []
    words = [] if query.isalnum() and any(c.isdigit() for c in query) else fold_name(query).split()[:4]
    if not words and not query.isalnum():
        return []
    found: list[RatedPlayer] = []
    taken: set[tuple[str, str]] = set()
    for rating_list in lists_in_use(tournament) if lists is None else lists:
        qs = RatedPlayer.objects.filter(rating_list=rating_list).select_related("rating_list")
        if words:
            for word in words:
                qs = qs.filter(search__contains=" " + word)
        else:
            qs = qs.filter(number__startswith=query.upper())
        # the matches in the order of their names (tournament.collation), of at most SEARCH_SCAN read: a search
        # that matches more shows the first by name among those; one more letter narrows it
        matches = sorted(qs[:SEARCH_SCAN], key=lambda p: (name_key(p.surname, p.given_name), p.number, p.pk))
        for player in matches[:limit]:
            key = (rating_list.kind, player.number)
            if player.number and key in taken:
                continue
            taken.add(key)
            found.append(player)
            if len(found) >= limit:
                return found
    return found


def by_number(tournament: Tournament, kind: str, number: str, lists=None) -> RatedPlayer | None:
    """The player with this number in the tournament's lists of ``kind`` (its own first)."""
    number = (number or "").strip().upper()[:12]
    if not number or not number.isalnum():
        return None
    for rating_list in lists_in_use(tournament) if lists is None else lists:
        if rating_list.kind == kind:
            player = RatedPlayer.objects.filter(rating_list=rating_list, number=number).select_related("rating_list")
            if (found := player.first()) is not None:
                return found
    return None


def chosen(tournament: Tournament, text: str, lists=None) -> RatedPlayer | None:
    """The player a search result's link names: ``ffg:0412345`` (a kind and a number); a bare number is an EGD PIN."""
    kind, _sep, number = (text or "").rpartition(":")
    return by_number(tournament, kind or "egd", number, lists)


@dataclass(frozen=True)
class RankDifference:
    registration: Registration
    rated: RatedPlayer

    @property
    def list_name(self) -> str:
        return self.rated.rating_list.kind.upper()

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
    """Registrations (not withdrawn) whose rank or rating differs from the lists, matched by their number in
    each list only (EGD PIN, FFG licence, AGA ID; never by name), the lists in their order; and how many
    registrations are in none of the lists."""
    regs = sorted_by_name(tournament.registrations.exclude(status=Registration.Status.WITHDRAWN))
    found: dict[int, RatedPlayer] = {}
    for rating_list in lists_in_use(tournament):
        field = ID_FIELDS[rating_list.kind]
        wanted = {getattr(r, field) for r in regs if r.pk not in found and getattr(r, field)}
        if not wanted:
            continue
        entries = {
            p.number: p
            for p in RatedPlayer.objects.filter(rating_list=rating_list, number__in=wanted).select_related(
                "rating_list"
            )
        }
        for reg in regs:
            number = getattr(reg, field)
            if reg.pk not in found and number in entries:
                found[reg.pk] = entries[number]
    differences = [
        RankDifference(reg, found[reg.pk])
        for reg in regs
        if reg.pk in found and (reg.rank != found[reg.pk].rank or reg.rating != found[reg.pk].rating)
    ]
    return differences, len(regs) - len(found)


def differences_fingerprint(differences: list[RankDifference]) -> str:
    """Changes when what the organizer was shown is no longer what would be applied."""
    text = "|".join(
        f"{d.registration.pk}:{d.registration.rank}:{d.registration.rating}:{d.rated.pk}:{d.rated.rank}:{d.rated.rating}"
        for d in differences
    )
    return hashlib.sha1(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class EgdMismatch:
    """A player whose EGD PIN is in the EGD list, with a name or rank other than the list's."""

    registration: Registration
    rated: RatedPlayer
    name_differs: bool
    rank_differs: bool


@dataclass(frozen=True)
class EgdCheck:
    """What to look at before the EGD results file (h9) is sent: the players it lists (not withdrawn, not
    preliminary) without an EGD PIN, with a PIN the EGD lists in use do not hold, and with a name or
    rank other than the list's for their PIN. ``has_list``: the tournament reads an EGD list at all."""

    without_pin: list[Registration]
    unknown_pin: list[Registration]
    mismatches: list[EgdMismatch]
    has_list: bool

    @property
    def clean(self) -> bool:
        return not (self.without_pin or self.unknown_pin or self.mismatches)


def egd_check(tournament: Tournament) -> EgdCheck:
    """The check before the h9 is sent (:class:`EgdCheck`); players matched by their EGD PIN alone, a name
    compared folded (case, accents, transliteration; the Latin name too, both orders)."""
    from tournament.names import name_keys

    regs = sorted_by_name(
        tournament.registrations.exclude(status__in=[Registration.Status.WITHDRAWN, Registration.Status.PRELIMINARY])
    )
    lists = [rl for rl in lists_in_use(tournament) if rl.kind == "egd"]
    pins = {r.egd_pin for r in regs if r.egd_pin}
    found: dict[str, RatedPlayer] = {}
    for rating_list in lists:  # the tournament's own list first
        wanted = pins - found.keys()
        if wanted:
            for p in RatedPlayer.objects.filter(rating_list=rating_list, number__in=wanted):
                found.setdefault(p.number, p)
    mismatches = []
    for reg in regs:
        rated = found.get(reg.egd_pin) if reg.egd_pin else None
        if rated is None:
            continue
        keys = name_keys(reg.surname, reg.given_name, reg.surname_latin, reg.given_name_latin)
        name_differs = f"{fold_name(rated.surname)}|{fold_name(rated.given_name)}" not in keys
        if name_differs or reg.rank != rated.rank:
            mismatches.append(EgdMismatch(reg, rated, name_differs, reg.rank != rated.rank))
    return EgdCheck(
        without_pin=[r for r in regs if not r.egd_pin],
        unknown_pin=[r for r in regs if r.egd_pin and r.egd_pin not in found] if lists else [],
        mismatches=mismatches,
        has_list=bool(lists),
    )
