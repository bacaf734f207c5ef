"""Check-in as the pages show it: the count, the desk's and the phone's name search, who a round left out
as not checked in and who of them came late (the writes: :mod:`tournament.services.checkin`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Q

from tournament.collation import name_matches, search_words, sorted_by_name
from tournament.models import PairingRecord, Registration, Round, Tournament

#: The key of a round's pairing record that names the players left out as not checked in (ids).
NOT_CHECKED_IN = "not_checked_in"
#: How many names a search shows (the desk's arrows walk them; a phone's player finds herself among them).
SEARCH_SHOWN = 8
#: The longest search text read (more is cut): a name search is a few letters.
SEARCH_LENGTH = 100
#: The fields a search reads and shows of each player.
_SHOWN = (
    "pk",
    "tournament",
    "surname",
    "given_name",
    "surname_latin",
    "given_name_latin",
    "club",
    "country",
    "rank",
    "status",
    "checked_in_at",
    "absent_rounds",
)


@dataclass(frozen=True)
class Counts:
    """Checked in, of the players registered (withdrawn ones not counted)."""

    checked_in: int
    registered: int


def checkin_counts(tournament: Tournament) -> Counts:
    found = (
        Registration.objects.filter(tournament=tournament)
        .exclude(status=Registration.Status.WITHDRAWN)
        .aggregate(registered=Count("id"), checked_in=Count("id", filter=Q(checked_in_at__isnull=False)))
    )
    return Counts(checked_in=found["checked_in"], registered=found["registered"])


def open_checkin_counts(slug: str) -> Counts | None:
    """The counts of the tournament ``slug`` while its check-in is open (the projector shows them; its poll
    asks in one statement), None while it is closed."""
    found = (
        Registration.objects.filter(tournament__slug=slug, tournament__checkin_open=True)
        .exclude(status=Registration.Status.WITHDRAWN)
        .aggregate(registered=Count("id"), checked_in=Count("id", filter=Q(checked_in_at__isnull=False)))
    )
    if not found["registered"]:
        return None
    return Counts(checked_in=found["checked_in"], registered=found["registered"])


def search(tournament: Tournament, text: str, *, confirmed_only: bool = False) -> list[Registration]:
    """The players whose names begin with the words of ``text`` (marks and case ignored, in any order:
    :func:`tournament.collation.name_matches`), by name, at most :data:`SEARCH_SHOWN`; withdrawn players
    are not looked for (nor, with ``confirmed_only``, registrations not confirmed). One read of the
    tournament's names (a congress: 2,000 short rows)."""
    words = search_words(str(text)[:SEARCH_LENGTH])
    if not words:
        return []
    found = Registration.objects.filter(tournament=tournament).exclude(status=Registration.Status.WITHDRAWN)
    if confirmed_only:
        found = found.filter(status=Registration.Status.CONFIRMED)
    hits = [
        r
        for r in found.only(*_SHOWN)
        if name_matches(words, r.surname, r.given_name, r.surname_latin, r.given_name_latin)
    ]
    return sorted_by_name(hits)[:SEARCH_SHOWN]


def phone_pick(tournament: Tournament, pk: int | None) -> Registration | None:
    """The player a phone picked by name (the page's ``?r=``, the form's id): one the phone's name search
    finds (:func:`search` with ``confirmed_only``: confirmed, of this tournament), else None. Whoever has the
    hall's code may type any id: a registration not confirmed yet (not on the public list) or withdrawn is
    neither shown nor checked in by name."""
    if pk is None:
        return None
    found = (
        Registration.objects.filter(tournament=tournament, pk=pk, status=Registration.Status.CONFIRMED)
        .only(*_SHOWN)
        .first()
    )
    if found is not None:
        found.tournament = tournament
    return found


def recent_checkins(tournament: Tournament, shown: int = 10) -> list[Registration]:
    """The latest check-ins, newest first (the desk's list, each with its undo)."""
    found = Registration.objects.filter(tournament=tournament, checked_in_at__isnull=False)
    return list(found.only(*_SHOWN).order_by("-checked_in_at", "-pk")[:shown])


def not_checked_in_ids(round_: Round, record: dict | None = None) -> list[int]:
    """The players the pairing of ``round_`` left out as not checked in (ids; none while it is planned),
    from ``record`` where the caller has read the key already, else from the round's record."""
    if round_.status == Round.Status.PLANNED:
        return []
    if record is None:
        record = PairingRecord.of(round_.pk, NOT_CHECKED_IN)
    ids = record.get(NOT_CHECKED_IN) or []
    return [pk for pk in ids if isinstance(pk, int) and not isinstance(pk, bool)]


@dataclass
class RoundCheckin:
    """What a round's page says of the check-in: who its pairing left out and has not come yet, who of
    them came after it was paired (late: paired in the next round), and, on a round still to pair, the
    late arrivals of the round before (paired in this one)."""

    only: bool
    not_here: list[Registration] = field(default_factory=list)
    late: list[Registration] = field(default_factory=list)
    late_before: list[Registration] = field(default_factory=list)
    before_number: int | None = None
    counts: Counts | None = None

    @property
    def shown(self) -> bool:
        return self.only or bool(self.not_here or self.late or self.late_before)


def _split(ids: list[int]) -> tuple[list[Registration], list[Registration]]:
    if not ids:
        return [], []
    found = sorted_by_name(Registration.objects.filter(pk__in=ids).only(*_SHOWN))
    return [r for r in found if r.checked_in_at is None], [r for r in found if r.checked_in_at is not None]


def round_checkin(round_: Round, record: dict | None = None) -> RoundCheckin:
    """``record``: the part of the round's pairing record the page read already, with ``not_checked_in``."""
    tournament = round_.tournament
    out = RoundCheckin(only=round_.checked_in_only)
    out.not_here, out.late = _split(not_checked_in_ids(round_, record))
    if round_.status == Round.Status.PLANNED:
        before = (
            Round.objects.filter(tournament_id=round_.tournament_id, number__lt=round_.number)
            .exclude(status=Round.Status.PLANNED)
            .order_by("-number")
            .first()
        )
        if before is not None:
            _still, late = _split(not_checked_in_ids(before))
            out.late_before = [r for r in late if r.plays_round(round_.number)]
            out.before_number = before.number
    if out.shown or tournament.checkin_open:
        out.counts = checkin_counts(tournament)
    return out
