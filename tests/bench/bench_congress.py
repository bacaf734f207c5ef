"""Congress benchmark: the whole site at 100, 500 and 2,000 players with 10 rounds, through the pages
(not collected by pytest); ``--sizes 2000,5000`` for the largest congresses (fields of 4,700 and more
are played in Asia).

    .venv/bin/python tests/bench/bench_congress.py [--sizes 100,500,2000] [--repeat 3]
                                                   [--database-url URL] [--workers 2]

What it does, all on 127.0.0.1:

1. a fresh database (a SQLite file in a temporary folder, or ``--database-url``,
   e.g. the PostgreSQL that ``PGPORT=54334 tests/pg_server.sh start`` prints),
   migrated; for every size a tournament of that many players (McMahon, the
   demo's six disciplines in turn, 10 rounds): rounds 1-9 paired by the
   pairing engine from the site's own plain data, played (results drawn by
   rank) and finished, each round keeping the explanations its pairing left
   (as a pairing through the site keeps them); round 10 planned;
2. the production start -- gunicorn (sync workers, as ``make serve``) with
   ``DJANGO_DEBUG=0`` -- on a free port, serving the site through a thin
   WSGI wrapper that measures each request inside the worker: its time (from
   the request to the last byte of the answer) and CPU time, its SQL
   statements, and the worker's peak memory while it ran (VmHWM, reset before
   each request);
3. the organizer pairs round 1 of the same field, a tournament about to
   begin, on its page (one POST), and round 10 of the congress (the "Pair"
   button's POST, then "Pair again" twice: the median of the three), each
   beside the engine's own time for the same round (``engine.pair_round`` on
   the same plain data, in the benchmark's process, just before), publishes
   round 10, and half of its results come in;
4. every page and download, as the organizer, a player and a visitor open
   them (the welcome slips are left out: their own work is under way),
   ``--repeat`` times with the cache emptied first (cold) and as many times
   with it warm; prints per page the median server time cold (and its CPU
   time: what a quiet machine would take) and warm, the SQL statements, the
   worker's peak memory, the growth of the time from the smallest size to
   the largest (20 for 100 -> 2,000 players is linear), and the targets at
   the largest size (issues 25 and 32): pairing at most twice the engine's
   time; up to 2,000 players a worker under 500 MB, pages under 300 ms warm
   and 1 s cold; above, a worker under 1 GB and pages under 2 s cold;
   downloads under 10 s.

The machine's CPU pressure is printed: on a shared machine the server times
include waiting for a CPU. Exits 1 on a failed request or a missed target at
the largest size.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

from _server import HOST, REPO, cpu_pressure, free_port, log, manage, start_gunicorn

sys.path.insert(0, str(REPO))
ROUNDS = 10
DOWNLOAD_MS, PAIRING_FACTOR = 10_000, 2.0


def targets(size: int) -> tuple[int | None, int, int]:
    """A page's most ms warm (None: no target) and cold, and a worker's most MB, at ``size`` players."""
    return (300, 1000, 500) if size <= 2000 else (None, 2000, 1000)


#: Hard limits, whatever the arguments.
MAX_PLAYERS = 5000
MAX_REPEAT = 9
#: gunicorn's own timeout for a request (make serve keeps its default of 30 s; here a slow page
#: is measured, not killed).
TIMEOUT_S = 900
#: gunicorn's access log: not read (the wrapper's log has the figures), kept for a look after a failure.
ACCESS_FORMAT = "%(m)s %(U)s %(s)s %(D)s"
#: The WSGI application gunicorn serves: the site, and per request its time, SQL statements and the
#: worker's peak memory while it ran, in a log.
WRAPPER = """
import os, resource, time

from django.db import connections

from tournament.wsgi import application as site

LOG = os.environ["BENCH_LOG"]
LIMIT = int(os.environ.get("BENCH_MEMORY_LIMIT_MB") or 0)
if LIMIT:  # a worker gone wild must not take the shared machine with it
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT << 20, LIMIT << 20))


def _status_kb(name):
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(name):
                return int(line.split()[1])
    return 0


