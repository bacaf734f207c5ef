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
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.fixtures.at_size import individual, pair_go, teams, urls

pytestmark = pytest.mark.django_db


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
        pytest.param(individual, (6, 2), (16, 4), id="players-from-an-opengotha-file"),
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
