"""Load benchmark: a tournament day's rush on the production start, on loopback (not collected by pytest).

    .venv/bin/python tests/bench/bench_load.py [seconds] [--players N] [--workers N] [--threads N] [--think S]

What it does, all on 127.0.0.1 and bounded in count and time:

1. starts its own PostgreSQL (``tests/pg_server.sh`` on ``PGPORT=54332``),
   migrates, loads the demo (``manage.py demo``), collects the static files;
2. adds ``--players`` (200) player accounts ``bench001`` ... with their games
   in the demo's published round 4 (1000-Volt-Go, where a result needs a
   legal game record: each pair gets one, made by the rules engine);
3. starts the production server -- gunicorn with ``DJANGO_DEBUG=0``, a
   generated secret key, ``DJANGO_ALLOWED_HOSTS=127.0.0.1`` -- on a free port;
4. logs every player in (timed apart: a log-in is a deliberately slow
   password hash, done once in the morning, not every minute), then for
   ``seconds`` (60) every player, on one keep-alive connection, refreshes
   "my tournament" and the standings with a think time of ``--think`` (2 s
   on average) between requests; once, Black reports the game's result with
   its record and later White confirms it;
5. checks that no request failed and that every accepted report and
   confirmation is in the database (zero lost), prints requests per second
   and p50/p95/p99 latency (overall and per page) beside the time each
   page spent inside gunicorn (its access log: the difference is waiting
   for a free worker and for the CPU), and stops everything it started.

The machine is a 2-core VM shared with other jobs (the "CPU pressure" line
shows how contended the run was); the p95 of every 10-second window shows
whether slow requests cluster (while results come in) or are spread out.

Exits 1 on any error, any lost result, or p95 above 300 ms.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import secrets
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlencode

from _server import (
    HOST,
    REPO,
    VERSION_INPUT,
    cpu_pressure,
    free_port,
    log,
    manage,
    postmaster_pid,
    start_gunicorn,
    start_postgres,
    stop_postgres,
)

sys.path.insert(0, str(REPO))
PGPORT = "54332"
SLUG = "demo"
PASSWORD = "bench-password-4711"
P95_TARGET_MS = 300
#: Hard limits: no run takes longer or sends more, whatever the arguments.
MAX_SECONDS = 600
MAX_PLAYERS = 1000
MAX_REQUESTS = 500_000


# --- setting up ----------------------------------------------------------------------


def add_bench_players(count: int) -> dict:
    """``count`` players with accounts, paired in round 4 with a legal record each; the plan of what they report."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import transaction
    from django.db.models import Max

    from tournament.engines import check_claim, replay_record
    from tournament.models import Game, Registration, Round, Tournament
    from tournament.models.game import WinMethod
    from tournament.services.demo_games import _METHODS

    rng = random.Random(8)
    tournament = Tournament.objects.get(slug=SLUG)
    round4 = Round.objects.select_related("discipline").get(tournament=tournament, number=4)
    assert round4.status == Round.Status.PUBLISHED, round4.status
    discipline = round4.discipline
    variant = discipline.variant
    User = get_user_model()
    password = make_password(PASSWORD)  # one hash for all: setting up 200 accounts stays quick
    plan = {}
    with transaction.atomic():
        users = User.objects.bulk_create(
            [User(username=f"bench{i:03d}", password=password) for i in range(1, count + 1)]
        )
        players = Registration.objects.bulk_create(
            [
                Registration(
                    tournament=tournament,
                    surname=f"Bench{i:03d}",
                    given_name="Player",
                    club="Loadtest",
                    country="DE",
                    rank=-(5 + i % 20),
                    user=u,
                    status=Registration.Status.CONFIRMED,
                )
                for i, u in enumerate(users, 1)
            ]
        )
        table = (round4.games.aggregate(n=Max("table"))["n"] or 0) + 1
        for i in range(0, count - 1, 2):
            black, white = players[i], players[i + 1]
            game = Game.objects.create(
                round=round4, table=table, black=black, white=white, komi=discipline.komi, handicap=0
            )
            table += 1
            for _attempt in range(20):  # a record whose result the validator agrees with
                record = variant.sample(rng, size=discipline.board_size, komi=float(game.komi))
                replay = replay_record(discipline=discipline, record=record, handicap=0, komi=game.komi)
                if replay.finished:
                    result = {"black": "B", "white": "W"}.get(replay.outcome, "D")
                    method = _METHODS.get(replay.reason, WinMethod.SCORE)
                else:
                    result, method = rng.choice("BW"), WinMethod.RESIGNATION
                if check_claim(
                    discipline=discipline, record=record, result=result, method=method, handicap=0, komi=game.komi
                ).agrees:
                    break
            else:
                raise SystemExit("no record the validator agrees with")
            plan[users[i].username] = {
                "game": game.pk,
                "side": "black",
                "result": result,
                "method": method,
                "record": record,
            }
            plan[users[i + 1].username] = {"game": game.pk, "side": "white", "result": result}
    return plan