def application(environ, start_response):
    from django.core.cache import cache

    if environ.get("HTTP_X_BENCH_COLD") == "1":
        cache.clear()
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")  # the peak (VmHWM) starts again from what the worker holds now
    except OSError:
        pass
    statements = [0]

    def count(execute, sql, params, many, context):
        statements[0] += 1
        return execute(sql, params, many, context)

    start, cpu = time.perf_counter(), time.thread_time()
    with connections["default"].execute_wrapper(count):
        response = site(environ, start_response)
        body = b"".join(response)
        if hasattr(response, "close"):
            response.close()
    used, cpu = time.perf_counter() - start, time.thread_time() - cpu
    with open(LOG, "a") as log:
        log.write(
            f"{environ['REQUEST_METHOD']} {environ['PATH_INFO']} {int(used * 1e6)} {int(cpu * 1e6)} {statements[0]}"
            f" {_status_kb('VmHWM:')}\\n"
        )
    return [body]
"""


# --- the tournaments -------------------------------------------------------------------------


def build(size: int, slug: str, rng: random.Random, played: int = ROUNDS - 1) -> dict:
    """The tournament of ``size`` players: rounds 1 to ``played`` (9) paired by the engine, played and
    finished, each with its pairing's record; the next round planned (``played=0``: a tournament about
    to pair its round 1). Returns what the requests need."""
    from decimal import Decimal

    from django.contrib.auth import get_user_model

    from tournament.models import Bye, Discipline, Game, Registration, Round, Tournament, TournamentRole
    from tournament.models.registration import new_claim_code
    from tournament.pairing import engine, explain
    from tournament.selectors.pairing_data import pairing_tournament, player_key
    from tournament.services.demo import DISCIPLINES

    user_model = get_user_model()
    tournament = Tournament.objects.create(
        name=f"Congress {size}",
        slug=slug,
        start_date=dt.date(2026, 7, 25),
        end_date=dt.date(2026, 8, 2),
        place="Hannover",
        time_control="60 min + 5x30 s",
        pairing_system="mcmahon",
        mcmahon_bar=4,
        mcmahon_floor=-20,
    )
    disciplines = [
        Discipline.objects.create(
            tournament=tournament,
            name=name,
            kind=kind,
            board_size=board,
            rule_set=rule_set,
            komi=komi,
            handicap_policy=policy,
            record_required=record,
            position=position,
        )
        for position, (name, kind, board, rule_set, komi, policy, record) in enumerate(DISCIPLINES)
    ]
    start = dt.datetime(2026, 7, 25, 10, tzinfo=dt.UTC)
    rounds = [
        Round.objects.create(
            tournament=tournament,
            discipline=disciplines[(n - 1) % len(disciplines)],
            number=n,
            starts_at=start + dt.timedelta(days=n - 1),
        )
        for n in range(1, ROUNDS + 1)
    ]
    organizer = user_model.objects.create(username=f"{slug}-orga", password="!")
    TournamentRole.objects.create(tournament=tournament, user=organizer, role="organizer")
    player_user = user_model.objects.create(username=f"{slug}-player", password="!")
    clubs = [f"{c}{i}" for c in ("Ha", "Be", "Mu", "Ko", "Dr", "Le", "St", "Fr") for i in range(8)]
    countries = ["DE"] * 6 + ["NL", "FR", "PL", "CZ", "AT", "DK", "UA", "JP"]
    regs = []
    for i in range(size):
        # a congress's spread: most players between 15k and 3d, a long kyu tail
        rank = max(-30, min(8, round(rng.gauss(-6, 7))))
        regs.append(
            Registration(
                tournament=tournament,
                user=player_user if i == 0 else None,
                claim_code=None if i == 0 else new_claim_code(),
                surname=f"Spieler{i:04d}",
                given_name=rng.choice(["Anna", "Ben", "Chen", "Dora", "Emil", "Fumi", "Jonas", "Ülkü"]),
                club=rng.choice(clubs),
                country=rng.choice(countries),
                rank=rank,
                rating=rank * 100 + 2100 + rng.randint(-50, 49),
                egd_pin=f"1{i:07d}" if i % 3 else "",
                status=Registration.Status.CONFIRMED,
                absent_rounds=[n for n in range(1, ROUNDS + 1) if rng.random() < 0.02],
            )
        )
    Registration.objects.bulk_create(regs, batch_size=500)
    strength = dict(Registration.objects.filter(tournament=tournament).values_list("pk", "rank"))
    names = {player_key(r.pk): r.spoken_name for r in Registration.objects.filter(tournament=tournament)}
    records = {}
    for round_ in rounds[:played]:
        data = pairing_tournament(tournament, round_)
        pairing = engine.pair_round(data, round_.number)
        games = []
        for g in pairing.games:
            white, black = int(g.white), int(g.black)
            # the stronger player wins more often; a few games are lost by default
            p_white = 1 / (1 + 10 ** (-(strength[white] - strength[black] + g.handicap) / 4))
            games.append(
                Game(
                    round=round_,
                    table=g.table,
                    black_id=black,
                    white_id=white,
                    handicap=g.handicap,
                    komi=Decimal(str(g.komi if g.komi is not None else 0)),
                    result="W" if rng.random() < p_white else "B",
                    by_default=rng.random() < 0.005,
                    result_state="confirmed",
                )
            )
        Game.objects.bulk_create(games, batch_size=500)
        if pairing.bye is not None:
            Bye.objects.create(round=round_, player_id=int(pairing.bye))
        records[round_.pk] = {
            "warnings": [],
            "explanations": explain.table_facts(pairing),
            "bye_explanation": explain.bye_facts(pairing, lambda k: names.get(k, k)),
        }
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.FINISHED, version=4)
    keep_records(records)
    if played:  # a game whose result is disputed: the referee's queue and the dashboard show it
        Game.objects.filter(round=rounds[played - 1], table=1).update(result_state="disputed")
    disc = disciplines[1].pk
    return {
        "slug": slug,
        "size": size,
        "tournament": tournament,
        "round": rounds[played],
        "organizer": organizer,
        "player": player_user,
        "discipline": disc,
        "record_bytes": sum(len(str(r)) for r in records.values()) // max(len(records), 1),
    }


def keep_records(records: dict[int, dict]) -> None:
    """The rounds' pairing records, where the site keeps them."""
    from tournament.models import PairingRecord

    for round_id, record in records.items():
        PairingRecord.keep(round_id, record)


