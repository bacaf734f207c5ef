"""Live board benchmark: one move's round trip while 100 games are recorded at once (not collected by pytest).

    .venv/bin/python tests/bench/bench_live.py [seconds] [--games N] [--kind K] [--workers N]
                                               [--move-every S] [--database-url URL]

All on 127.0.0.1 and bounded in count and time:

1. a fresh database (a SQLite file in a temporary folder, or ``--database-url``,
   e.g. the PostgreSQL that ``PGPORT=54347 tests/pg_server.sh start`` prints),
   migrated; a tournament with one published round of ``--games`` (100) games
   of ``--kind`` (``ninuki``: 19x19, hannover), 2 players each with an
   account and a session; for every game a legal sequence of moves played in
   advance by the rules engine (:class:`games.live.LiveGame`), so every move
   posted is legal and none ends the game;
2. the production start -- gunicorn (sync workers, as ``make serve``) with
   ``DJANGO_DEBUG=0`` -- on a free port;
3. for ``seconds`` (60) every game has two phones: each asks for the board
   every 2 s with its ETag (as ``live.js``: 304 while nothing changed), and
   the player to move posts the next move every ``--move-every`` (5) seconds
   on average (uniform between 0.4 and 1.6 times that);
4. prints, for the move (``POST .../live/move/``): the time inside the server
   (gunicorn's access log, from reading the request to writing the answer)
   p50/p95/p99, the CPU time the worker spent on it (a thin WSGI wrapper
   measures its thread's CPU time: what a move costs, without the waiting for
   a CPU that a shared machine adds), and the round trip the phone sees; the
   same for the polls (304 and 200 apart); the machine's CPU pressure during
   the run; checks that no request failed and that every move the server
   accepted is in the database, in order (zero lost).

Exits 1 on an error, a lost move, or a move's p95 server time over 50 ms.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import secrets
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

from _server import HOST, REPO, VERSION_INPUT, NoAnswer, cpu_pressure, free_port, log, manage, start_gunicorn

sys.path.insert(0, str(REPO))
SLUG = "bench-live"
P95_TARGET_MS = 50
POLL_SECONDS = 2.0
#: Hard limits, whatever the arguments.
MAX_SECONDS = 300
MAX_GAMES = 300
MAX_REQUESTS = 200_000
#: gunicorn's access log: method, path, status, microseconds inside the server.
ACCESS_FORMAT = "%(m)s %(U)s %(s)s %(D)s"
#: The WSGI wrapper gunicorn serves: the site, and each request's CPU time (its thread's) in a log.
CPU_WRAPPER = """
import os, time
from tournament.wsgi import application as site

LOG = os.environ["BENCH_CPU_LOG"]


def application(environ, start_response):
    start = time.thread_time()
    response = site(environ, start_response)
    used = time.thread_time() - start
    with open(LOG, "a") as log:
        log.write(f"{environ['REQUEST_METHOD']} {environ['PATH_INFO']} {int(used * 1e6)}\\n")
    return response
