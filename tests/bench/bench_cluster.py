"""Two app nodes behind one address: the load bench and the live-board bench spread over both (not collected by pytest).

    .venv/bin/python tests/bench/bench_cluster.py [seconds] [--players N] [--games N] [--workers N]
                                                  [--scenario both|stop|all] [--stop kill|term]
                                                  [--pg-port P] [--redis-port P]

What it does, all on 127.0.0.1 and bounded in count and time, once per scenario
(``all``, the default: first ``both``, then ``stop``), each on fresh servers:

1. starts a throw-away PostgreSQL and Redis (``tests/pg_server.sh``,
   ``tests/redis_server.sh``), migrates, loads the demo, collects the static
   files; adds ``--players`` (200) players paired in the demo's round 4
   (:func:`bench_load.add_bench_players`) and a tournament of ``--games``
   (300) Ninuki games recorded live (:func:`bench_live.set_up`);
2. starts two nodes: gunicorn as ``make serve`` runs it (``--workers`` sync
   workers each, ``DJANGO_DEBUG=0``), on two ports, with the same
   ``DATABASE_URL``, ``DJANGO_REDIS_URL`` and ``DJANGO_SECRET_KEY``;
3. puts a front before them, as a load balancer does (:class:`Front`): every
   request goes to the next node that is up (round robin, no stickiness: a
   player's log-in, pages and result, a phone's polls and moves, all go to
   both nodes in turn); a node that refuses or drops a connection is left
   out for 10 s (nginx's ``max_fails=1 fail_timeout=10s``), a GET is sent
   to the other node at once, a POST whose answer never came is not sent
   again by the front (as nginx) but by the client, as a person taps again;
4. for ``seconds`` (60) runs the load bench's players (each a request every
   2 s on average; every game's result reported with its record and
   confirmed: :func:`bench_load.play`) and, in a second process, the live
   bench's phones (two per game, each polling the board every 2 s with its
   ETag; a move every 5 s per game: :func:`bench_live.run_game`);
5. scenario ``stop``: halfway through, stops node B (``--stop kill``: SIGKILL
   to the whole node, requests in flight cut off, as when a machine dies;
   ``term``: SIGTERM, gunicorn's graceful stop);
6. prints p50/p95/p99 of the round trips (players' pages, moves, polls) and of
   the time inside the servers, the errors, the requests cut off and failed
   over, the moves and results lost, and the machine's load; then checks the
   database: every move and result a client was told is stored is there,
   and nothing is half-written (every live record's moves, entries and
   version agree; every game's result, record, version and audit entries
   agree; a write whose answer never came is stored whole or not at all).

Exits 1 on an error, a lost move or result, or anything half-written.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import bench_live as live
import bench_load as load
from _server import (
    HOST,
    REPO,
    NoAnswer,
    cpu_pressure,
    free_port,
    log,
    manage,
    postmaster_pid,
    redis_pid,
    start_gunicorn,
    start_postgres,
    start_redis,
    stop_postgres,
    stop_redis,
)

sys.path.insert(0, str(REPO))
#: A node that refused or dropped a connection is left out this long, then tried again.
DOWN_SECONDS = 10.0
#: The live phones' kind of game (19x19 Ninuki-Renju, as bench_live.py).
KIND = "ninuki"
MAX_SECONDS = 300


# --- the front --------------------------------------------------------------------------------


class Front:
    """What a load balancer in front of the nodes does, for the clients of one process."""

    def __init__(self, ports: list[int]):
        self.ports = list(ports)
        self.lock = threading.Lock()
        self.turn = 0
        self.down_until: dict[int, float] = {}
        self.counts: Counter = Counter()

    def pick(self) -> int:
        """The next node that is up (all of them again if none is)."""
        with self.lock:
            now = time.monotonic()
            up = [p for p in self.ports if self.down_until.get(p, 0.0) <= now] or self.ports
            self.turn += 1
            port = up[self.turn % len(up)]
            self.counts[f"to {port}"] += 1
            return port

    def failed(self, port: int, what: str) -> None:
        with self.lock:
            self.down_until[port] = time.monotonic() + DOWN_SECONDS
            self.counts[what] += 1

    def note(self, what: str) -> None:
        with self.lock:
            self.counts[what] += 1

    def exchange(self, method: str, path: str, body, headers: dict) -> tuple[http.client.HTTPResponse, str]:
        """One request through the front, its answer read. A node that refuses the connection gets
        nothing (the next one gets the request); one that drops it after the request was sent gets a
        GET again on the next node, and a POST raises :class:`NoAnswer` (it may have been done)."""
        for _attempt in range(2 * len(self.ports)):
            port = self.pick()
            connection = http.client.HTTPConnection(HOST, port, timeout=30)
            try:
                try:
                    connection.connect()
                except OSError:
                    self.failed(port, "refused: sent to the other node")
                    continue
                try:
                    connection.request(method, path, body=body, headers={**headers, "Connection": "close"})
                    response = connection.getresponse()
                    return response, response.read().decode("utf-8", "replace")
                except (OSError, http.client.HTTPException) as exc:
                    if method == "GET":
                        self.failed(port, "GET cut off: sent to the other node")
                        continue
                    self.failed(port, "POST cut off: no answer")
                    raise NoAnswer(f"{method} {path}: node {port} stopped before answering ({exc!r})") from exc
            finally:
                connection.close()
        raise ConnectionRefusedError(f"{method} {path}: no node answers")


class NodeBrowser(load.Browser):
    """A player's browser (:class:`bench_load.Browser`) whose requests go through the front."""

    def __init__(self, front: Front, stats: load.Stats):
        super().__init__(front.ports[0], stats)
        self.front = front
        self.unsure = False  # a write of this player got no answer: did it get in?

    def exchange(self, method, path, body, headers):
        try:
            return self.front.exchange(method, path, body, headers)
        except NoAnswer:
            self.unsure = True
            raise


