"""What a public page shows has changed: the one version the live pages, their ETags and the published copy ask.

A tournament's public pages show its own fields (name, dates, settings,
publication flags), its disciplines, its rounds (number, state, start time,
pairing), their games, byes, matches, line-ups and team byes, its players
(names, clubs, ranks, states: each row's ``updated_at``), its teams (name,
number, members; a Pair Go side's partners) and whether its standings are
frozen (``FrozenStandings``). :func:`page_parts` reads all of it in one statement, as small rows each tagged with what it belongs to (the whole
tournament, the players, a round, a team), and every scheme takes its version
from those rows:

- :func:`page_version_of` / :func:`page_version`: everything -- the standings'
  and the projector's ETags, the pages kept in the cache per version
  (players, round pages, the results grid), the API's standings, and the
  publisher's "state" of a tournament;
- :meth:`PageParts.round_version`, :meth:`PageParts.discipline_version`,
  :meth:`PageParts.game_version`, :attr:`PageParts.players_version`: the
  published copy's keys (:mod:`tournament.publishing.site_map`): a page is
  made again when what it shows changed, and only then (a result changes its
  game's page, its round's and the standings, not the other games' pages);
- :meth:`PageParts.checks_version`: a round's pairing checks on the organizer's
  round page (kept with the pairing's record, made again only when what they
  read changed: not by publishing the round or a result of it).

A row whose table has an ``updated_at`` (the tournament, games, players) is
represented by its count and latest change; a row without one (disciplines,
rounds, teams, members, byes, line-ups, matches) by its values. What is added
to a public page is added here, and ``tests/reliability/test_page_version.py``
changes every kind of thing a public page shows and checks that all follow.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connection

from tournament.models import (
    Bye,
    Discipline,
    FrozenStandings,
    Game,
    LineUp,
    Match,
    Registration,
    Round,
    Team,
    TeamBye,
    TeamMember,
    Tournament,
)
from tournament.selectors.rows import statement

#: Values per row (the shorter rows padded with NULL).
_WIDTH = 7

#: What a row belongs to (its ``scope``): the whole tournament, the players, a round, a round's own line
#: (its number, state, discipline: what a game's page shows of it), a team.
TOURNAMENT, ALL, PLAYERS, ROUND, ROUND_HEAD, TEAM = "T", "a", "p", "r", "h", "t"


def _sql() -> str:
    q = connection.ops.quote_name
    tour, disc, round_, game, bye, reg, team, member, line_up, team_bye, match, frozen = (
        q(m._meta.db_table)
        for m in (
            Tournament,
            Discipline,
            Round,
            Game,
            Bye,
            Registration,
            Team,
            TeamMember,
            LineUp,
            TeamBye,
            Match,
            FrozenStandings,
        )
    )
    this = f"(SELECT id FROM {tour} WHERE slug = %s)"
    rounds_of = f"(SELECT id FROM {round_} WHERE tournament_id = {this})"
    teams_of = f"(SELECT id FROM {team} WHERE tournament_id = {this})"

    def select(scope: str, owner: str, values: Iterable[str], rest: str) -> str:
        cells = [f"CAST({v} AS TEXT)" for v in values]
        cells += ["NULL"] * (_WIDTH - len(cells))
        return f"SELECT '{scope}', {owner}, {', '.join(cells)} {rest}"

    parts = [
        select(TOURNAMENT, "id", ["updated_at"], f"FROM {tour} WHERE slug = %s"),
        select(
            ALL,
            "id",
            ["name", "kind", "board_size", "rule_set", "komi", "handicap_policy", "position"],
            f"FROM {disc} WHERE tournament_id = {this}",
        ),
        select(ALL, "id", ["frozen_at"], f"FROM {frozen} WHERE tournament_id = {this}"),
        select(PLAYERS, "0", ["COUNT(*)", "MAX(updated_at)"], f"FROM {reg} WHERE tournament_id = {this}"),
        select(
            ROUND_HEAD,
            "id",
            ["number", "status", "discipline_id", "starts_at", "version", "pairing_system"],
            f"FROM {round_} WHERE tournament_id = {this}",
        ),
        # the pairing version every page of the round shows ("pairing 2"): not a round's own line, as the
        # standings and the games' pages do not show it
        select(ROUND, "id", ["pairing_version"], f"FROM {round_} WHERE tournament_id = {this}"),
        select(
            ROUND,
            "round_id",
            ["COUNT(*)", "MAX(updated_at)"],
            f"FROM {game} WHERE round_id IN {rounds_of} GROUP BY round_id",
        ),
        select(ROUND, "round_id", ["player_id"], f"FROM {bye} WHERE round_id IN {rounds_of}"),
        select(ROUND, "round_id", ["team_id"], f"FROM {team_bye} WHERE round_id IN {rounds_of}"),
        select(ROUND, "round_id", [q("table"), "team1_id", "team2_id"], f"FROM {match} WHERE round_id IN {rounds_of}"),
        select(ROUND, "round_id", ["team_id", "board", "player_id"], f"FROM {line_up} WHERE round_id IN {rounds_of}"),
        select(TEAM, "id", ["name", "number"], f"FROM {team} WHERE tournament_id = {this}"),
        select(
            TEAM,
            "m.team_id",
            ["m.registration_id", "r.updated_at"],
            f"FROM {member} m INNER JOIN {reg} r ON r.id = m.registration_id WHERE m.team_id IN {teams_of}",
        ),
    ]
    return " UNION ALL ".join(parts)


def _hash(rows: Iterable[tuple]) -> str:
    return hashlib.sha1("|".join(map(repr, sorted(rows, key=repr))).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class PageParts:
    """The rows a tournament's public pages are made of (see the module's docstring)."""

    tournament_id: int
    rows: tuple[tuple, ...]

    def _of(
        self, *, rounds: Iterable[int] = (), teams: Iterable[int] = (), players: bool = True, heads: bool = False
    ) -> str:
        """The hash of the tournament-wide rows and of those of ``rounds`` and ``teams``; the players'
        with ``players``, every round's line with ``heads``."""
        rounds, teams = set(rounds), set(teams)
        return _hash(
            row
            for row in self.rows
            if row[0] in (TOURNAMENT, ALL)
            or (row[0] == PLAYERS and players)
            or (row[0] in (ROUND, ROUND_HEAD) and row[1] in rounds)
            or (row[0] == ROUND_HEAD and heads)
            or (row[0] == TEAM and row[1] in teams)
        )

    @property
    def version(self) -> str:
        """Everything: what any public page of the tournament shows."""
        return _hash(self.rows)

    @property
    def _all_rounds(self) -> list[int]:
        return [row[1] for row in self.rows if row[0] == ROUND_HEAD]

    @property
    def _all_teams(self) -> list[int]:
        return [row[1] for row in self.rows if row[0] == TEAM]

    @property
    def players_version(self) -> str:
        """The players' pages: the tournament, its players and teams, and the rounds' states (a
        withdrawal or an absence is shown per round)."""
        return self._of(teams=self._all_teams, heads=True)

    def round_version(self, round_id: int) -> str:
        """A round's pages (its page, its pairing sheet): the tournament, the players, the teams, the round."""
        return self._of(rounds=[round_id], teams=self._all_teams)

    def discipline_version(self, discipline_id: int | None) -> str:
        """The standings of a discipline (None: overall): the tournament, the players, the teams, every
        round's line (the pages name the rounds played so far), the discipline's rounds (all for the overall)."""
        if discipline_id is None:
            return self.version
        rounds = [row[1] for row in self.rows if row[0] == ROUND_HEAD and row[4] == str(discipline_id)]
        return self._of(rounds=rounds, teams=self._all_teams, heads=True)

    def checks_version(self, round_id: int, seats: Iterable[tuple]) -> str:
        """A round's pairing checks on the organizer's round page (rematches, colours, handicaps, absent
        players: :func:`tournament.selectors.round_day.game_warnings`): the tournament, its disciplines,
        players and teams, every earlier round (its state, games, results and byes), the round's own line
        but for its state, and its games as ``seats`` gives them (each game's table, players and handicap:
        :func:`round_seats`). Not the round's state or its results: publishing a round, or a result
        coming in, leaves its checks as they were."""
        heads = {row[1]: row for row in self.rows if row[0] == ROUND_HEAD}
        number = int(heads[round_id][2]) if round_id in heads else 0
        earlier = {pk for pk, head in heads.items() if int(head[2]) < number}

        def counts(row: tuple) -> bool:
            if row[0] in (TOURNAMENT, ALL, PLAYERS, TEAM):
                return True
            return row[0] in (ROUND, ROUND_HEAD) and row[1] in earlier

        own = heads.get(round_id)
        line = ("checks", round_id) + ((own[2], own[4], own[5], own[7]) if own else ())
        return _hash([*(row for row in self.rows if counts(row)), line, *(("seat", *seat) for seat in seats)])

    def game_version(self, game: Game) -> str:
        """A game's page, its record and its API answer: the tournament, the game's round line, the game
        and its two players, and in a team game its two teams (names, members: a Pair Go side's
        partners are named). ``game`` comes with its players (``select_related``)."""
        teams = {game.match.team1_id, game.match.team2_id} if game.match_id else set()
        own = (
            row
            for row in self.rows
            if row[0] in (TOURNAMENT, ALL)
            or (row[0] == ROUND_HEAD and row[1] == game.round_id)
            or (row[0] == TEAM and row[1] in teams)
        )
        return _hash(
            [
                *own,
                ("game", game.pk, game.version, str(game.updated_at)),
                ("players", str(game.black.updated_at), str(game.white.updated_at)),
            ]
        )


