"""Pair a round of a team tournament: ``pair_teams(tt, round_number)``.

OpenGotha pairs teams by hand (its Teams Pairing window, ``JFrTeamsPairing``, pairs the two
teams the director selects and refuses two teams that met before); it has no automatic team
pairing. The issue asks for McMahon or Swiss on team scores, so the teams are paired as pairgoth
pairs them: each team is one pairable, paired by OpenGotha's own engine
(:func:`~.engine.pair_round`, every rule of the individual pairing, the tournament's
parameters). Its stand-in (:func:`standin`) is a :class:`~.model.Player` whose key and name are
the team's, whose rating is the team's mean rating (OpenGotha's MNR: round 1's line-up) and
whose rank follows from it (:func:`tournament.ranks.rank_from_rating`, as OpenGotha's
``rankFromRating``): McMahon starts a team from that rank. Earlier matches are the stand-ins'
games (the team with White on board 1 as White, the match's result as the game's: a team win,
a draw, both lost); team byes are the stand-ins' byes. So the team score the pairing reads is
the team points (NBW = team points / 2), rematches cost what OpenGotha's rematch costs, an odd
number of teams gets OpenGotha's bye, and a team without a complete line-up (a member missing,
not final or absent) is not paired that round. The teams' order (OpenGotha's list to pair, the
seeding inside a score group) is the standings of the stand-ins before the round: the
tournament's placement criteria over team points, then the pairing's additional criterion
(the rating: MNR), then the team's name. The tests prove each step against OpenGotha 3.51.02's
jar playing the same stand-ins (``tests/pairing/opengotha/test_oracle_teams.py``): with
``Options(dialect="3.51.02")`` every pair's cost and every pairing is the jar's (one round an
equal-cost alternative); with the site's ``Options()`` (the 3.52 line's costs, as for players)
the jar's matches but in two rounds an alternative of the same total.

Then each match's boards are made exactly as OpenGotha's ``Tournament.pairTeams(team0, team1,
round)`` makes them, ``team0`` the team of the lower number: each board's game is OpenGotha's
game between the two members (``makeAutomaticPairing`` of the two: handicap and komi by the
round's discipline, and with a handicap its colours); without handicap the colours alternate by
board. Board 1's colour: the board-1 player with fewer Whites so far (games without handicap
of known colour, any board) gets White; equal, OpenGotha's deterministic draw
(``detRandom(1, p0, p1) == 0``: ``team0``'s player White); board ``i`` (from 1) gives
``team0`` White when it has White on board 1 and ``i`` is odd, or Black on board 1 and ``i``
is even. The matches get tables in the order of the stand-ins' pairing (best first), each
match the next ``boards`` tables, board 1 first (as ``pairTeams`` called in that order does:
:func:`~.tables.number_matches` without a table plan; the stored round's boards follow its plan,
:mod:`tournament.services.team_rounds`).

**Pair Go and Rengo** (``tt.players`` 2 or 3, one board): the sides are paired as the teams, each
side's stand-in rated with the mean of its players (:func:`tournament.sides.side_rating`), and the
match's one game is the stand-ins' game as the engine made it -- colours, handicap and komi from
the two sides' strengths and scores, as the Pair Go rules take the handicap from the difference of
the two mean grades (pairgoth likewise pairs a pair as one player of the mean rating) -- with the
sides' first players (the line-up's first) as Black and White.

Input (plain data, :mod:`.team_model`): a :class:`~.team_model.TeamTournament`: the individual
tournament (every member, the board games of earlier rounds with their results, parameters,
disciplines), the teams with their line-ups, the number of boards, the team byes so far.
Output: a :class:`TeamPairing`: the matches (:class:`TeamMatch`: table, the two teams, board
games ``(white, black, handicap, komi, table)`` board 1 first), the bye team, the stand-ins'
pairing (its costs and warnings explain each match as for players).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from tournament.ranks import rank_from_rating

from . import costs as C
from . import tables
from .context import Options, RoundContext
from .engine import Pairing, build_context, make_game, pair_round
from .model import Game, Player, Tournament
from .team_model import Team, TeamTournament, matches

#: The stand-in's first name (OpenGotha's players have one; the jar's stand-ins carry the same).
STANDIN_FIRST_NAME = "Team"


@dataclass(frozen=True)
class TeamMatch:
    """A match of the round: its number (``table``, from 1), its teams' keys (``team1`` the first team,
    the one of the lower number: OpenGotha's ``team0``; as ``Match.team1`` and the services' ``TeamMatch``)
    and its board games, board 1 first, each on its own table."""

    table: int
    team1: str
    team2: str
    games: tuple[Game, ...]


@dataclass
class TeamPairing:
    round: int
    matches: list[TeamMatch]
    bye: str | None
    standins: Pairing
    warnings: list[str] = field(default_factory=list)

    @property
    def games(self) -> list[Game]:
        return [g for m in self.matches for g in m.games]


def standin(tt: TeamTournament, team: Team) -> Player:
    """The team as one pairable player: its key and name, rating its mean rating (MNR), rank from
    that rating, taking part in the rounds where its line-up is complete."""
    rating = tt.mean_rating(team)
    rounds = tt.individual.params.general.number_of_rounds
    return Player(
        key=team.key,
        name=team.name,
        first_name=STANDIN_FIRST_NAME,
        rank=rank_from_rating(rating),
        rating=rating,
        participation=tuple(tt.complete(team, r) for r in range(1, rounds + 1)),
    )


def standins(tt: TeamTournament, before_round: int) -> Tournament:
    """The tournament of the teams' stand-ins: their matches before the round as games, the team byes."""
    games = []
    for r in range(1, before_round):
        for i, m in enumerate(matches(tt, r), 1):
            games.append(Game(round=r, white=m.white, black=m.black, result=m.result, table=i))
    t = tt.individual
    return Tournament(
        players=tuple(standin(tt, team) for team in sorted(tt.teams, key=lambda x: x.number)),
        games=tuple(games),
        byes=tuple(b for b in tt.byes if b.round < before_round),
        params=t.params,
        disciplines=t.disciplines,
    )


