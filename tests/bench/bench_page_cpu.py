"""A congress's every page, download and pairing in CPU time, at 2,000 and 5,000 players, in the benchmark's
own process (not collected by pytest; issue #32, item 5). And one result typed in the
grid's keyboard field (``37b``, htmx: its answer is one row; issue #34, item 4).

    .venv/bin/python tests/bench/bench_page_cpu.py [--sizes 2000,5000] [--repeat 3] [--only WORDS]
                                                   [--built FOLDER] [--profile FOLDER]

For every size, in a SQLite file in a temporary folder, with ``DEBUG`` off, through Django's test client
(the whole request: middleware, view, template, the answer's body read to its end):

1. two tournaments of :func:`bench_congress.build`: the congress (rounds 1-9 played and finished, round
   10 planned) and the same field about to pair its round 1;
2. pairing, as the director does: round 1 of the one and round 10 of the other through the organizer's
   page (the "Pair" button's POST, then "Pair again": the lesser of the two), beside the engine alone
   (``engine.pair_round`` on the same plain data, with the tournament's options): CPU time of each, their
   ratio, and the peak memory of the process while the page paired (VmHWM, reset before each request:
   what a worker holds at most);
3. round 10 published, half of its results in, then every page and download of
   :func:`bench_congress.pages` (the organizer's, a player's, a visitor's), ``--repeat`` times each with
   the cache emptied first (cold) and again warm: the median CPU time of each, the most SQL statements,
   the answer's size and the peak memory.

Times are CPU time (``process_time``), not wall time: the machine is shared, and a request's wall time is
mostly its wait for a CPU; the CPU time is what a quiet machine would take. Targets (issues 25 and 32): the
pairing page at most twice the engine; up to 2,000 players pages under 1 s cold and 300 ms warm and a
worker under 500 MB, above pages under 2 s cold and a worker under 1 GB; downloads under 10 s. Missed
targets are marked and make the exit status 1.

``--built FOLDER`` keeps the built databases there and uses them again on the next run (the 5,000-player
congress takes minutes to build: its nine rounds paired by the engine); ``--only WORDS`` measures only
the pages whose name holds one of the comma-separated words (``pairing`` for the pairings);
``--profile FOLDER`` keeps a cProfile of one cold request per page (and of each pairing) there
(``python -m pstats``).
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

PAIRING_FACTOR, DOWNLOAD_MS = 2.0, 10_000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="2000,5000", help="players per congress, comma-separated")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated words: only the pages whose name holds one")
    parser.add_argument("--built", type=Path, help="a folder that keeps the built databases for the next run")
    parser.add_argument("--profile", type=Path)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="vielseitig-bench-page-cpu-"))
    try:
        return measure(args, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def peak_reset() -> None:
    """The process's peak memory (VmHWM) starts again from what it holds now."""
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
    except OSError:
        pass


def peak_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Counted:
    """SQL statements of the requests made inside it."""

    def __init__(self):
        self.statements = 0

    def __call__(self, execute, sql, params, many, context):
        self.statements += 1
        return execute(sql, params, many, context)


def timed_request(client, method: str, url: str, **kwargs) -> tuple[float, float, int, int, float, int]:
    """(CPU s, wall s, status, bytes, peak MB, SQL statements) of one request, its answer's body read to the end."""
    from django.db import connection

    counted = Counted()
    peak_reset()
    w0, c0 = time.perf_counter(), time.process_time()
    with connection.execute_wrapper(counted):
        response = getattr(client, method)(url, **kwargs)
        body = b"".join(response.streaming_content) if response.streaming else response.content
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    return cpu, wall, response.status_code, len(body), peak_mb(), counted.statements