"""


# --- setting up ----------------------------------------------------------------------------


def legal_sequence(kind: str, size: int, rng: random.Random, length: int) -> list[str]:
    """``length`` legal moves (fewer if the board runs out) of which none ends the game."""
    from games.common import IllegalMove
    from games.coords import Point
    from games.live import LiveGame

    game = LiveGame(kind, size=size)
    centre = size // 2
    for _ in range(length):
        radius = 3 + len(game.moves) // 12  # near the centre first, as real games go
        near = [
            Point(x, y).name()
            for x in range(max(0, centre - radius), min(size, centre + radius + 1))
            for y in range(max(0, centre - radius), min(size, centre + radius + 1))
        ]
        rng.shuffle(near)
        for point in [Point(centre, centre).name()] if not game.moves and kind == "ninuki" else near:
            try:
                game.play(point)
            except IllegalMove:
                continue
            if game.snapshot().over:  # keep the games going: take it back and try another point
                game = LiveGame.from_moves(kind, game.moves[:-1], size=size)
                continue
            break
        else:
            break
    return list(game.moves)


def set_up(games: int, kind: str, rng: random.Random, length: int) -> list[dict]:
    """The tournament, its players with sessions, the games and their moves to come."""
    import django

    django.setup()
    import datetime as dt

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.cached_db import SessionStore

    from tournament.models import Discipline, Game, Registration, Round, Tournament

    size = {"ninuki": 19}.get(kind, 9)
    if Tournament.objects.filter(slug=SLUG).exists():
        raise SystemExit(f"the database has a tournament {SLUG!r} already: give the benchmark an empty database")
    tournament = Tournament.objects.create(
        name="Bench live", slug=SLUG, start_date=dt.date(2026, 11, 28), end_date=dt.date(2026, 11, 29)
    )
    discipline = Discipline.objects.create(tournament=tournament, name=kind, kind=kind, board_size=size)
    round_ = Round.objects.create(tournament=tournament, discipline=discipline, number=1, status=Round.Status.PUBLISHED)
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"bench-live-{i:03d}", password="!") for i in range(2 * games)]
    )
    users = list(get_user_model().objects.filter(username__startswith="bench-live-").order_by("username"))
    regs = Registration.objects.bulk_create(
        [
            Registration(
                tournament=tournament,
                surname=f"Spieler{i:03d}",
                given_name="Bench",
                rank=-10,
                user=u,
                status=Registration.Status.CONFIRMED,
                country="DE",
            )
            for i, u in enumerate(users)
        ]
    )
    regs = list(Registration.objects.filter(tournament=tournament).order_by("surname"))
    Game.objects.bulk_create(
        [Game(round=round_, table=t + 1, black=regs[2 * t], white=regs[2 * t + 1]) for t in range(games)]
    )
    backend = settings.AUTHENTICATION_BACKENDS[-1]

    def session(user) -> str:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = backend
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        return store.session_key

    plan = []
    for game in Game.objects.filter(round=round_).select_related("black__user", "white__user").order_by("table"):
        plan.append(
            {
                "pk": game.pk,
                "moves": legal_sequence(kind, size, rng, length),
                "sessions": (session(game.black.user), session(game.white.user)),
            }
        )
    return plan


# --- the phones ------------------------------------------------------------------------------


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.rtt: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.requests = 0
        self.accepted: dict[int, int] = defaultdict(int)
        #: moves whose answer never came (their node stopped) and that were found stored when sent again
        self.found_stored = 0
        #: games whose last move got no answer before the run ended (not sent again): that move may be stored
        self.in_doubt: set[int] = set()
        #: of those, the moves found stored after the run (by :func:`check_stored`)
        self.found_after = 0

    def take(self) -> bool:
        with self.lock:
            self.requests += 1
            return self.requests <= MAX_REQUESTS

    def record(self, kind: str, seconds: float, error: str | None = None) -> None:
        with self.lock:
            self.rtt[kind].append(seconds)
            if error:
                self.errors.append(error)


class Phone:
    """One player's phone: its session, its CSRF token, the ETag of the board it shows."""

    def __init__(self, port: int, session: str, stats: Stats):
        self.port, self.stats = port, stats
        self.csrf = secrets.token_hex(16)  # a 32-character CSRF secret, the same in cookie and header
        self.cookie = f"sessionid={session}; csrftoken={self.csrf}"
        self.etag = ""

    def request(self, kind, method, path, body=None, headers=None) -> tuple[int, float, str] | None:
        """(status, seconds, body) of one request; None (an error counted) if it got no answer."""
        if not self.stats.take():
            raise RuntimeError("request limit reached")
        headers = {"Cookie": self.cookie, "X-Live-Board": "1", **(headers or {})}
        if body is not None:
            headers.update(
                {
                    "Content-Type": "application/x-www-form-urlencoded",
                    "X-CSRFToken": self.csrf,
                    "Referer": f"http://{HOST}:{self.port}/",
                }
            )
        start = time.perf_counter()
        try:
            response, text = self.exchange(method, path, body, headers)
        except (OSError, http.client.HTTPException) as exc:
            self.stats.record(kind, time.perf_counter() - start, f"{method} {path}: {exc!r}")
            return None
        elapsed = time.perf_counter() - start
        if response.getheader("ETag"):
            self.etag = response.getheader("ETag")
        return response.status, elapsed, text

    def exchange(self, method: str, path: str, body, headers: dict) -> tuple[http.client.HTTPResponse, str]:
        """One request on a new connection (as the sync workers of ``make serve`` answer), its answer read."""
        connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            return response, response.read().decode("utf-8", "replace")
        finally:
            connection.close()


def board_version(panel: str) -> int | None:
    """The version of the board a live panel shows (its forms send it back)."""
    found = VERSION_INPUT.search(panel)
    return int(found.group(1)) if found else None