def _balance(t: Tournament, key: str, round_number: int) -> int:
    """Whites minus Blacks of the player's games before the round without handicap, of known colour."""
    wb = 0
    for g in t.games:
        if g.round < round_number and g.handicap == 0 and g.known_color and key in (g.white, g.black):
            wb += 1 if g.white == key else -1
    return wb


def board_games(rc: RoundContext, boards: int, first: Team, second: Team, seats: Sequence[int]) -> tuple[Game, ...]:
    """The boards of a match as OpenGotha's ``pairTeams(team0, team1, round)`` makes them (``first`` its
    team0, ``second`` its team1) at the tables ``seats`` (board 1 first); ``rc`` the round's context of the
    individual tournament (:func:`members_context`)."""
    t, round_number = rc.tournament, rc.round
    l0, l1 = first.players(round_number)[:boards], second.players(round_number)[:boards]
    p0, p1 = t.player(l0[0]), t.player(l1[0])
    b0, b1 = _balance(t, p0.key, round_number), _balance(t, p1.key, round_number)
    if b0 != b1:
        first_white = b0 < b1
    else:
        first_white = C.det_random(1, p0.name + p0.first_name, p1.name + p1.first_name) == 0
    games = []
    for i, (a, b) in enumerate(zip(l0, l1, strict=True)):
        g = make_game(rc, a, b, table=seats[i])
        if g.handicap == 0:
            white = first_white == (i % 2 == 0)
            g = replace(g, white=a if white else b, black=b if white else a)
        games.append(g)
    return tuple(games)


def side_matches(tt: TeamTournament, round_number: int, paired: Pairing) -> list[TeamMatch]:
    """Pair Go and Rengo: each stand-ins' game as the match's one game, between the sides' first players."""
    out = []
    for n, g in enumerate(sorted(paired.games, key=lambda g: g.table), 1):
        a, b = tt.team(g.white), tt.team(g.black)
        first, second = (a, b) if a.number < b.number else (b, a)
        game = replace(g, white=a.players(round_number)[0], black=b.players(round_number)[0], table=n)
        out.append(TeamMatch(n, first.key, second.key, (game,)))
    return out


def sides_of_games(tt: TeamTournament, round_number: int, games: Iterable[Game]) -> list[Game]:
    """Pair Go and Rengo: the round's games (between the sides' first players) as the stand-ins' games the
    pairing made them from (:func:`side_matches` the other way round), for checks that must read the sides'
    strength as the pairing does (:func:`standins`); a game whose players are in no side is left out."""
    out = []
    for g in games:
        white, black = tt.team_of(g.white, round_number), tt.team_of(g.black, round_number)
        if white is not None and black is not None and white is not black:
            out.append(replace(g, white=white.key, black=black.key))
    return out


def members_context(
    tt: TeamTournament, round_number: int, teams: Iterable[Team], options: Options = Options()
) -> RoundContext:
    """The individual tournament's context of the round for the members on the teams' boards: their
    scores before it, what a board's handicap and komi read."""
    members = [k for team in teams for k in team.players(round_number)[: tt.boards]]
    return build_context(tt.individual.before(round_number), round_number, members, options, ranked=False)


def pair_teams(
    tt: TeamTournament,
    round_number: int,
    *,
    forbidden: Iterable[Iterable[str]] = (),
    bye: str | None = None,
    options: Options = Options(),
) -> TeamPairing:
    """Pair ``round_number``: the teams by OpenGotha's engine over their stand-ins, the boards of each
    match as ``pairTeams``. ``forbidden``: pairs of teams' keys that must not meet; ``bye``: the team to
    get the bye (else OpenGotha's choice when the number of complete teams is odd). Games, matches and
    byes of ``round_number`` and later are ignored."""
    if not tt.teams:
        raise ValueError("a team tournament needs teams")
    proxy = standins(tt, round_number)
    warnings = [
        f"{t.key} has no complete line-up in round {round_number}" for t in tt.teams if not tt.complete(t, round_number)
    ]
    paired = pair_round(proxy, round_number, forbidden=forbidden, bye=bye, options=options)
    if tt.players > 1:
        return TeamPairing(
            round_number, side_matches(tt, round_number, paired), paired.bye, paired, warnings + paired.warnings
        )
    pairs = []
    for g in sorted(paired.games, key=lambda g: g.table):
        a, b = tt.team(g.white), tt.team(g.black)
        pairs.append((a, b) if a.number < b.number else (b, a))
    rc = members_context(tt, round_number, [team for pair in pairs for team in pair], options)
    out = []
    seats = tables.number_matches([tt.boards] * len(pairs))  # the table plan is the stored round's
    for n, ((first, second), seat) in enumerate(zip(pairs, seats, strict=True), 1):
        games = board_games(rc, tt.boards, first, second, seat)
        out.append(TeamMatch(n, first.key, second.key, games))
    return TeamPairing(round_number, out, paired.bye, paired, warnings + paired.warnings)
