"""Bringing an OpenGotha tournament into the site, and back out.

OpenGotha's file is read and written by :mod:`tournament.files.opengotha`
(plain data); this module maps that data onto the models. A round trip keeps
every player, game, result, bye and parameter: what the models have no field
for (OpenGotha's weights, time system, publishing options, extra player
attributes) is kept in ``Tournament.pairing_parameters`` and
``Tournament.opengotha_extra``.
"""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournament.files.opengotha import OpenGothaFormatError, read_tournament, write_tournament
from tournament.models import Bye, Discipline, Game, Registration, Round, Tournament
from tournament.models.discipline import DisciplineKind, HandicapPolicy
from tournament.models.game import ResultState
from tournament.models.tournament import PairingSystem
from tournament.pairing import model as pm
from tournament.pairing.params_json import to_json
from tournament.permissions import require_create
from tournament.selectors.pairing_data import RESULT_CODES, plain_tournament
from tournament.standings.opengotha import criteria_codes

from .file_import import TournamentRows, checked_players, write_rows

__all__ = ["OpenGothaFormatError", "import_opengotha", "export_opengotha", "problem_text"]


def problem_text(exc: OpenGothaFormatError) -> str:
    """Why a file was refused, in the reader's language: the limit a number broke, or the reader's words."""
    if exc.code == "range":
        return _("In this file, %(what)s is %(value)s; the site takes %(low)s to %(high)s.") % exc.params
    if exc.code == "deep":
        return _("The file's elements are nested more than %(most)s deep; an OpenGotha file is not.") % exc.params
    return _("This is not an OpenGotha tournament file (%(detail)s).") % {"detail": str(exc)[:300]}


def _date(value: str | None, fallback: dt.date) -> dt.date:
    try:
        return dt.date.fromisoformat(value) if value else fallback
    except ValueError:
        return fallback


def _general_attrib(extra: dict) -> dict:
    raw = extra.get("parameter_set")
    if not raw:
        return {}
    el = ET.fromstring(raw).find("GeneralParameterSet")
    return dict(el.attrib) if el is not None else {}


def _time_control(general: dict) -> str:
    """The file's thinking time as the site writes it (the EGD class and TM follow from it)."""
    from tournament.files.egd_time import opengotha_time, time_control_text

    time = opengotha_time(general)
    return time_control_text(time) if time else ""


def _stored_parameters(params: pm.Parameters) -> dict:
    """The parameter set as stored, with the NBW values of byes and absences always
    written: the site's fields hold the MMS values only (``parameters_for``)."""
    data = to_json(params)
    general = data.setdefault("general", {})
    general["nbw2_bye"] = params.general.nbw2_bye
    general["nbw2_absent"] = params.general.nbw2_absent
    return data


def _registrations(tournament: Tournament, data: pm.Tournament) -> dict[str, Registration]:
    """The file's players, unsaved and checked (:func:`~.file_import.checked_players`), by their key."""
    rows: dict[str, Registration] = {}
    for p in data.players:
        pin = data.extra.get("players", {}).get(p.key, {}).get("egfPin", "")
        reg = Registration(
            tournament=tournament,
            surname=p.name,
            given_name=p.first_name,
            club=p.club,
            country=(p.country or "").upper()[:2] if len(p.country or "") == 2 else "",
            rank=p.rank,
            rating=p.rating or None,
            egd_pin=pin if pin.isdigit() and len(pin) == 8 else "",
            status=Registration.Status.CONFIRMED if p.final else Registration.Status.PRELIMINARY,
            source=Registration.Source.IMPORT,
            absent_rounds=[n for n, here in enumerate(p.participation, 1) if not here],
            mms_correction=p.mms_correction,
        )
        rows[p.key] = reg
    checked_players(
        [(_("Player %(n)s (%(name)s)") % {"n": n, "name": r.full_name}, r) for n, r in enumerate(rows.values(), 1)]
    )
    return rows


def _rounds(rows: TournamentRows, data: pm.Tournament, players: dict[str, Registration]) -> None:
    """The file's rounds with their games and byes, unsaved."""
    komi = rows.discipline.komi
    for number in range(1, data.params.general.number_of_rounds + 1):
        played = [x for x in data.games if x.round == number]
        unpaired = [b for b in data.byes if b.round == number]
        if not played and not unpaired:
            status = Round.Status.PLANNED
        elif all(x.result is not pm.Result.UNKNOWN for x in played):
            status = Round.Status.FINISHED
        else:
            status = Round.Status.PUBLISHED
        round_ = Round(tournament=rows.tournament, number=number, discipline=rows.discipline, status=status)
        rows.rounds.append(round_)
        used = {x.table for x in played if x.table > 0}
        spare = (max(used) if used else 0) + 1
        for x in sorted(played, key=lambda x: x.table):
            table = x.table
            if table <= 0:
                table, spare = spare, spare + 1
            rows.games.append(
                Game(
                    round=round_,
                    table=table,
                    black=players[x.black],
                    white=players[x.white],
                    handicap=x.handicap,
                    komi=komi if x.handicap == 0 else Decimal("0.5"),
                    result=RESULT_CODES[x.result],
                    by_default=x.by_default,
                    result_state=ResultState.CONFIRMED if x.result is not pm.Result.UNKNOWN else ResultState.PENDING,
                )
            )
        rows.byes += [Bye(round=round_, player=players[b.player]) for b in unpaired]