def session_of(user) -> str:
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key


def engine_time(tournament, round_) -> tuple[float, float, float]:
    """Seconds to make the engine's plain data from the database, and the engine's own pairing of the
    round, wall and CPU (the best of two: the machine is shared)."""
    from tournament.pairing import engine
    from tournament.pairing.context import opengotha_options
    from tournament.selectors.pairing_data import pairing_tournament

    best_data = best_engine = best_cpu = float("inf")
    for _ in range(2):
        t0 = time.perf_counter()
        data = pairing_tournament(tournament, round_)
        t1, c1 = time.perf_counter(), time.process_time()
        engine.pair_round(data, round_.number, options=opengotha_options(tournament.opengotha_version))
        best_data, best_engine = min(best_data, t1 - t0), min(best_engine, time.perf_counter() - t1)
        best_cpu = min(best_cpu, time.process_time() - c1)
    return best_data, best_engine, best_cpu


def half_the_results(round_, rng: random.Random) -> None:
    """Half of the round's results come in (as the grid or the players would enter them)."""
    from django.db.models import F

    from tournament.models import Game

    games = list(Game.objects.filter(round=round_).values_list("pk", flat=True))
    done = [pk for pk in games if rng.random() < 0.5]
    Game.objects.filter(pk__in=done[: len(done) // 2]).update(
        result="W", result_state="confirmed", version=F("version") + 1
    )
    Game.objects.filter(pk__in=done[len(done) // 2 :]).update(
        result="B", result_state="reported", version=F("version") + 1
    )


# --- the requests ----------------------------------------------------------------------------


class Client:
    """A browser of one person (a session, or none): every request on a new connection."""

    def __init__(self, port: int, session: str | None):
        self.port = port
        self.csrf = secrets.token_hex(16)
        self.cookie = f"csrftoken={self.csrf}; django_language=en" + (f"; sessionid={session}" if session else "")
        self.failures: list[str] = []

    def request(self, method: str, path: str, body: dict | None = None, *, cold: bool = False, htmx=False):
        headers = {"Cookie": self.cookie}
        if cold:
            headers["X-Bench-Cold"] = "1"
        if htmx:
            headers["HX-Request"] = "true"
        data = None
        if body is not None:
            data = urlencode(body)
            headers.update(
                {
                    "Content-Type": "application/x-www-form-urlencoded",
                    "X-CSRFToken": self.csrf,
                    "Referer": f"http://{HOST}:{self.port}/",
                }
            )
        connection = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT_S + 60)
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            content = response.read()
        except (OSError, http.client.HTTPException) as exc:
            self.failures.append(f"{method} {path}: {exc!r}")
            return None, b""
        finally:
            connection.close()
        if response.status >= 400:
            self.failures.append(f"{method} {path}: {response.status}")
        return response.status, content


class Figures:
    """What the wrapper logged, request by request."""

    def __init__(self, path: Path):
        self.path, self.seen = path, 0

    def since(self) -> list[tuple[str, str, float, int, int, float]]:
        """(method, path, seconds, statements, peak KB, CPU seconds) of each request since the last call."""
        lines = self.path.read_text().splitlines()
        new, self.seen = lines[self.seen :], len(lines)
        out = []
        for line in new:
            method, path, micros, cpu, statements, peak_kb = line.split()
            out.append((method, path, int(micros) / 1e6, int(statements), int(peak_kb), int(cpu) / 1e6))
        return out


def pages(info: dict) -> list[tuple[str, str, str, str]]:
    """(name, who, path, kind) of every page and download the benchmark opens; kind is page or download."""
    s, n = info["slug"], ROUNDS
    game, disc = info["game"], info["discipline"]
    return [
        ("dashboard", "orga", f"/t/{s}/manage/", "page"),
        ("dashboard (htmx poll)", "orga htmx", f"/t/{s}/manage/", "page"),
        ("rounds", "orga", f"/t/{s}/manage/rounds/", "page"),
        (f"round {n} (organizer)", "orga", f"/t/{s}/manage/rounds/{n}/", "page"),
        (f"round {n - 1} (organizer)", "orga", f"/t/{s}/manage/rounds/{n - 1}/", "page"),
        ("results grid", "orga", f"/t/{s}/manage/results/?round={n}", "page"),
        ("players (organizer)", "orga", f"/t/{s}/manage/players/", "page"),
        ("programme", "orga", f"/t/{s}/manage/programme/", "page"),
        ("settings", "orga", f"/t/{s}/manage/settings/", "page"),
        ("files", "orga", f"/t/{s}/manage/files/", "page"),
        ("audit log", "orga", f"/t/{s}/manage/log/", "page"),
        ("referee queue", "orga", f"/t/{s}/referee/", "page"),
        ("projector", "public", f"/t/{s}/projector/", "page"),
        ("tournament", "public", f"/t/{s}/", "page"),
        ("players", "public", f"/t/{s}/players/", "page"),
        (f"round {n}", "public", f"/t/{s}/round/{n}/", "page"),
        ("game", "public", f"/t/{s}/round/{n}/game/{game}/", "page"),
        ("standings", "public", f"/t/{s}/standings/", "page"),
        ("standings (htmx poll)", "public htmx", f"/t/{s}/standings/", "page"),
        ("standings of a discipline", "public", f"/t/{s}/standings/d/{disc}/", "page"),
        ("crosstable", "public", f"/t/{s}/crosstable/", "page"),
        ("my tournament", "player", f"/t/{s}/me/", "page"),
        ("API tournament", "public", f"/api/v1/tournaments/{s}/", "page"),
        ("API players", "public", f"/api/v1/tournaments/{s}/players/", "page"),
        (f"API round {n}", "public", f"/api/v1/tournaments/{s}/rounds/{n}/", "page"),
        ("API standings", "public", f"/api/v1/tournaments/{s}/standings/", "page"),
        ("API game", "public", f"/api/v1/tournaments/{s}/games/{game}/", "page"),
        ("OpenGotha export", "orga", f"/t/{s}/manage/files/opengotha.xml", "download"),
        ("EGD h9", "orga", f"/t/{s}/results.h9", "download"),
        ("standings PDF", "orga", f"/t/{s}/standings.pdf?lang=en", "download"),
        ("standings PDF (public)", "public", f"/t/{s}/standings.pdf?lang=en", "download"),
        ("crosstable PDF", "orga", f"/t/{s}/crosstable.pdf?lang=en", "download"),
        ("standings CSV", "orga", f"/t/{s}/standings.csv", "download"),
        ("standings CSV (public)", "public", f"/t/{s}/standings.csv", "download"),
        (f"round {n} pairings PDF", "orga", f"/t/{s}/round/{n}/pairings.pdf?lang=en", "download"),
        (f"round {n} slips PDF", "orga", f"/t/{s}/round/{n}/slips.pdf?lang=en", "download"),
    ]


def median(values):
    return statistics.median(values) if values else float("nan")


def measure_size(info: dict, port: int, figures: Figures, repeat: int, rng: random.Random) -> dict:
    from tournament.models import Game, Round

    s, n = info["slug"], ROUNDS
    orga = Client(port, session_of(info["organizer"]))
    player = Client(port, session_of(info["player"]))
    public = Client(port, None)
    out: dict = {"pages": {}}
    figures.since()

    # the engine's own time for the round, just before the page pairs it (the machine is shared: alike conditions)
    out["engine"] = engine_time(info["tournament"], info["round"])
    # round 1 of the same field (a tournament about to begin), "Pair" once, beside the engine alone
    opening = info["opening"]
    out["engine 1"] = engine_time(opening["tournament"], opening["round"])
    first = Client(port, session_of(opening["organizer"]))
    first.request("POST", f"/t/{opening['slug']}/manage/rounds/1/pair/", {})
    out["pair 1"] = [f for f in figures.since() if f[1].endswith("/rounds/1/pair/")]
    out["failures 1"] = first.failures
    # the organizer pairs the round: "Pair", then "Pair again" twice
    pair_url = f"/t/{s}/manage/rounds/{n}/pair/"
    pairs = []
    for _ in range(3):
        orga.request("POST", pair_url, {})
        pairs += [f for f in figures.since() if f[1] == pair_url]
    out["pair"] = (median([f[2] for f in pairs]), median([f[3] for f in pairs]), max(f[4] for f in pairs))
    out["pair_cpu"] = median([f[5] for f in pairs])
    out["pairs"] = [f[2] for f in pairs]
    games = Game.objects.filter(round=info["round"]).count()
    out["games"] = games
    orga.request("POST", f"/t/{s}/manage/rounds/{n}/publish/", {})
    half_the_results(Round.objects.get(pk=info["round"].pk), rng)
    info["game"] = Game.objects.filter(round=info["round"], result="W").order_by("table").values_list("pk")[0][0]

    clients = {"orga": orga, "player": player, "public": public}
    for name, who, path, kind in pages(info):
        client = clients[who.split()[0]]
        htmx = who.endswith("htmx")
        cold, warm = [], []
        for _ in range(repeat):
            client.request("GET", path, cold=True, htmx=htmx)
            cold += figures.since()
            client.request("GET", path, htmx=htmx)
            warm += figures.since()
        out["pages"][name] = {
            "kind": kind,
            "cold": median([f[2] for f in cold]),
            "warm": median([f[2] for f in warm]),
            "cpu": median([f[5] for f in cold]),
            "statements": max(f[3] for f in cold + warm),
            "peak_kb": max(f[4] for f in cold + warm),
        }
    out["failures"] = orga.failures + player.failures + public.failures + out["failures 1"]
    return out


# --- the report ------------------------------------------------------------------------------


def report(results: dict[int, dict], builds: dict[int, dict]) -> bool:
    sizes = sorted(results)
    engine = {size: results[size]["engine"] for size in sizes}
    first, last = sizes[0], sizes[-1]
    ok = True
    log("")
    log(f"Pairing round {ROUNDS} through the organizer's page (POST .../pair/, the median of 3) beside the engine:")
    log(
        f"{'players':>8} {'games':>6} {'record KB':>9} {'page s':>7} {'(cpu)':>6} {'SQL':>4} {'peak MB':>8}"
        f" {'data s':>7} {'engine s':>8} {'(cpu)':>6} {'page/engine':>11} {'(cpu)':>6}"
    )
    for size in sizes:
        page, statements, peak = results[size]["pair"]
        data_s, engine_s, engine_cpu = engine[size]
        log(
            f"{size:>8} {results[size]['games']:>6} {builds[size]['record_bytes'] // 1024:>9} {page:>7.2f}"
            f" {results[size]['pair_cpu']:>6.2f} {statements:>4} {peak / 1024:>8.0f} {data_s:>7.2f} {engine_s:>8.2f}"
            f" {engine_cpu:>6.2f} {page / engine_s:>11.2f} {results[size]['pair_cpu'] / engine_cpu:>6.2f}"
        )
    log("Round 1 of the same field through its page (one POST) beside the engine:")
    for size in sizes:
        (f,) = results[size]["pair 1"] or [("", "", float("nan"), 0, 0, float("nan"))]
        _data, engine_s, engine_cpu = results[size]["engine 1"]
        log(
            f"{size:>8} page {f[2]:.2f} s ({f[5]:.2f} CPU-s), {f[3]} SQL, peak {f[4] / 1024:.0f} MB; engine"
            f" {engine_s:.2f} s ({engine_cpu:.2f} CPU-s): x{f[2] / engine_s:.2f} (x{f[5] / engine_cpu:.2f} in CPU time)"
        )
    PAGE_WARM_MS, PAGE_COLD_MS, WORKER_MB = targets(last)
    page, _statements, peak = results[last]["pair"]
    pair_ok = page <= PAIRING_FACTOR * engine[last][1] and peak / 1024 < WORKER_MB
    ok &= pair_ok
    log(
        f"target at {last} players: pairing <= {PAIRING_FACTOR:g} x the engine, worker < {WORKER_MB} MB:"
        f" {'met' if pair_ok else 'MISSED'}"
    )
    log("")
    log("Every page and download (server time: median cold, i.e. the cache emptied first, and warm; the CPU time")
    log("of the cold ones, what a quiet machine would take; SQL statements; the worker's peak memory; growth of")
    log("the cold time from the first size):")
    header = f"{'page':<28} {'kind':<8}"
    for size in sizes:
        header += f" | {size:>5}: {'cold ms':>7} {'(cpu)':>5} {'warm ms':>7} {'SQL':>4} {'MB':>4}"
    if len(sizes) > 1:
        header += f" | growth x{last // first} players"
    log(header)
    missed = []
    for name in results[first]["pages"]:
        kind = results[first]["pages"][name]["kind"]
        line = f"{name:<28} {kind:<8}"
        for size in sizes:
            p = results[size]["pages"][name]
            line += (
                f" | {'':>5}  {p['cold'] * 1000:>7.0f} {p['cpu'] * 1000:>5.0f} {p['warm'] * 1000:>7.0f}"
                f" {p['statements']:>4} {p['peak_kb'] / 1024:>4.0f}"
            )
        a, b = results[first]["pages"][name], results[last]["pages"][name]
        if len(sizes) > 1:
            line += f" | x{b['cold'] / a['cold']:.1f} time, SQL {a['statements']} -> {b['statements']}"
        p = results[last]["pages"][name]
        too_slow_warm = PAGE_WARM_MS is not None and p["warm"] * 1000 > PAGE_WARM_MS
        if kind == "page" and (too_slow_warm or p["cold"] * 1000 > PAGE_COLD_MS):
            missed.append(name)
            line += "  MISSED"
        elif kind == "download" and p["cold"] * 1000 > DOWNLOAD_MS:
            missed.append(name)
            line += "  MISSED"
        if p["peak_kb"] / 1024 >= WORKER_MB:
            missed.append(f"{name} (memory)")
            line += "  MEMORY"
        log(line)
    log(
        f"targets at {last} players: pages <= {PAGE_WARM_MS or '-'} ms warm and {PAGE_COLD_MS} ms cold, downloads <="
        f" {DOWNLOAD_MS // 1000} s, every worker < {WORKER_MB} MB (server time, median):"
        f" {'met' if not missed else 'MISSED: ' + ', '.join(missed)}"
    )
    failures = [f for size in sizes for f in results[size]["failures"]]
    log(f"failed requests: {len(failures)}")
    for line in failures[:10]:
        log(f"  {line}")
    return ok and not missed and not failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="100,500,2000", help="players per tournament, comma-separated")
    parser.add_argument("--repeat", type=int, default=3, help="requests of each page, cold and warm each")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--database-url", default="", help="default: a SQLite file in a temporary folder")
    parser.add_argument("--memory-limit-mb", type=int, default=4096, help="a worker's address space at most")
    args = parser.parse_args()
    sizes = sorted({min(max(int(s), 4), MAX_PLAYERS) for s in args.sizes.split(",") if s.strip()})
    repeat = min(max(args.repeat, 1), MAX_REPEAT)

    tmp = Path(tempfile.mkdtemp(prefix="vielseitig-bench-congress-"))
    server = None
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stopped: still stop gunicorn, remove the folder
    try:
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
        manage(env, "collectstatic", "--noinput", "-v0")
        os.environ.update({k: v for k, v in env.items() if k != "PATH"})
        os.environ["DJANGO_SETTINGS_MODULE"] = "tournament.settings"
        import django

        django.setup()
        from django.db import connection

        from tournament.models import Tournament

        if Tournament.objects.filter(slug__startswith="congress-").exists():
            raise SystemExit("the database has congress tournaments already: give the benchmark an empty database")
        builds = {}
        for size in sizes:
            t0 = time.monotonic()
            builds[size] = build(size, f"congress-{size}", random.Random(size))
            builds[size]["opening"] = build(size, f"opening-{size}", random.Random(size), played=0)
            log(f"{size} players: built in {time.monotonic() - t0:.0f} s ({connection.vendor})")
        connection.close()

        port = free_port()
        (tmp / "bench_congress_wsgi.py").write_text(WRAPPER)
        (tmp / "figures.log").write_text("")
        env.update(
            BENCH_LOG=str(tmp / "figures.log"),
            BENCH_MEMORY_LIMIT_MB=str(args.memory_limit_mb),
            PYTHONPATH=str(tmp),
        )
        options = ["--workers", str(args.workers), "--timeout", str(TIMEOUT_S)]
        server = start_gunicorn("bench_congress_wsgi:application", port, tmp, env, options, ACCESS_FORMAT)
        log(f"gunicorn on {HOST}:{port}: {args.workers} sync workers, DEBUG off; {repeat} cold and warm each")
        figures = Figures(tmp / "figures.log")
        for _ in range(4 * args.workers):  # every worker warm (imports, templates, a connection)
            Client(port, None).request("GET", "/")
        results = {}
        for size in sizes:
            t0 = time.monotonic()
            results[size] = measure_size(builds[size], port, figures, repeat, random.Random(size + 1))
            connection.close()
            data_s, engine_s, _cpu = results[size]["engine"]
            log(
                f"{size} players measured in {time.monotonic() - t0:.0f} s; round {ROUNDS}'s plain data"
                f" {data_s:.2f} s, the engine pairs it in {engine_s:.2f} s"
            )
        log(f"CPU pressure over the last minute (runnable tasks waiting for a CPU): {cpu_pressure()}")
        return 0 if report(results, builds) else 1
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
