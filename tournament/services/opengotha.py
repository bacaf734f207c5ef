"""Bringing an OpenGotha tournament into the site, and back out.

OpenGotha's file is read and written by :mod:`tournament.files.opengotha`
(plain data); :mod:`.file_import` writes what it reads, as it writes every
importer's. A round trip keeps every player, game, result, bye and
parameter: what the models have no field for (OpenGotha's weights, time
system, publishing options, extra player attributes) is kept in
``Tournament.pairing_parameters`` and ``Tournament.opengotha_extra``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournament.files.opengotha import OpenGothaFormatError, imported, notes, read_tournament, write_tournament
from tournament.models import Tournament
from tournament.pairing import model as pm
from tournament.permissions import require_create
from tournament.selectors.pairing_data import plain_tournament

from .file_import import import_tournament

__all__ = [
    "OpenGothaFormatError",
    "import_opengotha",
    "export_opengotha",
    "import_notes",
    "problem_text",
    "read_opengotha",
]


def import_notes(source) -> list[str]:
    """What importing the file says about it, in the reader's language (:func:`~tournament.files.opengotha.notes`):
    games of players marked not participating (counted, as OpenGotha counts them), a team section (kept,
    not used)."""
    out = []
    for code, params in notes(read_opengotha(source)):
        if code == "absent_with_game":
            out.append(
                _(
                    "%(player)s is marked as not playing in round %(round)s but has a game there: "
                    "the game counts, and %(player)s counts as paired in that round, as in OpenGotha."
                )
                % params
            )
        elif code == "team_section":
            out.append(
                _(
                    "The file has a team placement section (%(criteria)s): it is kept and written back "
                    "with the file, but the site ranks the players only, not teams."
                )
                % params
            )
    return out


def problem_text(exc: OpenGothaFormatError) -> str:
    """Why a file was refused, in the reader's language: the limit a number broke, or the reader's words."""
    if exc.code == "range":
        return _("In this file, %(what)s is %(value)s; the site takes %(low)s to %(high)s.") % exc.params
    if exc.code == "deep":
        return _("The file's elements are nested more than %(most)s deep; an OpenGotha file is not.") % exc.params
    return _("This is not an OpenGotha tournament file (%(detail)s).") % {"detail": str(exc)[:300]}


def read_opengotha(source) -> pm.Tournament:
    """An OpenGotha file (path, bytes or text) read; ``ValidationError`` in the reader's language if it
    cannot be (:func:`problem_text`)."""
    if isinstance(source, pm.Tournament):
        return source
    try:
        return read_tournament(source)
    except OpenGothaFormatError as exc:
        raise ValidationError(problem_text(exc), code="format") from None


def import_opengotha(source, *, slug: str | None = None, user) -> Tournament:
    """Create a tournament from an OpenGotha file (path, bytes or text, or the file read already);
    ``user``: who imports it (an account becomes the organizer). The file is read and checked before
    anything is written, then written in one short transaction (:mod:`.file_import`); ``ValidationError``
    in the reader's language for a file or a value the site cannot take."""
    require_create(user)
    data = imported(read_opengotha(source))
    return import_tournament(data, slug=slug, user=user, reason="OpenGotha file", fallback="opengotha")


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