def run_game(phones: list[Phone], job: dict, stats: Stats, start: float, end: float, every: float, rng: random.Random):
    """The game's two phones until ``end``: each polls every 2 s, the player to move posts the next move.

    A move whose answer never came (:class:`NoAnswer`: its node stopped) is sent again at the same
    version, as a player taps again: if the stopped node had stored it, the answer is "entered already"
    (409) with the board one move further, and the move counts as stored. A move still in doubt when
    the run ends is looked for in the database afterwards (:func:`check_stored`), as the player would
    look at the board."""
    base = f"/t/{SLUG}/game/{job['pk']}/live"
    version = 0
    n = 0
    unsure = False
    next_poll = [start + rng.uniform(0, POLL_SECONDS), start + rng.uniform(0, POLL_SECONDS)]
    next_move = start + rng.uniform(0.4, 1.6) * every
    while True:
        now = time.monotonic()
        if now >= end:
            break
        due = min(next_poll + [next_move])
        if due > now:
            time.sleep(min(due, end) - now)
            continue
        try:
            if next_move <= min(next_poll) and n < len(job["moves"]):
                phone = phones[n % 2]  # alternate: fine for Ninuki; the Go family's turns are the same here
                body = urlencode({"version": version, "point": job["moves"][n]})
                try:
                    got = phone.request("move", "POST", f"{base}/move/", body)
                except NoAnswer:
                    unsure = True
                    next_move = time.monotonic() + rng.uniform(0.5, 1.5)  # the player taps again
                    continue
                if got is not None:
                    status, elapsed, text = got
                    found = unsure and status == 409 and board_version(text) == version + 1
                    stored = status == 200 or found
                    stats.record("move", elapsed, None if stored else f"move {job['pk']}/{n}: {status}")
                    unsure = False
                    if found:
                        with stats.lock:
                            stats.found_stored += 1
                    if stored:
                        n += 1
                        version += 1
                        stats.accepted[job["pk"]] = n
                next_move = time.monotonic() + rng.uniform(0.4, 1.6) * every
            else:
                i = 0 if next_poll[0] <= next_poll[1] else 1
                phone = phones[i]
                got = phone.request("poll", "GET", f"{base}/state/", headers={"If-None-Match": phone.etag})
                if got is not None:
                    status, elapsed, _text = got
                    stats.record(f"poll {status}", elapsed, None if status in (200, 304) else f"poll: {status}")
                next_poll[i] = time.monotonic() + POLL_SECONDS
        except RuntimeError:
            break
    if unsure:
        with stats.lock:
            stats.in_doubt.add(job["pk"])


# --- results ---------------------------------------------------------------------------------


def percentiles(values: list[float]) -> str:
    if not values:
        return "none"
    ms = sorted(v * 1000 for v in values)
    q = statistics.quantiles(ms, n=100, method="inclusive") if len(ms) > 1 else ms * 99
    return f"p50 {q[49]:.1f} ms, p95 {q[94]:.1f} ms, p99 {q[98]:.1f} ms (n={len(ms)})"