# --- one simulated player ----------------------------------------------------------------

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
LIVE_URL = re.compile(r'id="standings-live" hx-get="([^"]+)"')
POLL_ETAG = re.compile(r"If-None-Match&quot;: &quot;\\&quot;(\w+)\\&quot;")


class Browser:
    """One keep-alive connection with cookies, timing every request."""

    def __init__(self, port: int, stats: Stats):
        self.port = port
        self.stats = stats
        self.cookies: dict[str, str] = {}
        self.connection = http.client.HTTPConnection(HOST, port, timeout=30)

    def request(
        self,
        kind: str,
        method: str,
        path: str,
        form: dict | None = None,
        expect=(200,),
        count: bool = True,
        headers: dict | None = None,
    ) -> tuple[int, str, dict]:
        headers = {"Host": HOST, "Connection": "keep-alive", **(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://{HOST}:{self.port}{path}"
        start = time.perf_counter()
        try:
            if not self.stats.take_request():
                raise RuntimeError("request budget used up")
            response, text = self.exchange(method, path, body, headers)
        except (OSError, http.client.HTTPException) as exc:
            self.connection.close()
            self.connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
            self.stats.record(kind, time.perf_counter() - start, None, f"{method} {path}: {exc!r}", count)
            raise
        elapsed = time.perf_counter() - start
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        error = None if response.status in expect else f"{method} {path}: {response.status}"
        self.stats.record(kind, elapsed, response.status, error, count)
        return response.status, text, dict(response.getheaders())

    def exchange(self, method: str, path: str, body, headers: dict) -> tuple[http.client.HTTPResponse, str]:
        """One request on the keep-alive connection, and its answer read (sent again on a fresh connection
        if the server had just closed the idle one, as a browser does)."""
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            # the server closed the idle keep-alive connection just now: a browser sends again
            self.connection.close()
            self.connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
            self.stats.count_retry()
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        if response.getheader("Connection", "").lower() == "close":
            self.connection.close()
        return response, text

    def csrf_token(self, html: str) -> str:
        match = CSRF_INPUT.search(html)
        return match.group(1) if match else self.cookies.get("csrftoken", "")


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.timeline: list[tuple[float, float]] = []  # (when it ended, seconds)
        self.errors: list[str] = []
        self.requests = 0
        self.retries = 0
        self.measuring = False

    def count_retry(self) -> None:
        with self.lock:
            self.retries += 1

    def take_request(self) -> bool:
        with self.lock:
            self.requests += 1
            return self.requests <= MAX_REQUESTS

    def record(self, kind: str, seconds: float, status, error, count: bool) -> None:
        with self.lock:
            if count and self.measuring:
                self.latencies[kind].append(seconds)
                self.timeline.append((time.monotonic(), seconds))
            if error:
                self.errors.append(error)


def login(browser: Browser, username: str) -> None:
    status, html, _ = browser.request("login", "GET", "/accounts/login/", count=False)
    status, html, headers = browser.request(
        "login",
        "POST",
        "/accounts/login/",
        {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": browser.csrf_token(html)},
        expect=(302,),
        count=False,
    )
    if status != 302:
        raise RuntimeError(f"{username} could not log in ({status})")
    # the pages once, as after logging in in the morning (templates, connections warm)
    browser.request("warm-up", "GET", f"/t/{SLUG}/me/", count=False)
    browser.request("warm-up", "GET", f"/t/{SLUG}/standings/", count=False)


def live_url(html: str) -> str | None:
    match = LIVE_URL.search(html)
    return match.group(1).replace("&amp;", "&") if match else None


def shown_etag(html: str) -> str | None:
    """The ETag of the table the page shows, which its poll sends back (``hx-headers``)."""
    match = POLL_ETAG.search(html)
    return f'"{match.group(1)}"' if match else None


def play(
    browser: Browser,
    username: str,
    job: dict,
    start: float,
    duration: float,
    think: float,
    reload_share: float,
    outcome: dict,
    rng: random.Random,
    submit_job=None,
) -> None:
    """Refresh the pages until the time is up; report (Black) or confirm (White) once on the way
    (``submit_job``: how, :func:`submit` unless given)."""
    me, standings = f"/t/{SLUG}/me/", f"/t/{SLUG}/standings/"
    game_page = f"/t/{SLUG}/game/{job['game']}/"
    # Black reports in the first half; White confirms from a little later on
    due = start + rng.uniform(0.05, 0.5) * duration + (0.15 * duration if job["side"] == "white" else 0)
    done = False
    live = etag = None
    end = start + duration
    # players do not all click at the same millisecond: the first request comes within one think time
    time.sleep(max(0.0, start + rng.uniform(0, think) - time.monotonic()))
    while True:
        now = time.monotonic()
        if now >= end:
            return
        try:
            if not done and now >= due:
                done = (submit_job or submit)(browser, job, game_page)
                if done:
                    outcome[username] = job
                elif job["side"] == "white":
                    due = now + think  # nothing to confirm yet: look again later
            elif rng.random() < 0.5:
                browser.request("my tournament", "GET", me)
            elif live is None or rng.random() < reload_share:
                _, html, _ = browser.request("standings", "GET", standings)
                live, etag = live_url(html) or live, shown_etag(html)
            else:
                # what the open standings page does by itself: htmx asks with the ETag of its table
                headers = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
                status, html, answer = browser.request(
                    "standings poll", "GET", live, headers=headers, expect=(200, 304)
                )
                if status == 200:
                    live, etag = live_url(html) or live, answer.get("ETag", etag)
        except (OSError, http.client.HTTPException, RuntimeError):
            pass  # counted as an error by Browser.request
        pause = rng.uniform(0.5, 1.5) * think
        time.sleep(max(0.0, min(pause, end - time.monotonic())))


def submit(browser: Browser, job: dict, game_page: str) -> bool:
    if job["side"] == "black":
        status, html, _ = browser.request("report form", "GET", game_page + "report/")
        version = VERSION_INPUT.search(html)
        form = {
            "csrfmiddlewaretoken": browser.csrf_token(html),
            "version": version.group(1) if version else "0",
            "result": job["result"],
            "method": job["method"],
            "record": job["record"],
        }
        status, _, headers = browser.request("report (POST)", "POST", game_page + "report/", form, expect=(302,))
        return status == 302 and headers.get("Location", "").rstrip("/").endswith(str(job["game"]))
    status, html, _ = browser.request("game page", "GET", game_page)
    if "/confirm/" not in html:
        return False
    confirm = html[html.index("/confirm/") :]
    version = VERSION_INPUT.search(confirm)
    form = {"csrfmiddlewaretoken": browser.csrf_token(html), "version": version.group(1) if version else "0"}
    status, _, _ = browser.request("confirm (POST)", "POST", game_page + "confirm/", form, expect=(302,))
    return status == 302


# --- the run -------------------------------------------------------------------------------


def _spin(seconds: float, out) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        pass
    out.put(time.process_time() - cpu)


def available_cores(seconds: float = 2.0) -> float:
    """How many cores this machine gives us right now (others may share it): CPU got by one spinner a core."""
    import multiprocessing

    out = multiprocessing.Queue()
    spinners = [multiprocessing.Process(target=_spin, args=(seconds, out)) for _ in range(os.cpu_count() or 1)]
    for p in spinners:
        p.start()
    for p in spinners:
        p.join()
    return sum(out.get() for _ in spinners) / seconds


def cpu_seconds(*server_pids: int, database: int | None = None, redis: int | None = None) -> dict[str, float]:
    """CPU time used so far by this load generator, the gunicorn processes (the process groups of
    ``server_pids``), PostgreSQL (the server whose postmaster is ``database``; every one on the machine
    if not given) and Redis (the server ``redis``; every one if not given) (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    used = defaultdict(float)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        comm = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        pid, ppid, pgrp, seconds = (
            int(entry.name),
            int(fields[1]),
            int(fields[2]),
            (int(fields[11]) + int(fields[12])) / tick,
        )
        if pid == database or pid in server_pids:
            # the postmaster's and gunicorn's masters' ended children (a backend whose client went, a worker
            # restarted) count too; the children that still run count as themselves
            seconds += (int(fields[13]) + int(fields[14])) / tick
        if pid == os.getpid():
            used["load generator"] += seconds
        elif pgrp in server_pids:
            used["gunicorn"] += seconds
        elif comm.startswith("postgres") and (database is None or database in (pid, ppid)):
            used["PostgreSQL"] += seconds
        elif comm.startswith("redis-server") and redis in (None, pid):
            used["Redis"] += seconds
    return used


#: gunicorn's access log line: method, path, status, HX-Request header, time in the server (microseconds).
ACCESS_FORMAT = "%(m)s %(U)s %(s)s %({hx-request}i)s %(D)s"


def server_times_by_kind(log_text: str) -> dict[str, list[float]]:
    """Milliseconds each request spent inside gunicorn (from reading it to writing the answer), by page."""
    times = defaultdict(list)
    for line in log_text.splitlines():
        parts = line.split()
        if len(parts) != 5:
            continue
        method, path, _status, hx, micros = parts
        if path.endswith("/me/"):
            kind = "my tournament"
        elif "/standings/" in path:
            kind = "standings poll" if hx == "true" else "standings"
        elif path.endswith("/report/"):
            kind = "report (POST)" if method == "POST" else "report form"
        elif path.endswith("/confirm/"):
            kind = "confirm (POST)"
        elif "/game/" in path:
            kind = "game page"
        else:
            continue
        times[kind].append(int(micros) / 1000)
    return times


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    k = max(0, min(len(values) - 1, int(round(p / 100 * len(values) + 0.5)) - 1))
    return values[k]


def verify(plan: dict, outcome: dict) -> tuple[int, int, list[str]]:
    """Every accepted report and confirmation is in the database."""
    from django.db import connection

    from tournament.models import AuditEntry, Game

    connection.close()
    lost = []
    reports = confirms = 0
    games = {g.pk: g for g in Game.objects.filter(pk__in={j["game"] for j in plan.values()})}
    for username, job in outcome.items():
        game = games[job["game"]]
        if job["side"] == "black":
            reports += 1
            if game.result != job["result"] or game.result_state not in ("reported", "confirmed"):
                lost.append(f"{username}: reported {job['result']}, database has {game.result}/{game.result_state}")
            if game.record.strip() != job["record"].strip():
                lost.append(f"{username}: the record is not the one reported")
        else:
            confirms += 1
            if game.result_state != "confirmed":
                lost.append(f"{username}: confirmed, database has {game.result_state}")
    logged = AuditEntry.objects.filter(action="game.result.report", object_id__in=list(games)).count()
    if logged != reports:
        lost.append(f"{reports} reports accepted, {logged} in the audit log")
    return reports, confirms, lost


def log_in_everybody(browsers: dict[str, Browser]) -> list[str]:
    """Every player logs in (eight at a time, as people arrive in the morning); the failures."""
    errors: list[str] = []

    def log_in(names):
        for name in names:
            try:
                login(browsers[name], name)
            except Exception as exc:  # noqa: BLE001 - reported by the caller
                errors.append(f"{name}: {exc}")

    names = list(browsers)
    threads = [threading.Thread(target=log_in, args=(names[i::8],)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def run_players(
    browsers: dict[str, Browser],
    plan: dict,
    duration: float,
    think: float,
    reload_share: float,
    submit_job=None,
    start: float | None = None,
) -> tuple[dict, float, float, int]:
    """Every player plays (:func:`play`) for ``duration`` seconds from ``start`` (``time.monotonic()``;
    now unless given), measured: (the reports and confirmations accepted, when the run started, how long
    it took, how many players hung)."""
    stats = next(iter(browsers.values())).stats
    outcome: dict = {}
    stats.measuring = True
    start = time.monotonic() if start is None else start
    threads = [
        threading.Thread(
            target=play,
            args=(browsers[name], name, plan[name], start, duration, think, reload_share, outcome, random.Random(i)),
            kwargs={"submit_job": submit_job},
            daemon=True,
        )
        for i, name in enumerate(browsers)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(duration + 60)
    elapsed = time.monotonic() - start
    stats.measuring = False
    return outcome, start, elapsed, sum(t.is_alive() for t in threads)


def print_pages(stats: Stats, server_times: dict[str, list[float]]) -> None:
    """The latencies by page, beside the time each spent inside gunicorn."""
    log(
        f"{'page':<16}{'requests':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'mean ms':>9}"
        f"   in the server: {'p50':>5}{'p95':>6}{'mean':>6} ms"
    )
    for kind, values in sorted(stats.latencies.items()):
        inside = server_times.get(kind, [])
        server = (
            f"{percentile(inside, 50):>5.0f}{percentile(inside, 95):>6.0f}{statistics.fmean(inside):>6.0f}"
            if inside
            else f"{'-':>5}{'-':>6}{'-':>6}"
        )
        log(
            f"{kind:<16}{len(values):>9}{percentile(values, 50) * 1000:>9.0f}{percentile(values, 95) * 1000:>9.0f}"
            f"{percentile(values, 99) * 1000:>9.0f}{statistics.fmean(values) * 1000:>9.0f}   {'':15}{server}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seconds", nargs="?", type=float, default=60.0)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WORKERS", "4")))
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker (gthread)")
    parser.add_argument(
        "--worker-class",
        default="sync",
        choices=["gthread", "sync"],
        help="sync: one request at a time per worker, no keep-alive (as `make serve`)",
    )
    parser.add_argument("--think", type=float, default=2.0, help="average seconds between a player's requests")
    parser.add_argument(
        "--reload-share",
        type=float,
        default=0.25,
        help="share of standings refreshes that reload the whole page (the others are the "
        "page's own htmx poll: 304 when unchanged, else the table)",
    )
    args = parser.parse_args()
    duration = min(max(args.seconds, 1.0), MAX_SECONDS)
    players = min(max(args.players, 2), MAX_PLAYERS) // 2 * 2

    tmp = Path(tempfile.mkdtemp(prefix="vielseitig-bench-"))
    server = None
    started_pg = False
    try:
        t0 = time.monotonic()
        url = start_postgres(PGPORT)
        started_pg = True
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "DATABASE_URL": url,
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": HOST,
            "DJANGO_SECURE_SSL_REDIRECT": "0",  # plain HTTP on loopback, no TLS proxy in front
            "DJANGO_STATIC_ROOT": str(tmp / "static"),
            "DJANGO_CACHE_DIR": str(tmp / "cache"),
        }
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "demo")
        manage(env, "collectstatic", "--noinput", "-v0")
        os.environ.update({k: v for k, v in env.items() if k != "PATH"})
        os.environ["DJANGO_SETTINGS_MODULE"] = "tournament.settings"
        plan = add_bench_players(players)
        log(
            f"set up in {time.monotonic() - t0:.1f} s: PostgreSQL {url}, demo, {players} players, "
            f"{players // 2} games in round 4"
        )

        port = free_port()
        options = ["--workers", str(args.workers), "--worker-class", args.worker_class]
        if args.worker_class == "gthread":
            options += ["--threads", str(args.threads), "--keep-alive", "75"]
        server = start_gunicorn("tournament.wsgi", port, tmp, env, options, ACCESS_FORMAT)
        shape = f"{args.threads} threads (gthread)" if args.worker_class == "gthread" else "1 thread (sync)"
        log(
            f"gunicorn on {HOST}:{port}: {args.workers} workers x {shape}, DEBUG off; "
            f"think time {args.think} s on average, {args.reload_share:.0%} of standings refreshes reload the page"
        )

        stats = Stats()
        browsers = {name: Browser(port, stats) for name in plan}
        t_login = time.monotonic()
        names = list(plan)
        login_errors = log_in_everybody(browsers)
        log(
            f"{len(names)} log-ins in {time.monotonic() - t_login:.1f} s"
            + (f", {len(login_errors)} failed: {login_errors[:3]}" if login_errors else "")
        )

        cores = available_cores()
        log(
            f"before the run, the machine gives {cores:.2f} of {os.cpu_count()} cores "
            f"(CPU pressure over the last minute: {cpu_pressure()})"
        )
        cpu_before = cpu_seconds(server.pid, database=postmaster_pid(PGPORT))
        log_from = (tmp / "access.log").stat().st_size
        outcome, start, elapsed, hung = run_players(browsers, plan, duration, args.think, args.reload_share)
        cpu_after = cpu_seconds(server.pid, database=postmaster_pid(PGPORT))
        with open(tmp / "access.log", "rb") as f:
            f.seek(log_from)
            server_times = server_times_by_kind(f.read().decode("utf-8", "replace"))

        reports, confirms, lost = verify(plan, outcome)
        all_latencies = [x for values in stats.latencies.values() for x in values]
        count = len(all_latencies)
        log("")
        log(f"{len(names)} players, {elapsed:.1f} s, {count} requests: {count / elapsed:.1f} requests/s")
        log(
            f"latency p50 {percentile(all_latencies, 50) * 1000:.0f} ms, p95 {percentile(all_latencies, 95) * 1000:.0f} ms, "
            f"p99 {percentile(all_latencies, 99) * 1000:.0f} ms, max {max(all_latencies, default=0) * 1000:.0f} ms"
        )
        print_pages(stats, server_times)
        windows = defaultdict(list)
        for when, seconds in stats.timeline:
            windows[int((when - start) // 10)].append(seconds)
        log(
            "p95 by 10-second window (ms): "
            + " ".join(f"{percentile(windows[w], 95) * 1000:.0f}" for w in sorted(windows))
        )
        log(
            "CPU seconds while measuring: "
            + ", ".join(
                f"{k} {cpu_after[k] - cpu_before.get(k, 0):.0f}" for k in ("gunicorn", "PostgreSQL", "load generator")
            )
            + f" (of {os.cpu_count() * elapsed:.0f} on {os.cpu_count()} cores); CPU pressure during the run: "
            + cpu_pressure()
        )
        log(f"results: {reports} reports and {confirms} confirmations accepted, {len(lost)} lost")
        log(
            f"errors: {len(stats.errors) + len(login_errors)}"
            + (f" {stats.errors[:5]}" if stats.errors else "")
            + f" (requests sent again on a fresh connection after the server closed an idle one: {stats.retries})"
        )
        for line in lost[:10]:
            log(f"  lost: {line}")
        p95 = percentile(all_latencies, 95) * 1000
        ok = not stats.errors and not login_errors and not lost and not hung and reports > 0
        if p95 > P95_TARGET_MS:
            log(f"p95 {p95:.0f} ms is above the target of {P95_TARGET_MS} ms")
            ok = False
        server_log = (tmp / "gunicorn.log").read_text()
        if "Traceback" in server_log or "ERROR" in server_log or "CRITICAL" in server_log:
            log("gunicorn log:\n" + server_log[-3000:])
        return 0 if ok else 1
    finally:
        if server is not None and server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
        try:
            from django.db import connections

            connections.close_all()
        except Exception:  # noqa: BLE001, S110 - Django may not be set up
            pass
        if started_pg:
            stop_postgres(PGPORT)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
