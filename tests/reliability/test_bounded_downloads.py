"""Every download and page of a tournament asks the database the same whatever its size (issue #30, item 4).

An OpenGotha export of a 1,000-team, 20-round tournament (a file any account can upload) ran one query
per team and round, some 20,000, and was killed at 30 s. Here each kind of tournament the upload forms
and the services make -- players on their own (an OpenGotha file), teams with line-ups (an OpenGotha
team file), Pair Go sides (a CSV list, sides, rounds paired by the site) -- is built at two sizes, and
every export, PDF and main page is asked of both: the SQL statements must be the same in number. Their
time at the largest tournament each upload form takes is measured by ``tests/bench/bench_limits.py``.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.factories import make_discipline, make_round, make_tournament
from tests.fixtures.tournament_files import opengotha_file, opengotha_team_file
from tournament.models import Game, Round, Team, TeamMember, TournamentRole
from tournament.models.game import Result, ResultState
from tournament.permissions import SYSTEM
from tournament.services.opengotha import import_opengotha
from tournament.services.players import players_import_csv
from tournament.services.rounds import round_finish, round_publish
from tournament.services.team_rounds import team_round_pair

pytestmark = pytest.mark.django_db


def _day_of(t):
    """The tournament's last round made current: published, its second half of games without a result yet
    (its first game settled, with a record); an organizer for it."""
    last = t.rounds.order_by("number").last()
    games = list(last.games.order_by("table").values_list("pk", flat=True))
    Game.objects.filter(pk__in=games[max(1, len(games) // 2) :]).update(
        result=Result.UNKNOWN, result_state=ResultState.PENDING
    )
    Round.objects.filter(pk=last.pk).update(status=Round.Status.PUBLISHED)
    Game.objects.filter(pk=games[0]).update(record="C3 G7 G3 E5 C7 E3 E7")  # settled, with its SGF
    organizer = get_user_model().objects.create_user(f"td-{t.slug}", password="pw-td-12345")
    TournamentRole.objects.create(tournament=t, user=organizer, role="organizer")
    return t, organizer


def individual(players: int, rounds: int):
    """An OpenGotha file of ``players`` players and ``rounds`` rounds, imported."""
    return _day_of(import_opengotha(opengotha_file(players, rounds), slug=f"og-{players}", user=SYSTEM))


def teams(count: int, rounds: int):
    """An OpenGotha team file of ``count`` teams of two boards and ``rounds`` rounds, imported (line-ups
    of every round)."""
    return _day_of(import_opengotha(opengotha_team_file(count, 2, rounds), slug=f"teams-{count}", user=SYSTEM))


def pair_go(sides: int, rounds: int):
    """A Pair Go tournament: its players from a CSV list, ``sides`` sides of two, ``rounds`` rounds paired
    by the site, played and finished."""
    t = make_tournament(event_kind="pairgo", time_control="60 min + 5x30 s")
    go = make_discipline(t, board_size=19, handicap_policy="mcmahon")
    text = "\n".join(f"Spieler{i:03d},Max,Club{i % 4},DE,{1 + i % 20}k" for i in range(2 * sides))
    players = players_import_csv(tournament=t, data=text, user=SYSTEM)
    for n in range(sides):
        team = Team.objects.create(tournament=t, number=n + 1, name=f"Paar {n + 1}")
        TeamMember.objects.bulk_create(TeamMember(team=team, registration=p) for p in players[2 * n : 2 * n + 2])
    for number in range(1, rounds + 1):
        round_ = make_round(t, go, number)
        team_round_pair(round=round_, user=SYSTEM)
        round_publish(round=round_, user=SYSTEM)
        round_.games.update(result="W", result_state="confirmed", updated_at=timezone.now())
        round_finish(round=round_, user=SYSTEM)
    return _day_of(t)


def urls(t) -> dict[str, str]:
    """Every download and the main pages of ``t``, by name (an organizer asks them)."""
    s, n = t.slug, t.rounds.count()
    game = Game.objects.filter(round__tournament=t, round__number=n).order_by("table").first()
    d = t.disciplines.order_by("position", "pk").first().pk
    team = Team.objects.filter(tournament=t).order_by("number").first()
    found = {
        "dashboard": f"/t/{s}/manage/",
        "rounds": f"/t/{s}/manage/rounds/",
        "round (organizer)": f"/t/{s}/manage/rounds/{n}/",
        "finished round (organizer)": f"/t/{s}/manage/rounds/{n - 1}/",
        "results grid": f"/t/{s}/manage/results/?round={n}",
        "players (organizer)": f"/t/{s}/manage/players/",
        "programme": f"/t/{s}/manage/programme/",
        "files": f"/t/{s}/manage/files/",
        "referee queue": f"/t/{s}/referee/",
        "audit log": f"/t/{s}/manage/log/",
        "tournament": f"/t/{s}/",
        "players": f"/t/{s}/players/",
        "round": f"/t/{s}/round/{n}/",
        "game": f"/t/{s}/round/{n}/game/{game.pk}/",
        "standings": f"/t/{s}/standings/",
        "crosstable": f"/t/{s}/crosstable/",
        "projector": f"/t/{s}/projector/",
        "live projector": f"/t/{s}/projector/live/",
        "live boards (referee)": f"/t/{s}/referee/live/",
        "API tournament": f"/api/v1/tournaments/{s}/",
        "API round": f"/api/v1/tournaments/{s}/rounds/{n}/",
        "API standings": f"/api/v1/tournaments/{s}/standings/",
        "API players": f"/api/v1/tournaments/{s}/players/",
        "API game": f"/api/v1/tournaments/{s}/games/{game.pk}/",
        "SGF of a game": f"/t/{s}/round/{n}/game/{game.pk}/sgf/",
        "settings": f"/t/{s}/manage/settings/",
        "OpenGotha file": f"/t/{s}/manage/files/opengotha.xml",
        "OpenGotha file of a discipline": f"/t/{s}/manage/files/opengotha/{d}.xml",
        "EGD file": f"/t/{s}/results.h9",
        "standings PDF": f"/t/{s}/standings.pdf?lang=en",
        "crosstable PDF": f"/t/{s}/crosstable.pdf?lang=en",
        "standings CSV": f"/t/{s}/standings.csv",
        "pairing sheet": f"/t/{s}/round/{n}/pairings.pdf?lang=en",
        "result slips": f"/t/{s}/round/{n}/slips.pdf?lang=en",
        "welcome slips": f"/t/{s}/manage/players/welcome.pdf?lang=en",
    }
    if not t.is_pair_event:  # a side's first player alone holds its games: no players' table of a discipline
        found["standings of a discipline"] = f"/t/{s}/standings/d/{d}/"
    if team is not None:
        found |= {
            "teams (organizer)": f"/t/{s}/manage/teams/",
            "a team (organizer)": f"/t/{s}/manage/teams/{team.pk}/",
            "team standings CSV": f"/t/{s}/team-standings.csv",
            "API teams": f"/api/v1/tournaments/{s}/teams/",
            "API team standings": f"/api/v1/tournaments/{s}/team-standings/",
        }
    return found


def statements(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    if response.streaming:
        b"".join(response.streaming_content)
    return len(queries.captured_queries)


def counts_at_two_sizes(client, small, big) -> dict[str, list[int]]:
    """Each URL's statements at both sizes, the cache emptied first (what is kept is read at once: the
    cold request is the one that asks for everything)."""
    counts: dict[str, list[int]] = {}
    for t, organizer in (small, big):
        client.force_login(organizer)
        for name, url in urls(t).items():
            cache.clear()
            counts.setdefault(name, []).append(statements(client, url))
    return counts


@pytest.mark.parametrize(
    ("build", "small", "big"),
    [
        pytest.param(individual, (7, 2), (15, 4), id="players-from-an-opengotha-file"),
        pytest.param(teams, (3, 2), (12, 4), id="teams-from-an-opengotha-file"),
        pytest.param(pair_go, (3, 3), (9, 4), id="pair-go-sides"),
    ],
)
def test_every_download_and_page_asks_the_same_at_two_sizes(client, build, small, big):
    counts = counts_at_two_sizes(client, build(*small), build(*big))
    grown = {name: sizes for name, sizes in counts.items() if sizes[0] != sizes[1]}
    assert grown == {}, "statements at the small size and the big one"


def test_the_opengotha_export_of_teams_reads_the_line_ups_once():
    """Not one query per team and round: the line-ups of all rounds in one statement."""
    from tournament.services.opengotha import export_opengotha

    t, _organizer = teams(6, 3)
    with CaptureQueriesContext(connection) as queries:
        xml = export_opengotha(t)
    assert xml.count("<Team ") == 6 and 'roundNumber="3"' in xml
    assert sum("tournament_lineup" in q["sql"] for q in queries.captured_queries) == 1