def import_opengotha(source, *, slug: str | None = None, user) -> Tournament:
    """Create a tournament from an OpenGotha file (path, bytes or text, or the file read already);
    ``user``: who imports it (an account becomes the organizer). The file is read and checked before
    anything is written, then written in one short transaction (:mod:`.file_import`)."""
    require_create(user)
    data = source if isinstance(source, pm.Tournament) else read_tournament(source)
    general = _general_attrib(data.extra)
    slug = slugify(slug or data.short_name or data.name)[:60] or "opengotha"
    if Tournament.objects.filter(slug=slug).exists():
        raise ValidationError(_("A tournament with the short name %(slug)s exists already.") % {"slug": slug})
    today = dt.date.today()
    start = _date(general.get("beginDate"), today)
    end = max(start, _date(general.get("endDate"), start))
    params = data.params
    g = params.general
    swiss = params.main_criterion == "NBW"
    tournament = Tournament(
        name=data.name or slug,
        slug=slug,
        start_date=start,
        end_date=end,
        place=general.get("location", ""),
        country="",  # OpenGotha's file has no country of the tournament
        time_control=_time_control(general),
        standings_criteria=list(criteria_codes(params.placement)),
        pairing_system=PairingSystem.SWISS if swiss else PairingSystem.MCMAHON,
        mcmahon_bar=g.mm_bar,
        mcmahon_floor=g.mm_floor,
        bye_points=Decimal(g.mms2_bye) / 2,
        absence_points=Decimal(g.mms2_absent) / 2,
        bye_points_nbw=Decimal(g.nbw2_bye) / 2,
        absence_points_nbw=Decimal(g.nbw2_absent) / 2,
        handicap_threshold=params.handicap.no_handicap_threshold,
        handicap_correction=params.handicap.correction,
        handicap_ceiling=params.handicap.ceiling,
        registration_open=False,
        pairing_parameters=_stored_parameters(params),
        opengotha_extra={**data.extra, "short_name": data.short_name},
    )
    tournament.full_clean()
    go = Discipline(
        tournament=tournament,
        name="Go",
        kind=DisciplineKind.GO,
        board_size=g.size,
        komi=Decimal(str(g.komi)),
        handicap_policy=HandicapPolicy.MCMAHON,
    )
    go.full_clean(exclude=["tournament"], validate_unique=False, validate_constraints=False)

    pins: dict[str, list[str]] = {}
    for p in data.players:
        pin = data.extra.get("players", {}).get(p.key, {}).get("egfPin", "")
        if pin.isdigit() and len(pin) == 8:
            pins.setdefault(pin, []).append(f"{p.first_name} {p.name}")
    twice = {pin: names for pin, names in pins.items() if len(names) > 1}
    if twice:
        raise ValidationError(
            [
                _("The EGD PIN %(pin)s belongs to more than one player in the file: %(players)s.")
                % {"pin": pin, "players": ", ".join(names)}
                for pin, names in sorted(twice.items())
            ]
        )
    players = _registrations(tournament, data)
    rows = TournamentRows(tournament, go, registrations=list(players.values()))
    _rounds(rows, data, players)
    return write_rows(rows, user=user, reason="OpenGotha file")


def export_opengotha(tournament: Tournament) -> str:
    """The tournament as an OpenGotha file (its Go-family rounds, all players)."""
    data = plain_tournament(tournament)
    extra = dict(data.extra or {})
    raw = extra.get("parameter_set")
    if raw:
        tps = ET.fromstring(raw)
        general = tps.find("GeneralParameterSet")
        if general is not None:
            general.set("beginDate", tournament.start_date.isoformat())
            general.set("endDate", tournament.end_date.isoformat())
            general.set("location", tournament.place)
        extra["parameter_set"] = ET.tostring(tps, encoding="unicode")
    # OpenGotha names players by name + first name, the site by id.
    keys = {p.key: pm.player_key(p.name, p.first_name) for p in data.players}
    if len(set(keys.values())) != len(keys):
        raise ValidationError(_("Two players have the same name; OpenGotha cannot tell them apart."))
    from dataclasses import replace

    players = tuple(replace(p, key=keys[p.key]) for p in data.players)
    games = tuple(replace(x, white=keys[x.white], black=keys[x.black]) for x in data.games)
    byes = tuple(replace(b, player=keys[b.player]) for b in data.byes)
    return write_tournament(
        replace(
            data,
            players=players,
            games=games,
            byes=byes,
            extra=extra,
            short_name=(extra.get("short_name") or tournament.slug),
        )
    )
