"""Probe: every download and page of the largest tournament each upload form takes (not collected by pytest).

    .venv/bin/python tests/bench/bench_limits.py [--database-url URL] [--only NAME,...] [--pair-rounds N]

Builds, in a fresh database (a SQLite file in a temporary folder, or ``--database-url``, e.g. the
PostgreSQL that ``PGPORT=54334 tests/pg_server.sh start`` prints) with the production settings
(``DJANGO_DEBUG=0``, the file cache), through the same imports and services as the site
(tests/fixtures/at_size.py), the largest tournament of each kind the site takes (tournament/limits.py):

- ``opengotha``: an OpenGotha file of 2,000 players (``FILE_PLAYERS``), 20 rounds (OpenGotha's most), as
  many of them played (1,000 games each) as fit in the upload's 2 MB (``MAX_OPENGOTHA_FILE``);
- ``opengotha-teams``: an OpenGotha team file of 1,000 teams of two (``MAX_TEAMS``), 20 rounds with their
  line-ups, as many played as fit in 2 MB;
- ``macmahon``: a MacMahon file of 2,000 players and 20 rounds (20,000 games: ``FILE_GAMES``; 2.9 MB of the
  form's 4 MB), and one of 400 players and 100 rounds (``FILE_ROUNDS``; 20,000 games again);
- ``pair-go``: 2,000 players from a CSV list (``FILE_PLAYERS``), 1,000 sides of two, ``--pair-rounds``
  rounds (default 10) paired by hand (stored as the round page stores them) and played.

Then, as the organizer, every download and main page of each (``urls`` there) through the Django test
client, the cache emptied first (cold): prints each one's time (and the process's CPU time: what a quiet
machine would take; on SQLite it holds the database's work too), SQL statements and size, the slowest, and
exits 1 if a download or page takes longer than ``LIMIT_S`` of CPU time (gunicorn kills a worker at 30 s;
on a machine shared with other jobs the wall time is the CPU time and the wait for a CPU).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

LIMIT_S = 10.0
SHAPES = ("opengotha", "opengotha-teams", "macmahon", "pair-go")


def most_played(build_file, limit: int) -> int:
    """The most rounds (of 20) that can be played in a file of at most ``limit`` bytes."""
    return max(n for n in range(1, 21) if len(build_file(n)) <= limit)


def shapes(only: set[str], pair_rounds: int):
    """(name, what it is, how to build it) of each tournament to probe."""
    from tests.fixtures import at_size
    from tests.fixtures.tournament_files import macmahon_file, opengotha_team_file
    from tournament import limits
    from tournament.forms.imports import MAX_MACMAHON
    from tournament.forms.uploads import MAX_OPENGOTHA_FILE

    players, teams = limits.FILE_PLAYERS, limits.MAX_TEAMS
    out = []
    if "opengotha" in only:
        played = most_played(
            lambda n: opengotha_team_file(players // 2, 2, 20, played=n, with_teams=False), MAX_OPENGOTHA_FILE
        )
        out.append(
            (
                "opengotha",
                f"OpenGotha file: {players} players, 20 rounds, {played} played",
                lambda: at_size.individual(players, 20, played),
            )
        )
    if "opengotha-teams" in only:
        played = most_played(lambda n: opengotha_team_file(teams, 2, 20, played=n), MAX_OPENGOTHA_FILE)
        out.append(
            (
                "opengotha-teams",
                f"OpenGotha team file: {teams} teams of 2, 20 rounds with line-ups, {played} played",
                lambda: at_size.teams(teams, 20, played),
            )
        )
    if "macmahon" in only:
        for p, r in ((players, limits.FILE_GAMES * 2 // players), (limits.FILE_GAMES * 2 // 100, 100)):
            assert len(macmahon_file(p, r)) <= MAX_MACMAHON
            out.append(("macmahon", f"MacMahon file: {p} players, {r} rounds", lambda p=p, r=r: at_size.macmahon(p, r)))
    if "pair-go" in only:
        out.append(
            (
                "pair-go",
                f"Pair Go: {players} players from a CSV list, {players // 2} sides, {pair_rounds} rounds",
                lambda: at_size.pair_go(players // 2, pair_rounds, by_engine=False),
            )
        )
    return out


def probe(client, name: str) -> tuple[str, float, float]:
    """Every download and page of the tournament built as ``name``, printed; the one of most CPU time."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.fixtures.at_size import urls

    t, organizer = _built[name]
    client.force_login(organizer)
    slowest = ("", 0.0, 0.0)
    for page, url in urls(t).items():
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            start, cpu = time.perf_counter(), time.process_time()
            response = client.get(url, secure=True)
            body = b"".join(response.streaming_content) if response.streaming else response.content
            took, cpu = time.perf_counter() - start, time.process_time() - cpu
        mark = "  TOO SLOW" if cpu > LIMIT_S else ""
        print(
            f"  {page:<32} {took:7.2f} s (CPU {cpu:6.2f} s) {len(queries.captured_queries):5} SQL"
            f" {len(body) / 1e6:7.2f} MB"
            f"  {response.status_code}{mark}",
            flush=True,
        )
        assert response.status_code == 200, (url, response.status_code)
        if cpu > slowest[2]:
            slowest = (page, took, cpu)
    return slowest


_built: dict[str, tuple] = {}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database-url")
    parser.add_argument("--only", default=",".join(SHAPES), help=f"some of {', '.join(SHAPES)}")
    parser.add_argument("--pair-rounds", type=int, default=10)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="vielseitig-limits-"))
    os.environ.update(
        {
            "DATABASE_URL": args.database_url or f"sqlite:///{tmp / 'bench.sqlite3'}",
            "DJANGO_SETTINGS_MODULE": "tournament.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "bench-" + "x" * 50,
            "DJANGO_ALLOWED_HOSTS": "testserver",
            "DJANGO_CACHE_DIR": str(tmp / "cache"),
            "DJANGO_STATIC_ROOT": str(tmp / "static"),
        }
    )
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    from django.test import Client

    database = "PostgreSQL" if args.database_url else "SQLite"
    print(f"{database}; every download and page cold (cache emptied), as the organizer; limit {LIMIT_S:.0f} s")
    worst = []
    for n, (name, what, build) in enumerate(shapes(set(args.only.split(",")), args.pair_rounds)):
        start = time.perf_counter()
        key = f"{name}-{n}"
        _built[key] = build()
        print(f"{what}: made in {time.perf_counter() - start:.1f} s", flush=True)
        page, took, cpu = probe(Client(), key)
        worst.append((what, page, took, cpu))
    print("slowest of each (CPU time):")
    for what, page, took, cpu in worst:
        print(f"  {what}: {page} {took:.2f} s (CPU {cpu:.2f} s)")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (wall times grow with the load)")
    return 1 if any(cpu > LIMIT_S for _w, _p, _t, cpu in worst) else 0


if __name__ == "__main__":
    sys.exit(main())