def info_of(slug: str, size: int) -> dict:
    """What :func:`bench_congress.build` returned for ``slug``, read back from a kept database."""
    from tournament.models import Round, TournamentRole

    role = TournamentRole.objects.select_related("tournament", "user").get(tournament__slug=slug)
    tournament = role.tournament
    round_ = Round.objects.filter(tournament=tournament, status=Round.Status.PLANNED).order_by("number").first()
    player = tournament.registrations.exclude(user=None).get().user
    return {
        "slug": slug,
        "size": size,
        "tournament": tournament,
        "round": round_,
        "organizer": role.user,
        "player": player,
        "discipline": tournament.disciplines.order_by("position")[1].pk,
    }


def setup(args: argparse.Namespace, tmp: Path, sizes: list[int]) -> dict[int, tuple[dict, dict]]:
    """The congresses and the round-1 tournaments of ``sizes``: built, or copied from ``--built``."""
    import bench_congress
    from django.core.management import call_command
    from django.db import connection

    kept = args.built / f"congress-{'-'.join(map(str, sizes))}.sqlite3" if args.built else None
    if kept is not None and not kept.exists():  # one kept with these sizes and more
        kept = next(
            (
                path
                for path in sorted(args.built.glob("congress-*.sqlite3"))
                if set(sizes) <= {int(n) for n in path.stem.split("-")[1:] if n.isdigit()}
            ),
            kept,
        )
    if kept is not None and kept.exists():
        connection.close()
        shutil.copy(kept, tmp / "db.sqlite3")
        call_command("migrate", "--noinput", "-v0")
        log(f"databases of {kept} used again")
        return {size: (info_of(f"congress-{size}", size), info_of(f"opening-{size}", size)) for size in sizes}
    call_command("migrate", "--noinput", "-v0")
    out = {}
    for size in sizes:
        c0, t0 = time.process_time(), time.monotonic()
        congress = bench_congress.build(size, f"congress-{size}", random.Random(size))
        opening = bench_congress.build(size, f"opening-{size}", random.Random(size), played=0)
        out[size] = (congress, opening)
        log(f"{size} players: built in {time.process_time() - c0:.0f} CPU-s ({time.monotonic() - t0:.0f} s)")
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        with connection.cursor() as cursor:
            cursor.execute("VACUUM INTO %s", [str(kept)])
    return out


def pairing(info: dict, client, profile: Path | None) -> dict:
    """Round ``info["round"]`` paired through the organizer's page twice (Pair, Pair again) beside the engine
    alone on the same data: CPU seconds of each, the page's peak memory and SQL statements."""
    from tournament.pairing import engine
    from tournament.pairing.context import opengotha_options
    from tournament.selectors.pairing_data import pairing_tournament

    tournament, round_ = info["tournament"], info["round"]
    data = pairing_tournament(tournament, round_)
    c0 = time.process_time()
    engine.pair_round(data, round_.number, options=opengotha_options(tournament.opengotha_version))
    engine_cpu = time.process_time() - c0
    url = f"/t/{info['slug']}/manage/rounds/{round_.number}/pair/"
    runs = [timed_request(client, "post", url, data={}) for _ in range(2)]
    assert all(r[2] == 302 for r in runs), (url, [r[2] for r in runs])
    if profile:
        profile.mkdir(parents=True, exist_ok=True)
        prof = cProfile.Profile()
        prof.runcall(client.post, url, {})
        prof.dump_stats(profile / f"pair-{info['slug']}-r{round_.number}.prof")
    page_cpu = min(r[0] for r in runs)
    return {
        "round": round_.number,
        "engine": engine_cpu,
        "page": page_cpu,
        "ratio": page_cpu / engine_cpu,
        "peak": max(r[4] for r in runs),
        "statements": max(r[5] for r in runs),
    }