class NodePhone(live.Phone):
    """A phone on a live board (:class:`bench_live.Phone`) whose requests go through the front."""

    def __init__(self, front: Front, session: str, stats: live.Stats):
        super().__init__(front.ports[0], session, stats)
        self.front = front

    def exchange(self, method, path, body, headers):
        return self.front.exchange(method, path, body, headers)


#: The states of a game in which a player's report (Black) or confirmation (White) is in.
DONE = {"black": ("reported", "confirmed"), "white": ("confirmed",)}


def stored_already(browser: NodeBrowser, job: dict) -> bool:
    """Whether this player's report or confirmation is stored: what the game's page (here its JSON) says."""
    path = f"/api/v1/tournaments/{load.SLUG}/games/{job['game']}/"
    _status, text, _headers = browser.request("game (API)", "GET", path)
    return json.loads(text)["result_state"] in DONE[job["side"]]


def submit_across(browser: NodeBrowser, job: dict, game_page: str) -> bool:
    """:func:`bench_load.submit`, after a write that got no answer only once the player saw it is not in."""
    if browser.unsure:
        browser.unsure = False
        if stored_already(browser, job):
            browser.front.note("a result whose answer was cut off: found stored")
            return True
        browser.front.note("a result whose answer was cut off: not stored, sent again")
    return load.submit(browser, job, game_page)


# --- the live phones, in a process of their own ------------------------------------------------


