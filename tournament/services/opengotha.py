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

from tournament.files.opengotha import (
    DEFAULT_ROOT,
    OpenGothaFormatError,
    imported,
    notes,
    read_tournament,
    write_tournament,
)
from tournament.files.opengotha_teams import (
    TeamOfFile,
    file_boards,
    past_the_size,
    team_elements,
    team_notes,
    with_teams,
)
from tournament.files.opengotha_version import with_version
from tournament.models import Bye, Discipline, Tournament
from tournament.pairing import model as pm
from tournament.permissions import require_create
from tournament.selectors.exports import has_opengotha_form, whole_file_discipline
from tournament.selectors.pairing_data import plain_tournament, player_key
from tournament.selectors.team_standings import team_criteria_of
from tournament.selectors.teams import boards_for_file

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
    """What importing the file says about it, in the reader's language (:func:`~tournament.files.opengotha.notes`,
    :func:`~tournament.files.opengotha_teams.team_notes`): games of players marked not participating
    (counted, as OpenGotha counts them), a team section in a file without teams (kept, not used), ratings
    read as OpenGotha reads them, rounds with several byes, keys written on a computer set to Turkish, keys
    OpenGotha does not find, a player in more than one team (named)."""
    out = []
    read = read_opengotha(source)
    others = [ET.fromstring(raw) for raw in (read.extra or {}).get("others", ())]
    has_teams = any(el.tag == "Teams" and el.find("Team") is not None for el in others)
    for code, params in (*notes(read), *team_notes(read)):
        if code == "rating_read":
            out.append(
                _(
                    "%(player)s has the rating %(rating)s in the file: it is read as %(read)s, as OpenGotha "
                    "reads it (its ratings go from -900 to 2949); the file's value is written back on export."
                )
                % params
            )
        elif code == "several_byes":
            out.append(
                _(
                    "Round %(round)s has %(count)s byes (%(players)s): all are kept, each with the bye's points. "
                    "OpenGotha 3.51.02 keeps one bye a round, the last in the file (%(kept)s), and counts the "
                    "others as not paired in that round."
                )
                % params
            )
        elif code == "turkish_keys":
            out.append(
                _(
                    "The games name %(count)s players by keys that OpenGotha wrote on a computer set to Turkish "
                    "(İ for i): %(players)s. They are matched to their players and every game is kept."
                )
                % params
            )
        elif code == "keys_beyond":
            out.append(
                _(
                    "OpenGotha 3.51.02 does not find these players by the keys the file names them by, and "
                    "leaves out %(games)s games and %(byes)s byes (on a computer set to Turkish it finds the keys "
                    "written there): %(players)s. The site keeps them."
                )
                % params
            )
        elif code == "absent_with_game":
            out.append(
                _(
                    "%(player)s is marked as not playing in round %(round)s but has a game there: "
                    "the game counts, and %(player)s counts as paired in that round, as in OpenGotha."
                )
                % params
            )
        elif code == "team_member_twice":
            out.append(
                _(
                    "%(player)s is in more than one team in the file (%(team)s, %(others)s), as OpenGotha allows: "
                    "every round's line-up is kept as the file has it, and %(player)s is a member of %(team)s, "
                    "the team of their latest line-up."
                )
                % params
            )
        elif code == "team_section" and not has_teams:  # a team file is a team tournament here
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
    if exc.code == "team_twice":
        return (
            _(
                "%(player)s plays in round %(round)s for %(team)s (board %(board)s) and for %(other)s "
                "(board %(other_board)s). A player plays for one team in a round: remove one of the two "
                "from that round's line-up (in OpenGotha's Teams Manager) and import the file again."
            )
            % exc.params
        )
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
    read = read_opengotha(source)
    try:
        data = with_teams(imported(read), read)
    except OpenGothaFormatError as exc:
        raise ValidationError(problem_text(exc), code="format") from None
    return import_tournament(data, slug=slug, user=user, reason="OpenGotha file", fallback="opengotha")


