"""A team round's pairing stored: its matches, the line-ups they were paired with, and each board's game.

The team pairing (:mod:`tournament.pairing.teams`) gives plain matches: two teams at a table and,
board by board, who has Black and who White, with handicap and komi. :func:`team_round_store`
checks them against the tournament (every team and player its own, each team once, each player on
their own team's board, boards 1 to the team size) and writes them in one transaction: the round
goes from planned to paired, the line-ups of the paired teams are those of the boards, and each
board is an ordinary game (``Game.match``, ``Game.board``). The boards sit at the tables the round's
table plan leaves, numbered as every round's games are (:func:`tournament.pairing.tables.number_matches`):
the matches in the order of their numbers, each match's boards at the next run of consecutive free
tables, board 1 first; excluded tables never, reserved ones to the top match. Without a plan that is
table ``(match - 1) x boards + board``, as OpenGotha numbers a team round's games. Too few tables:
refused (:func:`tournament.pairing_words.tables_full_text`). Unpairing the round
(:func:`~.rounds.round_unpair`) removes the matches with their games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament import limits
from tournament.models import Game, LineUp, Match, PairingRecord, Registration, Round, Team, TeamBye, TeamMember
from tournament.pairing import tables
from tournament.pairing.context import opengotha_options
from tournament.pairing.teams import TeamPairing, pair_teams
from tournament.pairing_words import tables_full_text
from tournament.permissions import ORGANIZER, require
from tournament.selectors.tables import table_rules
from tournament.selectors.team_pairing_data import team_tournament
from tournament.selectors.teams import round_line_ups

from .audit import log_change
from .pairing_prints import pairing_changed
from .rounds import RoundStateError, advance_round, pair_game, pairing_warnings_before, unpair_to_pair_again

__all__ = ["BoardPair", "TeamMatch", "team_round_pair", "team_round_repair", "team_round_store"]


@dataclass(frozen=True)
class BoardPair:
    """One board of a match: the registrations (ids) with Black and White."""

    board: int
    black: int
    white: int
    handicap: int = 0
    #: None: the discipline's komi.
    komi: Decimal | None = None


@dataclass(frozen=True)
class TeamMatch:
    """Two teams (ids) at a table (from 1), and their boards."""

    table: int
    team1: int
    team2: int
    boards: tuple[BoardPair, ...]


@transaction.atomic
def team_round_store(*, round: Round, matches: Sequence[TeamMatch], bye: int | None = None, user) -> list[Match]:
    """Store ``matches`` as the pairing of the planned team round ``round`` (see the module); ``bye``:
    the team (id) the pairing left out with the bye, in no match."""
    tournament = round.tournament
    require(user, tournament, ORGANIZER)
    round_ = Round.objects.select_for_update().select_related("discipline").get(pk=round.pk)
    if not tournament.is_team_event:
        raise ValidationError(_("%(tournament)s is not a team tournament.") % {"tournament": tournament.name})
    if round_.status != Round.Status.PLANNED:
        raise RoundStateError(
            _("Round %(number)s is %(status)s; only a planned round can be paired.")
            % {"number": round_.number, "status": round_.get_status_display()}
        )
    if round_.games.exists() or round_.byes.exists() or round_.team_byes.exists():
        raise RoundStateError(
            _("Round %(number)s has games already: remove them before pairing its teams.") % {"number": round_.number}
        )
    boards = tournament.boards
    teams = {t.pk: t for t in Team.objects.filter(tournament=tournament)}
    team_of = dict(TeamMember.objects.filter(team__tournament=tournament).values_list("registration_id", "team_id"))
    players = {p.pk: p for p in Registration.objects.filter(tournament=tournament, pk__in=team_of)}
    _check(round_, matches, boards, teams, team_of, players)
    if bye is not None and (bye not in teams or any(bye in (m.team1, m.team2) for m in matches)):
        raise ValidationError(_("The bye goes to a team of the tournament without a match."))

    sides = _side_line_ups(round_, matches, teams) if tournament.is_pair_event else None
    in_order = sorted(matches, key=lambda m: m.table)
    try:
        seats = tables.number_matches([len(m.boards) for m in in_order], table_rules(round_))
    except tables.TablesFull as exc:
        raise ValidationError(tables_full_text()) from exc
    advance_round(round_, Round.Status.PLANNED, Round.Status.PAIRED)
    paired = [t for m in matches for t in (m.team1, m.team2)]
    LineUp.objects.filter(round=round_, team_id__in=paired).delete()
    made, line_ups, games = [], [], []
    for m, seat in zip(in_order, seats, strict=True):
        match = Match.objects.create(round=round_, table=m.table, team1_id=m.team1, team2_id=m.team2)
        made.append(match)
        for b in sorted(m.boards, key=lambda b: b.board):
            for pk in (b.black, b.white):
                line_ups.append(LineUp(round=round_, team_id=team_of[pk], board=b.board, player_id=pk))
            games.append(
                pair_game(
                    round_,
                    match=match,
                    board=b.board,
                    table=seat[b.board - 1],
                    black=b.black,
                    white=b.white,
                    handicap=b.handicap,
                    komi=b.komi,
                )
            )
    if sides is not None:  # Pair Go, Rengo: the side's players in their order of play
        line_ups = [
            LineUp(round=round_, team_id=t, board=n, player_id=pk)
            for t, order in sides.items()
            for n, pk in enumerate(order, 1)
        ]
    LineUp.objects.bulk_create(line_ups)
    if bye is not None:
        TeamBye.objects.create(round=round_, team_id=bye)
    for game in games:
        game.clean_fields(exclude=["round", "match", "black", "white"])
    Game.objects.bulk_create(games)
    pairing_changed(round_)
    log_change(
        round_,
        "team.round.pair",
        user=user,
        after={
            "matches": [f"{m.table}: {teams[m.team1].name} – {teams[m.team2].name}" for m in matches],
            "games": len(games),
            **({"bye": teams[bye].name} if bye is not None else {}),
        },
    )
    return made


@transaction.atomic
def team_round_pair(*, round: Round, user) -> TeamPairing:
    """Pair the planned team round with the team engine (:func:`tournament.pairing.teams.pair_teams`:
    the teams on their team points, the boards as OpenGotha's ``pairTeams``) and store it
    (:func:`team_round_store`); the engine's pairing, for its warnings."""
    require(user, round.tournament, ORGANIZER)
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    if round_.status != Round.Status.PLANNED:
        raise RoundStateError(
            _("Round %(number)s is %(status)s; only a planned round can be paired.")
            % {"number": round_.number, "status": round_.get_status_display()}
        )
    try:
        options = opengotha_options(round_.tournament.opengotha_version)
        pairing = pair_teams(team_tournament(round_), round_.number, options=options)
    except ValueError as exc:
        raise ValidationError(_("The teams cannot be paired: %(why)s") % {"why": str(exc)[:300]}) from exc
    team_of = dict(
        TeamMember.objects.filter(team__tournament=round_.tournament).values_list("registration_id", "team_id")
    )
    matches = [_stored(m, team_of) for m in pairing.matches]
    warnings = pairing_warnings_before(round_) + _team_warnings(round_, matches, _team_id(pairing.bye))
    team_round_store(round=round_, matches=matches, bye=_team_id(pairing.bye), user=user)
    # kept with the round, as an individual pairing keeps its warnings: the round's page shows them
    PairingRecord.keep(round_.pk, {"warnings": warnings})
    return pairing


def _team_warnings(round_: Round, matches: list[TeamMatch], bye: int | None) -> list[dict]:
    """What the organizer should know of the team pairing: the teams it left out (no complete line-up)
    and the matches of two teams that met in an earlier round."""
    teams = {t.pk: t.name for t in Team.objects.filter(tournament_id=round_.tournament_id).order_by("number")}
    placed = {t for m in matches for t in (m.team1, m.team2)} | {bye}
    warnings: list[dict] = [
        {"code": "team-incomplete", "team": name, "round": round_.number}
        for pk, name in teams.items()
        if pk not in placed
    ]
    met = {
        frozenset(pair)
        for pair in Match.objects.filter(
            round__tournament_id=round_.tournament_id, round__number__lt=round_.number
        ).values_list("team1_id", "team2_id")
    }
    warnings += [
        {"code": "team-rematch", "table": m.table, "teams": [teams[m.team1], teams[m.team2]]}
        for m in matches
        if frozenset((m.team1, m.team2)) in met
    ]
    return warnings


@transaction.atomic
def team_round_repair(*, round: Round, user) -> TeamPairing:
    """Pair a planned or paired team round (a paired one again, in one transaction: if the new pairing
    fails, the old one stays)."""
    require(user, round.tournament, ORGANIZER)
    round.refresh_from_db()
    if round.status == Round.Status.PAIRED:
        unpair_to_pair_again(round, user=user)
        round.refresh_from_db()
    return team_round_pair(round=round, user=user)


def _team_id(key: str | None) -> int | None:
    return int(key) if key is not None else None


def _stored(m, team_of: dict[int, int]) -> TeamMatch:
    """The engine's match as :func:`team_round_store` takes it: its first team the one with White on
    board 1 (OpenGotha's white team), the boards in order."""
    white_team = team_of.get(int(m.games[0].white)) if m.games else None
    first, second = (int(m.team1), int(m.team2))
    if white_team == second:
        first, second = second, first
    boards = tuple(
        BoardPair(
            board=n,
            black=int(g.black),
            white=int(g.white),
            handicap=g.handicap,
            komi=Decimal(str(g.komi)) if g.komi is not None else None,
        )
        for n, g in enumerate(m.games, 1)
    )
    return TeamMatch(table=m.table, team1=first, team2=second, boards=boards)


def _side_line_ups(round_: Round, matches: Sequence[TeamMatch], teams) -> dict[int, list[int]]:
    """Pair Go and Rengo: each paired side's players in their order of play (its line-up of the round:
    stored, else the default), complete, the first of each the one on the board."""
    orders = round_line_ups(round_)
    size = round_.tournament.line_up_size
    out: dict[int, list[int]] = {}
    for m in matches:
        (board,) = m.boards
        for team in (m.team1, m.team2):
            order = [p.pk if p is not None else None for p in orders.get(team, [])]
            if len(order) != size or None in order:
                raise ValidationError(
                    _("%(team)s has not its %(size)s players for round %(round)s.")
                    % {"team": teams[team].name, "size": size, "round": round_.number}
                )
            if order[0] not in (board.black, board.white):
                raise ValidationError(
                    _("The game of %(team)s is played by its first player.") % {"team": teams[team].name}
                )
            out[team] = [pk for pk in order if pk is not None]
    return out


def _check(round_, matches, boards, teams, team_of, players) -> None:
    """Refuse matches the tournament cannot hold, naming the first thing wrong."""
    if len(matches) > limits.MAX_TEAMS // 2:
        raise ValidationError(_("Too many matches."))
    seen_teams: set[int] = set()
    tables: set[int] = set()
    for m in matches:
        _check_match(m, teams, tables, seen_teams)
        if sorted(b.board for b in m.boards) != list(range(1, boards + 1)):
            raise ValidationError(
                _("%(team1)s – %(team2)s: a match has a game on each of its %(boards)s boards.")
                % {"team1": teams[m.team1].name, "team2": teams[m.team2].name, "boards": boards}
            )
        for b in m.boards:
            _check_board(round_, m, b, teams, team_of, players)
    placed = [pk for m in matches for b in m.boards for pk in (b.black, b.white)]
    if len(placed) != len(set(placed)):
        raise ValidationError(_("A player has two games in this round."))


def _check_match(m: TeamMatch, teams, tables: set[int], seen_teams: set[int]) -> None:
    """Two teams of the tournament at a free table, each team in one match."""
    if m.team1 not in teams or m.team2 not in teams or m.team1 == m.team2:
        raise ValidationError(_("A match names a team of another tournament, or one team twice."))
    if not 1 <= m.table <= limits.MAX_MATCH_TABLE:
        raise ValidationError(_("A match's table goes from 1 to %(most)s.") % {"most": limits.MAX_MATCH_TABLE})
    if m.table in tables:
        raise ValidationError(_("Table %(table)s is not free.") % {"table": m.table})
    tables.add(m.table)
    for t in (m.team1, m.team2):
        if t in seen_teams:
            raise ValidationError(_("%(team)s has two matches in this round.") % {"team": teams[t].name})
        seen_teams.add(t)


def _check_board(round_, m: TeamMatch, b: BoardPair, teams, team_of, players) -> None:
    """A player of each team, both playing in the round; handicap and komi within the site's limits."""
    if {team_of.get(b.black), team_of.get(b.white)} != {m.team1, m.team2}:
        raise ValidationError(
            _("Board %(board)s of %(team1)s – %(team2)s: each team's own player on each side.")
            % {"board": b.board, "team1": teams[m.team1].name, "team2": teams[m.team2].name}
        )
    if not 0 <= b.handicap <= limits.MAX_HANDICAP:
        raise ValidationError(_("A handicap goes from 0 to %(most)s.") % {"most": limits.MAX_HANDICAP})
    if b.komi is not None and not limits.MIN_KOMI <= b.komi <= limits.MAX_KOMI:
        raise ValidationError(_("The komi is out of range."))
    for pk in (b.black, b.white):
        player = players[pk]
        if player.status == Registration.Status.WITHDRAWN or round_.number in (player.absent_rounds or []):
            raise ValidationError(
                _("%(player)s does not play in round %(round)s.")
                % {"player": player.spoken_name, "round": round_.number}
            )