def phones_process(ports, plan, start, end, every, out) -> None:
    """The live bench's phones (in a child process: the players' threads would slow them down)."""
    cpu = time.process_time()
    front = Front(ports)
    stats = live.Stats()
    threads = [
        threading.Thread(
            target=live.run_game,
            args=(
                [NodePhone(front, session, stats) for session in job["sessions"]],
                job,
                stats,
                start,
                end,
                every,
                random.Random(job["pk"]),
            ),
            daemon=True,
        )
        for job in plan
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(end - time.monotonic() + 60)
    out.put(
        {
            "rtt": dict(stats.rtt),
            "errors": stats.errors,
            "accepted": dict(stats.accepted),
            "found_stored": stats.found_stored,
            "in_doubt": sorted(stats.in_doubt),
            "counts": dict(front.counts),
            "hung": sum(t.is_alive() for t in threads),
            "cpu": time.process_time() - cpu,
        }
    )


# --- checking the database ---------------------------------------------------------------------


def half_written(players_plan: dict, live_plan: list[dict]) -> tuple[list[str], Counter]:
    """Anything stored in part: every live record's moves, entries and version agree; every game's
    result, record, version and result audit entries agree. Also counts the games by state."""
    from django.db import connection

    from tournament.models import AuditEntry, Game, LiveRecord

    connection.close()
    problems = []
    for record in LiveRecord.objects.filter(game_id__in=[job["pk"] for job in live_plan]):
        moves, entries = len(record.move_list), len(record.entries)
        if not moves == entries == record.version:
            problems.append(
                f"live record of game {record.game_id}: {moves} moves, {entries} entries, v{record.version}"
            )
    jobs = {job["game"]: job for job in players_plan.values() if job["side"] == "black"}
    changes = Counter(
        AuditEntry.objects.filter(object_id__in=list(jobs), action__startswith="game.result.").values_list(
            "object_id", flat=True
        )
    )
    states: Counter = Counter()
    for game in Game.objects.filter(pk__in=list(jobs)):
        job = jobs[game.pk]
        states[game.result_state] += 1
        expected = {"pending": 0, "reported": 1, "confirmed": 2}.get(game.result_state)
        if expected is None:
            problems.append(f"game {game.pk}: {game.result_state}")
        elif game.version != expected or changes[game.pk] != expected:
            problems.append(f"game {game.pk}: {game.result_state}, v{game.version}, {changes[game.pk]} audit entries")
        elif expected and (game.result != job["result"] or game.record.strip() != job["record"].strip()):
            problems.append(f"game {game.pk}: {game.result_state} with another result or record")
        elif not expected and (game.result != "?" or game.record):
            problems.append(f"game {game.pk}: pending with a result or record")
    return problems, states


# --- one scenario ------------------------------------------------------------------------------


def access_lines(logs: list[tuple[Path, int]], slug: str) -> str:
    """The lines of both nodes' access logs (each from its offset) for one tournament's pages."""
    marker = f"/t/{slug}/"
    lines = []
    for path, offset in logs:
        with open(path, "rb") as f:
            f.seek(offset)
            lines += [line for line in f.read().decode("utf-8", "replace").splitlines() if marker in line]
    return "\n".join(lines)


def stop_node(node: subprocess.Popen, how: str, cpu: dict) -> None:
    """Stop the node (its CPU time so far into ``cpu``: once stopped, /proc has none)."""
    cpu.update(load.cpu_seconds(node.pid))
    os.killpg(node.pid, signal.SIGKILL if how == "kill" else signal.SIGTERM)


def run_scenario(args, scenario: str) -> bool:  # noqa: C901
    duration = min(max(args.seconds, 10.0), MAX_SECONDS)
    players = min(max(args.players, 2), load.MAX_PLAYERS) // 2 * 2
    games = min(max(args.games, 1), live.MAX_GAMES)
    tmp = Path(tempfile.mkdtemp(prefix="vielseitig-bench-cluster-"))
    nodes: list[subprocess.Popen] = []
    started = []
    try:
        t0 = time.monotonic()
        database_url = start_postgres(args.pg_port)
        started.append(lambda: stop_postgres(args.pg_port))
        redis_url = start_redis(args.redis_port)
        started.append(lambda: stop_redis(args.redis_port))
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "DATABASE_URL": database_url,
            "DJANGO_REDIS_URL": redis_url,
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": args.secret_key,  # the same on every node (and in this process's sessions)
            "DJANGO_ALLOWED_HOSTS": HOST,
            "DJANGO_SECURE_SSL_REDIRECT": "0",  # plain HTTP on loopback, no TLS proxy in front
            "DJANGO_STATIC_ROOT": str(tmp / "static"),
        }
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "demo")
        manage(env, "collectstatic", "--noinput", "-v0")
        os.environ.update({k: v for k, v in env.items() if k != "PATH"})
        os.environ["DJANGO_SETTINGS_MODULE"] = "tournament.settings"
        players_plan = load.add_bench_players(players)
        length = min(400, int(duration / (0.4 * args.move_every)) + 5)
        live_plan = live.set_up(games, KIND, random.Random(16), length)
        from django.db import connections

        connections.close_all()  # before the phones' process is forked
        log(
            f"set up in {time.monotonic() - t0:.1f} s: PostgreSQL {database_url}, Redis {redis_url}; "
            f"{players} players ({players // 2} games in the demo's round 4), {games} live games of {KIND}"
        )

        ports = [free_port(), free_port()]
        while ports[1] == ports[0]:
            ports[1] = free_port()
        for name, port in zip("AB", ports):
            folder = tmp / f"node-{name}"
            folder.mkdir()
            nodes.append(
                start_gunicorn(
                    "tournament.wsgi", port, folder, env, ["--workers", str(args.workers)], load.ACCESS_FORMAT
                )
            )
        log(
            f"node A on {HOST}:{ports[0]}, node B on {HOST}:{ports[1]}: gunicorn, {args.workers} sync workers "
            "each, DEBUG off, one PostgreSQL, one Redis; every request to the next node (round robin)"
        )

        front = Front(ports)
        stats = load.Stats()
        browsers = {name: NodeBrowser(front, stats) for name in players_plan}
        t_login = time.monotonic()
        login_errors = load.log_in_everybody(browsers)
        log(
            f"{players} log-ins in {time.monotonic() - t_login:.1f} s (each player's on both nodes)"
            + (f", {len(login_errors)} failed: {login_errors[:3]}" if login_errors else "")
        )
        logs = [(tmp / f"node-{n}" / "access.log", (tmp / f"node-{n}" / "access.log").stat().st_size) for n in "AB"]

        start = time.monotonic() + 3.0  # the phones' process is up by then
        end = start + duration
        queue = multiprocessing.get_context("fork").Queue()
        phones = multiprocessing.get_context("fork").Process(
            target=phones_process, args=(ports, live_plan, start, end, args.move_every, queue), daemon=True
        )
        phones.start()
        database, cache = postmaster_pid(args.pg_port), redis_pid(args.redis_port)
        cpu_before = load.cpu_seconds(*(n.pid for n in nodes), database=database, redis=cache)
        stopped_cpu: dict = {}
        if scenario == "stop":
            delay = max(0.0, start + duration / 2 - time.monotonic())
            threading.Timer(delay, stop_node, (nodes[1], args.stop, stopped_cpu)).start()
        outcome, _start, elapsed, hung = load.run_players(
            browsers, players_plan, duration, args.think, args.reload_share, submit_job=submit_across, start=start
        )
        phone_results = queue.get(timeout=120)
        phones.join(30)
        cpu_after = load.cpu_seconds(*(n.pid for n in nodes), database=database, redis=cache)
        cpu_after["gunicorn"] += stopped_cpu.get("gunicorn", 0.0)
        cpu_after["load generator"] += phone_results["cpu"]
        pressure, loadavg = cpu_pressure(), os.getloadavg()

        # a player whose last write got no answer looks once more (unmeasured), as a person would
        for name, browser in browsers.items():
            if browser.unsure and name not in outcome:
                try:
                    found = stored_already(browser, players_plan[name])
                except (OSError, http.client.HTTPException) as exc:
                    stats.errors.append(f"{name} could not look at the game after the run: {exc!r}")
                    continue
                if found:
                    front.note("a result whose answer was cut off: found stored (after the run)")
                    outcome[name] = players_plan[name]

        inside_players = load.server_times_by_kind(access_lines(logs, load.SLUG))
        live_log = tmp / "live-access.log"
        live_log.write_text(access_lines(logs, live.SLUG))
        inside_live = live.server_times(live_log, 0)

        reports, confirms, lost_results = load.verify(players_plan, outcome)
        live_stats = live.Stats()
        live_stats.accepted.update(phone_results["accepted"])
        live_stats.in_doubt.update(phone_results["in_doubt"])
        lost_moves = live.check_stored(live_plan, live_stats)
        problems, states = half_written(players_plan, live_plan)

        title = {
            "both": "both nodes up the whole run",
            "stop": f"node B stopped ({'SIGKILL' if args.stop == 'kill' else 'SIGTERM'}) at {duration / 2:.0f} s",
        }[scenario]
        all_pages = [x for values in stats.latencies.values() for x in values]
        rtt = phone_results["rtt"]
        polls = {k: len(v) for k, v in rtt.items() if k.startswith("poll")}
        errors = stats.errors + login_errors + phone_results["errors"]
        counts = front.counts + Counter(phone_results["counts"])
        log("")
        log(f"== {title}: {elapsed:.0f} s")
        log(
            f"players ({players}): {len(all_pages)} requests ({len(all_pages) / elapsed:.0f}/s), round trip "
            f"{live.percentiles(all_pages)}; results: {reports} reports and {confirms} confirmations stored as "
            f"told, {len(lost_results)} lost"
        )
        load.print_pages(stats, inside_players)
        moves = len(rtt.get("move", []))
        log(
            f"live boards ({games} games, {2 * games} phones): {moves} moves ({moves / elapsed:.1f}/s), "
            f"{sum(polls.values())} polls ({sum(polls.values()) / elapsed:.0f}/s: "
            + ", ".join(f"{k.split()[1]} {n}" for k, n in sorted(polls.items()))
            + f"); moves lost: {len(lost_moves)}"
        )
        log(f"  move, round trip:          {live.percentiles(rtt.get('move', []))}")
        log(f"  move, in the server:       {live.percentiles(inside_live['move'])}")
        for kind in sorted(k for k in rtt if k.startswith("poll")):
            log(f"  {kind}, round trip:      {live.percentiles(rtt[kind])}")
        for kind in sorted(k for k in inside_live if k.startswith("poll")):
            log(f"  {kind}, in the server:   {live.percentiles(inside_live[kind])}")
        shares = {port: counts[f"to {port}"] for port in ports}
        total = sum(shares.values()) or 1
        log(
            "requests by node: "
            + ", ".join(f"{name} {shares[port] / total:.0%}" for name, port in zip("AB", ports))
            + "; at the front: "
            + (", ".join(f"{k} {n}" for k, n in sorted(counts.items()) if not k.startswith("to ")) or "nothing failed")
            + f"; moves whose answer was cut off and found stored when sent again: {phone_results['found_stored']}, "
            f"at the end of the run: {len(live_stats.in_doubt)}, found stored after it {live_stats.found_after}"
        )
        log(
            "in the database: games "
            + ", ".join(f"{k} {n}" for k, n in sorted(states.items()))
            + f"; half-written: {len(problems)}"
        )
        log(
            "CPU seconds: "
            + ", ".join(
                f"{k} {cpu_after[k] - cpu_before.get(k, 0):.0f}"
                for k in ("gunicorn", "PostgreSQL", "Redis", "load generator")
            )
            + f" (of {os.cpu_count() * elapsed:.0f} on {os.cpu_count()} cores); CPU pressure {pressure}, "
            f"load average {loadavg[0]:.1f} {loadavg[1]:.1f}"
        )
        log(f"errors: {len(errors)}" + (f" {errors[:5]}" if errors else ""))
        for line in (lost_results + lost_moves + problems)[:10]:
            log(f"  {line}")
        for n in "AB":
            text = (tmp / f"node-{n}" / "gunicorn.log").read_text()
            if "Traceback" in text:
                log(f"node {n}'s log:\n{text[-3000:]}")
        return not (errors or lost_results or lost_moves or problems or hung or phone_results["hung"]) and reports > 0
    finally:
        for node in nodes:
            if node.poll() is None:
                os.killpg(node.pid, signal.SIGTERM)
                try:
                    node.wait(20)
                except subprocess.TimeoutExpired:
                    os.killpg(node.pid, signal.SIGKILL)
        try:
            from django.db import connections

            connections.close_all()
        except Exception:  # noqa: BLE001, S110 - Django may not be set up
            pass
        for stop in reversed(started):
            stop()
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seconds", nargs="?", type=float, default=60.0)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WORKERS", "4")), help="per node")
    parser.add_argument("--think", type=float, default=2.0, help="average seconds between a player's requests")
    parser.add_argument("--reload-share", type=float, default=0.25, help="as in bench_load.py")
    parser.add_argument("--move-every", type=float, default=5.0, help="average seconds between moves of a game")
    parser.add_argument("--scenario", default="all", choices=["both", "stop", "all"])
    parser.add_argument("--stop", default="kill", choices=["kill", "term"], help="how node B is stopped")
    parser.add_argument("--pg-port", default=os.environ.get("PGPORT", "54333"))
    parser.add_argument("--redis-port", default=os.environ.get("REDISPORT", "56333"))
    args = parser.parse_args()
    args.secret_key = secrets.token_urlsafe(50)
    scenarios = ["both", "stop"] if args.scenario == "all" else [args.scenario]
    ok = True
    for scenario in scenarios:
        ok = run_scenario(args, scenario) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
