"""The one place where the site's models become the standings' plain data.

Also builds the plain data of the pairing sheets and result slips
(:mod:`tournament.pdf` draws them without touching the models).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tournament import result_codes
from tournament.collector import collector_paused
from tournament.local_time import local_time_text
from tournament.models import Bye, Game, Registration, Round, TeamBye, Tournament
from tournament.names import display_name
from tournament.pairing import categories
from tournament.pdf.data import PairingSheet, SheetMatch, SheetPlayer, SheetTable
from tournament.ranks import format_rank
from tournament.selectors.frozen_standings import freeze_of, frozen_standings
from tournament.selectors.round_day import games_by_table, not_playing
from tournament.selectors.sides import side_players
from tournament.selectors.tables import hall_plan, where
from tournament.selectors.teams import matches_of
from tournament.standings import build
from tournament.standings import frozen as fz
from tournament.standings import model as sm

#: Round states whose games count in the standings.
PUBLIC_STATES = (Round.Status.PUBLISHED, Round.Status.FINISHED)
ALL_STATES = (Round.Status.PAIRED, Round.Status.PUBLISHED, Round.Status.FINISHED)


def states_counted(*, public: bool) -> tuple[str, ...]:
    """The round states whose games count: published and finished (``public``), else every paired round."""
    return PUBLIC_STATES if public else ALL_STATES


def settings_for(tournament: Tournament) -> sm.Settings:
    """The standings' settings: OpenGotha's parameters from the one conversion the pairing uses."""
    from tournament.selectors.pairing_data import parameters_for, show_not_playing

    criteria = tuple(tournament.standings_criteria or ())
    if tournament.ranks_categories_apart:
        criteria = categories.with_category_first(criteria)
    return sm.Settings(
        criteria=criteria,
        general=parameters_for(tournament).general,
        show_not_playing=show_not_playing(tournament),
        overall=tournament.overall_ranking,
        best_of=tournament.best_of,
    )


def tournament_data(
    tournament: Tournament, *, public: bool = True, up_to: int | None = None, every_round: bool = False
) -> sm.TournamentData:
    """Players, games and byes of the rounds that count.

    ``public``: only published and finished rounds (what anybody may see);
    otherwise every paired round too.  The games of planned rounds never
    count; the rounds themselves count up to the last counted one (or all of
    them with ``every_round``), as OpenGotha counts every round. After round
    ``up_to`` every round up to it counts, as in OpenGotha's table after that
    round: a round without games too (absent and bye values, the SOSM family's
    starting score), but not a paired round whose games this table may not show.
    The players listed are those with a game or a bye in any paired round
    (``TournamentData.taking_part``), as OpenGotha lists them.
    """
    states = states_counted(public=public)
    whole = list(tournament.rounds.select_related("discipline").order_by("number"))
    every = [r for r in whole if up_to is None or r.number <= up_to]
    counted = [r for r in every if r.status in states]
    # a round before the last counted one counts even without games, as in
    # OpenGotha (SOSM adds the player's starting score for it); its games, if
    # any, only when its state counts
    last = max((r.number for r in counted), default=0)
    if every_round and counted:
        rounds = every
    elif up_to is not None:
        rounds = [r for r in every if r.status in states or r.status == Round.Status.PLANNED]
    else:
        rounds = [r for r in every if r.number <= last]
    round_ids = {r.pk: r.number for r in counted}
    games = list(
        Game.objects.filter(round_id__in=round_ids).values_list(
            "round_id", "table", "black_id", "white_id", "result", "handicap", "by_default"
        )
    )
    byes = list(Bye.objects.filter(round_id__in=round_ids).values_list("round_id", "player_id"))
    involved = {g[2] for g in games} | {g[3] for g in games} | {b[1] for b in byes}
    # OpenGotha lists every player with a game or a bye in any round of the tournament, after every
    # round (a player absent in round 1 who plays later is in the table after round 1): the paired
    # rounds this table does not count (later than ``up_to``, or not yet published) name them too
    uncounted = [r.pk for r in whole if r.status in ALL_STATES and r.pk not in round_ids]
    taking_part = None
    if uncounted:
        later = set()
        for black, white in Game.objects.filter(round_id__in=uncounted).values_list("black_id", "white_id"):
            later.update((black, white))
        later.update(Bye.objects.filter(round_id__in=uncounted).values_list("player_id", flat=True))
        taking_part = frozenset(involved | later)
        involved = set(taking_part)
    # plain values, not model instances: the standings of a few hundred players are rebuilt after every result
    # preliminary registrations too: counted, never listed (``TournamentData.unlisted``), as OpenGotha
    # counts its PRE players in the direct confrontation of their group
    # (every registration read, the withdrawn ones without a game or a bye left out here: a congress's
    # thousands of ids as the query's parameters cost more than the few withdrawn rows)
    waiting = (Registration.Status.CONFIRMED, Registration.Status.PRELIMINARY)
    registrations = Registration.objects.filter(tournament=tournament).values_list(
        "status",
        "pk",
        "surname",
        "given_name",
        "rank",
        "mms_correction",
        "club",
        "country",
        "egd_pin",
        "rating",
        "absent_rounds",
        "surname_latin",
        "given_name_latin",
    )
    entrants = []
    unlisted = set()
    for (
        status,
        pk,
        surname,
        given_name,
        rank,
        mms_correction,
        club,
        country,
        egd_pin,
        rating,
        absent_rounds,
        surname_latin,
        given_name_latin,
    ) in registrations:
        if status not in waiting and pk not in involved:
            continue
        if status == Registration.Status.PRELIMINARY and pk not in involved:
            unlisted.add(pk)
        entrants.append(
            sm.Entrant(
                id=pk,
                surname=surname,
                given_name=given_name,
                rank=rank,
                mms_correction=mms_correction,
                club=club,
                country=country,
                egd_pin=egd_pin,
                rating=rating,
                absent_rounds=frozenset(absent_rounds or ()),
                surname_latin=surname_latin,
                given_name_latin=given_name_latin,
            )
        )
    return sm.TournamentData(
        entrants=tuple(entrants),
        rounds=tuple(sm.RoundInfo(r.number, r.discipline.name) for r in rounds),
        # positional: sm.Game(round, table, black, white, result, handicap, by_default), thousands of them
        games=tuple(sm.Game(round_ids[rid], t, b, w, res, h, bd) for rid, t, b, w, res, h, bd in games),
        byes=tuple(sm.Bye(round=round_ids[rid], player=pid) for rid, pid in byes),
        settings=settings_for(tournament),
        name=tournament.name,
        taking_part=taking_part,
        unlisted=frozenset(unlisted),
    )


def standings_for(
    tournament: Tournament, *, discipline: str | None = None, public: bool = True, up_to: int | None = None
) -> sm.Standings:
    """Overall standings (the tournament's mode), or one discipline's."""
    with collector_paused():  # a congress's table: a hundred thousand small objects (tournament.collector)
        data = tournament_data(tournament, public=public, up_to=up_to)
        if discipline:
            return build.discipline_standings(data, discipline)
        return build.overall_standings(data)


#: How long a computed table is kept; the key holds the standings version, so
#: this only bounds changes the version does not see (a player's name or rank).
CACHE_SECONDS = 20


def cache_key_part(text: str | None) -> str:
    """A discipline's name as a cache key part (names may hold spaces, slashes, line breaks)."""
    import hashlib

    return hashlib.sha1(text.encode()).hexdigest()[:16] if text else ""


def public_standings(tournament: Tournament, discipline: str | None, version: str) -> sm.Standings:
    """The public standings of ``version`` (see :func:`tournament.selectors.page_version.page_version_of`), computed once per
    version and shared by all workers through the cache (the pages and the JSON API read it)."""
    from tournament.kept import get_or_make

    key = f"standings:{tournament.pk}:{cache_key_part(discipline)}:{version}"
    return get_or_make(key, lambda: shown_standings(tournament, discipline=discipline, public=True), CACHE_SECONDS)


def shown_standings(tournament: Tournament, *, discipline: str | None = None, public: bool = True) -> sm.Standings:
    """The table every consumer shows (the pages, the PDFs, the CSV, the API, the projector): while the
    director has frozen the standings, the frozen table with today's names (:mod:`.frozen_standings`),
    for everybody; else the table of the rounds that count (``public``: see :func:`tournament_data`)."""
    frozen = frozen_standings(tournament, discipline)
    if frozen is not None:
        return frozen
    return standings_for(tournament, discipline=discipline, public=public)


@dataclass(frozen=True)
class ChangedResult:
    """A game of the frozen rounds whose result is not what it was at the freeze (``was``/``now``: the
    result codes, ``""`` for a game that was not there, or is no longer)."""

    round: int
    table: int
    black: str
    white: str
    was: str
    now: str


@dataclass(frozen=True)
class FreezeReport:
    """What the organizer sees of a freeze: when and by whom, the results changed since, and whom the
    table of today's results would place elsewhere (the player, the frozen place, the place now)."""

    at: object
    by: str
    changed: tuple[ChangedResult, ...]
    moves: tuple[tuple[sm.Entrant, str, str], ...]


def freeze_report(tournament: Tournament) -> FreezeReport | None:
    """The freeze as the organizer's standings page reports it (see :class:`FreezeReport`); None while
    the standings are not frozen. The overall table is computed from today's results to compare."""
    freeze = freeze_of(tournament)
    if freeze is None:
        return None
    rounds = {r for r, *_rest in freeze.results}
    now = {
        (r, frozenset((b, w))): (r, t, b, w, res, bd)
        for r, t, b, w, res, bd in Game.objects.filter(
            round__tournament=tournament, round__number__in=rounds, round__status__in=ALL_STATES
        ).values_list("round__number", "table", "black_id", "white_id", "result", "by_default")
    }
    was = {(g[0], frozenset((g[2], g[3]))): tuple(g) for g in freeze.results}
    names = dict(
        (pk, display_name(s, g)) for pk, s, g in tournament.registrations.values_list("pk", "surname", "given_name")
    )

    def code(game) -> str:
        return "" if game is None else result_codes.short(game[4], game[5])

    changed = []
    for key in sorted(set(was) | set(now), key=lambda k: (k[0], (now.get(k) or was[k])[1])):
        before, after = was.get(key), now.get(key)
        if code(before) != code(after):
            game = after or before
            assert game is not None
            changed.append(
                ChangedResult(
                    round=game[0],
                    table=game[1],
                    black=names.get(game[2], ""),
                    white=names.get(game[3], ""),
                    was=code(before),
                    now=code(after),
                )
            )
    moves: tuple = ()
    frozen = frozen_standings(tournament)
    if frozen is not None:
        live = standings_for(tournament, public=True)
        moves = tuple(fz.place_changes(frozen, live))
    return FreezeReport(at=freeze.at, by=freeze.by, changed=tuple(changed), moves=moves)


def discipline_names(tournament: Tournament) -> list[str]:
    return [name for _pk, name in discipline_tabs(tournament)]


def discipline_tabs(tournament: Tournament) -> list[tuple[int, str]]:
    """The tournament's disciplines as (id, name), in their order."""
    return list(tournament.disciplines.order_by("position", "name").values_list("pk", "name"))


def pairing_sheet(round_: Round, entry_url: Callable[[Game], str] | None = None) -> PairingSheet:
    """Tables of a round with both players, and the byes; ``entry_url``: the address a result slip's QR
    code holds for a game (none without it)."""
    tournament = round_.tournament
    discipline = round_.discipline
    games = games_by_table(round_)
    halls = hall_plan(tournament)

    def player(p) -> SheetPlayer:
        return SheetPlayer(
            surname=p.surname, given_name=p.given_name, rank=format_rank(p.rank), club=p.club, country=p.country
        )

    def side(g: Game, colour: str) -> SheetPlayer:
        """The player of ``colour``; in Pair Go and Rengo the side, its players in their order of play."""
        first = player(g.black if colour == "black" else g.white)
        sides = side_players(g)
        if sides is None:
            return first
        members = tuple(player(p) for p in sides[colour])
        return SheetPlayer(surname=first.surname, given_name=first.given_name, members=members)

    tables = tuple(
        SheetTable(
            table=g.table,
            black=side(g, "black"),
            white=side(g, "white"),
            handicap=g.handicap,
            komi=float(g.komi),
            result=g.result_short if g.has_result else "",
            place=where(halls, g.table),
            entry_url=entry_url(g) if entry_url is not None else "",
            jigo_possible=g.jigo_possible,
        )
        for g in games
    )
    away = not_playing(round_, games)
    return PairingSheet(
        tournament=tournament.name,
        round=round_.number,
        discipline=discipline.name,
        discipline_kind=discipline.get_kind_display(),
        board_size=discipline.board_size,
        record_required=discipline.record_required,
        tables=tables,
        byes=tuple(player(p) for p in away.byes),
        absent=tuple(player(p) for p in away.absent),
        withdrawn=tuple(player(p) for p in away.withdrawn),
        date=local_time_text(round_.starts_at, tournament),
        komi=discipline.has_komi,
        win_methods=tuple((m.value, str(m.label)) for m in discipline.win_methods),
        matches=_sheet_matches(round_) if tournament.is_team_event else (),
        team_byes=_sheet_team_byes(round_) if tournament.is_team_event else (),
        pairing_version=round_.shown_pairing,
    )


def _sheet_matches(round_: Round) -> tuple[SheetMatch, ...]:
    """A team round's matches for its pairing sheet."""
    return tuple(
        SheetMatch(
            table=view.match.table,
            team1=view.match.team1.name,
            team2=view.match.team2.name,
            boards=tuple((g.board, g.table) for g in view.games),
        )
        for view in matches_of(round_)
    )


def _sheet_team_byes(round_: Round) -> tuple[str, ...]:
    """The names of the teams with the round's bye."""
    return tuple(TeamBye.objects.filter(round=round_).order_by("team__number").values_list("team__name", flat=True))


def go_standings(tournament: Tournament, *, discipline: str | None = None, public: bool = True) -> sm.Standings:
    """The standings over the Go rounds (or one named discipline), for the EGD.

    As OpenGotha's h9 file: after the last round of the tournament, one
    column for each of its (Go) rounds, played yet or not.
    """
    from tournament.variants import egd_kinds

    data = tournament_data(tournament, public=public, every_round=True)
    if discipline:
        names = {discipline}
    else:
        names = set(tournament.disciplines.filter(kind__in=egd_kinds()).values_list("name", flat=True))
    rounds = [r.number for r in data.rounds if r.discipline in names]
    return build.rounds_standings(data, rounds, title=", ".join(sorted(names)))


def h9_header(tournament: Tournament, *, discipline: str | None = None, tournament_class: str | None = None):
    """The EGD header tags from the tournament and its Go discipline, as OpenGotha writes them.

    The class, the adjusted time (TM) and the overtime system (CM) follow
    from the tournament's time control (:mod:`tournament.files.egd_time`);
    ``tournament_class`` overrides the class. HA gives the handicap
    correction when the discipline's games had handicaps. A note names every
    round played on a board smaller than 19x19 (the EGD does not rate it).
    """
    from tournament.files.egd_time import egd_class_of, parse_time_control
    from tournament.files.h9 import H9Header, small_board_notes
    from tournament.variants import egd_kinds

    qs = tournament.disciplines.all()
    qs = qs.filter(name=discipline) if discipline else qs.filter(kind__in=egd_kinds())
    # KM: the komi of the (first) Go discipline the rounds play; the file of all Go rounds is written only
    # while they share one (selectors.exports.go_komis)
    d = qs.filter(rounds__isnull=False).order_by("position").first() or qs.order_by("position").first()
    handicapped = Game.objects.filter(round__tournament=tournament, round__discipline__in=qs, handicap__gt=0).exists()
    time = parse_time_control(tournament.time_control)
    sizes = dict(tournament.rounds.filter(discipline__in=qs).values_list("number", "discipline__board_size"))
    return H9Header(
        event=tournament.name,
        place=tournament.place,
        country=tournament.country,
        start=tournament.start_date.isoformat(),
        end=tournament.end_date.isoformat(),
        tournament_class=tournament_class or egd_class_of(tournament.time_control),
        handicap=f"h{tournament.handicap_correction}" if handicapped and tournament.handicap_correction > 0 else "",
        komi=f"{d.komi:g}" if d else "",
        time=str(time.adjusted // 60) if time else "",
        time_system=time.label if time else "",
        notes=small_board_notes(sizes),
    )
