"""Reads of a round on the tournament day: who is not playing, and what the rules say about its games.

Shared by the organizer's round page, the public round page, the pairing
sheet and the edit services. Warnings are plain data (codes, names,
numbers); :mod:`tournament.pairing_words` puts them into words.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournament.collation import sorted_by_name
from tournament.models import Game, Registration, Round, TeamMember
from tournament.names import spoken_name
from tournament.pairing import edits
from tournament.pairing import model as pm
from tournament.pairing.teams import sides_of_games, standins
from tournament.selectors.pairing_data import pairing_tournament, plain_game, player_key
from tournament.selectors.sides import attach_sides, seated_players
from tournament.selectors.team_pairing_data import team_tournament


@dataclass
class NotPlaying:
    """Registrations without a game in a round, by why."""

    byes: list[Registration] = field(default_factory=list)
    absent: list[Registration] = field(default_factory=list)  # confirmed, said they miss the round
    withdrawn: list[Registration] = field(default_factory=list)
    unpaired: list[Registration] = field(default_factory=list)  # present, but no game and no bye yet
    unconfirmed: list[Registration] = field(default_factory=list)  # preliminary: never paired
    #: A team round's: members of a team outside its line-up (a team of four on three boards).
    reserves: list[Registration] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.public or self.unpaired)

    @property
    def public(self) -> bool:
        """Something the public round page lists (not who is still without a game: the organizer's)."""
        return bool(self.byes or self.absent or self.withdrawn or self.reserves)


def games_by_table(round_: Round, start: int = 0, stop: int | None = None) -> list[Game]:
    """The round's games by table, with their players (and their round: a Pair Go side is read from it)
    and a team match's teams (``Game.match_board``); only the ``start``-th to the ``stop``-th of them if
    given (a page of a thousand games: the projector's twenty)."""
    games = list(
        round_.games.select_related("black", "white", "match__team1", "match__team2").order_by("table", "pk")[
            start:stop
        ]
    )
    for game in games:
        game.round = round_
    attach_sides(round_, games)
    return games


def not_playing(round_: Round, games=None) -> NotPlaying:
    """Who has no game in ``round_``: the bye, absent and withdrawn players, and (once the
    round is paired) present players left without a game."""
    if games is None:
        games = round_.games.all()
    seated = {pk for g in games for pk in (g.black_id, g.white_id)} | seated_players(round_)
    byes = sorted_by_name(round_.byes.select_related("player"), key=lambda b: b.player)
    seated |= {b.player_id for b in byes}
    out = NotPlaying(byes=[b.player for b in byes])
    in_teams = (
        set(
            TeamMember.objects.filter(team__tournament_id=round_.tournament_id).values_list(
                "registration_id", flat=True
            )
        )
        if round_.tournament.is_team_event
        else set()
    )
    # the names, and what a pairing sheet lists of the players not playing (a congress: 2,000 rows)
    shown = ("pk", "tournament", "surname", "given_name", "status", "absent_rounds", "rank", "club", "country")
    for reg in sorted_by_name(round_.tournament.registrations.only(*shown)):
        if reg.pk in seated:
            continue
        if reg.status == Registration.Status.WITHDRAWN:
            out.withdrawn.append(reg)
        elif reg.status != Registration.Status.CONFIRMED:
            out.unconfirmed.append(reg)
        elif round_.number in reg.absent_rounds:
            out.absent.append(reg)
        elif round_.status != Round.Status.PLANNED:
            (out.reserves if reg.pk in in_teams else out.unpaired).append(reg)
    return out


def plain_round(
    round_: Round, games: list[Game], data: pm.Tournament | None = None
) -> tuple[pm.Tournament, list[pm.Game]]:
    """The engine's view of ``round_``: the tournament before it (``data`` when the caller has read it),
    and ``games`` as plain games."""
    if data is None:
        data = pairing_tournament(round_.tournament, round_)
    return data, [plain_game(g, round_.number) for g in games]


def warning_data(warning: edits.EditWarning, names: dict[str, str]) -> dict:
    """An engine warning as the services record it: names instead of keys."""
    data = {"code": warning.code, "table": warning.table, "players": [names.get(k, k) for k in warning.players]}
    if warning.code == "colour":
        data.update(colour=warning.colour, balance=warning.balance)
    elif warning.code == "handicap":
        data.update(
            advised=warning.advised,
            actual=warning.actual,
            advised_white=names.get(warning.advised_white, warning.advised_white),
        )
    return data


def names_of(round_: Round) -> dict[str, str]:
    return {
        player_key(pk): spoken_name(surname, given)
        for pk, given, surname in round_.tournament.registrations.values_list("pk", "given_name", "surname")
    }


def game_warnings(round_: Round, games: list[Game] | None = None, *, data: pm.Tournament | None = None) -> list[dict]:
    """What the rules object to in the round's games as they are now (rematches, colours,
    handicaps, absent players). A team round's colours are its boards' (alternating by board, as
    OpenGotha's ``pairTeams``), not the players' own balance: no colour warnings there. ``data``: the
    round's :func:`pairing_tournament`, when the caller has read it (the pairing)."""
    if games is None:
        games = list(round_.games.only("round", "table", "black", "white", "handicap", "komi", "result", "by_default"))
    if not games:
        return []
    t, plain = plain_round(round_, games, data)
    known = {p.key for p in t.players}
    plain = [g for g in plain if g.white in known and g.black in known]
    names = names_of(round_)
    pair_round = round_.tournament.is_pair_event
    if pair_round:  # the sides' strength and scores, as the pairing reads them
        t, plain, names = _sides_round(round_, plain)
    team_round = round_.tournament.is_team_event
    return [
        warning_data(w, names)
        for w in edits.check_games(t, round_.number, plain)
        # two sides meeting again: the team pairing's own warning says it ("Rematch in match 1")
        if not (team_round and w.code == "colour") and not (pair_round and w.code == "rematch")
    ]


def _sides_round(round_: Round, plain: list[pm.Game]) -> tuple[pm.Tournament, list[pm.Game], dict[str, str]]:
    """Pair Go and Rengo: the tournament of the sides' stand-ins before the round (each rated with its
    players' mean, :func:`tournament.pairing.teams.standins`, as the pairing pairs them), the round's games
    as the stand-ins' games, and the sides' names by their keys."""
    tt = team_tournament(round_)
    names = {team.key: team.name for team in tt.teams}
    return standins(tt, round_.number), sides_of_games(tt, round_.number, plain), names


#: How long a round's warnings are kept: the key holds every version they depend on (see below).
WARNINGS_SECONDS = 600


def game_warnings_kept(round_: Round, version: str, recorded: dict | None = None) -> list[dict]:
    """:func:`game_warnings` of the round's games as they are now, worked out once per ``version``, the
    round's checks version (:meth:`tournament.selectors.page_version.PageParts.checks_version`: what
    they read of the tournament, its players, the earlier rounds and the round's games), and shared by
    every worker through the cache. At a congress they are the engine's scores of every player over
    every earlier round: the pairing works them out with the round's games and keeps them in its record
    (``recorded``, the record's ``checks``: :func:`recorded_checks`), which stand while their version is
    the current one (a hand edit, a result of an earlier round, a player's change makes a new one)."""
    from tournament.kept import get_or_make

    if isinstance(recorded, dict) and recorded.get("version") == version and isinstance(recorded.get("warnings"), list):
        return recorded["warnings"]
    key = f"round-warnings:{round_.pk}:{version}"
    return get_or_make(key, lambda: game_warnings(round_), WARNINGS_SECONDS)


def recorded_checks(round_: Round, games: list[Game], data: pm.Tournament) -> dict:
    """The checks of the round's games just paired (``games``; ``data``: the round's
    :func:`pairing_tournament`), as the pairing's record keeps them: with their version."""
    from tournament.selectors.page_version import page_parts, round_seats

    parts = page_parts(round_.tournament.slug)
    version = parts.checks_version(round_.pk, round_seats(games)) if parts is not None else ""
    return {"version": version, "warnings": game_warnings(round_, games, data=data)}