def server_times(access_log: Path, since_line: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = defaultdict(list)
    lines = access_log.read_text().splitlines()[since_line:]
    for line in lines:
        parts = line.split()
        if len(parts) < 4:
            continue
        path, status, micros = parts[1], parts[2], parts[-1]
        if path.endswith("/live/move/"):
            out["move"].append(int(micros) / 1e6)
        elif path.endswith("/live/state/"):
            out[f"poll {status}"].append(int(micros) / 1e6)
    return out


def cpu_times(cpu_log: Path, since_line: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = defaultdict(list)
    for line in cpu_log.read_text().splitlines()[since_line:]:
        parts = line.split()
        if len(parts) == 3 and parts[1].endswith("/live/move/"):
            out["move"].append(int(parts[2]) / 1e6)
        elif len(parts) == 3 and parts[1].endswith("/live/state/"):
            out["poll"].append(int(parts[2]) / 1e6)
    return out


def check_stored(plan: list[dict], stats: Stats) -> list[str]:
    from tournament.models import LiveRecord

    lost = []
    stored = {r.game_id: r.move_list for r in LiveRecord.objects.filter(game_id__in=[j["pk"] for j in plan])}
    for job in plan:
        accepted = stats.accepted.get(job["pk"], 0)
        if job["pk"] in stats.in_doubt and stored.get(job["pk"], []) == job["moves"][: accepted + 1]:
            stats.found_after += 1  # the move whose answer never came is stored: the player sees it on the board
            continue
        if stored.get(job["pk"], []) != job["moves"][:accepted]:
            lost.append(f"game {job['pk']}: {accepted} moves accepted, database has {len(stored.get(job['pk'], []))}")
    return lost


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seconds", nargs="?", type=float, default=60.0)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--kind", default="ninuki", choices=["ninuki", "go", "volt"])
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WORKERS", "4")))
    parser.add_argument("--move-every", type=float, default=5.0, help="average seconds between moves of a game")
    parser.add_argument("--database-url", default="", help="default: a SQLite file in a temporary folder")
    args = parser.parse_args()
    duration = min(max(args.seconds, 5.0), MAX_SECONDS)
    games = min(max(args.games, 1), MAX_GAMES)

    tmp = Path(tempfile.mkdtemp(prefix="vielseitig-bench-live-"))
    server = None
    try:
        t0 = time.monotonic()
        url = args.database_url or f"sqlite:///{tmp / 'db.sqlite3'}"
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
        os.environ.update({k: v for k, v in env.items() if k != "PATH"})
        os.environ["DJANGO_SETTINGS_MODULE"] = "tournament.settings"
        # enough moves for the run (a move every 0.4 to 1.6 times --move-every), and a few more
        length = min(400, int(duration / (0.4 * args.move_every)) + 5)
        plan = set_up(games, args.kind, random.Random(16), length)
        from django.db import connection

        connection.close()
        log(
            f"set up in {time.monotonic() - t0:.1f} s: {connection.vendor} ({url.split('@')[-1]}), {games} games "
            f"of {args.kind}, {sum(len(j['moves']) for j in plan)} moves prepared"
        )

        port = free_port()
        (tmp / "bench_live_wsgi.py").write_text(CPU_WRAPPER)
        (tmp / "cpu.log").write_text("")
        env["BENCH_CPU_LOG"] = str(tmp / "cpu.log")
        env["PYTHONPATH"] = str(tmp)
        server = start_gunicorn(
            "bench_live_wsgi:application", port, tmp, env, ["--workers", str(args.workers)], ACCESS_FORMAT
        )
        # every worker warm (imports, templates, a database connection) before measuring
        warm = Phone(port, plan[0]["sessions"][0], Stats())
        for _ in range(4 * args.workers):
            warm.request("warm", "GET", f"/t/{SLUG}/game/{plan[0]['pk']}/live/state/")
        time.sleep(0.5)
        skip = len((tmp / "access.log").read_text().splitlines())
        skip_cpu = len((tmp / "cpu.log").read_text().splitlines())
        log(
            f"gunicorn on {HOST}:{port}: {args.workers} sync workers, DEBUG off; {2 * games} phones poll every "
            f"{POLL_SECONDS:g} s, each game a move every {args.move_every:g} s on average, for {duration:g} s"
        )

        stats = Stats()
        start = time.monotonic() + 0.5
        end = start + duration
        threads = [
            threading.Thread(
                target=run_game,
                args=(
                    [Phone(port, session, stats) for session in job["sessions"]],
                    job,
                    stats,
                    start,
                    end,
                    args.move_every,
                    random.Random(job["pk"]),
                ),
                daemon=True,
            )
            for job in plan
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(duration + 60)
        time.sleep(0.5)
        server_ms = server_times(tmp / "access.log", skip)
        cpu_ms = cpu_times(tmp / "cpu.log", skip_cpu)
        pressure = cpu_pressure()
        lost = check_stored(plan, stats)

        moves = len(stats.rtt["move"])
        polls = {k: len(v) for k, v in stats.rtt.items() if k.startswith("poll")}
        log(
            f"{moves} moves posted ({moves / duration:.1f}/s), {sum(polls.values())} polls "
            f"({sum(polls.values()) / duration:.0f}/s: "
            + ", ".join(f"{k.split()[1]} {n}" for k, n in sorted(polls.items()))
            + ")"
        )
        log(f"move, time in the server:  {percentiles(server_ms['move'])}")
        log(f"move, CPU in the server:   {percentiles(cpu_ms['move'])}")
        log(f"move, round trip (phone):  {percentiles(stats.rtt['move'])}")
        for kind in sorted(k for k in server_ms if k.startswith("poll")):
            log(f"{kind}, time in the server: {percentiles(server_ms[kind])}")
        log(f"poll, CPU in the server:   {percentiles(cpu_ms['poll'])}")
        log(f"CPU pressure over the last minute (runnable tasks waiting for a CPU): {pressure}")
        log(f"errors: {len(stats.errors)}; moves lost: {len(lost)}")
        for line in (stats.errors + lost)[:10]:
            log(f"  {line}")
        ms = sorted(v * 1000 for v in server_ms["move"])
        p95 = statistics.quantiles(ms, n=100, method="inclusive")[94] if len(ms) > 1 else float("inf")
        ok = not stats.errors and not lost and p95 <= P95_TARGET_MS
        log(f"target: move p95 in the server <= {P95_TARGET_MS} ms: {'met' if p95 <= P95_TARGET_MS else 'MISSED'}")
        return 0 if ok else 1
    finally:
        if server is not None and server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
