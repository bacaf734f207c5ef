"""Publishing a congress as a static site: the first run, a run after one result, after a published round
(not collected by pytest).

    .venv/bin/python tests/bench/bench_publish.py [--sizes 2000] [--database-url URL]

For each size a tournament as ``bench_congress.py`` builds it (McMahon, the
demo's six disciplines in turn, rounds 1-9 paired by the engine, played and
finished; round 10 planned), in a fresh database with production settings
(``DJANGO_DEBUG=0``: the file cache the venue's workers and its publisher
share). Then the publisher's work, in this process as ``manage.py publish``
does it, timed:

1. the first run into an empty folder: every page in both languages, every
   game, every PDF and the API's answers;
2. the same again with nothing changed (it reads the state, writes nothing);
3. after one result of round 9 is corrected: what the result changed;
4. after round 10 is paired and published: its pages and files.

Printed per run: the time, the files written and kept, the folder's size,
this process's peak memory; and what the request that saves a result pays
for publishing (nothing: the publisher runs beside the site, never in the
request). The machine's CPU pressure is printed: on a shared machine the
times include waiting for a CPU.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import secrets
import shutil
import sys
import tempfile
import time
from pathlib import Path

from _server import REPO, cpu_pressure, log, manage

sys.path.insert(0, str(REPO))
MAX_PLAYERS = 4000


def _folder_size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _run(label: str, folder: Path, tournament) -> None:
    from tournament.publishing.run import publish

    t0 = time.perf_counter()
    report = publish(folder, [tournament])
    seconds = time.perf_counter() - t0
    files, size = _folder_size(folder)
    log(
        f"  {label:<34} {seconds:8.1f} s   written {report.written:6}  kept {report.kept:6}  "
        f"removed {report.removed:4}   folder {files:6} files, {size / 1e6:7.1f} MB   peak {_peak_mb():6.0f} MB"
        + (f"   problems: {report.problems[:3]}" if report.problems else "")
    )


def measure(size: int, tmp: Path) -> None:
    from bench_congress import build

    from tournament.models import Round
    from tournament.models.game import Result
    from tournament.permissions import SYSTEM
    from tournament.services import rounds as round_services
    from tournament.services.results import result_set

    t0 = time.monotonic()
    info = build(size, f"congress-{size}", random.Random(size))
    tournament = info["tournament"]
    games = sum(r.games.count() for r in tournament.rounds.all())
    log(f"{size} players, {games} games in 9 rounds: built in {time.monotonic() - t0:.0f} s")
    folder = tmp / f"site-{size}"
    _run("first run (empty folder)", folder, tournament)
    _run("again, nothing changed", folder, tournament)
    round9 = tournament.rounds.get(number=9)
    game = round9.games.order_by("table").first()
    t0 = time.perf_counter()
    result_set(game=game, user=SYSTEM, version=game.version, result=Result.DRAW)
    log(f"  (the result saved in {1000 * (time.perf_counter() - t0):.0f} ms: no publishing in it)")
    _run("after one result of round 9", folder, tournament)
    round10 = tournament.rounds.get(number=10)
    round_services.round_pair(round=round10, user=SYSTEM)
    round_services.round_publish(round=Round.objects.get(pk=round10.pk), user=SYSTEM)
    _run("after round 10 is published", folder, tournament)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="2000", help="players per tournament, comma-separated")
    parser.add_argument("--database-url", default="", help="default: a SQLite file in a temporary folder")
    args = parser.parse_args()
    sizes = sorted({min(max(int(s), 4), MAX_PLAYERS) for s in args.sizes.split(",") if s.strip()})
    tmp = Path(tempfile.mkdtemp(prefix="vielseitig-bench-publish-"))
    try:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "DATABASE_URL": args.database_url or f"sqlite:///{tmp / 'db.sqlite3'}",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_PLAIN_HTTP": "1",
            "DJANGO_STATIC_ROOT": str(tmp / "static"),
            "DJANGO_CACHE_DIR": str(tmp / "cache"),
        }
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "collectstatic", "--noinput", "-v0")
        os.environ.update({k: v for k, v in env.items() if k != "PATH"})
        os.environ["DJANGO_SETTINGS_MODULE"] = "tournament.settings"
        import django

        django.setup()
        from django.db import connection

        from tournament.models import Tournament

        if Tournament.objects.filter(slug__startswith="congress-").exists():
            raise SystemExit("the database has congress tournaments already: give the benchmark an empty database")
        log(f"database: {connection.vendor}")
        for size in sizes:
            measure(size, tmp)
        log(f"CPU pressure over the last minute (runnable tasks waiting for a CPU): {cpu_pressure()}")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