def export_opengotha(tournament: Tournament, *, discipline: Discipline | None = None) -> str:
    """An OpenGotha file of one discipline: all players, that discipline's rounds (numbered 1, 2, ... in
    the file), its board size, komi and handicap; the other disciplines' rounds are left out, since an
    OpenGotha file holds one board size and one komi. Without ``discipline``: the file of
    :func:`~tournament.selectors.exports.whole_file_discipline` (the one every round plays: an imported
    OpenGotha tournament, written back losslessly; else the first in the programme with an OpenGotha
    form), or the players and settings alone when no round has one. ``ValidationError`` for a
    discipline without an OpenGotha form (Ninuki-Renju) or of another tournament."""
    if discipline is None:
        discipline = whole_file_discipline(tournament)
    elif discipline.tournament_id != tournament.pk:
        raise ValidationError(_("This discipline belongs to another tournament."))
    elif not has_opengotha_form(discipline.kind):
        raise ValidationError(
            _("%(discipline)s is not Go: an OpenGotha file has no form for its rounds.")
            % {"discipline": discipline.name}
        )
    data = plain_tournament(tournament)
    # a round's byes in the order they were given (an imported file's own): OpenGotha keeps the last
    given = Bye.objects.filter(round__tournament=tournament).order_by("round__number", "pk")
    byes = tuple(pm.Bye(round=n, player=player_key(p)) for n, p in given.values_list("round__number", "player_id"))
    data = _played_rounds_kept(_only_rounds(replace(data, byes=byes), discipline))
    extra = dict(data.extra or {})
    # the tournament's days and place, in an imported file's parameter set or in a new one (the writer fills
    # in the rest): a tournament made on the site has them too
    raw = extra.get("parameter_set")
    tps = ET.fromstring(raw) if raw else ET.Element("TournamentParameterSet")
    general = tps.find("GeneralParameterSet")
    if general is None:
        general = ET.SubElement(tps, "GeneralParameterSet")
    general.set("beginDate", tournament.start_date.isoformat())
    general.set("endDate", tournament.end_date.isoformat())
    general.set("location", tournament.place)
    extra["parameter_set"] = ET.tostring(tps, encoding="unicode")
    # OpenGotha names players by name + first name, the site by id.
    keys = {p.key: pm.player_key(p.name, p.first_name) for p in data.players}
    if len(set(keys.values())) != len(keys):
        raise ValidationError(_("Two players have the same name; OpenGotha cannot tell them apart."))
    # OpenGotha has no Pair Go or Rengo (its teams have 2 to 10 boards): a side's game goes out as the
    # game of its first players, without teams
    if tournament.is_team_event and not tournament.is_pair_event:
        numbers = sorted(discipline.rounds.values_list("number", flat=True)) if discipline else []
        extra["others"] = _with_teams(tournament, extra.get("others", []), numbers, keys)
    else:  # teams an imported file had, before the tournament became one of players on their own
        extra["others"] = [raw for raw in extra.get("others", []) if ET.fromstring(raw).tag != "Teams"]
    # the OpenGotha whose rules the tournament pairs by, so that the file pairs the same when read again
    extra["root_attrib"] = with_version(extra.get("root_attrib", DEFAULT_ROOT), tournament.opengotha_version)
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


def _with_teams(tournament: Tournament, others: list[str], numbers: list[int], keys: dict[str, str]) -> list[str]:
    """The file's other elements with the site's ``<Teams>`` and team parameter set in place of the
    imported ones (the imported parameter set kept, its placement criteria the tournament's; the imported
    teams' boards past the team size kept where the team is unchanged: :func:`file_boards`)."""
    kept = [raw for raw in others if ET.fromstring(raw).tag not in ("Teams", "TeamTournamentParameterSet")]
    section = next((raw for raw in others if ET.fromstring(raw).tag == "TeamTournamentParameterSet"), None)
    original = next((raw for raw in others if ET.fromstring(raw).tag == "Teams"), None)
    past = past_the_size(original, tournament.boards, len(numbers))
    teams = []
    for team, placed, members in boards_for_file(tournament, numbers):
        line_ups = {place: keys[player_key(pk)] for place, pk in placed.items() if player_key(pk) in keys}
        in_team = [keys[player_key(pk)] for pk in members if player_key(pk) in keys]
        boards = file_boards(line_ups, in_team, past.get(team.name, {}), tournament.boards, len(numbers))
        teams.append(TeamOfFile(number=team.number, name=team.name, boards=boards))
    criteria = team_criteria_of(tournament)
    return [*kept, *team_elements(teams, tournament.boards, section, criteria)]


def _played_rounds_kept(data: pm.Tournament) -> pm.Tournament:
    """A withdrawn player (absent in every round, :func:`~tournament.selectors.pairing_data.plain_tournament`)
    written as playing the rounds he played (a game or a bye there): the file says he was there, not that he
    was absent with a game (which the import notes, and OpenGotha's window shows unticked)."""
    played = {(g.round, k) for g in data.games for k in (g.white, g.black)} | {(b.round, b.player) for b in data.byes}
    players = tuple(
        replace(p, participation=tuple(on or (n, p.key) in played for n, on in enumerate(p.participation, 1)))
        if p.withdrawn
        else p
        for p in data.players
    )
    return replace(data, players=players)


def _only_rounds(data: pm.Tournament, discipline: Discipline | None) -> pm.Tournament:
    """``data`` with the rounds of ``discipline`` alone (None: no round), numbered 1, 2, ... in the file,
    and its board size, komi and handicap as OpenGotha sets them (no handicap: a ceiling of 0; the
    rank-table policy: by the ranks, not the McMahon scores; the McMahon policy as the tournament's
    parameters say)."""
    if discipline is None:
        return replace(
            data,
            players=tuple(replace(p, participation=()) for p in data.players),
            games=(),
            byes=(),
            params=replace(data.params, general=replace(data.params.general, number_of_rounds=1)),
            disciplines={},
        )
    numbers = sorted(discipline.rounds.values_list("number", flat=True))
    new = {n: i for i, n in enumerate(numbers, 1)}
    players = tuple(
        replace(p, participation=tuple(p.participation[n - 1] for n in numbers if n <= len(p.participation)))
        for p in data.players
    )
    games = tuple(replace(g, round=new[g.round]) for g in data.games if g.round in new)
    byes = tuple(replace(b, round=new[b.round]) for b in data.byes if b.round in new)
    params = data.params
    general = replace(
        params.general,
        number_of_rounds=max(len(numbers), 1),  # OpenGotha's least
        komi=float(discipline.komi),
        size=discipline.board_size,
    )
    policy = discipline.handicap_policy
    handicap = params.handicap
    if policy == "none":
        handicap = replace(handicap, ceiling=0)
    elif policy == "rank-table":
        handicap = replace(handicap, based_on_mms=False)
    disciplines = {new[n]: d for n, d in (data.disciplines or {}).items() if n in new}
    return replace(
        data,
        players=players,
        games=games,
        byes=byes,
        params=replace(params, general=general, handicap=handicap),
        disciplines=disciplines,
    )
