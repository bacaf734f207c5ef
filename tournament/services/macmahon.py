"""Bringing a MacMahon 3.9 tournament into the site (:mod:`tournament.files.macmahon` reads the file).

What the file holds goes where the site keeps it:

- the tournament: name; McMahon pairing, or Swiss when the Walllist starts
  with ``Points``; bar and floor; the Walllist criteria as the standings
  criteria; the handicap settings (threshold, correction, ceiling; by rank
  instead of McMahon score as a pairing parameter). Its dates are today's
  (the file has none) and self-registration is closed.
- one discipline "Go" on 19×19 with komi 7.5 (the file has no komi;
  games with handicap get 0.5), handicap as McMahon does it when the file
  uses handicap.
- players as registrations: preliminary or confirmed, the rounds they do
  not play, a super-bar member's extra point as McMahon correction.
- the rounds 1..``NumberOfRounds``: paired rounds with every result are
  finished, others published, rounds without pairings planned; games with
  table, colours, handicap, result (settled: confirmed, or adjudicated when
  the referee set it), by default, pinned when the pairing was forced; byes.

The uploader becomes the tournament's organizer. The file is read and
checked whole before anything is written, then written in one short
transaction (:mod:`.file_import`): imported whole or not at all.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournament.files.macmahon import MacMahonFormatError, MMTournament, read_macmahon
from tournament.limits import MAX_TABLE
from tournament.models import Bye, Discipline, Game, Registration, Round, Tournament
from tournament.models.discipline import DisciplineKind, HandicapPolicy
from tournament.models.game import ResultState
from tournament.models.tournament import PairingSystem
from tournament.permissions import require_create

from .file_import import TournamentRows, checked_players, write_rows

__all__ = ["MacMahonFormatError", "import_macmahon"]

KOMI = Decimal("7.5")
HANDICAP_KOMI = Decimal("0.5")
#: "No handicap above" when the file sets no such rank: 9d, i.e. none.
NO_THRESHOLD = 8


def _tournament(data: MMTournament, slug: str) -> Tournament:
    today = dt.date.today()
    tournament = Tournament(
        name=data.name[:200],
        slug=slug,
        start_date=today,
        end_date=today,
        country="",
        pairing_system=PairingSystem.SWISS if data.swiss else PairingSystem.MCMAHON,
        mcmahon_bar=data.mm_bar,
        mcmahon_floor=data.mm_floor,
        handicap_threshold=data.handicap_below if data.handicap_below is not None else NO_THRESHOLD,
        handicap_correction=-data.handicap_adjustment,
        handicap_ceiling=data.handicap_limit if data.handicap_limit is not None else 9,
        registration_open=False,
        pairing_parameters={"handicap": {"based_on_mms": False}} if data.handicap_by_level else {},
    )
    if data.criteria:
        tournament.standings_criteria = list(data.criteria)
    return tournament


def _registrations(tournament: Tournament, data: MMTournament) -> dict[str, Registration]:
    """The file's players, unsaved and checked (:func:`~.file_import.checked_players`), by their Id."""
    rows: dict[str, Registration] = {}
    for p in data.players:
        rows[p.id] = Registration(
            tournament=tournament,
            surname=p.surname[:100],
            given_name=p.given_name[:100],
            club=p.club[:100],
            country=p.country,
            rank=p.rank,
            rating=p.rating,
            egd_pin=p.egd_pin,
            status=Registration.Status.PRELIMINARY if p.preliminary else Registration.Status.CONFIRMED,
            source=Registration.Source.IMPORT,
            absent_rounds=list(p.not_playing),
            mms_correction=1 if p.super_bar else 0,
        )
    checked_players([(_("Player %(id)s (%(name)s)") % {"id": pid, "name": r.full_name}, r) for pid, r in rows.items()])
    return rows


def _rounds(rows: TournamentRows, data: MMTournament, players: dict[str, Registration]) -> None:
    """The rounds 1..``data.rounds`` with their games and byes, unsaved."""
    by_round: dict[int, list] = {}
    for x in data.pairings:
        by_round.setdefault(x.round, []).append(x)
    for number in range(1, data.rounds + 1):
        pairings = by_round.get(number, [])
        played = [x for x in pairings if not x.bye]
        if not pairings:
            status = Round.Status.PLANNED
        elif all(x.result != "?" for x in played):
            status = Round.Status.FINISHED
        else:
            status = Round.Status.PUBLISHED
        round_ = Round(tournament=rows.tournament, number=number, discipline=rows.discipline, status=status)
        rows.rounds.append(round_)
        used = {x.table for x in played if x.table > 0}
        spare = (max(used) if used else 0) + 1
        seen: set[int] = set()
        for x in sorted(played, key=lambda x: (x.table <= 0, x.table)):
            table = x.table
            if table <= 0 or table in seen:
                table, spare = spare, spare + 1
            seen.add(table)
            if x.result == "?":
                state = ResultState.PENDING
            else:
                state = ResultState.ADJUDICATED if x.by_referee else ResultState.CONFIRMED
            rows.games.append(
                Game(
                    round=round_,
                    table=table,
                    black=players[x.black],
                    white=players[x.white],
                    handicap=x.handicap,
                    komi=KOMI if x.handicap == 0 else HANDICAP_KOMI,
                    result=x.result,
                    by_default=x.by_default,
                    result_state=state,
                    pinned=x.forced,
                )
            )
        rows.byes += [Bye(round=round_, player=players[x.black]) for x in pairings if x.bye]
    if rows.games and max(g.table for g in rows.games) > MAX_TABLE:
        raise MacMahonFormatError(
            [_("The file needs tables beyond %(most)s (tables given twice or not at all).") % {"most": MAX_TABLE}]
        )


def import_macmahon(source, *, slug: str | None = None, user) -> Tournament:
    """Create a tournament from a MacMahon 3.9 file (path, bytes or text).

    Raises :class:`MacMahonFormatError` for a file it cannot read whole, and
    ``ValidationError`` when the short name is taken or a value does not fit.
    The file is read and checked before anything is written; then it is written
    in one short transaction (:mod:`.file_import`).
    """
    require_create(user)
    data = read_macmahon(source)
    slug = slugify(slug or data.name)[:60].strip("-") or "macmahon"
    if Tournament.objects.filter(slug=slug).exists():
        raise ValidationError(_("A tournament with the short name %(slug)s exists already.") % {"slug": slug})
    tournament = _tournament(data, slug)
    tournament.full_clean()
    go = Discipline(
        tournament=tournament,
        name="Go",
        kind=DisciplineKind.GO,
        board_size=19,
        komi=KOMI,
        handicap_policy=HandicapPolicy.MCMAHON if data.handicap_used else HandicapPolicy.NONE,
    )
    players = _registrations(tournament, data)
    rows = TournamentRows(tournament, go, registrations=list(players.values()))
    _rounds(rows, data, players)
    return write_rows(rows, user=user, reason="MacMahon 3.9 file")
