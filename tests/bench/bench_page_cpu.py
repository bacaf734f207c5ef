"""The CPU time of a congress's three biggest pages, in the benchmark's own process (not collected by
pytest): the organizer's round page, the results grid and the public standings (issue #32, item 5);
and of one result typed in the grid's keyboard field (``37b``, htmx: its answer is one row, issue #34).

    .venv/bin/python tests/bench/bench_page_cpu.py [--size 2000] [--repeat 5] [--profile FOLDER]

The congress is :func:`bench_congress.build`'s (rounds 1-9 played, round 10 paired through its page,
published, half of its results in), in a SQLite file in a temporary folder; the pages are asked
through Django's test client with ``DEBUG`` off, each ``--repeat`` times with the cache emptied
first (cold) and again warm. Printed: per page the median and the least CPU time (``process_time``,
what a quiet machine would take: on a shared machine the wall time is mostly waiting for a CPU),
cold and warm, and the page's size; for the typed result the median and least CPU time of ``--repeat``
entries on tables without a result, and the answer's size. ``--profile FOLDER`` also keeps a cProfile of one cold request
per page there (``python -m pstats``).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import random
import secrets
import shutil
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

from _server import REPO, log

sys.path.insert(0, str(REPO))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", type=Path)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="vielseitig-bench-page-cpu-"))
    try:
        return measure(args, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def measure(args: argparse.Namespace, tmp: Path) -> int:
    size, repeat = min(max(args.size, 4), 5000), min(max(args.repeat, 1), 9)
    os.environ.update(
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="testserver",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        DJANGO_CACHE_DIR=str(tmp / "cache"),
        DJANGO_SETTINGS_MODULE="tournament.settings",
    )
    warnings.simplefilter("ignore")  # DEBUG off: whitenoise's notes on the static folder
    import django

    django.setup()
    import bench_congress
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import Client

    from tournament.models import Round

    call_command("migrate", "--noinput", "-v0")
    call_command("collectstatic", "--noinput", "-v0")
    t0 = time.monotonic()
    info = bench_congress.build(size, f"congress-{size}", random.Random(size))
    slug, n = info["slug"], bench_congress.ROUNDS
    orga, public = Client(), Client()
    orga.force_login(info["organizer"])
    for step in ("pair", "publish"):
        assert orga.post(f"/t/{slug}/manage/rounds/{n}/{step}/", {}).status_code == 302, step
    bench_congress.half_the_results(Round.objects.get(pk=info["round"].pk), random.Random(size + 1))
    log(f"{size} players: built in {time.monotonic() - t0:.0f} s")

    pages = [
        (f"round {n} (organizer)", orga, f"/t/{slug}/manage/rounds/{n}/"),
        ("results grid", orga, f"/t/{slug}/manage/results/?round={n}"),
        ("standings", public, f"/t/{slug}/standings/"),
    ]
    print(f"{'page':<22} {'cold CPU ms (least)':>20} {'warm CPU ms (least)':>20} {'KB':>6}")
    for name, client, url in pages:
        client.get(url)  # imports, templates
        cold, warm = [], []
        for _ in range(repeat):
            cache.clear()
            c0 = time.process_time()
            response = client.get(url)
            cold.append(time.process_time() - c0)
            assert response.status_code == 200, (url, response.status_code)
            c0 = time.process_time()
            client.get(url)
            warm.append(time.process_time() - c0)
        print(
            f"{name:<22} {statistics.median(cold) * 1000:>11.0f} ({min(cold) * 1000:>5.0f})"
            f" {statistics.median(warm) * 1000:>12.0f} ({min(warm) * 1000:>5.0f}) {len(response.content) // 1024:>6}",
            flush=True,
        )
        if args.profile:
            args.profile.mkdir(parents=True, exist_ok=True)
            cache.clear()
            profile = cProfile.Profile()
            profile.runcall(client.get, url)
            profile.dump_stats(args.profile / f"{name.split()[0]}-{name.split()[-1].strip('()')}.prof")
    typed_entry(orga, slug, n, repeat, info["round"])
    return 0


def typed_entry(orga, slug: str, n: int, repeat: int, round_) -> None:
    """One result typed in the grid (what a desk does a hundred times a round): its CPU time."""
    from tournament.models import Game
    from tournament.models.game import Result

    tables = Game.objects.filter(round=round_, result=Result.UNKNOWN).order_by("table").values_list("table", flat=True)
    times = []
    for table in list(tables)[:repeat]:
        c0 = time.process_time()
        response = orga.post(
            f"/t/{slug}/manage/results/type/", {"round": n, "entry": f"{table}b"}, HTTP_HX_REQUEST="true"
        )
        times.append(time.process_time() - c0)
        assert response.status_code == 200 and b"typed-answer ok" in response.content, response.content[:300]
    print(
        f"{'typed result (htmx)':<22} {statistics.median(times) * 1000:>11.0f} ({min(times) * 1000:>5.0f})"
        f" {'':>20} {len(response.content) // 1024:>6}",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
