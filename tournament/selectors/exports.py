"""Reads of the Import/Export page and the exports: which file can hold which rounds.

An OpenGotha file holds one board size, one komi and one handicap rule, and
the EGD's h9 file one komi (``KM``): a tournament whose rounds play several
disciplines is exported discipline by discipline (:func:`export_rows`), each
file with that discipline's rounds alone. Ninuki-Renju is not Go: its rounds
have no OpenGotha or h9 form (:func:`tournament.variants.opengotha_kinds`).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament.models import Discipline, Tournament
from tournament.variants import egd_kinds, opengotha_kinds


def has_opengotha_form(kind: str) -> bool:
    """Whether an OpenGotha file can hold the rounds of a discipline of ``kind``."""
    return kind in opengotha_kinds()


@dataclass(frozen=True)
class ExportRow:
    """A discipline on the Import/Export page: what can be exported of it."""

    discipline: Discipline
    rounds: tuple[int, ...]
    opengotha: bool
    egd: bool


def export_rows(tournament: Tournament) -> list[ExportRow]:
    """Every discipline of the tournament in the programme's order, with its rounds' numbers."""
    disciplines = list(tournament.disciplines.order_by("position", "name"))
    numbers: dict[int, list[int]] = {d.pk: [] for d in disciplines}
    for number, discipline in tournament.rounds.order_by("number").values_list("number", "discipline_id"):
        numbers.setdefault(discipline, []).append(number)
    og, egd = opengotha_kinds(), egd_kinds()
    return [
        ExportRow(discipline=d, rounds=tuple(numbers[d.pk]), opengotha=d.kind in og, egd=d.kind in egd)
        for d in disciplines
    ]


def round_disciplines(tournament: Tournament) -> list[Discipline]:
    """The disciplines the tournament's rounds play, in the programme's order."""
    return list(Discipline.objects.filter(rounds__tournament=tournament).distinct().order_by("position", "name"))


def whole_file_discipline(tournament: Tournament) -> Discipline | None:
    """The discipline whose rounds the tournament's OpenGotha file (``files/opengotha.xml``) holds: the one
    every round plays (an imported OpenGotha tournament), else the first in the programme's order that
    has rounds and an OpenGotha form; None when no round has one (the file holds the players alone)."""
    for discipline in round_disciplines(tournament):
        if has_opengotha_form(discipline.kind):
            return discipline
    return None


def go_komis(tournament: Tournament) -> set:
    """The komis of the Go disciplines the rounds play: the h9 file of all Go rounds writes one ``KM``."""
    return set(
        Discipline.objects.filter(tournament=tournament, kind__in=egd_kinds(), rounds__isnull=False)
        .values_list("komi", flat=True)
        .distinct()
    )