def measure(args: argparse.Namespace, tmp: Path) -> int:
    sizes = sorted({min(max(int(s), 4), 5000) for s in args.sizes.split(",") if s.strip()})
    repeat = min(max(args.repeat, 1), 9)
    only = [w.strip().lower() for w in args.only.split(",") if w.strip()]
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

    from tournament.models import Game, Round

    call_command("collectstatic", "--noinput", "-v0")
    built = setup(args, tmp, sizes)
    log("CPU time (process_time): the machine is shared, its wall times are mostly a wait for a CPU")
    ok = True
    for size in sizes:
        info, opening = built[size]
        warm_ms, cold_ms, worker_mb = bench_congress.targets(size)
        orga, player, public = Client(), Client(), Client()
        orga.force_login(info["organizer"])
        player.force_login(info["player"])
        n = info["round"].number
        log(f"\n{size} players")
        pairings = []
        if not only or "pairing" in only:
            opening_orga = Client()
            opening_orga.force_login(opening["organizer"])
            pairings.append(pairing(opening, opening_orga, args.profile))
        pairings.append(pairing(info, orga, args.profile) if not only or "pairing" in only else None)
        if pairings[-1] is None:  # round 10 paired all the same: the pages show it
            pairings.pop()
            assert orga.post(f"/t/{info['slug']}/manage/rounds/{n}/pair/", {}).status_code == 302
        log(
            f"{'pairing through the page':<28} {'engine CPU s':>12} {'page CPU s':>10} {'x engine':>8} {'peak MB':>8} {'SQL':>5}"
        )
        for p in pairings:
            missed = p["ratio"] > PAIRING_FACTOR or p["peak"] >= worker_mb
            ok &= not missed
            log(
                f"{'round ' + str(p['round']):<28} {p['engine']:>12.2f} {p['page']:>10.2f} {p['ratio']:>8.2f}"
                f" {p['peak']:>8.0f} {p['statements']:>5}{'  MISSED' if missed else ''}"
            )
        assert orga.post(f"/t/{info['slug']}/manage/rounds/{n}/publish/", {}).status_code == 302
        bench_congress.half_the_results(Round.objects.get(pk=info["round"].pk), random.Random(size + 1))
        info["game"] = Game.objects.filter(round=info["round"], result="W").order_by("table").values_list("pk")[0][0]
        clients = {"orga": orga, "player": player, "public": public}
        log(
            f"{'page':<28} {'kind':<8} {'cold CPU ms':>11} {'warm CPU ms':>11} {'SQL':>5} {'KB':>6} {'peak MB':>8}"
            f"   targets: {warm_ms or '-'} ms warm, {cold_ms} ms cold, downloads {DOWNLOAD_MS} ms, worker {worker_mb} MB"
        )
        for name, who, path, kind in bench_congress.pages(info):
            if only and not any(word in name.lower() for word in only):
                continue
            client = clients[who.split()[0]]
            headers = {"HX-Request": "true"} if who.endswith("htmx") else {}
            client.get(path, headers=headers)  # imports, templates
            cold, warm = [], []
            for _ in range(repeat):
                cache.clear()
                cold.append(timed_request(client, "get", path, headers=headers))
                warm.append(timed_request(client, "get", path, headers=headers))
            assert all(r[2] == 200 for r in cold + warm), (path, [r[2] for r in cold + warm])
            c, w = statistics.median(r[0] for r in cold) * 1000, statistics.median(r[0] for r in warm) * 1000
            peak = max(r[4] for r in cold + warm)
            if kind == "download":
                missed = c > DOWNLOAD_MS
            else:
                missed = c > cold_ms or (warm_ms is not None and w > warm_ms)
            missed |= peak >= worker_mb
            ok &= not missed
            log(
                f"{name:<28} {kind:<8} {c:>11.0f} {w:>11.0f} {max(r[5] for r in cold + warm):>5}"
                f" {cold[-1][3] // 1024:>6} {peak:>8.0f}{'  MISSED' if missed else ''}"
            )
            if args.profile:
                args.profile.mkdir(parents=True, exist_ok=True)
                cache.clear()
                profile = cProfile.Profile()
                profile.runcall(client.get, path, headers=headers)
                words = "".join(ch if ch.isalnum() else "-" for ch in name).strip("-")
                profile.dump_stats(args.profile / f"{size}-{words}.prof")
        typed_entry(orga, info["slug"], n, repeat, info["round"])
    log(f"\ntargets: {'met' if ok else 'MISSED (marked above)'}")
    return 0 if ok else 1


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