def page_parts(slug: str) -> PageParts | None:
    """The rows of the tournament ``slug``'s public pages (one statement); None if there is no such tournament."""
    with connection.cursor() as cursor:
        sql = statement("page-parts", _sql)
        cursor.execute(sql, [slug] * sql.count("%s"))
        rows = tuple(tuple(row) for row in cursor.fetchall())
    pk = next((row[1] for row in rows if row[0] == TOURNAMENT), None)
    if pk is None:
        return None
    return PageParts(tournament_id=pk, rows=rows)


def round_seats(games: Iterable[Game]) -> list[tuple[int, int, int, int]]:
    """What a round's pairing checks read of its games (:meth:`PageParts.checks_version`): each one's
    table, Black, White and handicap."""
    return [(g.table, g.black_id, g.white_id, g.handicap) for g in games]


def page_version_of(slug: str) -> tuple[int, str] | None:
    """The tournament's id and page version, or None if there is no such tournament: one statement,
    asked on every standings page and poll (a poll whose table is current needs nothing else)."""
    parts = page_parts(slug)
    return None if parts is None else (parts.tournament_id, parts.version)


def page_version(tournament: Tournament) -> str:
    """The page version of a tournament (see :func:`page_version_of`)."""
    found = page_version_of(tournament.slug)
    if found is None:
        raise Tournament.DoesNotExist(tournament.slug)
    return found[1]
